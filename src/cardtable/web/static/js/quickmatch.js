// Quick match on the lobby: wait for people to play a game with (POST /api/quickmatch), poll the
// ticket until seated, then open the table; bots take the seats nobody came for once the wait
// chosen here is over. Cancel gives the place in line back (DELETE).
import { clear, getJSON, h, postJSON } from './dom.js';
import { t, tn } from './i18n.js';
import { saveName, saveSeat } from './seats.js';

const POLL_MS = 2000;
const WAITS = [[0, 'at once'], [30, '30 seconds'], [60, '1 minute'], [120, '2 minutes']];

// [value, label, selected] triples as <option>s.
function optionsOf(choices) {
  return choices.map(([value, label, selected]) => h('option', { value, selected }, label));
}

function select(id, name, choices) {
  return h('select', { id, name }, optionsOf(choices));
}

function sizes(game) {
  return game.players.map((n) => [n, String(n), n === game.default_players]);
}

// The panel: game, table size and wait, the button, and (while waiting) the waiting box.
export function quickMatch(games, nameOf) {
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const game = select('match-game', 'game', games.map((g, i) => [g.game, t(g.title), i === 0]));
  const players = select('match-players', 'players', sizes(games[0]));
  const wait = select('match-wait', 'wait', WAITS.map(([s, label]) => [s, t(label), s === 30]));
  game.addEventListener('change', () => {
    const chosen = games.find((g) => g.game === game.value);
    clear(players).append(...optionsOf(sizes(chosen)));
  });
  const start = h('button', { type: 'submit', id: 'match-start', class: 'big' }, t('Play with people'));
  const status = h('p', { id: 'match-status', role: 'status' });
  const cancel = h('button', { type: 'button', id: 'match-cancel' }, t('Cancel'));
  const box = h('div', { class: 'match-waiting', id: 'match-waiting', hidden: true }, status, cancel);
  const form = h('form', { class: 'panel', id: 'match' },
    h('h2', {}, t('Play with people')),
    h('div', { class: 'row' },
      h('label', { for: 'match-game' }, t('Game'), ' ', game),
      h('label', { for: 'match-players' }, t('Players'), ' ', players),
      h('label', { for: 'match-wait' }, t('Bots after'), ' ', wait)),
    start, box, error);
  let ticket = null;
  let timer = null;

  function stop() {
    clearTimeout(timer);
    ticket = null;
    box.hidden = true;
    start.disabled = false;
  }
  function show(answer) {
    if (answer.status === 'seated') {
      const joined = answer.seated;
      saveSeat(joined.code, joined.seat, joined.token);
      stop();
      window.location.assign(`/t/${joined.code}`);
      return;
    }
    status.textContent = `${tn('{n} person waiting', '{n} people waiting', answer.waiting,
      { n: answer.waiting })} · ${t('bots in {seconds} s', { seconds: Math.ceil(answer.seconds_left) })}`;
    timer = setTimeout(poll, POLL_MS);
  }
  async function poll() {
    if (!ticket) return;
    try {
      show(await getJSON(`/api/quickmatch/${ticket}`));
    } catch (e) {
      stop();
      error.hidden = false;
      error.textContent = e.message || String(e);
    }
  }
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.hidden = true;
    const name = nameOf();
    saveName(name);
    start.disabled = true;
    try {
      const answer = await postJSON('/api/quickmatch', {
        game: game.value, players: Number(players.value), wait_seconds: Number(wait.value), name,
      });
      ticket = answer.ticket;
      box.hidden = false;
      show(answer);
      box.scrollIntoView({ block: 'nearest' }); // once it holds its text: all of it in view
    } catch (e) {
      stop();
      error.hidden = false;
      error.textContent = e.message || String(e);
    }
  });
  cancel.addEventListener('click', async () => {
    const leaving = ticket;
    stop();
    if (leaving) await fetch(`/api/quickmatch/${leaving}`, { method: 'DELETE' });
  });
  return form;
}
