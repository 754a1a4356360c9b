// The lobby: what each game is (its cards, how many play it, how to play it) with a button to
// play it against bots, make a table for friends (seats, bots, a rule set and its house rules),
// join by code, and the tables open now.
import { cardEl, titleOf } from './cards.js';
import { clockSelect } from './clock.js';
import { clear, getJSON, h, postJSON } from './dom.js';
import { cardName, lang, loadStrings, mountNav, num, t } from './i18n.js';
import { saveName, saveSeat } from './seats.js';
import { nickname } from './nickname.js'; // friends: the remembered nickname
import { levelNotes } from './levels.js';
import { myRatingLine } from './ratings.js'; // ratings: this player's, in words
import { rulesHref as rulesLink } from './ruleslink.js';
import { watchInvitations } from './invitations.js'; // a friend's invitation, on any page
import { quickMatch } from './quickmatch.js'; // quick match: play with people waiting
import { CUSTOM, presetOf, presetText } from './presets.js';

const app = document.getElementById('app');
const LEVELS = { random: 'random', easy: 'easy', medium: 'medium', hard: 'hard' };

function levelName(level) {
  return t(LEVELS[level] || level);
}

function errorBox() {
  return h('p', { class: 'error', role: 'alert', hidden: true });
}

function showError(box, error) {
  box.hidden = false;
  box.textContent = error.message || String(error);
}

function nameField(id) {
  return h('label', { for: id }, t('Your name'), ' ',
    h('input', { id, name: 'name', maxlength: '40', required: true, value: nickname(),
      autocomplete: 'nickname' }));
}

// How many play a game: "2 to 8 players", or the counts it allows ("2, 4 players").
function playerCounts(game) {
  const counts = game.players;
  const low = counts[0];
  const high = counts[counts.length - 1];
  if (counts.length === high - low + 1) return t('{low} to {high} players', { low, high });
  return t('{counts} players', { counts: counts.map((n) => num(n)).join(', ') });
}

// One game for a newcomer: its name, how to play it and its rules up front, a few of its
// cards, what it is, how many play it, and the button that starts it against bots.
function gameCard(game) {
  const title = t(game.title);
  const deck = game.deck;
  const headingId = `about-${game.game}-title`;
  return h('article', { class: `game-card game-${game.game}`, id: `about-${game.game}`,
    'aria-labelledby': headingId },
  h('h3', { id: headingId }, title),
  h('p', { class: 'game-links' },
    h('a', { href: `/how/${game.game}`, class: 'how', 'aria-label': `${t('How to play')}: ${title}` },
      t('How to play')),
    h('a', { href: rulesHref(game.game), class: 'rules', id: `rules-${game.game}`,
      'aria-label': `${t('Rules')}: ${title}` }, t('Rules'))),
  h('div', { class: 'showcase', role: 'img', 'aria-label': t('Cards of {game}: {cards}',
    { game: title, cards: game.showcase.map((card) => cardName(deck, card)).join(', ') }) },
  game.showcase.map((card) => cardEl(deck, card))),
  h('p', { class: 'about' }, game.summary),
  h('p', { class: 'counts' }, playerCounts(game)),
  h('button', { type: 'submit', name: 'game', value: game.game, class: `big game-${game.game}` },
    t('Play {game}', { game: title })));
}

function quickPlay(games) {
  const error = errorBox();
  const level = h('select', { id: 'quick-level', name: 'level' },
    ['random', 'easy', 'medium', 'hard'].map((l) => h('option', { value: l, selected: l === 'medium' },
      levelName(l))));
  const notes = levelNotes(games, Object.fromEntries(games.map((g) => [g.game, g.title]))); // each level's line and rating
  notes.show(level.value);
  level.addEventListener('change', () => notes.show(level.value));
  const form = h('form', { class: 'panel', id: 'quick' },
    h('h2', {}, t('Play against bots now')),
    h('div', { class: 'row' }, nameField('quick-name'),
      h('label', { for: 'quick-level' }, t('Bots'), ' ', level)),
    h('div', { class: 'game-cards' }, games.map(gameCard)),
    notes.box, // below the games: what the bots of the level chosen play like in each
    error);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const game = event.submitter ? event.submitter.value : games[0].game;
    const name = form.querySelector('[name=name]').value.trim() || t('player');
    saveName(name);
    try {
      const joined = await postJSON('/api/play', { game, name, level: level.value });
      saveSeat(joined.code, joined.seat, joined.token);
      window.location.assign(`/t/${joined.code}`);
    } catch (e) {
      showError(error, e);
    }
  });
  return form;
}

// One house rule: its label and input, and a line of help (both translated by /api/games).
function optionInput(option) {
  const id = `opt-${option.name}`;
  const helpId = `${id}-help`;
  const label = option.label || option.name;
  const choiceLabel = (c) => (option.choice_labels || {})[c] || String(c);
  let input;
  if (option.type === 'bool') {
    input = h('input', { type: 'checkbox', id, name: option.name, checked: Boolean(option.default),
      'aria-describedby': helpId });
  } else if (option.choices && option.choices.length) {
    input = h('select', { id, name: option.name, 'aria-describedby': helpId },
      option.choices.map((c) => h('option', { value: String(c), selected: c === option.default },
        choiceLabel(c))));
  } else {
    input = h('input', { type: 'number', id, name: option.name, value: option.default,
      min: option.minimum ?? null, max: option.maximum ?? null, 'aria-describedby': helpId });
  }
  const text = h('span', { class: 'option-label' }, label);
  return h('div', { class: `option option-${option.type}` },
    option.type === 'bool' ? h('label', { for: id }, input, ' ', text)
      : h('label', { for: id }, text, ' ', input),
    h('p', { class: 'help', id: helpId }, option.help));
}

// The rules page of a table with these options (ruleslink.js), in the page's language.
function rulesHref(game, players, options) {
  return rulesLink(game, players, options, lang);
}

// An option's default at `players` (Putto's teams and deals depend on it: /api/games' defaults).
function defaultAt(option, players) {
  const byCount = option.defaults || {};
  return String(players) in byCount ? byCount[String(players)] : option.default;
}

// Put `value` into an option's input.
function setOptionValue(option, form, value) {
  const el = form.querySelector(`[name="${option.name}"]`);
  if (!el) return;
  if (option.type === 'bool') el.checked = Boolean(value);
  else el.value = String(value);
}

function optionValue(option, form) {
  const el = form.querySelector(`[name="${option.name}"]`);
  if (!el) return option.default; // another game's form is being drawn
  if (option.type === 'bool') return el.checked;
  if (option.type === 'int') return Number.parseInt(el.value, 10);
  return el.value;
}

function newTable(games) {
  const error = errorBox();
  const gameSelect = h('select', { id: 'new-game', name: 'game' },
    games.map((g) => h('option', { value: g.game }, t(g.title))));
  const players = h('input', { id: 'new-players', type: 'number', name: 'players' });
  const seatsBox = h('fieldset', { class: 'seats' });
  const optionsBox = h('div', { class: 'options' });
  // The rule set: choosing one sets its options; changing one of them makes it "custom".
  const presetSelect = h('select', { id: 'new-preset', name: 'preset', 'aria-describedby': 'new-preset-note' });
  const presetNote = h('p', { class: 'preset-note', id: 'new-preset-note' });
  // The options changed by hand since the game was chosen: a new player count leaves them be.
  let touched = new Set();
  const timer = h('input', { id: 'new-timer', type: 'number', min: '0', max: '3600', value: '0',
    name: 'turn_seconds' });
  const hints = h('input', { id: 'new-hints', type: 'checkbox', checked: true, name: 'hints' });
  const clock = clockSelect('new-clock');
  // Off by default: a table for friends is found by its link only, unless opened to anyone.
  const open = h('input', { id: 'new-public', type: 'checkbox', checked: false, name: 'public' });
  const current = () => games.find((g) => g.game === gameSelect.value);
  const rating = myRatingLine();

  function drawSeats() {
    const game = current();
    const n = Number.parseInt(players.value, 10) || game.default_players;
    const before = [...seatsBox.querySelectorAll('select')].map((select) => select.value);
    if (before.length === n) return; // nothing to redraw: keep what was chosen
    clear(seatsBox).append(h('legend', {}, t('Who sits where')));
    for (let i = 0; i < n; i += 1) {
      const id = `seat-${i}`;
      seatsBox.append(h('label', { for: id, class: 'seat-choice' }, t('Seat {n}', { n: i + 1 }), ' ',
        h('select', { id, name: id },
          h('option', { value: 'person', selected: (before[i] || (i === 0 ? 'person' : '')) === 'person' },
            t('a person')),
          game.levels.map((l) => h('option', { value: `bot:${l}`,
            selected: before[i] ? before[i] === `bot:${l}` : i > 0 && l === 'medium' },
            t('bot: {level}', { level: levelName(l) }))))));
    }
  }
  function showPreset(name) {
    const game = current();
    presetSelect.value = name;
    presetNote.textContent = presetText(game, name).description;
  }
  // The rule set the options now play: a preset's name, else custom.
  function followOptions() {
    showPreset(presetOf(current(), chosenOptions()));
  }
  function choosePreset() {
    const game = current();
    const preset = game.presets.find((p) => p.name === presetSelect.value);
    if (preset) {
      for (const option of game.options) {
        if (option.name in preset.options) setOptionValue(option, optionsBox, preset.options[option.name]);
      }
    }
    showPreset(presetSelect.value);
  }
  // A new player count: each option whose default depends on it (Putto's teams and deals, as
  // their help says) takes its default there, unless it was changed by hand.
  function followPlayers() {
    const n = Number.parseInt(players.value, 10);
    if (!current().players.includes(n)) return;
    for (const option of current().options) {
      if (option.defaults && Object.keys(option.defaults).length && !touched.has(option.name)) {
        setOptionValue(option, optionsBox, defaultAt(option, n));
      }
    }
  }
  function drawGame() {
    const game = current();
    players.min = game.min_players;
    players.max = game.max_players;
    players.value = game.default_players;
    clear(optionsBox).append(...game.options.map(optionInput));
    clear(presetSelect).append(...game.presets.map((p) => h('option', { value: p.name }, p.title)),
      h('option', { value: CUSTOM }, t('Custom')));
    touched = new Set();
    followPlayers();
    followOptions();
    clear(seatsBox);
    drawSeats();
    rating.show(game.game);
  }
  const rulesLink = h('a', { id: 'new-rules', target: '_blank', rel: 'noopener' },
    t('Rules with these options'));
  const chosenOptions = () => {
    const options = {};
    for (const option of current().options) options[option.name] = optionValue(option, optionsBox);
    return options;
  };
  // The link follows the form: game, player count and every house rule as chosen now.
  function updateRulesLink() {
    const n = Number.parseInt(players.value, 10) || current().default_players;
    rulesLink.href = rulesHref(current().game, n, chosenOptions());
  }
  gameSelect.addEventListener('change', drawGame);
  players.addEventListener('change', drawSeats);
  players.addEventListener('input', drawSeats);
  players.addEventListener('input', followPlayers);
  presetSelect.addEventListener('change', choosePreset);
  const optionChanged = (event) => {
    if (event.target.name) touched.add(event.target.name);
    followOptions();
  };
  optionsBox.addEventListener('input', optionChanged);
  optionsBox.addEventListener('change', optionChanged);

  const form = h('form', { class: 'panel', id: 'new-table' },
    h('h2', {}, t('A table with friends')),
    h('div', { class: 'row' }, nameField('new-name'),
      h('label', { for: 'new-game' }, t('Game'), ' ', gameSelect),
      h('label', { for: 'new-players' }, t('Players'), ' ', players)),
    rating.box,
    h('div', { class: 'option rule-set' },
      h('label', { for: 'new-preset' }, t('Rule set'), ' ', presetSelect), presetNote),
    seatsBox,
    h('div', { class: 'option' }, h('label', { for: 'new-public' }, open, ' ',
      t('Open to anyone: list it in the open tables'))),
    h('details', {}, h('summary', {}, t('House rules')), optionsBox, h('p', {}, rulesLink),
      h('div', { class: 'option' }, h('label', { for: 'new-timer' }, t('Turn timer (seconds, 0: none)'),
        ' ', timer)),
      h('div', { class: 'option' }, h('label', { for: 'new-clock' }, t('Game clock'), ' ', clock)),
      h('div', { class: 'option' }, h('label', { for: 'new-hints' }, hints, ' ', t('Hints allowed')))),
    h('button', { type: 'submit', class: 'big' }, t('Make the table')),
    error);
  form.addEventListener('input', updateRulesLink);
  form.addEventListener('change', updateRulesLink);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const game = current();
    const seats = [...seatsBox.querySelectorAll('select')].map((s) => (s.value === 'person'
      ? { kind: 'person' } : { kind: 'bot', level: s.value.slice(4) }));
    const options = {};
    for (const option of game.options) options[option.name] = optionValue(option, optionsBox);
    const name = form.querySelector('[name=name]').value.trim() || t('player');
    saveName(name);
    try {
      const table = await postJSON('/api/tables', {
        game: game.game, players: seats.length, seats, options, preset: presetSelect.value,
        turn_seconds: Number.parseFloat(timer.value) || null, hints: hints.checked,
        public: open.checked, clock: clock.value,
      });
      const mine = seats.findIndex((s) => s.kind === 'person');
      const joined = await postJSON(`/api/tables/${table.code}/join`, { name, seat: mine });
      saveSeat(joined.code, joined.seat, joined.token);
      window.location.assign(`/t/${joined.code}`);
    } catch (e) {
      showError(error, e);
    }
  });
  drawGame();
  updateRulesLink();
  return form;
}

function joinByCode() {
  const input = h('input', { id: 'join-code', name: 'code', required: true, maxlength: '12',
    autocapitalize: 'characters', spellcheck: 'false' });
  const form = h('form', { class: 'panel', id: 'join' },
    h('h2', {}, t('Join a table')),
    h('div', { class: 'row' }, h('label', { for: 'join-code' }, t('Table code'), ' ', input),
      h('button', { type: 'submit' }, t('Go to the table'))));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const code = input.value.trim().toUpperCase().replace(/[^A-Z0-9-]/g, '');
    if (code) window.location.assign(`/t/${code}`);
  });
  return form;
}

// Who sits at an open table already: people by name, bots by level (free seats are counted).
function seated(table) {
  return table.seats.filter((s) => s.kind === 'bot' || s.taken).map((s) => (s.kind === 'bot'
    ? t('bot: {level}', { level: levelName(s.level) }) : s.name));
}

// One page of the open tables (GET /api/tables?limit=&offset=), with the way to the others.
function openTables(page) {
  const section = h('section', { class: 'panel', id: 'open-tables' });
  function draw(current) {
    const { tables, total, limit, offset } = current;
    clear(section).append(h('h2', {}, t('Open tables')));
    if (!tables.length) {
      section.append(h('p', {}, t('No open tables right now.')));
      if (!offset) return;
    }
    section.append(h('ul', { class: 'tables' }, tables.map((table) => h('li', {},
      h('a', { href: `/t/${table.code}` }, h('code', {}, table.code)), ' ',
      t(titleOf(table.game)), ' · ',
      table.status === 'waiting'
        ? t('free seats: {n}', { n: table.free_seats.length }) : t('being played (watch)'),
      seated(table).length ? [' · ', seated(table).join(', ')] : null))));
    if (total <= tables.length && !offset) return;
    const go = (to) => async () => {
      try {
        draw(await getJSON(`/api/tables?limit=${limit}&offset=${to}`));
      } catch (e) {
        section.append(h('p', { class: 'error', role: 'alert' }, e.message || String(e)));
      }
    };
    const previous = h('button', { type: 'button', id: 'tables-previous', disabled: offset <= 0 },
      t('Previous tables'));
    const next = h('button', { type: 'button', id: 'tables-next',
      disabled: offset + tables.length >= total }, t('Next tables'));
    previous.addEventListener('click', go(Math.max(0, offset - limit)));
    next.addEventListener('click', go(offset + limit));
    section.append(h('p', { class: 'row pages' },
      t('Tables {first} to {last} of {total}', {
        first: tables.length ? offset + 1 : offset, last: offset + tables.length, total,
      }), ' ', previous, ' ', next));
  }
  draw(page);
  return section;
}

async function main() {
  await loadStrings();
  mountNav(h('a', { href: '/mine' }, t('My games')), h('a', { href: '/daily' }, t('The daily deal'))); // friends
  watchInvitations();
  const [games, tables] = await Promise.all([getJSON(`/api/games?lang=${encodeURIComponent(lang)}`), getJSON('/api/tables?offset=0')]);
  clear(app).append(
    h('h1', {}, t('Punttu, Pontinho and Putto, online.')),
    quickPlay(games),
    quickMatch(games, () => document.getElementById('quick-name').value.trim() || t('player')),
    joinByCode(), newTable(games), openTables(tables));
}

main();
