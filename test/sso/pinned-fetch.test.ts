import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pinnedFetch } from '../../src/domain/sso/pinned-fetch.js';

describe('pinnedFetch (identity-provider requests over the vetted address)', () => {
  let server: Server;
  let port: number;
  const seen: { host: string | undefined; method: string | undefined; body: string; contentType: string | undefined }[] = [];

  before(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen.push({ host: req.headers.host, method: req.method, body: Buffer.concat(chunks).toString('utf8'), contentType: req.headers['content-type'] });
        if (req.url === '/big') {
          res.writeHead(200, { 'content-type': 'application/json' }).end('x'.repeat(1024 * 1024 + 10));
        } else if (req.url === '/moved') {
          res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
        } else {
          res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end('{"issuer":"https://idp.example"}');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => (seen.length = 0));

  // A name that resolves nowhere: reaching the server proves the socket used the vetted address, not DNS.
  const vetted = (path: string) => ({ url: new URL(`http://idp.tracewell-test.invalid:${port}${path}`), address: { address: '127.0.0.1', family: 4 as const } });

  it('connects to the vetted address whatever the name resolves to, keeping the Host header', async () => {
    const response = await pinnedFetch(vetted('/.well-known/openid-configuration'), { headers: { accept: 'application/json' } }, 5000);
    expect(response.status).to.equal(200);
    expect(response.headers.get('cache-control')).to.equal('no-store');
    expect(await response.json()).to.deep.equal({ issuer: 'https://idp.example' });
    expect(seen).to.deep.equal([{ host: `idp.tracewell-test.invalid:${port}`, method: 'GET', body: '', contentType: undefined }]);
  });

  it('sends a token request form as its body', async () => {
    const form = new URLSearchParams({ grant_type: 'authorization_code', code: 'abc' });
    const response = await pinnedFetch(vetted('/token'), { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 5000);
    expect(response.status).to.equal(200);
    expect(seen[0]).to.deep.equal({ host: `idp.tracewell-test.invalid:${port}`, method: 'POST', body: 'grant_type=authorization_code&code=abc', contentType: 'application/x-www-form-urlencoded' });
  });

  it('does not follow a redirect: the 302 is the answer', async () => {
    const response = await pinnedFetch(vetted('/moved'), {}, 5000);
    expect(response.status).to.equal(302);
    expect(seen).to.have.length(1);
  });

  it('refuses an answer above 1 MiB', async () => {
    const failure = await pinnedFetch(vetted('/big'), {}, 5000).then(() => null, (error: Error) => error);
    expect(failure?.message).to.equal('the identity provider answered more than 1 MiB');
  });
});
