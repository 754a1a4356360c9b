"""The ``cardtable`` command line: play, replay, bench (front-end layer: uses the layers below)."""

from cardtable.cli.main import main

__all__ = ["main"]
