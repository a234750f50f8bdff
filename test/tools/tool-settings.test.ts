import { expect } from 'chai';
import { loadConfig } from '../../src/config.js';

const load = (env: Record<string, string>) => loadConfig({ SERVER_SECRET: 'settings-test', DATA_DIR: '/tmp/tracewell-settings-test', ...env }).tools;

describe('tool server settings', () => {
  it('defaults to the spec limits: 60 per minute, 15 s, 1 MB in, 10 MB out, 1 hour sessions, every tool', () => {
    expect(load({})).to.deep.equal({
      rateLimit: { name: 'tools', limit: 60, windowSeconds: 60 },
      timeoutMs: 15_000,
      timeouts: {},
      enabled: null,
      disabled: [],
      maxRequestBytes: 1024 * 1024,
      maxResultBytes: 10 * 1024 * 1024,
      sessionIdleSeconds: 3600,
      allowedOrigins: null,
    });
  });

  it('reads TOOL_TIMEOUTS, TOOLS_ENABLED and TOOLS_DISABLED as comma-separated lists', () => {
    const settings = load({ TOOL_TIMEOUTS: 'search_traces=30000, log_trace=20000', TOOLS_ENABLED: 'ping, whoami', TOOLS_DISABLED: 'log_trace', TOOL_TIMEOUT_MS: '5000' });
    expect(settings.timeouts).to.deep.equal({ search_traces: 30_000, log_trace: 20_000 });
    expect(settings.enabled).to.deep.equal(['ping', 'whoami']);
    expect(settings.disabled).to.deep.equal(['log_trace']);
    expect(settings.timeoutMs).to.equal(5000);
  });

  it('refuses a malformed TOOL_TIMEOUTS entry at start', () => {
    expect(() => load({ TOOL_TIMEOUTS: 'search_traces:30000' })).to.throw('TOOL_TIMEOUTS entries must be name=milliseconds (≥ 1); got search_traces:30000');
    expect(() => load({ TOOL_TIMEOUTS: 'ping=0' })).to.throw('TOOL_TIMEOUTS entries must be name=milliseconds');
  });

  it('refuses a rate limit below 1', () => {
    expect(() => load({ TOOL_RATE_LIMIT_PER_MINUTE: '0' })).to.throw('TOOL_RATE_LIMIT_PER_MINUTE must be an integer ≥ 1; got 0');
  });
});
