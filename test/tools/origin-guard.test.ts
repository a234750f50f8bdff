import { expect } from 'chai';
import { originPolicy, originRefusal } from '../../src/tools/origin-guard.js';
import { loadToolServerSettings } from '../../src/tools/tool-settings.js';

describe('tool server origin guard (DNS rebinding)', () => {
  const loopback = originPolicy('http://127.0.0.1:8080', '127.0.0.1', null);

  it('passes requests without Origin, and the own origin with its loopback aliases on the same port', () => {
    expect(originRefusal(loopback, { host: '127.0.0.1:8080' })).to.equal(null);
    for (const origin of ['http://127.0.0.1:8080', 'http://localhost:8080', 'http://[::1]:8080', 'HTTP://LOCALHOST:8080']) {
      expect(originRefusal(loopback, { host: 'localhost:8080', origin }), origin).to.equal(null);
    }
  });

  it('refuses other origins: another port, another scheme, another site, and the literal null', () => {
    for (const origin of ['http://localhost:3000', 'https://127.0.0.1:8080', 'http://evil.example.com', 'null']) {
      expect(originRefusal(loopback, { host: 'localhost:8080', origin }), origin).to.match(/^Origin .* is not allowed/);
    }
  });

  it('on loopback refuses a Host naming another machine, with or without a port, and accepts [::1] and the PUBLIC_BASE_URL host', () => {
    expect(originRefusal(loopback, { host: 'evil.example.com' })).to.match(/^Host evil\.example\.com is not this server/);
    expect(originRefusal(loopback, { host: 'evil.example.com:8080' })).to.match(/^Host /);
    expect(originRefusal(loopback, {})).to.match(/^Host \(none\)/);
    expect(originRefusal(loopback, { host: '[::1]:8080' })).to.equal(null);
    const named = originPolicy('http://tracewell.localhost:8080', '127.0.0.1', null);
    expect(originRefusal(named, { host: 'tracewell.localhost:8080' })).to.equal(null);
  });

  it('does not check Host when bound to all interfaces (a proxy decides), but still checks Origin', () => {
    const open = originPolicy('https://tracewell.example.com', '0.0.0.0', null);
    expect(originRefusal(open, { host: 'anything.example' })).to.equal(null);
    expect(originRefusal(open, { host: 'tracewell.example.com', origin: 'https://tracewell.example.com' })).to.equal(null);
    expect(originRefusal(open, { host: 'tracewell.example.com', origin: 'https://evil.example' })).to.match(/^Origin /);
  });

  it('takes MCP_ALLOWED_ORIGINS instead of the default, * allowing any origin', () => {
    const configured = originPolicy('http://127.0.0.1:8080', '127.0.0.1', loadToolServerSettings({ MCP_ALLOWED_ORIGINS: 'https://console.example.com, http://localhost:6274' }).allowedOrigins);
    expect(originRefusal(configured, { host: '127.0.0.1:8080', origin: 'http://localhost:6274' })).to.equal(null);
    expect(originRefusal(configured, { host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080' })).to.match(/^Origin /);
    const any = originPolicy('http://127.0.0.1:8080', '127.0.0.1', ['*']);
    expect(originRefusal(any, { host: '127.0.0.1:8080', origin: 'https://anywhere.example' })).to.equal(null);
  });

  it('refuses a start with an MCP_ALLOWED_ORIGINS entry that is no origin', () => {
    for (const value of ['not a url', 'https://app.example.com/path', 'null']) {
      expect(() => loadToolServerSettings({ MCP_ALLOWED_ORIGINS: value }), value).to.throw(/MCP_ALLOWED_ORIGINS entries must be origins/);
    }
  });
});
