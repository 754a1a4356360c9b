// Ratings for people (docs/ratings.md) in words a player understands: "about 1,520, still
// settling after 4 matches", "about 1,610 after 37 matches". The number is the server's display
// scale (a new player: 1500), in the page's number format; "still settling" while the rating's
// uncertainty is large.
import { getJSON, h } from './dom.js';
import { t, tn } from './i18n.js';

export function ratingWords(rating) {
  const params = { rating: rating.shown, n: rating.matches };
  return rating.settled
    ? tn('about {rating} after {n} match', 'about {rating} after {n} matches', rating.matches, params)
    : tn('about {rating}, still settling after {n} match',
      'about {rating}, still settling after {n} matches', rating.matches, params);
}

// The lobby's line: this player's rating in the game chosen, and the way to its leaderboard.
// Asked for once (/api/me/ratings makes no player); `show(game)` redraws it for another game.
export function myRatingLine() {
  const words = h('span', { id: 'my-rating-words' });
  const board = h('a', { id: 'leaderboard-link' }, t('Leaderboard'));
  const box = h('p', { class: 'rating-line', id: 'my-rating' },
    t('Your rating in this game:'), ' ', words, ' ', board);
  let mine = null;
  let shown = null;
  const draw = () => {
    const found = mine && mine.find((r) => r.game === shown);
    words.textContent = found ? ratingWords(found)
      : t('not rated yet: matches at tables of people only are rated.');
    board.href = `/ratings/${shown}`;
  };
  getJSON('/api/me/ratings').then((answer) => { mine = answer.ratings; draw(); })
    .catch(() => { mine = []; draw(); });
  return {
    box,
    show(game) { shown = game; draw(); },
  };
}
