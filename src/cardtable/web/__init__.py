"""The browser client (front-end layer): pages, scripts, styles and card pictures, served by the
game server's app, with no build step and nothing fetched from elsewhere.

``routes.router`` serves the HTML shells (lobby, table, replay, how to play), the card SVGs drawn
by ``cardtable.art``, the client's translated strings and the replay steps of a finished deal.
The scripts under ``static/js`` are plain ES modules; they draw what the server sends and offer
only the actions the server lists as legal.
"""

from cardtable.web import friends, friendship, people, pwa, ratings
from cardtable.web.routes import router

# friends: the QR code, My games and the daily deal's pages (web/friends.py)
router.include_router(friends.router)
# players: the sign-in link's page and QR code (web/people.py)
router.include_router(people.router)
# ratings: the leaderboard page (web/ratings.py)
router.include_router(ratings.router)
# the installable app: manifest, service worker, offline page (web/pwa.py)
router.include_router(pwa.router)
# friends: the page a friend link opens (web/friendship.py)
router.include_router(friendship.router)

__all__ = ["router"]
