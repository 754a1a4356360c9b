"""The ``cardtable`` command group. Each command lives in its own module."""

from __future__ import annotations

import click

from cardtable import __version__
from cardtable.cli.help_text import LocalizedGroup, check_language
from cardtable.i18n import _, set_language


@click.group(cls=LocalizedGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardtable")
@click.option(
    "--lang",
    metavar="LANG",
    default=None,
    callback=check_language,
    help="Language of messages (en, eu, pt_BR, hu); default from LANGUAGE/LC_ALL/LANG.",
)
def main(lang: str | None) -> None:
    """cardtable: Punttu, Pontinho and Putto, with bots, in your terminal."""
    set_language(lang)


def _register() -> None:
    from cardtable.cli.click_messages import speak_through_cardtable

    speak_through_cardtable()
    from cardtable.cli.arena import arena
    from cardtable.cli.bench import bench
    from cardtable.cli.db import db
    from cardtable.cli.loadtest import loadtest
    from cardtable.cli.play import play
    from cardtable.cli.replay import replay
    from cardtable.cli.review import review
    from cardtable.cli.rules import rules
    from cardtable.cli.serve import serve

    for command in (play, replay, review, rules, arena, bench, serve, loadtest, db):
        main.add_command(command)


_register()

__all__ = ["main", "_"]
