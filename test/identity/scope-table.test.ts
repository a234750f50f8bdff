import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { renderScopeTable } from '../../scripts/scope-table.js';

describe('scope table of docs/identity.md', () => {
  it('is what scripts/scope-table.ts prints from the current contract', async () => {
    const document = await readFile(new URL('../../docs/identity.md', import.meta.url), 'utf8');
    const match = /<!-- scope-table:start -->\n([\s\S]*?)\n<!-- scope-table:end -->/.exec(document);
    expect(match, 'docs/identity.md lacks the scope-table markers').to.not.equal(null);
    expect(match![1] === renderScopeTable(), 'The scope table of docs/identity.md is stale: run `npx tsx scripts/scope-table.ts --write`').to.equal(true);
  });
});
