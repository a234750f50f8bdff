import { expect } from 'chai';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { dereference } from '@readme/openapi-parser';
import { parse } from 'yaml';
import { readFile } from 'node:fs/promises';
import { CONTRACT_PATH } from '../../src/http/contract.js';

const run = promisify(execFile);
const root = path.resolve(path.dirname(CONTRACT_PATH), '..');
const bin = (name: string): string => path.join(root, 'node_modules', '.bin', name);
// Neither linter may phone home from a test run.
const quietEnv = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_UPDATE_NOTIFIER: '1' };

/** Runs a linter that exits non-zero on findings; its JSON report is on stdout either way. */
async function lintJson(file: string, args: string[]): Promise<string> {
  try {
    return (await run(file, args, { cwd: root, env: quietEnv, maxBuffer: 32 * 1024 * 1024 })).stdout;
  } catch (error) {
    return (error as { stdout?: string }).stdout ?? String(error);
  }
}

describe('contract/openapi.yaml under stock linters', function () {
  this.timeout(60_000);

  it('passes `redocly lint` (recommended, redocly.yaml) with 0 errors and 0 warnings', async () => {
    const out = await lintJson(bin('redocly'), ['lint', 'contract/openapi.yaml', '--format=json']);
    const report = JSON.parse(out.slice(out.indexOf('{'))) as { totals: { errors: number; warnings: number }; problems: unknown[] };
    expect(report.problems, JSON.stringify(report.problems, null, 2)).to.deep.equal([]);
    expect(report.totals.errors).to.equal(0);
    expect(report.totals.warnings).to.equal(0);
  });

  it('passes `spectral lint` (spectral:oas, .spectral.yaml) with no finding of any severity', async () => {
    const out = await lintJson(bin('spectral'), ['lint', 'contract/openapi.yaml', '--ruleset', '.spectral.yaml', '--fail-severity=hint', '--format=json', '--quiet']);
    const findings = JSON.parse(out.slice(out.indexOf('['))) as { code: string; message: string; path: string[] }[];
    expect(findings.map((f) => `${f.code} ${f.path.join('.')}: ${f.message}`)).to.deep.equal([]);
  });

  it('dereferences fully without a circular $ref (TraceSpan.children uses x-recursive-ref instead)', async () => {
    const document = parse(await readFile(CONTRACT_PATH, 'utf8'), { maxAliasCount: -1 });
    // circular: false makes the parser throw on any $ref cycle, as Portman and code generators fail.
    const resolved = (await dereference(document, { dereference: { circular: false } })) as unknown as Record<string, any>;
    const children = resolved.components.schemas.TraceSpan.properties.children;
    expect(children.items['x-recursive-ref']).to.equal('#/components/schemas/TraceSpan');
  });

  it('gives every rule the Spectral ruleset turns off a written reason', async () => {
    const lines = (await readFile(path.join(root, '.spectral.yaml'), 'utf8')).split('\n');
    lines.forEach((line, index) => {
      if (/^\s+[\w-]+:\s*off\s*$/.test(line)) expect(lines[index - 1], `reason above "${line.trim()}"`).to.match(/^\s*#/);
    });
  });
});
