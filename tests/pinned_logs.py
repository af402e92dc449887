"""The pinned logs that tests compare games against: benchmarks/log_digests.py (which writes
them) loaded as a module, and the digests it stored (tests/data/log_digests.json)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

_SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "log_digests.py"
_spec = importlib.util.spec_from_file_location("log_digests", _SCRIPT)
assert _spec is not None and _spec.loader is not None
log_digests = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(log_digests)

STORED = json.loads(log_digests.STORED.read_text())
