// The client's strings come from the server's gettext catalogs (/api/i18n/LANG), keyed by their
// English text, so translators work in the same .po files as for the rest of cardtable.
import { h } from './dom.js';
import { compileRule } from './plural.js';

let catalog = {
  strings: {}, plurals: {}, plural: { count: 2, rule: '(n != 1)' }, numbers: null,
  cards: { latin: {}, french: {} }, languages: { en: 'English' },
};

export const lang = document.body.dataset.lang || 'en';
// The page's language as a BCP 47 tag (pt_BR → pt-BR), for Intl.
export const locale = lang.replace('_', '-');
const FORMAT = { maximumFractionDigits: 1 };
// A browser may lack a language's number data (Chromium's has no Basque): it then formats in
// English shapes with the language's own signs, which the catalog sends (from Babel's CLDR).
const native = Intl.NumberFormat.supportedLocalesOf([locale]).length > 0;
const numbers = new Intl.NumberFormat(native ? locale : 'en-US', FORMAT);
const SIGNS = { group: 'group', decimal: 'decimal', minusSign: 'minus' };

// A number as this language writes it: 1,000.5 in English, 1.000,5 in Portuguese and Basque,
// 1000,5 or 10 000,5 in Hungarian. Anything else is shown as it is.
export function num(value) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value);
  if (native || !catalog.numbers) return numbers.format(value);
  return numbers.formatToParts(value)
    .map((part) => (SIGNS[part.type] ? catalog.numbers[SIGNS[part.type]] : part.value)).join('');
}

// A sentence, or a label standing alone (a table's cell), starts with a capital whatever its
// first word: "Bot 2 (random) played …", though a bot's name is "bot 2" inside a sentence.
export function sentenceCase(text) {
  return text ? text[0].toLocaleUpperCase(locale) + text.slice(1) : text;
}

// gettext's plural rule is a C expression of n (`(n != 1)`, `n==1 ? 0 : n%10==2 ? 1 : 2`…),
// read by plural.js (no string is ever run as script: the Content-Security-Policy forbids it).
let pluralIndex = (n) => (n === 1 ? 0 : 1);

function compilePlural(rule) {
  return compileRule(rule) || ((n) => (n === 1 ? 0 : 1));
}

export async function loadStrings() {
  const response = await fetch(`/api/i18n/${encodeURIComponent(lang)}`);
  if (response.ok) catalog = await response.json();
  pluralIndex = compilePlural((catalog.plural && catalog.plural.rule) || '(n != 1)');
  return catalog;
}

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? num(params[key]) : whole));
}

// t('Deal {n}', {n: 2}): the translation, with {names} filled in (numbers in the page's format).
export function t(text, params = {}) {
  return fill(catalog.strings[text] || text, params);
}

// tn(singular, plural, n, params): the form of the translation that the language uses for
// the number n, filled in like t().
export function tn(singular, plural, n, params = {}) {
  const forms = (catalog.plurals || {})[singular];
  if (!forms || !forms.length) return fill(n === 1 ? singular : plural, params);
  const index = Math.min(Math.max(0, pluralIndex(Math.abs(Math.trunc(n))) || 0), forms.length - 1);
  return fill(forms[index], params);
}

export function cardName(deck, card) {
  const base = card.startsWith('*') ? '*' : card;
  const name = (catalog.cards[deck] || {})[base] || card;
  if (card.startsWith('*=')) return t('joker as {card}', { card: cardName(deck, card.slice(2)) });
  return name;
}

// The picker's reload names the language (?lang=). Once the cookie says the same, the address
// drops it again, so an address copied from this page does not carry a language to somebody
// else (it would outrank their own choice). A ?lang= the cookie does not say is kept.
function forgetChosenLanguageInAddress() {
  const url = new URL(window.location.href);
  const named = url.searchParams.get('lang');
  const cookie = document.cookie.split(';').map((part) => part.trim())
    .find((part) => part.startsWith('lang='));
  if (!named || !cookie || decodeURIComponent(cookie.slice(5)) !== named) return;
  url.searchParams.delete('lang');
  window.history.replaceState(window.history.state, '', url.toString());
}

// The language picker: remembered in a cookie (the server reads it) for a year, and named in
// the address it reloads (?lang=, which the server reads first). The browser stores a cookie
// set from a script on its own time, so the reload could otherwise still go out without it.
export function languagePicker() {
  const select = h('select', {
    id: 'language',
    'aria-label': t('Language'),
    onchange: (event) => {
      const code = event.target.value;
      document.cookie = `lang=${code}; path=/; max-age=31536000; samesite=lax`;
      const url = new URL(window.location.href);
      url.searchParams.set('lang', code);
      window.location.assign(url.toString());
    },
  });
  for (const [code, name] of Object.entries(catalog.languages)) {
    select.append(h('option', { value: code, selected: code === lang }, name));
  }
  return h('label', { class: 'language' }, h('span', { class: 'visually-hidden' }, t('Language')),
    select);
}

export function mountNav(...extra) {
  const nav = document.getElementById('nav');
  if (!nav) return;
  nav.replaceChildren(...extra, languagePicker());
  forgetChosenLanguageInAddress();
}
