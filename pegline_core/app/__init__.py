"""The application layer: players and the game loop, simulation, and the ``pegline`` command.

It uses only the public API of the kernel and of the game plugins; nothing here is a rule.
"""
