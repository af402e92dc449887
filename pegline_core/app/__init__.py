"""The application layer: bots by name, simulation, matches, the ``pegline`` command, the web.

It uses only the public API of the kernel and of the game plugins; nothing here is a rule.
"""
