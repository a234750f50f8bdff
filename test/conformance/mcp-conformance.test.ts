import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { PACKAGE_ROOT } from '../../src/package-root.js';
import { forEachAdapter } from '../support/adapters.js';
import { startListeningServer, type ListeningServer } from '../tools/oauth-fixture.js';

const run = promisify(execFile);

/**
 * The official MCP conformance suite against the real server. It needs Node ≥ 22 while the project
 * runs on 20, so both come from npm into a temporary prefix (the `node` package ships the binary),
 * never into the project: MCP_CONFORMANCE_PREFIX reuses an installed prefix. The suite's client
 * sends no credential, so the listening server adds the project API key to requests that carry none,
 * as a client configured with a header would; Host and Origin reach the server untouched.
 */
const SUITE = '@modelcontextprotocol/conformance@0.1.16';
const NODE = 'node@22';

async function toolchain(): Promise<{ node: string; cli: string }> {
  const prefix = process.env.MCP_CONFORMANCE_PREFIX ?? path.join(tmpdir(), 'tracewell-mcp-conformance');
  const node = path.join(prefix, 'node_modules', 'node', 'bin', 'node');
  const cli = path.join(prefix, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
  if (!existsSync(node) || !existsSync(cli)) {
    await run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', prefix, NODE, SUITE], { timeout: 240_000 });
  }
  return { node, cli };
}

forEachAdapter((adapter) => {
  describe('the official MCP conformance suite (server scenarios)', function () {
    this.timeout(300_000);
    let fixture: ListeningServer;
    let tools: { node: string; cli: string };

    before(async () => {
      tools = await toolchain();
      const credential: Record<string, string> = {};
      fixture = await startListeningServer(adapter, { env: { TOOL_RATE_LIMIT_PER_MINUTE: '100000' }, injectHeaders: credential });
      // Filled after start: the tenant's key exists only then.
      credential['x-api-key'] = fixture.server.tenant.apiKey;
    });

    after(async () => {
      await fixture.close();
    });

    it('passes every applicable scenario; the not-applicable ones are listed in conformance/mcp-not-applicable.yml', async () => {
      const results = mkdtempSync(path.join(tmpdir(), 'mcp-conformance-results-'));
      const url = `${fixture.baseUrl}/mcp`;
      const outcome = await run(tools.node, [tools.cli, 'server', '--url', url, '--expected-failures', path.join(PACKAGE_ROOT, 'conformance', 'mcp-not-applicable.yml')], {
        cwd: results,
        timeout: 240_000,
        env: { ...process.env, PATH: `${path.dirname(tools.node)}:${process.env.PATH}` },
      }).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: `${error.stdout}\n${error.stderr}` }),
      );
      const summary = outcome.stdout.slice(outcome.stdout.indexOf('=== SUMMARY ==='));
      expect(outcome.code, summary).to.equal(0);
      for (const scenario of ['server-initialize', 'logging-set-level', 'ping', 'completion-complete', 'tools-list', 'resources-list', 'prompts-list', 'dns-rebinding-protection', 'server-sse-multiple-streams']) {
        expect(summary, scenario).to.match(new RegExp(`✓ ${scenario}: \\d+ passed, 0 failed`));
      }
    });
  });
});
