// The waiting room: the seats (free ones to sit in), the name to sit down with, and the table's
// house rules, shown until the match starts.
import { clockLabel } from '../clock.js';
import { h, postJSON } from '../dom.js';
import { num, t } from '../i18n.js';
import { ruleSetLine } from '../presets.js';
import { loadSeat, saveName, saveSeat } from '../seats.js';
import { shareBox } from '../friends.js'; // friends
import { nickname } from '../nickname.js'; // friends
import { reconnect } from './connection.js';
import { S, code, nameOfTableSeat, render } from './state.js';

export function waiting() {
  const saved = loadSeat(code);
  const box = h('section', { class: 'panel waiting' },
    h('h2', {}, t('Waiting for players')),
    shareBox()); // friends: the link to give, with its QR code
  const list = h('ul', { class: 'seat-list' });
  S.seats.forEach((seat, index) => {
    const item = h('li', {}, `${t('Seat {n}', { n: index + 1 })}: `);
    if (seat.taken) item.append(nameOfTableSeat(index));
    else if (!saved) {
      item.append(h('button', { type: 'button', class: 'take-seat',
        onclick: () => takeSeat(index) }, t('Sit here')));
    } else item.append(t('free'));
    list.append(item);
  });
  box.append(list);
  if (!saved) {
    box.append(h('label', { for: 'join-name' }, t('Your name'), ' ',
      // A redraw (someone else sat down) must not wipe the name being typed.
      h('input', { id: 'join-name', maxlength: '40',
        value: S.ui.joinName ?? nickname(), // friends: the remembered nickname
        oninput: (event) => { S.ui.joinName = event.target.value; } })));
  }
  if (S.info.clock) box.append(h('p', { class: 'clock-profile' }, clockLabel(S.info.clock.name)));
  const rules = houseRules();
  if (rules) box.append(rules);
  return box;
}

// The table's rule set by name (its preset, or custom) and its options, each by its translated
// label and value (from /api/games in the page's language), with a link to the whole rules
// sheet built from them.
function houseRules() {
  const game = (S.games || []).find((g) => g.game === S.info.game);
  if (!game) return null;
  const value = (option) => {
    const chosen = S.info.options[option.name];
    if (typeof chosen === 'boolean') return chosen ? t('yes') : t('no');
    if (typeof chosen === 'number') return num(chosen);
    return (option.choice_labels || {})[chosen] || String(chosen);
  };
  return h('section', { class: 'house-rules' },
    h('h3', {}, t('House rules')),
    S.info.preset ? ruleSetLine(game, S.info.preset, true) : null,
    h('dl', {}, game.options.filter((o) => o.name in S.info.options).map((option) => [
      h('dt', {}, option.label || option.name), h('dd', {}, value(option))])),
    h('p', {}, h('a', { href: `/t/${code}/rules`, target: '_blank', rel: 'noopener' },
      t('The rules of this table'))));
}

async function takeSeat(index) {
  const input = document.getElementById('join-name');
  const name = (input && input.value.trim()) || t('player');
  saveName(name);
  try {
    const joined = await postJSON(`/api/tables/${code}/join`, { name, seat: index });
    saveSeat(joined.code, joined.seat, joined.token);
    reconnect();
  } catch (error) {
    S.error = error.message;
    render();
  }
}
