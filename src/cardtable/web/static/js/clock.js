// The game clock in the browser (docs/clock.md): the profiles' names and figures for the
// lobby's form and the waiting room, and each seat's time on its plate, counting down on the
// seat to play, with a warning (seen and heard) when my own time falls under a tenth of the
// bank. The figures are the server's (server/tables/clock.py; a test compares them); the time
// left always comes from the server's last state, never from a count kept here.
import { h } from './dom.js';
import { t, tn } from './i18n.js';

const DAY = 86400;
// name → [bank, increment] in seconds, fastest first ("none": no clock).
export const CLOCKS = {
  fast: [180, 5],
  normal: [600, 15],
  slow: [1800, 30],
  day: [2 * DAY, DAY],
  days3: [6 * DAY, 3 * DAY],
};
const NAMES = {
  none: () => t('No clock'),
  fast: () => t('Fast clock'),
  normal: () => t('Normal clock'),
  slow: () => t('Slow clock'),
  day: () => t('Turn-based: a day a move'),
  days3: () => t('Turn-based: three days a move'),
};
// Below this share of the bank, my own time is shown and sounded as running out.
export const LOW = 0.1;

// A length of time in its largest whole unit ("3 min", "2 days").
export function span(seconds) {
  const s = Math.round(seconds);
  if (s >= DAY && s % DAY === 0) return tn('{n} day', '{n} days', s / DAY, { n: s / DAY });
  if (s >= 3600 && s % 3600 === 0) return t('{n} h', { n: s / 3600 });
  if (s >= 60 && s % 60 === 0) return t('{n} min', { n: s / 60 });
  return t('{n} s', { n: s });
}

// A profile as the lobby and the waiting room show it: its name and its figures.
export function clockLabel(name) {
  const figures = CLOCKS[name];
  if (!figures) return NAMES.none();
  return t('{clock}: {bank} each, +{increment} a move',
    { clock: NAMES[name](), bank: span(figures[0]), increment: span(figures[1]) });
}

// What is left, as a clock shows it: "4:05", "1:02:03", or "2 days 03:00" past a day.
export function countdown(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n) => String(n).padStart(2, '0');
  const days = Math.floor(s / DAY);
  const hours = Math.floor((s % DAY) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days) return `${tn('{n} day', '{n} days', days, { n: days })} ${two(hours)}:${two(minutes)}`;
  if (hours) return `${hours}:${two(minutes)}:${two(s % 60)}`;
  return `${minutes}:${two(s % 60)}`;
}

// When the turn timer (a ``state``'s ``deadline``) makes the stand-in move, unless the game clock runs out first (its end
// is on the seat's plate, in a clock's words, not in seconds).
export function turnTimerDeadline(state) {
  const clock = state.clock;
  if (!clock || !state.deadline || state.to_move === null) return state.deadline;
  return state.deadline < clock.now + clock.left[state.to_move] - 0.5 ? state.deadline : null;
}

// The lobby's choice of a profile.
export function clockSelect(id) {
  return h('select', { id, name: 'clock' },
    ['none', ...Object.keys(CLOCKS)].map((name) => h('option', { value: name }, clockLabel(name))));
}

// A seat's time on its plate: a chip that counts down (``tick``) on the seat to play. ``null``
// at a table without a clock.
export function clockChip(state, tableSeat, mine) {
  const clock = state.clock;
  if (!clock) return null;
  const left = clock.left[tableSeat];
  const counting = state.to_move === tableSeat && ['deal', 'decision'].includes(state.phase);
  const low = left < clock.bank * LOW;
  return h('span', {
    class: `chip clock${low ? ' low' : ''}${counting ? ' counting' : ''}`,
    title: t('time left'),
    dataset: counting ? { ends: String(clock.now + left), bank: String(clock.bank), mine: mine ? '1' : '' } : {},
  }, shown(left, low && mine));
}

// The chip's text: the time left, and on my own plate a warning once it runs low.
function shown(left, warning) {
  return warning ? `${countdown(left)} · ${t('little time left')}` : countdown(left);
}

let warned = false;

// Once a second: every counting chip shows what is left; the first time my own time falls under
// ``LOW`` of the bank, ``warn`` is called (the page shows a warning and plays its sound).
export function tick(warn) {
  const now = Date.now() / 1000;
  for (const chip of document.querySelectorAll('.chip.clock[data-ends]')) {
    const left = Number(chip.dataset.ends) - now;
    const low = left < Number(chip.dataset.bank) * LOW;
    chip.textContent = shown(left, low && chip.dataset.mine);
    chip.classList.toggle('low', low);
    if (chip.dataset.mine && low && !warned) {
      warned = true;
      warn();
    }
    if (chip.dataset.mine && !low) warned = false;
  }
}
