// The "last move" line on the felt: the table's last accepted move (the state's `last`, with
// the events it caused) as one sentence, in the past tense, naming every card and where a drawn
// card came from. "You …" and "{name} …" are separate sentences, so that translators can make
// the verb agree with its subject.
import { cardsOf, split } from './actions.js';
import { cardName, sentenceCase, t } from './i18n.js';

// verb → [sentence for me, sentence for someone else]
const SENTENCES = {
  play: ['You played {card}.', '{name} played {card}.'],
  capture: ['You captured {taken} with {card}.', '{name} captured {taken} with {card}.'],
  draw: ['You drew from the stock.', '{name} drew from the stock.'],
  burn: ['You burned the drawn card and drew another from the stock.',
    '{name} burned the drawn card and drew another from the stock.'],
  take: ['You took {card} from the discard pile and melded {meld}.',
    '{name} took {card} from the discard pile and melded {meld}.'],
  advance: ['You advanced: took {card} from the discard pile and melded {meld}.',
    '{name} advanced: took {card} from the discard pile and melded {meld}.'],
  meld: ['You melded {meld}.', '{name} melded {meld}.'],
  layoff: ['You laid off {cards} on meld {number}.', '{name} laid off {cards} on meld {number}.'],
  discard: ['You discarded {card}.', '{name} discarded {card}.'],
  pass: ['You passed.', '{name} passed.'],
  buyback: ['You bought back in.', '{name} bought back in.'],
  decline: ['You stayed out.', '{name} stayed out.'],
};

function names(deck, cards) {
  return cards.map((c) => cardName(deck, c)).join(', ');
}

// `last`: {seat, action, by}; `mine`: whether it was my move; `events`: the state's events;
// `sentences`: the game module's own wording of a verb, where it differs (Putto's "play" lays
// the card on the table), as SENTENCES gives it.
export function lastMoveText(move) {
  return sentenceCase(wording(move));
}

function wording({ deck, last, name, mine, events, sentences }) {
  const { verb, rest } = split(last.action);
  const pair = (sentences && sentences[verb]) || SENTENCES[verb];
  if (!pair) return `${name}: ${last.action}`;
  const event = (events || []).find((e) => e.kind === verb);
  // which card came off the discard pile only the events say (absent after a reload)
  if (!event && (verb === 'take' || verb === 'advance')) {
    return t(SENTENCES.meld[mine ? 0 : 1], { name, meld: names(deck, cardsOf(last.action)) });
  }
  // which cards a capture took only its event says (absent after a reload)
  if (!event && verb === 'capture') {
    const fields = { name, card: cardName(deck, rest[0] || '') };
    return mine ? t('You captured with {card}.', fields) : t('{name} captured with {card}.', fields);
  }
  const cards = cardsOf(last.action);
  const fields = {
    name,
    card: cardName(deck, (event && event.card) || rest[0] || ''),
    taken: names(deck, (event && event.taken) || []),
    meld: names(deck, cards),
    cards: names(deck, cards),
    number: verb === 'layoff' ? rest[0] : '',
  };
  return t(pair[mine ? 0 : 1], fields);
}
