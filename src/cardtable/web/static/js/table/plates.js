// The seats around the felt: each a name plate with an initials avatar in the
// seat's colour, badges for the dealer, a bot's level and a partnership, the cards held, and
// the game's own line (points, totals). The seats are placed in play order around the centre,
// the way they sit at a real table seen from my chair: left column, top row, right column.
import { backs, passesLeft } from '../cards.js';
import { clockChip } from '../clock.js';
import { h } from '../dom.js';
import { sentenceCase, t } from '../i18n.js';
import { keep, place, same, setAttributes, shell } from './keep.js';
import { S, tableSeatOf } from './state.js';

// Eight colours, one per table seat, each with white text at WCAG AA contrast.
const COLOURS = ['#8e2c48', '#1f5f99', '#7a4b00', '#2d6a2d', '#5b3f8f', '#006b6b', '#a3361f', '#4a4a4a'];

export function colourOf(tableSeat) {
  return COLOURS[tableSeat % COLOURS.length];
}

// Up to two letters: the first letters of the first two words ("Ana Maria" → "AM").
export function initials(name) {
  const words = String(name).trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((w) => [...w][0].toUpperCase());
  return letters.join('') || '?';
}

// The other seats in screen order, clockwise from my left (bottom-left, up, across, down):
// Putto passes to the left (clockwise), the others to the right, so the next player sits on
// my left in Putto and on my right in Punttu and Pontinho.
export function othersInScreenOrder(ctx) {
  const n = ctx.view.players;
  const me = ctx.me;
  const order = [];
  if (me === null || me === undefined) {
    for (let i = 0; i < n; i += 1) order.push(i);
    return order;
  }
  for (let i = 1; i < n; i += 1) order.push((me + i) % n);
  return passesLeft(ctx.game) ? order : order.reverse();
}

// How many of m other seats go to the left column, the top row and the right column.
export function split(m) {
  if (m <= 2) return [0, m, 0];
  if (m === 3) return [1, 1, 1]; // four at a table: one on each side
  if (m <= 5) return [1, m - 2, 1];
  return [2, m - 4, 2];
}

function sideOf(view, dealSeat) {
  return (view.sides || []).findIndex((side) => side.includes(dealSeat));
}

// A seat's plate, kept across redraws (keep.js): the section is the seat's own element, its
// parts are built again only when what they show changed. ``tail``: what follows the plate's
// own parts (my hand, in the dock).
export function plate(ctx, dealSeat, tail = null) {
  const tableSeat = tableSeatOf(dealSeat);
  const info = S.seats[tableSeat] || {};
  const onTurn = ctx.state.to_move === tableSeat && ctx.state.phase === 'deal';
  const isMe = dealSeat === ctx.me;
  // a name standing alone begins with a capital ("You ▶ to play", not "you ▶ to play")
  const full = sentenceCase(ctx.nameOf(dealSeat));
  const shown = sentenceCase(ctx.shortName(dealSeat));
  const avatarName = isMe ? (info.name || full) : shown;
  const side = sideOf(ctx.view, dealSeat);
  const partnered = side >= 0 && ctx.view.sides[side].length > 1;
  const badges = [];
  if (ctx.view.dealer === dealSeat) {
    badges.push(h('span', { class: 'chip dealer', title: t('dealer') }, t('dealer')));
  }
  if (info.kind === 'bot') badges.push(h('span', { class: 'chip level' }, t(info.level)));
  if (partnered) {
    badges.push(h('span', { class: `chip team team-${side % 4}` }, t('team {n}', { n: side + 1 })));
  }
  if (info.away) badges.push(h('span', { class: 'chip away' }, t('away: a bot plays')));
  if (info.kind === 'person' && !info.connected && !isMe) {
    badges.push(h('span', { class: 'chip away' }, t('offline')));
  }
  const time = info.kind === 'person' ? clockChip(ctx.state, tableSeat, isMe) : null;
  if (time) badges.push(time); // the game clock: bots have none
  const slot = `plate-${tableSeat}${isMe ? '-mine' : ''}`;
  const box = setAttributes(shell(slot, () => h('section')), {
    class: `seat${onTurn ? ' on-turn' : ''}${isMe ? ' mine' : ''}${partnered ? ` side-${side % 4}` : ''}`,
    'aria-label': full,
    dataset: { seat: String(dealSeat), tableSeat: String(tableSeat) },
  });
  const count = !isMe && ctx.view.hand_sizes ? ctx.view.hand_sizes[dealSeat] : null;
  return place(box, [
    same(`${slot}-head`, h('div', { class: 'plate' },
      h('span', { class: 'avatar', 'aria-hidden': 'true', style: `background:${colourOf(tableSeat)}` },
        initials(avatarName)),
      h('h2', { class: 'name', title: full }, shown, // under the page's h1: the next rank
        onTurn ? h('span', { class: 'turn-mark' }, ` ▶ ${t('to play')}`) : null))),
    badges.length ? same(`${slot}-chips`, h('div', { class: 'chips' }, badges)) : null,
    count !== null ? keep(`${slot}-backs`, count, () => backs(count)) : null,
    ctx.module.seatExtra ? same(`${slot}-extra`, ctx.module.seatExtra(ctx, dealSeat)) : null,
    tail,
  ]);
}

// The seats around the centre: a grid of a top row and two side columns, the centre between.
export function ring(ctx, centre) {
  const seq = othersInScreenOrder(ctx);
  const [left, top] = split(seq.length);
  const column = (seats, cls) => place(shell(`ring-${cls}`, () => h('div', { class: `ring-${cls}` })),
    seats.map((s) => plate(ctx, s)));
  const box = setAttributes(shell('ring', () => h('div')), { class: `ring others seats-${ctx.view.players}` });
  return place(box, [
    // the left column is read bottom to top (my left hand first): drawn reversed
    column(seq.slice(0, left).reverse(), 'left'),
    column(seq.slice(left, left + top), 'top'),
    column(seq.slice(left + top), 'right'),
    place(shell('ring-centre', () => h('div', { class: 'ring-centre' })), centre)]);
}
