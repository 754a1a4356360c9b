// House-rule presets (/api/games' `presets`, engine/presets.py): a name for a set of options.
// A table's preset follows from its options: the preset whose every option it has, else custom.
import { h } from './dom.js';
import { t } from './i18n.js';

export const CUSTOM = 'custom';

// The name of the preset `options` play, else 'custom'.
export function presetOf(game, options) {
  const found = (game.presets || []).find((preset) => Object.entries(preset.options)
    .every(([name, value]) => options[name] === value));
  return found ? found.name : CUSTOM;
}

// A preset's title and line (translated by /api/games), custom's from the client's strings.
export function presetText(game, name) {
  const found = (game.presets || []).find((preset) => preset.name === name);
  if (found) return { title: found.title, description: found.description };
  return { title: t('Custom'), description: t("This table's own choice of house rules.") };
}

// "Rule set: Scopa style" (the table's settings), with its line when `note` (the waiting room).
export function ruleSetLine(game, name, note = false) {
  const { title, description } = presetText(game, name);
  return h('p', { class: 'rule-set-line', dataset: { preset: name } }, t('Rule set:'), ' ',
    h('strong', {}, title), note ? [' ', h('span', { class: 'preset-note' }, description)] : null);
}
