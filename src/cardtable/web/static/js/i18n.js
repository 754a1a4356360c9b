// The client's strings come from the server's gettext catalogs (/api/i18n/LANG), keyed by their
// English text, so translators work in the same .po files as for the rest of cardtable.
import { h } from './dom.js';

let catalog = { strings: {}, cards: { latin: {}, french: {} }, languages: { en: 'English' } };

export const lang = document.body.dataset.lang || 'en';

export async function loadStrings() {
  const response = await fetch(`/api/i18n/${encodeURIComponent(lang)}`);
  if (response.ok) catalog = await response.json();
  return catalog;
}

// t('Deal {n}', {n: 2}): the translation, with {names} filled in.
export function t(text, params = {}) {
  const found = catalog.strings[text] || text;
  return found.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

export function cardName(deck, card) {
  const base = card.startsWith('*') ? '*' : card;
  const name = (catalog.cards[deck] || {})[base] || card;
  if (card.startsWith('*=')) return t('joker as {card}', { card: cardName(deck, card.slice(2)) });
  return name;
}

// The language picker: remembered in a cookie (the server reads it) for a year.
export function languagePicker() {
  const select = h('select', {
    id: 'language',
    'aria-label': t('Language'),
    onchange: (event) => {
      document.cookie = `lang=${event.target.value}; path=/; max-age=31536000; samesite=lax`;
      const url = new URL(window.location.href);
      url.searchParams.delete('lang');
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
}
