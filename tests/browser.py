"""Where the browser tests find Chromium, and what they say when it is not there."""

from __future__ import annotations

from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
MISSING = ("no browser: /usr/bin/chromium and /usr/bin/chromedriver come with the Debian "
           "packages chromium and chromium-driver (apt-get install -y chromium "
           "chromium-driver fonts-noto-cjk, a CJK font for the Japanese and Chinese pages; "
           ".ci/run does)")
"""The skip reason of every browser test on a machine without them."""


def browser_missing() -> bool:
    return not (CHROMIUM.exists() and CHROMEDRIVER.exists())
