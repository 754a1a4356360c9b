// The rules page of a table with these options (the same query the rules route validates):
// the lobby's "Rules with these options" and an invitation's house rules.
export function rulesHref(game, players, options, lang) {
  const query = new URLSearchParams({ lang });
  if (players) query.set('players', String(players));
  for (const [name, value] of Object.entries(options || {})) {
    if (!(typeof value === 'number' && Number.isNaN(value))) query.set(name, String(value));
  }
  return `/rules/${game}?${query}`;
}
