"""How loading a variant scales with the number of tables in its files (issue 15: merging was
quadratic, ~100 s for 16,000 tables). Prints seconds per size and the ratio between sizes.

    python benchmarks/variant_merge.py
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from pegline_core import VariantError, load_variant


def seconds(tables: int, folder: Path) -> float:
    """Load a file extending two-player with ``tables`` unknown tables (each one reported)."""
    path = folder / f"many{tables}.toml"
    path.write_text('extends = ["two-player"]\n' +
                    "".join(f"[x{i}]\na = 1\n" for i in range(tables)))
    start = time.perf_counter()
    try:
        load_variant(path)
    except VariantError as exc:
        assert len(exc.problems) == tables
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        sizes = (1000, 4000, 16000)
        times = [seconds(size, Path(folder)) for size in sizes]
    for size, taken in zip(sizes, times, strict=True):
        print(f"{size:>6} tables: {taken:6.2f} s")
    for index in range(1, len(sizes)):
        small, large, a, b = sizes[index - 1], sizes[index], times[index - 1], times[index]
        print(f"x{large // small} tables -> x{b / a:.1f} time (linear: x{large // small}, "
              f"quadratic: x{(large // small) ** 2})")


if __name__ == "__main__":
    main()
