"""The application layer: players and the game loop, simulation, and the ``pegline`` command.

It uses only the public API of the kernel and of the game plugins; nothing here is a rule.
"""

from pegline_core.app import build

# Before any compiled module loads (pegline_core imports this package first): with
# PEGLINE_PURE_PYTHON=1 the compiled modules load from their source instead.
build.install()
