import { randomBytes } from 'node:crypto';
import { s256 } from '../../src/domain/identity/authorization-codes.js';
import type { TestServer } from '../support/harness.js';

export const REDIRECT = 'https://app.example.com/callback';
export const HOST = '127.0.0.1';
export const SSO_ENV = { SSO_ALLOWED_HOSTS: '127.0.0.1:*' };

/** Registers the public client the tests sign in to (as the console is one). */
export async function registerWebApp(server: TestServer): Promise<void> {
  await server.runtime.services.oauth.clients.register({ id: 'web-app', name: 'Web App', type: 'public', redirectUris: [REDIRECT], grantTypes: ['authorization_code', 'refresh_token'] });
}

export const ownerToken = (server: TestServer, tenant = server.tenant) => server.oauthToken(tenant.user.id, ['access:read', 'access:write']);

/** Creates the organization's connection over REST as its owner; returns the response. */
export async function createConnection(server: TestServer, body: Record<string, unknown>, tenant = server.tenant) {
  return server
    .request()
    .post('/api/v1/public/sso-connections')
    .set('authorization', `Bearer ${await ownerToken(server, tenant)}`)
    .set('x-project-id', tenant.project.id)
    .send(body);
}

/** A console-like authorization request (PKCE S256) and its verifier. */
export function authorizationRequest(scope = 'context:read') {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('hex');
  return { verifier, query: { response_type: 'code', client_id: 'web-app', redirect_uri: REDIRECT, scope, state, code_challenge: s256(verifier), code_challenge_method: 'S256' } };
}

/** The provider URL the "on the way" page continues to (its link, HTML-unescaped). */
export function continueUrl(html: string): URL {
  const match = /<a href="([^"]+)">Continue<\/a>/.exec(html);
  if (!match) throw new Error(`no Continue link in ${html}`);
  return new URL(match[1].replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"'));
}

/** "Continue with SSO" on the sign-in (consent) page: returns the authorization URL at the provider. */
export async function continueWithSso(server: TestServer, email: string, query: Record<string, string>): Promise<URL> {
  const res = await server.request().post('/oauth/authorize').set('host', HOST).type('form').send({ ...query, email, decision: 'sso' });
  if (res.status !== 200) throw new Error(`Continue with SSO answered ${res.status}: ${res.text}`);
  return continueUrl(res.text);
}
