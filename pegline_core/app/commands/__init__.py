"""The built-in commands of ``pegline``, a module per command group; `pegline_core.app.cli`
puts them together with those the installed plugins add."""
