"""The render modes both research adapters offer, checked and drawn once.

Gymnasium's ``CardtableEnv`` and PettingZoo's ``CardtableAECEnv`` take the same ``render_mode``
and render a deal the same way (text, printed or returned, or an image), so the choice and its
check live here rather than in each adapter.
"""

from __future__ import annotations

from cardtable.errors import OptionError
from cardtable.i18n import _
from cardtable.research.episode import Episode
from cardtable.research.image import Frame, render_rgb
from cardtable.research.render import render_text

RENDER_MODES = ("human", "ansi", "rgb_array")


def check_render_mode(render_mode: str | None) -> str | None:
    """``render_mode`` itself if it is one of ``RENDER_MODES`` (or None); else ``OptionError``."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise OptionError(
            _("render_mode must be one of {modes}, not {value!r}").format(
                modes=", ".join(RENDER_MODES), value=render_mode
            )
        )
    return render_mode


def render_episode(episode: Episode | None, render_mode: str | None) -> str | Frame | None:
    """What an adapter's ``render()`` returns: nothing before the first reset, the image for
    ``rgb_array``, else the text, which ``human`` prints instead of returning."""
    if episode is None:
        return None
    if render_mode == "rgb_array":
        return render_rgb(episode)
    text = render_text(episode)
    if render_mode == "human":
        print(text)
        return None
    return text
