import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';

/**
 * A deliberately minimal OpenID provider on a loopback port whose token endpoint answers the ID
 * token the test wrote: the hostile-input tests forge, expire, mis-address and replay tokens with
 * it (a certified provider, oidc-provider, never issues such tokens; test/sso/sso-sign-in-oidc-provider.test.ts
 * runs the real one). Keys are RSA 2048, signatures RS256, built with node:crypto alone.
 */
export interface FakeProvider {
  issuer: string;
  /** The published key (JWKS) and one the provider never published (a forger's). */
  key: KeyObject;
  foreignKey: KeyObject;
  /** The ID token the next code exchange answers. */
  nextIdToken: string | null;
  /** Code exchanges received: form parameters and the Authorization header. */
  tokenRequests: { form: URLSearchParams; authorization: string | undefined }[];
  sign(claims: Record<string, unknown>, key?: KeyObject, kid?: string): string;
  close(): Promise<void>;
}

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

export async function startFakeProvider(): Promise<FakeProvider> {
  const { privateKey: key, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const { privateKey: foreignKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };
  let issuer = '';
  const provider: FakeProvider = {
    issuer: '',
    key,
    foreignKey,
    nextIdToken: null,
    tokenRequests: [],
    sign(claims, signingKey = key, kid = 'k1') {
      const input = `${b64({ alg: 'RS256', typ: 'JWT', kid })}.${b64(claims)}`;
      return `${input}.${createSign('RSA-SHA256').update(input).sign(signingKey).toString('base64url')}`;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        scopes_supported: ['openid', 'email', 'profile', 'groups'],
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        provider.tokenRequests.push({ form: new URLSearchParams(body), authorization: req.headers.authorization });
        if (!provider.nextIdToken) return json(400, { error: 'invalid_grant', error_description: 'no token queued' });
        json(200, { access_token: 'at', token_type: 'Bearer', expires_in: 300, id_token: provider.nextIdToken });
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider.issuer = issuer;
  return provider;
}
