// What the two trick-and-capture games share: a hand of cards where a click (or Enter) plays the
// card, offering only the cards that legal actions name.
import { split } from '../actions.js';
import { cardEl } from '../cards.js';
import { h } from '../dom.js';
import { num, t } from '../i18n.js';

// legal actions by card: {"7c": ["play 7c", "capture 7c"]}
export function actionsByCard(legal) {
  const found = {};
  for (const text of legal) {
    const { rest } = split(text);
    if (rest.length === 1) (found[rest[0]] = found[rest[0]] || []).push(text);
  }
  return found;
}

// What simpleHand draws from, for the table to keep the hand while it is the same (keep.js).
export function simpleHandKey(ctx) {
  const hinted = ctx.hint && ctx.hint.version === ctx.state.version ? ctx.hint.action : null;
  return [ctx.view.hand, ctx.legal, ctx.myTurn, ctx.ui.lifted, hinted,
    ctx.setting ? [ctx.setting('lift'), ctx.setting('sort'), ctx.setting('index')] : null];
}

// The hand of Punttu and Putto: each card a button for its legal actions. With "tap to lift"
// (settings.js) a first tap lifts the card and a second plays it; in Putto the cards that can
// capture are marked, as the terminal marks them.
export function simpleHand(ctx, choose) {
  const byCard = actionsByCard(ctx.legal);
  const hinted = ctx.hint && ctx.hint.version === ctx.state.version ? split(ctx.hint.action).rest[0] : null;
  const hand = (ctx.sortHand || ((x) => x))(ctx.view.hand || []);
  const lift = ctx.setting ? ctx.setting('lift') === '1' : false;
  return h('div', { class: 'hand', role: 'group', 'aria-label': t('Your hand') }, hand.map((card, i) => {
    const options = byCard[card] || [];
    const captures = ctx.myTurn && options.some((text) => text.startsWith('capture'));
    const play = () => (options.length === 1 ? ctx.act(options[0]) : choose(card, options));
    const el = cardEl(ctx.deck, card, {
      key: `hand-${card}`,
      disabled: !ctx.myTurn || options.length === 0,
      selected: lift ? ctx.ui.lifted === card : undefined,
      extraLabel: captures ? t('can capture') : undefined,
      onClick: () => {
        if (lift && ctx.ui.lifted !== card) { ctx.ui.lifted = card; ctx.render(); return; }
        ctx.ui.lifted = null;
        play();
      },
    });
    el.dataset.index = String(i);
    if (card === hinted) el.classList.add('hinted');
    if (captures) el.classList.add('can-capture');
    return el;
  }));
}

export function pointsLine(label, value) {
  return h('p', { class: 'points-line' }, `${label}: `, h('b', {}, num(value)));
}
