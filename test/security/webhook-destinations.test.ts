import { expect } from 'chai';
import { DestinationGuard } from '../../src/domain/webhooks/destination-guard.js';
import { embeddedIpv4 } from '../../src/domain/webhooks/embedded-ipv4.js';
import { parseAllowedHost } from '../../src/domain/webhooks/allowed-host.js';
import { loadWebhookSettings } from '../../src/domain/webhooks/webhook-settings.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { countRows, createRequest, writerOf, type Caller } from '../webhooks/support.js';

const noDns = async () => {
  throw new Error('literal addresses must not be resolved');
};
const codeOf = (guard: DestinationGuard, url: string): Promise<string> =>
  guard.vet(url).then(
    () => 'allowed',
    (error: { code?: string }) => error.code ?? 'thrown',
  );

describe('embeddedIpv4', () => {
  for (const [form, address, expected] of [
    ['IPv4-compatible', '::a9fe:a9fe', ['169.254.169.254']],
    ['IPv4-compatible dotted', '::127.0.0.1', ['127.0.0.1']],
    ['IPv4-mapped', '::ffff:10.0.0.1', ['10.0.0.1']],
    ['IPv4-translated', '::ffff:0:a9fe:a9fe', ['169.254.169.254']],
    ['NAT64 well-known', '64:ff9b::7f00:1', ['127.0.0.1']],
    ['NAT64 local-use', '64:ff9b:1::a00:1', ['10.0.0.1']],
    ['6to4', '2002:a9fe:a9fe::', ['169.254.169.254']],
    ['Teredo (server, inverted client)', '2001:0:4136:e378:8000:63bf:3fff:fdd2', ['65.54.227.120', '192.0.2.45']],
    ['none in ::1', '::1', []],
    ['none in a global address', '2606:4700::1111', []],
  ] as const) {
    it(`finds the IPv4 address of the ${form} form ${address}`, () => {
      expect(embeddedIpv4(address)).to.deep.equal(expected);
    });
  }
});

describe('DestinationGuard: IPv6 forms that embed IPv4', () => {
  const guard = new DestinationGuard([], noDns);
  for (const url of [
    'http://[::a9fe:a9fe]/x',
    'http://[::ffff:0:a9fe:a9fe]/x',
    'http://[2002:a9fe:a9fe::]/x',
    'http://[64:ff9b::a9fe:a9fe]/x',
    'http://[2001:0:0:0:0:0:5601:5601]/x', // Teredo client 169.254.169.254, inverted
    'http://[::ffff:169.254.169.254]/x',
  ]) {
    it(`refuses ${url} as the metadata address it embeds`, async () => {
      expect(await codeOf(guard, url)).to.equal('PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN');
    });
  }
  for (const url of ['http://[::7f00:1]/x', 'http://[::10.0.0.1]/x', 'http://[64:ff9b::c0a8:101]/x', 'http://[2002:0a00:0001::1]/x', 'http://[64:ff9b:1::5db8:d822]/x']) {
    it(`refuses ${url}, which embeds a private or loopback address (or is local-use NAT64)`, async () => {
      expect(await codeOf(guard, url)).to.equal('PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN');
    });
  }
  for (const url of ['http://[64:ff9b::5db8:d822]/x', 'http://[2002:5db8:d822::1]/x', 'http://[2606:4700::1111]/x']) {
    it(`allows ${url}, whose embedded IPv4 (if any) is public`, async () => {
      expect(await codeOf(guard, url)).to.equal('allowed');
    });
  }
  it('refuses an embedded metadata address even when the IPv6 literal is allow-listed', async () => {
    const listed = new DestinationGuard(['[::a9fe:a9fe]:*'], noDns);
    expect(await codeOf(listed, 'http://[::a9fe:a9fe]:80/x')).to.equal('PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN');
  });
});

describe('DestinationGuard: allow-listed hosts are pinned to a port', () => {
  it('host:port allows that port only: 6379 and 5432 stay refused', async () => {
    const guard = new DestinationGuard(['127.0.0.1:8080'], noDns);
    expect(await codeOf(guard, 'http://127.0.0.1:8080/hook')).to.equal('allowed');
    expect(await codeOf(guard, 'http://127.0.0.1:6379/')).to.equal('PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN');
    expect(await codeOf(guard, 'http://127.0.0.1:5432/')).to.equal('PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN');
    expect(await codeOf(guard, 'http://127.0.0.1/hook')).to.equal('PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN');
  });

  it('a bare host allows only the scheme default port', async () => {
    const guard = new DestinationGuard(['127.0.0.1'], noDns);
    expect(await codeOf(guard, 'http://127.0.0.1/hook')).to.equal('allowed');
    expect(await codeOf(guard, 'https://127.0.0.1/hook')).to.equal('allowed');
    expect(await codeOf(guard, 'http://127.0.0.1:80/hook')).to.equal('allowed');
    expect(await codeOf(guard, 'http://127.0.0.1:6379/')).to.equal('PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN');
    expect(await codeOf(guard, 'https://127.0.0.1:80/')).to.equal('PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN');
  });

  it('host:* allows every port, and [v6]:port works for IPv6 literals', async () => {
    expect(await codeOf(new DestinationGuard(['127.0.0.1:*'], noDns), 'http://127.0.0.1:6379/')).to.equal('allowed');
    const v6 = new DestinationGuard(['[::1]:9000'], noDns);
    expect(await codeOf(v6, 'http://[::1]:9000/x')).to.equal('allowed');
    expect(await codeOf(v6, 'http://[::1]:9001/x')).to.equal('PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN');
  });

  it('parses entries and refuses malformed ones at startup', () => {
    expect(parseAllowedHost('Hooks.Internal:8443')).to.deep.equal({ host: 'hooks.internal', port: 8443 });
    expect(parseAllowedHost('::1')).to.deep.equal({ host: '::1', port: 'default' });
    expect(parseAllowedHost('[fd00::1]:*')).to.deep.equal({ host: 'fd00::1', port: '*' });
    expect(() => loadWebhookSettings({ WEBHOOK_ALLOWED_HOSTS: 'a:b:c' })).to.throw(/WEBHOOK_ALLOWED_HOSTS/);
    expect(() => loadWebhookSettings({ WEBHOOK_ALLOWED_HOSTS: 'host:70000' })).to.throw(/WEBHOOK_ALLOWED_HOSTS/);
  });
});

forEachAdapter((adapter) => {
  describe('POST /api/v1/public/webhooks (destination policy)', () => {
    let server: TestServer;
    let caller: Caller;
    before(async () => {
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:8080' } });
      caller = await writerOf(server);
    });
    after(async () => server.close());

    const body = (name: string, destinationUrl: string) => ({ name, destinationUrl, eventTypes: ['*'], secret: 'whsec_dGVzdC1zZWNyZXQtdmFsdWU=' });

    for (const url of ['http://[::a9fe:a9fe]/x', 'http://[::ffff:0:a9fe:a9fe]/x', 'http://[2002:a9fe:a9fe::]/x', 'http://127.0.0.1:6379/', 'http://127.0.0.1:5432/']) {
      it(`refuses ${url}: 400 PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN with a field path, nothing written`, async () => {
        const res = await createRequest(server, caller, body(`refused ${url}`, url));
        const problem = expectProblem(res, 400, 'PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN');
        expect(problem.errors).to.deep.equal([{ code: 'destination_forbidden', message: 'the destination is not a public http(s) address', path: '/body/destinationUrl' }]);
        expect(await countRows(server, 'webhooks')).to.equal(0);
      });
    }

    it('accepts the allow-listed host on its pinned port', async () => {
      expectEnvelope(await createRequest(server, caller, body('pinned', 'http://127.0.0.1:8080/hook')), 201);
    });
  });
});
