"""``cardtable play``: play in the terminal against bots (placeholder, being written)."""

from __future__ import annotations

import click


@click.command()
def play() -> None:
    """Play a game in the terminal."""
    raise click.UsageError("not yet")
