// What each bot level is, game by game: its one-line description and its ladder rating
// (/api/games' level_info, measured by `cardtable arena GAME --ladder`).
import { clear, h } from './dom.js';
import { num, t } from './i18n.js';

// A list that shows, for the level chosen, one line per game; `show(level)` redraws it.
export function levelNotes(games, titles) {
  const box = h('ul', { class: 'level-notes', id: 'level-notes', 'aria-live': 'polite' });
  function show(level) {
    clear(box).append(...games.filter((g) => g.level_info && g.level_info[level]).map((g) => {
      const info = g.level_info[level];
      const rated = Object.entries(info.ratings).map(([players, r]) => t(
        'rating {rating} at {players} players', { rating: num(Math.round(r.rating)), players: num(Number(players)) }));
      return h('li', {}, h('strong', {}, t(titles[g.game] || g.title)), ': ', info.description,
        rated.length ? ` (${rated.join(', ')})` : '');
    }));
  }
  return { box, show };
}
