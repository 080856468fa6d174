#!/usr/bin/env python3
"""Draw the site's PNG icons from ``overrides/assets/images/icon.svg`` with Debian's Chromium (headless).

    python scripts/make_icons.py

Run it after changing the SVG; the PNGs are committed (the build does not need a browser).
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "overrides" / "assets" / "images"


def main() -> None:
    """Write icon-192.png and icon-512.png beside the SVG."""
    svg = (IMAGES / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"]
        )
        for size in (192, 512):
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(
                f"<style>html,body{{margin:0}}svg{{display:block;width:{size}px;height:{size}px}}"
                f"</style>{svg}"
            )
            page.screenshot(path=str(IMAGES / f"icon-{size}.png"), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
