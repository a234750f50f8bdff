import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { CONFIGURATION_DOC, renderConfigurationDoc } from '../../scripts/generate-configuration-doc.js';
import { SETTINGS, SETTING_GROUPS, type SettingName } from '../../src/settings/catalog.js';

describe('docs/configuration.md', () => {
  it('is what scripts/generate-configuration-doc.ts renders from the settings catalog', async () => {
    const committed = await readFile(CONFIGURATION_DOC, 'utf8');
    expect(committed === renderConfigurationDoc(), 'docs/configuration.md is stale: run `npm run docs:config`').to.equal(true);
  });

  it('has one row per declared setting, under its group heading', () => {
    const document = renderConfigurationDoc();
    for (const name of Object.keys(SETTINGS) as SettingName[]) {
      const heading = document.indexOf(`## ${SETTING_GROUPS[SETTINGS[name].group]}\n`);
      const row = document.indexOf(`\n| \`${name}\` |`);
      expect(row, `${name} has no row`).to.be.greaterThan(heading);
      expect(document.indexOf('\n## ', heading + 1) === -1 || document.indexOf('\n## ', heading + 1) > row, `${name} is outside its group`).to.equal(true);
    }
    expect(document.match(/^\| `[A-Z0-9_]+` \|/gm)).to.have.length(Object.keys(SETTINGS).length);
  });

  it('shows an integer setting\'s default from the catalog, which is the value the server uses', () => {
    expect(renderConfigurationDoc()).to.contain('| `PORT` | `8080` | integer ≥ 0 | Listening port. |');
    expect(renderConfigurationDoc()).to.contain('| `MAX_BODY_BYTES` | `1048576` (1 MiB) | integer ≥ 1024 |');
  });
});
