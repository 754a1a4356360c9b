// What each bot level is, game by game: its one-line description and its ladder rating in
// words (/api/games' level_info, measured by `cardtable arena GAME --ladder`).
import { clear, h } from './dom.js';
import { num, t } from './i18n.js';

// A ladder rating in words: the share of deals it wins against random play. The ratings are
// Elo-scaled with random play at 0 (bots/ratings.py), so a level rated r wins a share
// 1 / (1 + 10^(-r/400)) of its deals against it: counted in twentieths, then said as the
// smallest fraction ("7 of every 10", "19 of every 20").
export function ratingWords(rating) {
  const share = 1 / (1 + 10 ** (-rating / 400));
  const twentieths = Math.min(19, Math.max(1, Math.round(share * 20)));
  let n = twentieths;
  let m = 20;
  for (const d of [10, 5, 4, 2]) {
    if ((twentieths * d) % 20 === 0) { n = (twentieths * d) / 20; m = d; }
  }
  return { n, m };
}

// A list that shows, for the level chosen, one line per game; `show(level)` redraws it.
export function levelNotes(games, titles) {
  const box = h('ul', { class: 'level-notes', id: 'level-notes', 'aria-live': 'polite' });
  function show(level) {
    clear(box).append(...games.filter((g) => g.level_info && g.level_info[level]).map((g) => {
      const info = g.level_info[level];
      const rated = Object.entries(info.ratings).map(([players, r]) => t(
        'wins about {n} of every {m} deals against random play at {players} players',
        { ...ratingWords(r.rating), players: num(Number(players)) }));
      return h('li', {}, h('strong', {}, t(titles[g.game] || g.title)), ': ', info.description,
        rated.length ? ` (${rated.join(', ')})` : '');
    }));
  }
  return { box, show };
}
