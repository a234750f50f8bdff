import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { consentForm, PASSWORD, startListeningServer, type ListeningServer } from '../tools/oauth-fixture.js';

const REDIRECT = 'http://127.0.0.1:33418/callback';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const SIGN_IN_AGAIN = 'This sign-in expired; enter your email and password again.';

/**
 * A user with several projects signs in once: the project step of POST /oauth/authorize carries a
 * sign-in ticket (consent-tickets.ts) in place of the password, bound to the request, the user's
 * current password and ten minutes.
 */
forEachAdapter((adapter) => {
  describe('POST /oauth/authorize: the sign-in ticket of the project step', () => {
    let fixture: ListeningServer;
    let clientId: string;
    let secondProject: string;

    beforeEach(async () => {
      fixture = await startListeningServer(adapter);
      const { server } = fixture;
      secondProject = (await server.runtime.services.provisioning.createProject(server.tenant.organization.id, 'Second Project')).id;
      const res = await fetch(`${fixture.baseUrl}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'Ticket Client', redirect_uris: [REDIRECT] }) });
      clientId = ((await res.json()) as { client_id: string }).client_id;
    });
    afterEach(async () => fixture.close());

    const request = (overrides: Record<string, string> = {}): Record<string, string> => ({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT,
      scope: 'context:read',
      state: 'state-1',
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
      resource: `${fixture.baseUrl}/mcp`,
      ...overrides,
    });
    const post = (form: Record<string, string>) =>
      fetch(`${fixture.baseUrl}/oauth/authorize`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });

    /** Signs in with the password and returns the project step's hidden fields (the ticket among them). */
    async function projectStep(overrides: Record<string, string> = {}): Promise<Record<string, string>> {
      const res = await post({ ...request(overrides), email: fixture.server.tenant.user.email, password: PASSWORD, decision: 'approve' });
      expect(res.status).to.equal(200);
      const html = await res.text();
      expect(html).to.contain('Choose the project this connection works in.');
      return consentForm(html).hidden;
    }

    const expectSignInAgain = async (res: Response): Promise<void> => {
      expect(res.status).to.equal(400);
      expect(res.headers.get('location')).to.equal(null);
      const html = await res.text();
      expect(html).to.contain(SIGN_IN_AGAIN);
      expect(html).to.contain('<input type="password" name="password"');
      expect(consentForm(html).hidden).not.to.have.property('sign_in_ticket');
    };

    it('offers the projects with a ticket and no password field; the ticket and a project approve (302 with a code for that project)', async () => {
      const res = await post({ ...request(), email: fixture.server.tenant.user.email, password: PASSWORD, decision: 'approve' });
      const html = await res.text();
      const { hidden, projects } = consentForm(html);
      expect(hidden.sign_in_ticket).to.match(/^[0-9a-f-]{36}\.\d{13}\.[A-Za-z0-9_-]{43}$/);
      expect(projects.sort()).to.deep.equal([fixture.server.tenant.project.id, secondProject].sort());
      expect(html).not.to.contain('type="password"');

      const approved = await post({ ...hidden, project_id: secondProject, decision: 'approve' });
      expect(approved.status).to.equal(302);
      const location = new URL(approved.headers.get('location')!);
      expect(location.origin + location.pathname).to.equal(REDIRECT);
      expect(location.searchParams.get('code')).to.be.a('string');
      const grant = await fixture.server.runtime.database.knex('oauth_authorization_codes').where('client_id', clientId).first<{ project_id: string }>('project_id');
      expect(grant.project_id).to.equal(secondProject);
    });

    it('refuses a tampered ticket with 400 and asks for email and password again', async () => {
      const hidden = await projectStep();
      const ticket = hidden.sign_in_ticket;
      const flipped = `${ticket.slice(0, -1)}${ticket.endsWith('A') ? 'B' : 'A'}`;
      await expectSignInAgain(await post({ ...hidden, sign_in_ticket: flipped, project_id: secondProject, decision: 'approve' }));
    });

    for (const [field, value] of [
      ['state', 'state-2'],
      ['code_challenge', 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'],
      ['scope', 'context:read observability:read'],
    ]) {
      it(`refuses the ticket for a request with another ${field} (it approves only the request it was issued for)`, async () => {
        const hidden = await projectStep();
        await expectSignInAgain(await post({ ...hidden, [field]: value, project_id: secondProject, decision: 'approve' }));
      });
    }

    it('refuses a ticket after its ten minutes', async () => {
      const hidden = await projectStep();
      fixture.server.clock.advance(10 * 60_000);
      await expectSignInAgain(await post({ ...hidden, project_id: secondProject, decision: 'approve' }));
    });

    it('refuses a ticket issued before a password change', async () => {
      const hidden = await projectStep();
      await fixture.server.runtime.services.identityProvisioning.setPassword(fixture.server.tenant.user.id, 'a different password');
      await expectSignInAgain(await post({ ...hidden, project_id: secondProject, decision: 'approve' }));
    });

    for (const ticket of ['', 'x', 'not-a-uuid.1234567890123.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', `00000000-0000-4000-8000-000000000000.9999999999999.${'A'.repeat(43)}`]) {
      it(`refuses the malformed or unknown ticket ${JSON.stringify(ticket.slice(0, 20))} with 400, never a 500`, async () => {
        await expectSignInAgain(await post({ ...request(), sign_in_ticket: ticket, project_id: secondProject, decision: 'approve' }));
      });
    }
  });
});
