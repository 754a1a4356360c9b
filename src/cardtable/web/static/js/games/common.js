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

export function simpleHand(ctx, choose) {
  const byCard = actionsByCard(ctx.legal);
  const hinted = ctx.hint && ctx.hint.version === ctx.state.version ? split(ctx.hint.action).rest[0] : null;
  const hand = ctx.view.hand || [];
  return h('div', { class: 'hand', role: 'group', 'aria-label': t('Your hand') }, hand.map((card, i) => {
    const options = byCard[card] || [];
    const el = cardEl(ctx.deck, card, {
      key: `hand-${card}`,
      disabled: !ctx.myTurn || options.length === 0,
      onClick: () => (options.length === 1 ? ctx.act(options[0]) : choose(card, options)),
    });
    el.dataset.index = String(i);
    if (card === hinted) el.classList.add('hinted');
    return el;
  }));
}

export function pointsLine(label, value) {
  return h('p', { class: 'points-line' }, `${label}: `, h('b', {}, num(value)));
}
