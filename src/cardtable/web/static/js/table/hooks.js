// Hook points for modules that add to the table page without editing its modules (the
// friends' rematch button and the like). A hook is a function of the page's state S that
// returns an element (or null); each is called at every redraw of the place it adds to.
//
//   import { addMatchEndAction } from './table/hooks.js';
//   addMatchEndAction((S) => h('button', { id: 'rematch', onclick: offer }, label));

const matchEndActions = [];
const headerItems = [];

// A button (or link) in the match-end dialog's row, beside "Play again".
export function addMatchEndAction(fn) { matchEndActions.push(fn); }
// An item in the table's heading, after the links.
export function addHeaderItem(fn) { headerItems.push(fn); }

export function matchEndExtras(S) { return matchEndActions.map((fn) => fn(S)).filter(Boolean); }
export function headerExtras(S) { return headerItems.map((fn) => fn(S)).filter(Boolean); }

// How many hooks are added (a part with hooks is built at every redraw: their inputs are theirs).
export function hookCount() { return matchEndActions.length + headerItems.length; }
