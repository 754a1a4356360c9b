// A game's leaderboard on this server (/ratings/GAME, docs/ratings.md): the players best first by
// their conservative rating, each rating in words; hidden profiles are never sent.
import { titleOf } from './cards.js';
import { clear, getJSON, h } from './dom.js';
import { loadStrings, mountNav, num, t } from './i18n.js';
import { ratingWords } from './ratings.js';

const app = document.getElementById('app');
const game = document.body.dataset.game;
const games = Object.keys(JSON.parse(document.body.dataset.games || '{}')).sort();

function avatar(player) {
  return h('span', { class: 'avatar', style: `background:${player.colour}`, 'aria-hidden': 'true' },
    player.initials);
}

function board(players) {
  if (!players.length) return h('p', { id: 'nobody' }, t('Nobody is rated in this game yet.'));
  return h('table', { class: 'leaderboard', id: 'leaderboard' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('Place')),
      h('th', { scope: 'col' }, t('Player')), h('th', { scope: 'col' }, t('Rating')))),
    h('tbody', {}, players.map((player, i) => h('tr', {},
      h('td', {}, num(i + 1)),
      h('td', {}, avatar(player), ' ', player.name),
      h('td', {}, ratingWords(player.rating))))));
}

async function main() {
  await loadStrings();
  mountNav(h('a', { href: '/' }, t('Lobby')));
  const title = t('Leaderboard: {game}', { game: t(titleOf(game)) });
  document.title = `${title} · cardtable`;
  let content;
  try {
    content = board((await getJSON(`/api/ratings/${game}`)).players);
  } catch (error) {
    content = h('p', { class: 'error', role: 'alert' }, error.message);
  }
  const others = games.filter((g) => g !== game).map((g) => [' ',
    h('a', { href: `/ratings/${g}` }, t(titleOf(g)))]);
  clear(app).append(h('h1', {}, title),
    h('p', { class: 'hint-text' }, t('Each match finished at a table of people only changes the ratings of everyone at it. Hidden profiles are not listed.')),
    content, h('p', {}, t('Other games:'), others));
}

main();
