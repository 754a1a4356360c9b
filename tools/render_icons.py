"""Render the app icon's PNG sizes (192, 512: what an install asks for) from
``web/static/icons/icon.svg`` with Chromium: ``make icons``; the PNGs are committed."""

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).parents[1] / "src" / "cardtable" / "web" / "static" / "icons"

svg = (ICONS / "icon.svg").read_text()
with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=sys.argv[1])
    for size in (192, 512):
        page = browser.new_page(viewport={"width": size, "height": size})
        sized = svg.replace('width="512" height="512"', f'width="{size}" height="{size}"', 1)
        page.set_content(f'<html><body style="margin:0">{sized}</body></html>')
        page.screenshot(path=str(ICONS / f"icon-{size}.png"), omit_background=True)
    browser.close()
