// The replay viewer: a finished deal, step by step, forwards and backwards, with every hand shown
// (the deal is over, nothing is secret). The steps come from the server, which replayed the
// deal's record through the engine; this page only draws them.
import { describe } from './actions.js';
import { cardEl, deckOf, titleOf } from './cards.js';
import { clear, getJSON, h } from './dom.js';
import { loadStrings, mountNav, sentenceCase, t, tn } from './i18n.js';
import { initReview, reviewMarks, reviewNote } from './review.js';
const app = document.getElementById('app');
const { code, deal } = document.body.dataset;
let data = null;
// The game's drawing module (games/GAME.js), loaded for the game of the deal: no list of games.
let module = null;
let at = 0;

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
    game: data.game, deck: deckOf(data.game), state: { totals: [] }, view: step.view, me: null,
    legal: [], myTurn: false, ui: {}, hint: null, nameOf, sideLabel, act: () => {}, render: draw,
  };
}

function go(index) {
  at = Math.max(0, Math.min(data.steps.length - 1, index));
  draw();
}

function draw() {
  const step = data.steps[at];
  const ctx = context(step);
  const previous = at > 0 ? data.steps[at - 1] : null;
  if (previous && module.replayMemory) module.replayMemory(ctx, previous, step);
  const last = data.steps.length - 1;
  const caption = previous
    ? t('Move {n} of {total}: {name}: {action}', { n: at, total: last, name: nameOf(previous.to_move),
      action: describe(ctx.deck, previous.action) })
    : tn('The deal as dealt ({total} move).', 'The deal as dealt ({total} moves).', last,
      { total: last });
  const seats = step.hands.map((hand, seat) => h('section', {
    class: `seat${step.to_move === seat ? ' on-turn' : ''}`, 'aria-label': nameOf(seat),
  }, h('h3', {}, sideLabel([seat]), step.to_move === seat ? h('span', { class: 'turn-mark' }, ` ▶ ${t('to play')}`) : null),
  h('div', { class: 'hand revealed' }, hand.map((card) => cardEl(ctx.deck, card))),
  module.seatExtra ? module.seatExtra(ctx, seat) : null));
  const button = (id, label, index, key) => h('button', { type: 'button', id, disabled: index === at || index < 0 || index > last,
    onclick: () => go(index), 'aria-keyshortcuts': key || null }, label);
  clear(app).append(
    h('div', { class: 'table-head' }, h('h1', {}, t('Replay: {game}, deal {n}', { game: t(titleOf(data.game)), n: data.deal })),
      h('a', { href: `/t/${data.code}` }, t('Back to the table'))),
    h('div', { class: 'row replay-controls', role: 'group', 'aria-label': t('Replay controls') },
      button('first', `« ${t('Start')}`, 0, 'Home'),
      button('back', `◀ ${t('Back')}`, at - 1, 'ArrowLeft'),
      button('forward', `${t('Forward')} ▶`, at + 1, 'ArrowRight'),
      button('end', `${t('End')} »`, last, 'End'),
      h('input', { type: 'range', min: '0', max: String(last), value: String(at), id: 'scrub',
        'aria-label': t('Move'), oninput: (event) => go(Number(event.target.value)) })),
    h('p', { class: 'status', role: 'status', 'aria-live': 'polite', id: 'caption' }, caption),
    reviewNote(at, ctx.deck), reviewMarks(go), // the coach's marks (review.js)
    h('section', { class: 'felt' },
      h('div', { class: 'others' }, seats),
      h('div', { class: 'centre' }, module.centre(ctx),
        // a game's parts drawn outside the middle at the table (Pontinho's piles and melds)
        module.dockExtra ? module.dockExtra(ctx) : null, module.below ? module.below(ctx) : null)),
    h('p', {},
      h('a', { href: data.record, download: `${data.code}-deal-${data.deal}.json`, id: 'download' },
        t('Download its record')),
      data.deal > 1 ? [' · ', h('a', { href: `/replay/${data.code}/${data.deal - 1}` }, t('Previous deal'))] : null,
      data.deal < data.deals ? [' · ', h('a', { href: `/replay/${data.code}/${data.deal + 1}` }, t('Next deal'))] : null));
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
  initReview(code, deal, draw);
  draw();
}

main();
