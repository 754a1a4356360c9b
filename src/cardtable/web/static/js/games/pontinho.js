// Pontinho: a hand you arrange (by suit, by rank, or by dragging), cards you select and then
// meld, lay off on a numbered meld, take the top discard into, advance with, or discard. Each
// button is enabled only when the server's legal actions hold exactly that move for the selected
// cards: the page compares card lists, it never decides a rule itself.
import { cardNames, cardsOf, describe, sameCards, split } from '../actions.js';
import { backEl, cardEl } from '../cards.js';
import { turnTimerDeadline } from '../clock.js';
import { h } from '../dom.js';
import { sentenceCase, t } from '../i18n.js';

const RANKS = 'A23456789TJQK';
const SUITS = 'shdc';

// Keep the person's arrangement: cards still held stay where they were, new ones go last.
function syncOrder(ui, hand, saved) {
  if (!ui.order && saved) { ui.order = saved.order; ui.grouped = saved.grouped; }
  const left = [...hand];
  const kept = [];
  for (const card of ui.order || []) {
    const at = left.indexOf(card);
    if (at >= 0) { kept.push(card); left.splice(at, 1); }
  }
  const order = [...kept, ...left];
  if (!ui.order || order.join() !== ui.order.join()) {
    ui.order = order;
    ui.selected = new Set();
  }
  ui.selected = ui.selected || new Set();
}

function rankKey(card) {
  return card === '*' ? 99 : RANKS.indexOf(card[0]);
}
function suitKey(card) {
  return card === '*' ? 9 : SUITS.indexOf(card[1]);
}

function selectedCards(ctx) {
  const ui = ctx.ui;
  const cards = [...ui.selected].sort((a, b) => a - b).map((i) => (i === -1 ? ctx.view.drawn : ui.order[i]));
  return cards.filter(Boolean);
}

function legalOf(ctx, verb) {
  return ctx.myTurn ? ctx.legal.filter((text) => split(text).verb === verb) : [];
}

// Legal actions of ``verb`` whose cards are exactly ``cards`` (and, for lay-offs, meld ``number``).
function matching(ctx, verb, cards, number) {
  return legalOf(ctx, verb).filter((text) => {
    if (number !== undefined && split(text).rest[0] !== String(number)) return false;
    return sameCards(cardsOf(text), cards);
  });
}

function topDiscard(view) {
  return view.discard.length ? view.discard[view.discard.length - 1] : null;
}

function buttonsFor(ctx, texts, label, id) {
  if (texts.length <= 1) {
    return h('button', { type: 'button', id, disabled: texts.length === 0,
      onclick: () => ctx.act(texts[0]) }, label);
  }
  // the same cards make more than one meld (a joker's place): offer each
  return texts.map((text, i) => h('button', { type: 'button', id: `${id}-${i}`,
    onclick: () => ctx.act(text) }, sentenceCase(describe(ctx.deck, text))));
}

// A meld's card; a joker shows the card it stands for ("*=6c" → the joker, marked 6♣).
function meldCard(ctx, card) {
  const el = cardEl(ctx.deck, card);
  if (card.startsWith('*=')) {
    const stands = card.slice(2);
    el.classList.add('joker');
    el.append(h('span', { class: 'stands', 'aria-hidden': 'true' }, shortName(stands)));
    el.setAttribute('title', t('joker as {card}', { card: cardNames(ctx.deck, [stands]) }));
    el.querySelector('img').alt = t('joker as {card}', { card: cardNames(ctx.deck, [stands]) });
  }
  return el;
}

const SUIT_SIGNS = { s: '♠', h: '♥', d: '♦', c: '♣' };
function shortName(card) {
  const rank = card[0] === 'T' ? '10' : card[0];
  return `${rank}${SUIT_SIGNS[card[1]] || ''}`;
}

// The melds, grouped by owner, each owner's in a column of a grid as wide as the felt.
function meldList(ctx) {
  const view = ctx.view;
  const selection = selectedCards(ctx);
  if (!view.melds.length) return h('p', { class: 'empty' }, t('No melds on the table yet.'));
  const owners = [...new Set(view.melds.map((m) => m.owner))];
  // a list item is a div (a section may not take the listitem role); the owner's heading is
  // the rank below the seats' names (h2)
  return h('div', { class: 'melds', role: 'list', 'aria-label': t('Melds on the table') }, owners.map((owner) => h('div', {
    class: 'meld-group', role: 'listitem', 'aria-label': ctx.sideLabel([owner]) },
  h('h3', { class: 'owner' }, ctx.sideLabel([owner])),
  h('ol', { class: 'meld-list' }, view.melds.filter((m) => m.owner === owner).map((meld) => {
    const cards = meld.cards.split(' ');
    const layoff = selection.length ? matching(ctx, 'layoff', selection, meld.number) : [];
    return h('li', { class: 'meld', dataset: { number: String(meld.number) } },
      h('b', { class: 'number' }, `${meld.number}.`),
      h('span', { class: 'meld-cards' }, cards.map((card) => meldCard(ctx, card))),
      legalOf(ctx, 'layoff').some((text) => split(text).rest[0] === String(meld.number))
        ? h('button', { type: 'button', class: 'layoff', id: `layoff-${meld.number}`,
          disabled: layoff.length === 0, onclick: () => ctx.act(layoff[0]) },
        t('Lay off here')) : null);
  })))));
}

// The arrangement of my hand survives a reload: kept in localStorage by table and deal.
function orderKey(ctx) {
  return `cardtable:order:${document.body.dataset.code}:${ctx.state.deal}`;
}

function loadOrder(ctx) {
  try { return JSON.parse(localStorage.getItem(orderKey(ctx)) || 'null'); } catch (error) { return null; }
}

function saveOrder(ctx) {
  try {
    localStorage.setItem(orderKey(ctx), JSON.stringify({ order: ctx.ui.order, grouped: Boolean(ctx.ui.grouped) }));
  } catch (error) { /* storage full or off: the arrangement lasts until the reload */ }
}

export default {
  onEvents(ctx) {
    syncOrder(ctx.ui, ctx.view.hand || [], loadOrder(ctx));
  },

  // the middle of the ring: the claim round's question when there is one, else the stock
  centre(ctx) {
    const view = ctx.view;
    if (view.phase === 'claim' && view.claim) return [this.claimPrompt(ctx)];
    return [h('div', { class: 'pile stock-pile' }, backEl(false), t('Stock: {n}', { n: view.stock }))];
  },

  // the melds, below the seats and as wide as the felt
  below(ctx) {
    return meldList(ctx);
  },

  // the discard pile, docked with my hand: always in view, however many melds there are
  dockExtra(ctx) {
    const view = ctx.view;
    const top = topDiscard(view);
    return h('div', { class: 'piles' },
      h('div', { class: 'pile', 'aria-label': t('Discard pile') },
        top ? cardEl(ctx.deck, top) : h('span', { class: 'card empty-pile' }),
        top ? t('Discard pile: {card} on top ({n})', { card: cardNames(ctx.deck, [top]), n: view.discard.length })
          : t('The discard pile is empty.')),
      view.burned ? h('div', { class: 'pile' }, cardEl(ctx.deck, view.burned), t('Burned')) : null);
  },

  claimPrompt(ctx) {
    const view = ctx.view;
    const card = view.claim.card;
    const asked = ctx.myTurn && legalOf(ctx, 'pass').length > 0;
    if (!asked) {
      return h('p', { class: 'claim', role: 'status' }, t('Claim round: may anyone advance with {card}?',
        { card: cardNames(ctx.deck, [card]) }));
    }
    const advance = matching(ctx, 'advance', [...selectedCards(ctx), card]);
    const canAny = legalOf(ctx, 'advance').length > 0;
    return h('div', { class: 'claim', role: 'alertdialog', 'aria-labelledby': 'claim-title' },
      h('p', { id: 'claim-title' }, h('b', {}, t('Advance with {card}?', { card: cardNames(ctx.deck, [card]) })),
        ' ', canAny ? t('Select the cards from your hand that meld with it.') : t('You cannot meld it now.')),
      turnTimerDeadline(ctx.state) ? h('p', {}, h('span', { class: 'timer',
        dataset: { deadline: ctx.state.deadline } },
      t('{n} s left', { n: Math.max(0, Math.round(ctx.state.deadline - Date.now() / 1000)) }))) : null,
      h('div', { class: 'row' },
        canAny ? buttonsFor(ctx, advance, t('Advance'), 'advance') : null,
        h('button', { type: 'button', id: 'pass', onclick: () => ctx.act('pass') }, t('Pass'))));
  },

  seatExtra(ctx, seat) {
    const view = ctx.view;
    const tableSeat = ctx.state.seats_of_deal ? ctx.state.seats_of_deal[seat] : seat;
    const total = (ctx.state.totals || [])[tableSeat] ?? 0;
    const bust = view.options.bust;
    // two facts, each kept on one line (a narrow side column wraps between them)
    return h('p', { class: 'points-line bust facts' },
      h('span', {}, t('Total: {total} of {bust}', { total, bust })), ' ',
      h('meter', { min: '0', max: String(bust), value: String(total), high: String(bust * 0.8),
        'aria-hidden': 'true' }),
      view.melded[seat] ? [' ', h('span', {}, t('has melded'))] : null);
  },

  // what the hand draws from, for the table to keep it while it is the same (keep.js)
  handKey(ctx) {
    const ui = ctx.ui;
    syncOrder(ui, ctx.view.hand || [], loadOrder(ctx));
    const hinted = ctx.hint && ctx.hint.version === ctx.state.version ? ctx.hint.action : null;
    return [ui.order, [...ui.selected].sort((a, b) => a - b), Boolean(ui.grouped), ctx.view.drawn || null,
      hinted, ctx.state.deal];
  },

  hand(ctx) {
    const ui = ctx.ui;
    syncOrder(ui, ctx.view.hand || [], loadOrder(ctx));
    const toggle = (index) => {
      if (ui.selected.has(index)) ui.selected.delete(index);
      else ui.selected.add(index);
      ctx.render();
    };
    // the hint's cards are outlined in my hand (one mark per card the hint names)
    const hinted = ctx.hint && ctx.hint.version === ctx.state.version ? cardsOf(ctx.hint.action) : [];
    const cards = ui.order.map((card, i) => {
      const el = cardEl(ctx.deck, card, { key: `po-${i}`, selected: ui.selected.has(i),
        onClick: () => toggle(i) });
      const at = hinted.indexOf(card);
      if (at >= 0) { hinted.splice(at, 1); el.classList.add('hinted'); }
      const before = i > 0 ? ui.order[i - 1] : null;
      if (ui.grouped && before && suitKey(before) !== suitKey(card)) el.classList.add('group-start');
      el.addEventListener('keydown', (event) => {
        // Shift+arrow moves the focused card: the keyboard's way to arrange the hand
        const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
        const to = i + (step || 0);
        if (!event.shiftKey || !step || to < 0 || to >= ui.order.length) return;
        event.preventDefault();
        [ui.order[i], ui.order[to]] = [ui.order[to], ui.order[i]];
        ui.selected = new Set();
        ui.grouped = false;
        saveOrder(ctx);
        ctx.render();
        const moved = document.querySelector(`[data-key="po-${to}"]`);
        if (moved) moved.focus();
      });
      el.draggable = true;
      el.addEventListener('dragstart', (event) => event.dataTransfer.setData('text/plain', String(i)));
      el.addEventListener('dragover', (event) => event.preventDefault());
      el.addEventListener('drop', (event) => {
        event.preventDefault();
        const from = Number(event.dataTransfer.getData('text/plain'));
        if (Number.isNaN(from) || from === i) return;
        const [moved] = ui.order.splice(from, 1);
        ui.order.splice(i, 0, moved);
        ui.selected = new Set();
        ui.grouped = false;
        saveOrder(ctx);
        ctx.render();
      });
      return el;
    });
    if (ctx.view.drawn) {
      cards.push(h('span', { class: 'drawn' }, cardEl(ctx.deck, ctx.view.drawn, {
        key: 'po-drawn', selected: ui.selected.has(-1), extraLabel: t('drawn'),
        onClick: () => toggle(-1) }), h('span', { class: 'drawn-label' }, t('drawn'))));
    }
    const sort = (key, grouped) => {
      ui.order.sort((a, b) => key(a) - key(b) || (a < b ? -1 : 1));
      ui.grouped = grouped;
      ui.selected = new Set();
      saveOrder(ctx);
      ctx.render();
    };
    return h('div', {},
      h('div', { class: 'hand', role: 'group', 'aria-label': t('Your hand: select cards') }, cards),
      h('div', { class: 'sorter' }, t('Arrange:'),
        h('button', { type: 'button', id: 'sort-suit', onclick: () => sort((c) => suitKey(c) * 200 + rankKey(c), true) },
          t('by suit')),
        h('button', { type: 'button', id: 'sort-rank', onclick: () => sort((c) => rankKey(c) * 10 + suitKey(c), false) },
          t('by rank')),
        h('span', { class: 'drag-help' }, t('or drag a card onto another (keys: Shift+←/→).'))));
  },

  actions(ctx) {
    const view = ctx.view;
    const selection = selectedCards(ctx);
    const buttons = [];
    if (legalOf(ctx, 'draw').length) {
      buttons.push(h('button', { type: 'button', class: 'big', id: 'draw', onclick: () => ctx.act('draw') },
        t('Draw from the stock')));
    }
    if (legalOf(ctx, 'burn').length) {
      buttons.push(h('button', { type: 'button', id: 'burn', onclick: () => ctx.act('burn') },
        t('Burn the drawn card')));
    }
    const top = topDiscard(view);
    if (top && legalOf(ctx, 'take').length) {
      buttons.push(buttonsFor(ctx, matching(ctx, 'take', [...selection, top]),
        t('Take {card} into a meld', { card: cardNames(ctx.deck, [top]) }), 'take'));
    }
    if (legalOf(ctx, 'meld').length) {
      const melds = matching(ctx, 'meld', selection);
      const layoffs = legalOf(ctx, 'layoff').filter((text) => sameCards(cardsOf(text), selection));
      const discards = matching(ctx, 'discard', selection);
      if (selection.length && !melds.length && !layoffs.length && !discards.length) {
        // cards that make no move the server offers: the meld is sent anyway, and the server
        // says why it is refused (in the person's language, citing the rule); the page never
        // judges a meld itself
        buttons.push(h('button', { type: 'button', id: 'meld',
          onclick: () => ctx.act(['meld', ...selection].join(' ')) }, t('Meld the selected cards')));
      } else {
        buttons.push(buttonsFor(ctx, melds, t('Meld the selected cards'), 'meld'));
      }
    }
    if (legalOf(ctx, 'discard').length) {
      buttons.push(buttonsFor(ctx, matching(ctx, 'discard', selection), t('Discard'), 'discard'));
    }
    if (selection.length) {
      buttons.push(h('button', { type: 'button', id: 'unselect', onclick: () => { ctx.ui.selected = new Set(); ctx.render(); } },
        t('Clear the selection')));
    }
    return buttons;
  },

  yourTurn(ctx) {
    const phase = ctx.view.phase;
    if (phase === 'claim') return t('Advance?');
    if (phase === 'draw') return t('Your turn: draw from the stock, or select cards to take the discard into a meld.');
    if (phase === 'first_drawn') return t('Your turn: keep or burn the drawn card, then meld and discard.');
    return t('Your turn: select cards to meld, lay off or discard.');
  },

  totalsBySide(end) {
    return end.seats_of_deal.map((seat) => end.totals[seat]);
  },

  breakdown(ctx, outcome) {
    const details = outcome.details || {};
    const hands = details.hands || [];
    return h('ul', { class: 'breakdown-hands' }, hands.map((cards, seat) => h('li', {},
      h('b', {}, `${ctx.sideLabel([seat])}: `),
      h('span', { class: 'cards' }, details.went_out === seat ? t('went out')
        : cards.map((c) => cardEl(ctx.deck, c, { small: true }))))));
  },
};
