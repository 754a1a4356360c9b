// The daily deal: today's deal of a game and table size, the same for everyone,
// and its board — your points beside the hard and medium bots' from the same seat, and beside
// everyone who played it here. No account: this browser names itself with a random token it
// keeps (localStorage); the server stores only its hash.
import { lowestWins, titleOf } from './cards.js';
import { clear, getJSON, h, postJSON } from './dom.js';
import { lang, loadStrings, mountNav, num, t, tn } from './i18n.js';
import { nickname } from './nickname.js';
import { saveSeat } from './seats.js';
import { browserToken, markDaily } from './dailymark.js';

const app = document.getElementById('app');
const params = new URLSearchParams(window.location.search);
// no game asked: Punttu's (the quickest deal), or the first game if the server has no Punttu
const chosen = { game: params.get('game') || 'punttu', players: Number(params.get('players')) || 0 };
let games = [];
let board = null;
let error = null;

async function play() {
  try {
    const answer = await postJSON(`/api/daily/${chosen.game}/${chosen.players}/play`,
      { name: nickname(), browser: browserToken() });
    if (answer.token) saveSeat(answer.code, answer.seat, answer.token);
    markDaily(answer.code, chosen.game, chosen.players);
    window.location.assign(`/t/${answer.code}`);
  } catch (failure) {
    error = failure.message;
    draw();
  }
}

async function load() {
  board = null;
  const query = `?browser=${encodeURIComponent(browserToken())}`;
  try {
    board = await getJSON(`/api/daily/${chosen.game}/${chosen.players}${query}`);
  } catch (failure) {
    error = failure.message;
  }
  draw();
  // the bots' points are played once a day on the server: look again until they are there
  if (board && board.finished && Object.keys(board.references || {}).length < 2) {
    setTimeout(load, 3000);
  }
}

function pickers() {
  const game = games.find((g) => g.game === chosen.game) || games[0];
  const gameSelect = h('select', { id: 'daily-game', onchange: (event) => {
    chosen.game = event.target.value;
    const g = games.find((x) => x.game === chosen.game);
    chosen.players = g.default_players;
    load();
  } }, games.map((g) => h('option', { value: g.game, selected: g.game === chosen.game }, t(titleOf(g.game)))));
  const sizes = game.players; // every count the game allows (the server's list)
  const sizeSelect = h('select', { id: 'daily-players', onchange: (event) => {
    chosen.players = Number(event.target.value);
    load();
  } }, sizes.map((n) => h('option', { value: String(n), selected: n === chosen.players },
    tn('{n} player', '{n} players', n, { n: num(n) }))));
  return h('div', { class: 'row' }, h('label', { for: 'daily-game' }, t('Game'), ' ', gameSelect),
    h('label', { for: 'daily-players' }, t('Players'), ' ', sizeSelect));
}

function results() {
  if (!board) return null;
  if (!board.played) {
    return h('section', { class: 'panel' },
      h('p', {}, board.count === 0 ? t('Nobody has played today\'s deal yet. Be the first!')
        : tn('{n} person has played this deal today. Play it to see how they did.',
          '{n} people have played this deal today. Play it to see how they did.', board.count, { n: num(board.count) })),
      h('button', { type: 'button', class: 'big', id: 'daily-play', onclick: play }, t('Play today\'s deal')));
  }
  if (!board.finished) {
    return h('section', { class: 'panel' },
      h('p', {}, t('Finish your deal to see the board.')),
      h('a', { href: `/t/${board.code}`, class: 'button', id: 'daily-back' }, t('Back to your table')));
  }
  const mine = board.entries.find((e) => e.mine);
  const refs = board.references || {};
  const against = ['hard', 'medium'].map((level) => h('li', {}, t('the {level} bot from the same seat: {points}',
    { level: t(level), points: level in refs ? num(refs[level]) : t('being worked out…') })));
  return h('section', { class: 'panel daily-board' },
    h('h2', {}, t('Your points: {points}', { points: mine ? num(mine.points) : '–' })),
    h('ul', { class: 'references' }, against),
    h('h3', {}, t('Everyone who played it here')),
    h('table', { class: 'points' },
      h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, t('Player')), h('th', {}, t('Points')))),
      h('tbody', {}, board.entries.map((entry, i) => h('tr', { class: entry.mine ? 'winner' : '' },
        h('td', {}, num(i + 1)),
        // no player is verified yet (no accounts): every name is only what its browser chose
        h('td', {}, entry.mine ? `${entry.name} (${t('you')})` : entry.name,
          entry.verified ? null : h('span', { class: 'hint-text' }, ` (${t('unverified')})`)),
        h('td', {}, num(entry.points)))))),
    lowestWins(board.game) ? h('p', { class: 'hint-text' }, t('This game counts penalty points: the fewest is best.')) : null);
}

function draw() {
  const day = board ? new Date(`${board.day}T12:00:00Z`).toLocaleDateString(lang.replace('_', '-'), { dateStyle: 'long' }) : '';
  clear(app).append(...[
    h('h1', {}, t('The daily deal')),
    h('p', { class: 'hint-text' }, t('One deal a day for each game and table size: everyone plays it from the same seat against the same bots.'), ' ', day),
    h('p', { class: 'hint-text', id: 'daily-rule' }, t('You play each daily deal once. Its replays, and everything else that shows its cards, open when its day is over (UTC).')),
    pickers(),
    error ? h('p', { class: 'error', role: 'alert' }, error) : null,
    results()].filter(Boolean));
}

async function main() {
  await loadStrings();
  mountNav(h('a', { href: '/' }, t('Lobby')), h('a', { href: '/mine' }, t('My games')));
  games = await getJSON(`/api/games?lang=${encodeURIComponent(lang)}`);
  const game = games.find((g) => g.game === chosen.game) || games[0];
  chosen.game = game.game;
  if (!game.players.includes(chosen.players)) {
    chosen.players = game.default_players;
  }
  await load();
}

main();
