import { expect } from 'chai';
import { mkdtempSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigFile, configPath } from '../../src/cli/config-file.js';
import { resolveSettings } from '../../src/cli/settings.js';
import { renderTraceTree, type SpanNode } from '../../src/cli/span-tree.js';

describe('CLI user config file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'tracewell-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lives at TRACEWELL_CONFIG, else under XDG_CONFIG_HOME, else ~/.config/tracewell/config.json', () => {
    expect(configPath({ TRACEWELL_CONFIG: '/x/c.json', HOME: '/home/a' })).to.equal('/x/c.json');
    expect(configPath({ XDG_CONFIG_HOME: '/xdg', HOME: '/home/a' })).to.equal('/xdg/tracewell/config.json');
    expect(configPath({ HOME: '/home/a' })).to.equal('/home/a/.config/tracewell/config.json');
  });

  it('is written with mode 0600 and sessions are kept per base URL, then forgotten', () => {
    const file = new ConfigFile(path.join(dir, 'tracewell', 'config.json'));
    const session = { accessToken: 'tw_at_x', refreshToken: null, expiresAt: 1, scopes: ['context:read'], clientId: 'c', projectId: null };
    file.saveSession('http://a:1', session);
    expect(statSync(file.file).mode & 0o777).to.equal(0o600);
    expect(file.session('http://a:1')).to.deep.equal(session);
    expect(file.session('http://b:1')).to.equal(undefined);
    file.forgetSession('http://a:1');
    expect(existsSync(file.file)).to.equal(false);
  });

  it('resolves flags over environment over the file over defaults', () => {
    const env = { TRACEWELL_CONFIG: path.join(dir, 'c.json') };
    new ConfigFile(env.TRACEWELL_CONFIG).write({ baseUrl: 'http://file:1', projectId: 'p-file' });
    expect(resolveSettings({}, env)).to.include({ baseUrl: 'http://file:1', projectId: 'p-file' });
    expect(resolveSettings({}, { ...env, TRACEWELL_BASE_URL: 'http://env:2/', TRACEWELL_PROJECT_ID: 'p-env' })).to.include({ baseUrl: 'http://env:2', projectId: 'p-env' });
    expect(resolveSettings({ baseUrl: 'http://flag:3', project: 'p-flag' }, { ...env, TRACEWELL_BASE_URL: 'http://env:2' })).to.include({ baseUrl: 'http://flag:3', projectId: 'p-flag' });
    expect(resolveSettings({}, { TRACEWELL_CONFIG: path.join(dir, 'none.json') }).baseUrl).to.equal('http://127.0.0.1:8080');
  });
});

describe('CLI trace tree', () => {
  const span = (name: string, spanType: string, latencyMs: number, cost: number | undefined, children: SpanNode[] = [], error: string | null = null): SpanNode => ({
    name,
    spanType,
    status: error ? 'error' : 'success',
    latencyMs,
    error,
    metadata: cost === undefined ? {} : { cost },
    children,
  });

  it('indents spans under their parents with latency and cost per span', () => {
    const text = renderTraceTree({
      id: 't-1',
      name: 'checkout agent',
      status: 'error',
      latencyMs: 1200,
      cost: 0.0125,
      spanCount: 4,
      truncated: false,
      spans: [span('plan', 'AGENT', 1200, undefined, [span('call model', 'LLM', 800, 0.0125), span('lookup', 'TOOL', 300, undefined, [], 'timeout')]), span('wrap up', 'WORKFLOW', 5, 0)],
    });
    expect(text).to.equal(
      [
        'checkout agent (t-1)  error  1200 ms  $0.0125  4 spans',
        '├─ plan [AGENT]  1200 ms  -',
        '│  ├─ call model [LLM]  800 ms  $0.0125',
        '│  └─ lookup [TOOL]  300 ms  -  ERROR: timeout',
        '└─ wrap up [WORKFLOW]  5 ms  $0.0000',
        '',
      ].join('\n'),
    );
  });
});
