"""``cardtable bench`` (being written)."""

from __future__ import annotations

import click


@click.command()
def bench() -> None:
    """Benchmark."""
    raise click.UsageError("not yet")
