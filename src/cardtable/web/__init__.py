"""The browser client (front-end layer): pages, scripts, styles and card pictures, served by the
game server's app, with no build step and nothing fetched from elsewhere.

``routes.router`` serves the HTML shells (lobby, table, replay, how to play), the card SVGs drawn
by ``cardtable.art``, the client's translated strings and the replay steps of a finished deal.
The scripts under ``static/js`` are plain ES modules; they draw what the server sends and offer
only the actions the server lists as legal.
"""

from cardtable.web.routes import router

__all__ = ["router"]
