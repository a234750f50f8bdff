import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface RealProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The groups the next sign-ins of each login (email) carry. */
  groups: Map<string, string[]>;
  close(): Promise<void>;
}

/**
 * oidc-provider (OpenID Certified) as the identity provider, on a loopback port, with its
 * development interaction pages (any login with any password; the login is the email). The client is
 * confidential (client_secret_basic) and registered with Tracewell's callback URI; ID tokens carry
 * email, email_verified, name and groups.
 */
export async function startOidcProvider(redirectUri: string): Promise<RealProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const groups = new Map<string, string[]>();
  const clientId = 'tracewell';
  const clientSecret = 'a-client-secret-of-32-characters-at-least';
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_basic' }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['test-cookie-key'] },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => ({ sub: id, email: id, email_verified: true, name: `SSO ${id.split('@')[0]}`, groups: groups.get(id) ?? [] }) };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    groups,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
