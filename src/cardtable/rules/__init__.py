"""Rules sheets: each game's rules in our own words, built from one table's options, in the
current language, as an HTML page, an A4 PDF or terminal text (front-end layer).

``render_rules_html("putto", "hu", {"must_capture": True}, players=4)`` is what a server calls.
"""

from cardtable.rules.render import (
    build_sheet,
    html_to_pdf,
    render_rules_html,
    render_rules_pdf,
    sheet_html,
    sheet_text,
    table_rules_html,
)
from cardtable.rules.sheet import CardRow, Section, Sheet

__all__ = [
    "CardRow",
    "Section",
    "Sheet",
    "build_sheet",
    "html_to_pdf",
    "render_rules_html",
    "render_rules_pdf",
    "sheet_html",
    "sheet_text",
    "table_rules_html",
]
