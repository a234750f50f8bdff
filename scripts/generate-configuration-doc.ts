/**
 * docs/configuration.md, from the settings catalog (src/settings/catalog.ts):
 * `npm run docs:config` writes it; test/settings/configuration-doc.test.ts keeps the committed file
 * equal to this output, so a setting cannot be added without its documentation.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SETTING_GROUPS, SETTINGS, type SettingDeclaration, type SettingGroup, type SettingName } from '../src/settings/catalog.js';

export const CONFIGURATION_DOC = fileURLToPath(new URL('../docs/configuration.md', import.meta.url));

function shownDefault(setting: SettingDeclaration): string {
  switch (setting.kind) {
    case 'integer':
      return setting.shown ?? `\`${setting.default}\``;
    case 'fraction':
    case 'switch':
      return `\`${setting.default}\``;
    case 'text':
      return setting.shown;
  }
}

function acceptedValues(setting: SettingDeclaration): string {
  if (setting.values) return setting.values;
  switch (setting.kind) {
    case 'integer':
      return `integer ≥ ${setting.min}`;
    case 'fraction':
      return 'number in (0, 1]';
    case 'switch':
      return '`true` or `false` (`1`, `yes`, `on` are true)';
    case 'text':
      return '—';
  }
}

// A `|` inside a cell would end it; none is expected, but a meaning must never break the table.
const cell = (text: string): string => text.replace(/\|/g, '\\|');

function groupSection(group: SettingGroup): string {
  const names = (Object.keys(SETTINGS) as SettingName[]).filter((name) => SETTINGS[name].group === group);
  const rows = names.map((name) => {
    const setting: SettingDeclaration = SETTINGS[name];
    return `| \`${name}\` | ${cell(shownDefault(setting))} | ${cell(acceptedValues(setting))} | ${cell(setting.meaning)} |`;
  });
  return [`## ${SETTING_GROUPS[group]}`, '', '| Variable | Default | Values | Meaning |', '|---|---|---|---|', ...rows].join('\n');
}

export function renderConfigurationDoc(): string {
  const groups = Object.keys(SETTING_GROUPS) as SettingGroup[];
  return [
    '# Configuration',
    '',
    '<!-- Generated from src/settings/catalog.ts by `npm run docs:config`; edit the catalog, not this file. -->',
    '',
    'Every setting comes from the environment. An unset or empty variable takes its default; a value',
    'that cannot be used stops start-up with one sentence naming the variable. The settings every',
    'replica of one deployment must share are listed in [deployment](deployment.md).',
    '',
    groups.map((group) => `[${SETTING_GROUPS[group]}](#${anchor(SETTING_GROUPS[group])})`).join(' · '),
    '',
    ...groups.flatMap((group) => [groupSection(group), '']),
  ].join('\n');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens. */
function anchor(heading: string): string {
  return heading.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(CONFIGURATION_DOC, renderConfigurationDoc());
  console.log(`wrote ${CONFIGURATION_DOC}`);
}
