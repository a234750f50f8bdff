import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';

/** The scopes the console asks for (console/src/auth/session.ts CONSOLE_SCOPES), in its order. */
const CONSOLE_SCOPES = [
  'profile:read',
  'profile:write',
  'context:read',
  'observability:read',
  'observability:write',
  'configuration:read',
  'configuration:write',
  'evaluation:read',
  'evaluation:write',
  'organization:read',
  'project:write',
  'access:read',
  'access:write',
  'offline_access',
];

/** The text of each `<li>` of the page's scope list, tags dropped and entities decoded. */
const scopeItems = (html: string): string[] =>
  [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) =>
    m[1]
      .replace(/<\/strong>/g, ' — ')
      .replace(/<[^>]+>/g, '')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&'),
  );

forEachAdapter((adapter) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(adapter);
  });
  after(async () => {
    await server?.close();
  });

  describe('POST /account/password (the form of a setup link)', () => {
    it('says the password is saved and links onward to the console sign-in', async () => {
      const { url } = await server.runtime.services.accountLinks.issue(server.tenant.user.id, 'setup');
      const token = new URL(url).searchParams.get('token')!;
      const res = await server.request().post('/account/password').type('form').send({ token, password: 'a long enough password' });
      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.match(/^text\/html/);
      expect(res.text).to.include('<h1>Password saved</h1>');
      expect(res.text).to.include(`The password of ${server.tenant.user.email} is set. You can sign in to the web console now, or from the command line with \`tracewell login\`.`);
      expect(res.text).to.include('<p class="next"><a href="/sign-in">Sign in to the console →</a></p>');
    });

    it('offers no way onward when the link is not valid', async () => {
      const res = await server.request().post('/account/password').type('form').send({ token: 'tw_ln_unknown', password: 'a long enough password' });
      expect(res.status).to.equal(400);
      expect(res.text).to.include('<h1>Link not valid</h1>');
      expect(res.text).to.not.include('class="next"');
    });
  });

  describe('GET /oauth/authorize (the consent page the console sends people to)', () => {
    it('explains each scope the console asks for in plain words, with its raw name beside them', async () => {
      const res = await server
        .request()
        .get('/oauth/authorize')
        .query({
          response_type: 'code',
          client_id: 'tracewell-console',
          redirect_uri: 'http://127.0.0.1/auth/callback',
          scope: CONSOLE_SCOPES.join(' '),
          state: 'state-1',
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
        });
      expect(res.status, res.text).to.equal(200);
      expect(res.text).to.include('asks for access to your Tracewell account. It will be able to:');
      expect(scopeItems(res.text)).to.deep.equal([
        'See your profile — your name and email address profile:read',
        'Change your profile — your display name and which mail you receive profile:write',
        'Know which project it works in — the project’s name, organization and settings context:read',
        'Read traces — traces, spans, sessions, search, detections, fixes and alerts observability:read',
        'Write traces and act on them — send and delete traces, edit detections, move and comment on fixes observability:write',
        'Read the project’s configuration — webhooks, monitors, notification settings and model prices configuration:read',
        'Change the project’s configuration — add and edit webhooks, monitors, notification settings and model prices configuration:write',
        'Read evaluations — scores, evaluators, model connections and annotation queues evaluation:read',
        'Run evaluations — add scores, set up evaluators and model connections, answer and manage annotation queues evaluation:write',
        'See your organizations — your projects across organizations and their service accounts organization:read',
        'Change the project — rename it, set how long traces are kept, or delete it project:write',
        'See who has access — API keys (by prefix), members, invitations and the audit log access:read',
        'Manage access — create and revoke API keys, invite, change or remove members access:write',
        'Stay signed in — keep access when you are away, until you sign out or revoke it offline_access',
      ]);
    });
  });
});
