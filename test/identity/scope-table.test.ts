import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { renderScopeTable } from '../../scripts/scope-table.js';

describe('README scope table', () => {
  it('is what scripts/scope-table.ts prints from the current contract', async () => {
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const match = /<!-- scope-table:start -->\n([\s\S]*?)\n<!-- scope-table:end -->/.exec(readme);
    expect(match, 'README.md lacks the scope-table markers').to.not.equal(null);
    expect(match![1] === renderScopeTable(), 'README scope table is stale: run `npx tsx scripts/scope-table.ts --write`').to.equal(true);
  });
});
