// The replay viewer: a finished deal, step by step, forwards and backwards, with every hand shown
// (the deal is over, nothing is secret). The steps come from the server, which replayed the
// deal's record through the engine; this page only draws them: the seats around the centre as
// at the table (the person's own seat at the bottom, when this browser sat at the table), each
// move said as the table's last-move line says it, and the final score at the end.
import { cardEl, deckOf, titleOf } from './cards.js';
import { clear, getJSON, h } from './dom.js';
import { loadStrings, mountNav, sentenceCase, t, tn } from './i18n.js';
import { lastMoveText } from './lastmove.js';
import { initReview, reviewMarks, reviewNote } from './review.js';
import { loadSeat } from './seats.js';
import { othersInScreenOrder, split } from './table/plates.js';
import { dealFigures } from './table/scores.js';
const app = document.getElementById('app');
const { code, deal } = document.body.dataset;
let data = null;
// The game's drawing module (games/GAME.js), loaded for the game of the deal: no list of games.
let module = null;
let at = 0;
let me = null; // the deal seat of this browser's own seat at the table, if it sat there

// This browser's seat at the table (seats.js), as a seat of the replayed deal.
function mySeat() {
  const saved = loadSeat(code);
  if (!saved || !data.names) return null;
  const index = data.names.findIndex((info) => info.seat === saved.seat);
  return index >= 0 ? index : null;
}

function nameOf(seat) {
  const info = data.names && data.names[seat];
  if (!info) return t('seat {n}', { n: seat + 1 });
  if (info.kind === 'bot') return t('bot {n} ({level})', { n: info.seat + 1, level: t(info.level) });
  return info.name || t('seat {n}', { n: info.seat + 1 });
}

// Names standing alone (a seat's heading, a meld's owner), each with a capital first.
function sideLabel(seats) {
  return seats.map((seat) => sentenceCase(nameOf(seat))).join(' + ');
}

function context(step) {
  return {
    game: data.game, deck: deckOf(data.game), state: { totals: [] }, view: step.view, me,
    legal: [], myTurn: false, ui: {}, hint: null, nameOf, sideLabel, act: () => {}, render: draw,
  };
}

function go(index) {
  at = Math.max(0, Math.min(data.steps.length - 1, index));
  draw();
}

// Move `at`'s sentence, as the table's last-move line words it, with the cards a capture took.
function captionOf(ctx, previous) {
  const last = data.steps.length - 1;
  if (!previous) {
    return tn('The deal as dealt ({total} move).', 'The deal as dealt ({total} moves).', last,
      { total: last });
  }
  const move = lastMoveText({ deck: ctx.deck, last: { action: previous.action },
    name: nameOf(previous.to_move), mine: false, events: previous.events,
    sentences: module.sentences });
  return t('Move {n} of {total}: {move}', { n: at, total: last, move });
}

// At the end: every side's points, the winners starred (Pontinho: penalty points).
function finalScore() {
  const outcome = data.outcome;
  if (!outcome || at !== data.steps.length - 1) return null;
  const winners = new Set(outcome.winners);
  const scores = outcome.sides.map((side, i) => `${sideLabel(side)} ${outcome.points[i]}${
    side.some((seat) => winners.has(seat)) ? ' ★' : ''}`).join(' · ');
  return h('p', { class: 'final-score', id: 'final-score' }, h('strong', {},
    data.lowest_wins ? t('Final penalty points:') : t('Final score:')), ' ', scores);
}

// Each side's figures of the deal so far, as the table's scoreboard says them without the
// match's total ("You + Bot 3: Sweeps 1 · captured 12"): partners' pooled figures are said
// once, by side, not on each partner's plate.
function sideFigures(ctx) {
  if (!module.scoreNow || !ctx.view.sides || !ctx.view.sides.length) return null;
  const withModule = { ...ctx, module };
  return h('div', { class: 'scoreboard', role: 'group', 'aria-label': t('Scoreboard') },
    ctx.view.sides.map((side, i) => h('span', { class: `score${side.includes(me) ? ' mine' : ''}` },
      h('span', { class: 'who' }, sideLabel(side)), ': ', dealFigures(withModule, side, i))));
}

// The seats as the table places them: a top row and two side columns around the centre, in
// play order from the person's own seat, which sits below the centre.
function ringOf(ctx, seatEl, centre) {
  const order = othersInScreenOrder(ctx);
  const [left, top] = split(order.length);
  const column = (seats, cls) => h('div', { class: `ring-${cls}` }, seats.map(seatEl));
  return [
    h('div', { class: `ring others seats-${ctx.view.players}` },
      column(order.slice(0, left).reverse(), 'left'), // read bottom to top, as at the table
      column(order.slice(left, left + top), 'top'),
      column(order.slice(left + top), 'right'),
      h('div', { class: 'ring-centre' }, centre)),
    me !== null ? h('div', { class: 'replay-mine' }, seatEl(me)) : null,
  ];
}

function draw() {
  const step = data.steps[at];
  const ctx = context(step);
  const previous = at > 0 ? data.steps[at - 1] : null;
  if (previous && module.replayMemory) module.replayMemory(ctx, previous, step);
  const last = data.steps.length - 1;
  const seatEl = (seat) => h('section', {
    class: `seat${step.to_move === seat ? ' on-turn' : ''}${seat === me ? ' mine' : ''}`,
    'aria-label': nameOf(seat),
  }, h('h2', {}, sideLabel([seat]), step.to_move === seat ? h('span', { class: 'turn-mark' }, ` ▶ ${t('to play')}`) : null),
  h('div', { class: 'hand revealed' }, step.hands[seat].map((card) => cardEl(ctx.deck, card))),
  module.seatExtra ? module.seatExtra(ctx, seat) : null);
  const button = (id, label, index, key) => h('button', { type: 'button', id, disabled: index === at || index < 0 || index > last,
    onclick: () => go(index), 'aria-keyshortcuts': key || null }, label);
  const centre = h('div', { class: 'centre' }, module.centre(ctx),
    // a game's parts drawn outside the middle at the table (Pontinho's piles and melds)
    module.dockExtra ? module.dockExtra(ctx) : null, module.below ? module.below(ctx) : null);
  // Element.append writes a null as the text "null": only the parts there are
  const parts = [
    h('div', { class: 'table-head' }, h('h1', {}, t('Replay: {game}, deal {n}', { game: t(titleOf(data.game)), n: data.deal })),
      h('a', { href: `/t/${data.code}` }, t('Back to the table'))),
    h('div', { class: 'row replay-controls', role: 'group', 'aria-label': t('Replay controls') },
      button('first', `« ${t('Start')}`, 0, 'Home'),
      button('back', `◀ ${t('Back')}`, at - 1, 'ArrowLeft'),
      button('forward', `${t('Forward')} ▶`, at + 1, 'ArrowRight'),
      button('end', `${t('End')} »`, last, 'End'),
      h('input', { type: 'range', min: '0', max: String(last), value: String(at), id: 'scrub',
        'aria-label': t('Move'), oninput: (event) => go(Number(event.target.value)) })),
    h('p', { class: 'status', role: 'status', 'aria-live': 'polite', id: 'caption' }, captionOf(ctx, previous)),
    finalScore(),
    reviewNote(at, ctx.deck), reviewMarks(go, (seat) => sideLabel([seat])), // the coach's marks (review.js)
    h('section', { class: 'felt replay-felt', 'aria-label': t('The table') }, sideFigures(ctx),
      ringOf(ctx, seatEl, centre)),
    h('p', {},
      h('a', { href: data.record, download: `${data.code}-deal-${data.deal}.json`, id: 'download' },
        t('Download its record')),
      data.deal > 1 ? [' · ', h('a', { href: `/replay/${data.code}/${data.deal - 1}` }, t('Previous deal'))] : null,
      data.deal < data.deals ? [' · ', h('a', { href: `/replay/${data.code}/${data.deal + 1}` }, t('Next deal'))] : null),
  ];
  clear(app).append(...parts.filter((part) => part !== null && part !== undefined));
}

document.addEventListener('keydown', (event) => {
  if (!data || (event.target && event.target.tagName === 'INPUT')) return;
  const keys = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: data.steps.length - 1 };
  if (event.key in keys) {
    event.preventDefault();
    go(keys[event.key]);
  }
});

async function main() {
  await loadStrings();
  mountNav(h('a', { href: '/' }, t('Lobby')));
  try {
    data = await getJSON(`/api/tables/${code}/deals/${deal}/replay`);
  } catch (error) {
    clear(app).append(h('p', { class: 'error', role: 'alert' }, t('This deal cannot be replayed: {reason}', { reason: error.message })),
      h('a', { href: '/' }, t('Back to the lobby')));
    return;
  }
  module = (await import(`./games/${encodeURIComponent(data.game)}.js`)).default;
  me = mySeat();
  initReview(code, deal, draw, me);
  draw();
}

main();
