"""Laying out a rules sheet: HTML through a Jinja2 template, PDF through WeasyPrint, or text.

The HTML page is self-contained (its CSS inline, card pictures as ``data:`` URIs), so the same
string can be served by the web app, saved by the CLI, or printed: the print CSS asks for A4 and
the layout is kept to at most two pages (front and back of one sheet).
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import cache
from importlib import resources
from typing import Any

import jinja2

import cardtable
from cardtable.art import Deck, card_label, card_svg
from cardtable.engine.game import Game
from cardtable.engine.presets import CUSTOM, CUSTOM_DESCRIPTION, CUSTOM_TITLE
from cardtable.errors import CardtableError
from cardtable.games import descriptor
from cardtable.i18n import _, current_language, language
from cardtable.rules.pontinho import pontinho_sheet
from cardtable.rules.punttu import punttu_sheet
from cardtable.rules.putto import putto_sheet
from cardtable.rules.sheet import CardRow, Sheet

SHEETS: dict[str, Callable[[Game], Sheet]] = {
    "punttu": punttu_sheet,
    "pontinho": pontinho_sheet,
    "putto": putto_sheet,
}


def build_sheet(table: Game) -> Sheet:
    """The rules of ``table`` (game, players, options) in the current language, naming the
    house-rule preset its options play."""
    try:
        builder = SHEETS[table.name]
    except KeyError:
        raise CardtableError(
            _("there is no rules sheet for {game}").format(game=table.name)
        ) from None
    game = descriptor(table.name)
    name = game.preset_of(table.options)
    if name == CUSTOM:
        title, description = _(CUSTOM_TITLE), _(CUSTOM_DESCRIPTION)
    else:
        preset = game.preset(name)
        title, description = _(preset.title), _(preset.description)
    return replace(builder(table), preset_title=title, preset_description=description)


@cache
def _environment() -> jinja2.Environment:
    loader = jinja2.PackageLoader("cardtable.rules", "templates")
    return jinja2.Environment(loader=loader, autoescape=True, keep_trailing_newline=True)


@cache
def _css() -> str:
    return (resources.files("cardtable.rules") / "templates" / "sheet.css").read_text("utf-8")


@cache
def _picture(deck: Deck, card: str, lang: str) -> str:
    """A card as a ``data:`` URI (``lang`` is part of the cache key: the SVG holds the name)."""
    svg = card_svg(card, deck).encode("utf-8")
    return "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")


#: Links shown above a sheet on screen (never printed): (address, text, current?) each; a web
#: page's way back to its lobby or table and to the same sheet in another language.
Links = Sequence[tuple[str, str, bool]]


def sheet_html(sheet: Sheet, links: Links = (), nav_label: str = "") -> str:
    """The sheet as a self-contained HTML page (call in the sheet's language), with ``links``
    (on screen only) in a navigation bar named ``nav_label``."""
    lang = current_language()
    template = _environment().get_template("sheet.html")
    return template.render(
        sheet=sheet,
        links=links,
        nav_label=nav_label,
        lang=lang.replace("_", "-"),
        css=_css(),
        valid=_("valid"),
        invalid=_("invalid"),
        rule_set=_("Rule set:"),
        picture=lambda deck, card: _picture(deck, card, lang),
        label=card_label,
    )


def table_of(game: str, options: Mapping[str, Any] | None, players: int | None) -> Game:
    """The table to describe; a bad game, player count or option raises a clear error."""
    return cardtable.game(game, players, **dict(options or {}))


def render_rules_html(
    game: str,
    lang: str,
    options: Mapping[str, Any] | None = None,
    players: int | None = None,
    links: Links = (),
) -> str:
    """The rules page of a table (``game`` with ``options`` and ``players``) in ``lang``.

    This is what the web server serves for a table; options are validated as everywhere else.
    """
    return table_rules_html(table_of(game, options, players), lang, links)


def table_rules_html(table: Game, lang: str, links: Links = ()) -> str:
    """The rules page of a table the caller already holds (a server's ``Game``) in ``lang``."""
    with language(lang):
        return sheet_html(build_sheet(table), links, _("Other pages") if links else "")


def render_rules_pdf(
    game: str, lang: str, options: Mapping[str, Any] | None = None, players: int | None = None
) -> bytes:
    """The same page as an A4 PDF (WeasyPrint), laid out by the same print CSS."""
    return html_to_pdf(render_rules_html(game, lang, options, players))


def html_to_pdf(html: str) -> bytes:
    import weasyprint  # imported here: it takes a moment, and only PDF export needs it

    pdf = weasyprint.HTML(string=html).write_pdf()
    assert isinstance(pdf, bytes)
    return pdf


def sheet_text(sheet: Sheet) -> str:
    """The sheet as plain text for a terminal: cards in notation instead of pictures."""
    lines = [sheet.title, "=" * len(sheet.title), sheet.summary, "", sheet.house_title]
    if sheet.preset_title:
        lines.append(f"  {_('Rule set:')} {sheet.preset_title}. {sheet.preset_description}")
    lines += [f"  • {rule}" for rule in sheet.house]
    for section in sheet.sections:
        lines += ["", section.title, "-" * len(section.title)]
        for block in section.blocks:
            if isinstance(block, CardRow):
                mark = ""
                if block.good is not None:
                    mark = ("✓ " + _("valid") if block.good else "✗ " + _("invalid")) + ": "
                lines.append(f"    [{' '.join(block.cards)}]  {mark}{block.caption}")
            else:
                lines.append(block)
    lines += ["", sheet.footer]
    return "\n".join(lines)
