"""``cardtable rules GAME``: a table's rules in the terminal, or as an HTML page or A4 PDF."""

from __future__ import annotations

from pathlib import Path

import click

from cardtable.cli.help_text import check_language
from cardtable.cli.table_options import make_table, table_arguments
from cardtable.errors import CardtableError
from cardtable.i18n import _, current_language, language
from cardtable.rules import build_sheet, html_to_pdf, sheet_html, sheet_text


@click.command()
@table_arguments("-o figure_points=10 -o bust=150")
@click.option(
    "--lang",
    metavar="LANG",
    default=None,
    callback=check_language,
    help=_("Language of the rules (en, eu, pt_BR, hu); default: the language of messages."),
)
@click.option(
    "--html",
    "html_path",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    default=None,
    metavar="FILE",
    help=_("Write the rules as a web page that prints on one A4 sheet."),
)
@click.option(
    "--pdf",
    "pdf_path",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    default=None,
    metavar="FILE",
    help=_("Write the rules as an A4 PDF (at most two pages: one sheet, front and back)."),
)
def rules(
    game_name: str,
    players: int | None,
    preset: str | None,
    assignments: tuple[str, ...],
    lang: str | None,
    html_path: Path | None,
    pdf_path: Path | None,
) -> None:
    """Show the rules of GAME as played at this table (players, --preset and -o options).

    The house rules the options choose are stated as rules, and named. With --html or --pdf
    the rules are written to a file, with pictures of the cards; otherwise they are printed here.
    """
    table = make_table(game_name, players, assignments, preset)
    with language(lang or current_language()):
        try:
            sheet = build_sheet(table)
        except CardtableError as error:  # a game without a rules sheet: say so, exit 1
            raise click.ClickException(str(error)) from None
        if html_path is None and pdf_path is None:
            click.echo(sheet_text(sheet))
            return
        page = sheet_html(sheet)
        if html_path is not None:
            html_path.write_text(page, encoding="utf-8")
            click.echo(_("Rules written to {file}").format(file=html_path))
        if pdf_path is not None:
            pdf_path.write_bytes(html_to_pdf(page))
            click.echo(_("Rules written to {file}").format(file=pdf_path))
