/**
 * The credential-policy table of docs/identity.md, from the contract:
 * `npx tsx scripts/scope-table.ts` prints it, `--write` puts it between the document's markers.
 * A test keeps the document's copy equal to this output.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { operationIndex } from '../src/http/contract.js';

export function renderScopeTable(): string {
  const rows = operationIndex().map((operation) => {
    // A scheme listed more than once offers alternatives: any one of them suffices.
    const scopesOf = (scheme: string) => {
      const entries = operation.security.filter((e) => e.scheme === scheme);
      return entries.length ? entries.map((entry) => entry.scopes.map((s) => `\`${s}\``).join(' ') || 'any').join(' or ') : '—';
    };
    const keys = operation.security.some((e) => e.scheme === 'apiKey' || e.scheme === 'legacyBearer') ? 'yes' : '—';
    const guest = operation.security.some((e) => e.scheme === 'guestReview') ? 'yes' : '—';
    return `| \`${operation.operationId}\` | \`${operation.method} ${operation.pathTemplate}\` | ${keys} | ${scopesOf('oauth2')} | ${scopesOf('serviceAccount')} | ${guest} | ${operation.projectScoped ? operation.minRole : "—"} |`;
  });
  return [
    '| Operation | Method and path | API key | OAuth scopes | Service-account scopes | Guest | Min. role |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

const DOCUMENT = fileURLToPath(new URL('../docs/identity.md', import.meta.url));
const MARKED = /(<!-- scope-table:start -->\n)[\s\S]*?(\n<!-- scope-table:end -->)/;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--write')) {
    writeFileSync(DOCUMENT, readFileSync(DOCUMENT, 'utf8').replace(MARKED, (_all, start: string, end: string) => `${start}${renderScopeTable()}${end}`));
  } else {
    console.log(renderScopeTable());
  }
}
