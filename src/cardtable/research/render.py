"""Plain-text rendering of a deal for the research adapters: the public (spectator) view, one
``key: value`` line each, so nothing hidden is ever printed."""

from __future__ import annotations

import json

from cardtable.i18n import _
from cardtable.research.episode import Episode

_SKIP = ("game", "players", "options", "sides", "seat", "log")


def render_text(episode: Episode) -> str:
    view = episode.view(None)
    heading = _("{game}, {players} players — step {steps}, {count} actions").format(
        game=view["game"], players=view["players"], steps=episode.steps, count=len(episode.log)
    )
    lines = [heading]
    lines += [f"  {key}: {json.dumps(value)}" for key, value in view.items() if key not in _SKIP]
    if episode.log:
        seat, text = episode.log[-1]
        lines.append("  " + _("last: seat {seat} {action}").format(seat=seat, action=text))
    return "\n".join(lines)
