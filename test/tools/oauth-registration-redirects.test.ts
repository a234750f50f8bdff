import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startListeningServer, type ListeningServer } from './oauth-fixture.js';

/**
 * RFC 7591 registration registers only redirect URIs it can match exactly: each refusal is a 400
 * `invalid_redirect_uri` naming the rule, and nothing is stored.
 */
forEachAdapter((adapter) => {
  describe('POST /oauth/register: redirect URIs that could not be matched exactly', () => {
    let fixture: ListeningServer;

    before(async () => {
      // Enough registrations for every case from one address.
      fixture = await startListeningServer(adapter, { env: { OAUTH_REGISTRATIONS_PER_HOUR: '100' } });
    });
    after(async () => fixture.close());

    const register = (redirectUris: unknown) =>
      fetch(`${fixture.baseUrl}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'Probe', redirect_uris: redirectUris }) });

    const refused = async (uri: string, description: string): Promise<void> => {
      const res = await register([uri]);
      expect(res.status).to.equal(400);
      expect(res.headers.get('content-type')).to.match(/^application\/json/);
      expect(res.headers.get('cache-control')).to.equal('no-store');
      expect(await res.json()).to.deep.equal({ error: 'invalid_redirect_uri', error_description: description });
    };

    for (const uri of ['https://*.evil.example/cb', 'https://*/cb', 'http://*.localhost:8080/cb', 'https://%2A.evil.example/cb', 'cursor://*.cursor-retrieval/cb']) {
      it(`refuses the wildcard host of ${uri}`, async () => {
        await refused(uri, `${uri} has a wildcard host; register each exact redirect URI.`);
      });
    }

    for (const uri of ['https://user@app.example/cb', 'https://user:secret@app.example/cb', 'http://attacker@127.0.0.1:8080/cb']) {
      it(`refuses the user information in ${uri}`, async () => {
        await refused(uri, 'A redirect URI has no user information (user:password@).');
      });
    }

    for (const uri of ['https://app.example/cb#', 'https://app.example/cb#state']) {
      it(`refuses the fragment of ${uri}`, async () => {
        await refused(uri, 'A redirect URI has no fragment (RFC 6749 §3.1.2).');
      });
    }

    for (const uri of ['/callback', 'callback', '//app.example/cb', 'not a url', '127.0.0.1:8080/cb']) {
      it(`refuses ${JSON.stringify(uri)}, which is no absolute URI`, async () => {
        await refused(uri, `${uri} is not an absolute URI.`);
      });
    }

    for (const [uri, normal] of [
      ['HTTPS://app.example/cb', 'https://app.example/cb'],
      ['https://App.Example/cb', 'https://app.example/cb'],
      ['https://app.example:443/cb', 'https://app.example/cb'],
      ['http://0x7f.1:8080/cb', 'http://127.0.0.1:8080/cb'],
      ['https:\\\\app.example\\cb', 'https://app.example/cb'],
      ['https://app.example/a/../cb', 'https://app.example/cb'],
      [' https://app.example/cb', 'https://app.example/cb'],
      ['https://app.example/c\tb', 'https://app.example/cb'],
      ['https://bücher.example/cb', 'https://xn--bcher-kva.example/cb'],
    ]) {
      it(`refuses ${JSON.stringify(uri)}, which the browser would read as ${normal}`, async () => {
        await refused(uri, `${uri} is not in normal form; register it as ${normal}.`);
      });
    }

    it('keeps the existing rules: http only to loopback hosts, no script schemes', async () => {
      await refused('http://app.example/cb', 'http redirect URIs must be loopback (127.0.0.1, [::1] or localhost); use https otherwise.');
      await refused('javascript:alert(1)', 'The scheme javascript: is not a redirect target.');
    });

    it('refuses the whole registration when one of its URIs is refused, and stores nothing', async () => {
      const res = await register(['http://127.0.0.1:8080/cb', 'https://*.evil.example/cb']);
      expect(res.status).to.equal(400);
      expect(((await res.json()) as { error: string }).error).to.equal('invalid_redirect_uri');
      const stored = await fixture.server.runtime.database.knex('oauth_clients').where('name', 'Probe').count<{ count: number | string }[]>({ count: '*' });
      expect(Number(stored[0].count)).to.equal(0);
    });

    it('registers the exact forms clients use: loopback on any host alias, https, private-use schemes', async () => {
      const uris = [
        'http://127.0.0.1:33418/callback',
        'http://localhost:6274/oauth/callback',
        'http://[::1]:5000/cb',
        'http://127.0.0.1/callback',
        'https://vscode.dev/redirect',
        'https://app.example',
        'cursor://anysphere.cursor-retrieval/oauth/callback',
        'vscode://vscode.github-authentication/did-authenticate',
        'com.example.app:/oauth2redirect',
      ];
      const res = await register(uris);
      expect(res.status).to.equal(201);
      expect(((await res.json()) as { redirect_uris: string[] }).redirect_uris).to.deep.equal(uris);
    });
  });
});
