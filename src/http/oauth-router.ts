import express, { type Request, type Response, type Router } from 'express';
import type { IdentityProvisioning } from '../domain/identity/identity-provisioning.js';
import type { OAuthServer, TokenRequest } from '../domain/identity/oauth-server.js';
import { OAuthError } from '../domain/identity/oauth-error.js';
import { AuthorizationRequestError, type AuthorizationParams } from '../domain/identity/authorization-codes.js';
import type { ClientCredentials } from '../domain/identity/oauth-clients.js';
import { consentPage, devicePage, messagePage, ssoRedirectPage } from './oauth-pages.js';
import type { SsoSignIn } from '../domain/sso/sso-sign-in.js';
import type { SsoPasswordPolicy } from '../domain/sso/sso-password-policy.js';
import { SsoError } from '../domain/sso/sso-error.js';
import { stringViolation } from './json-hygiene.js';
import { TooManyAttempts, type SignInThrottle } from '../domain/identity/sign-in-throttle.js';
import type { ClientRegistration } from '../domain/identity/client-registration.js';
import type { ConsentTickets } from '../domain/identity/consent-tickets.js';
import { consentPagePolicy } from './consent-csp.js';

type Fields = Record<string, string | undefined>;

/** Only string values count: repeated parameters are a client error (RFC 6749 §3.1, §3.2). */
function fieldsOf(source: unknown): Fields {
  const fields: Fields = {};
  for (const [name, value] of Object.entries((source ?? {}) as Record<string, unknown>)) {
    if (typeof value !== 'string') {
      if (value !== undefined) throw new OAuthError('invalid_request', `Parameter ${name} must be sent once.`);
      continue;
    }
    // NUL and lone surrogates reach no lookup: PostgreSQL refuses them, which surfaced as a 500.
    const violation = stringViolation(value, name);
    if (violation) throw new OAuthError('invalid_request', `Parameter ${name} ${violation.message}.`);
    fields[name] = value;
  }
  return fields;
}

/** application/x-www-form-urlencoded decoding (RFC 6749 §2.3.1 Basic credentials): + is a space; a bad escape throws. */
const formDecode = (value: string): string => decodeURIComponent(value.replace(/\+/g, ' '));

/** Whether the client sent HTTP Basic credentials (well-formed or not): its errors then carry a Basic challenge. */
const sentBasic = (req: Request): boolean => Boolean(req.headers.authorization?.toLowerCase().startsWith('basic '));

/** client_secret_basic (RFC 6749 §2.3.1: form-urlencoded id and secret) or client_id / client_secret in the body. */
function clientCredentials(req: Request, fields: Fields): ClientCredentials {
  const header = req.headers.authorization;
  if (header?.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new OAuthError('invalid_client', 'Malformed Basic credentials.');
    try {
      return { clientId: formDecode(decoded.slice(0, colon)), clientSecret: formDecode(decoded.slice(colon + 1)), viaBasic: true };
    } catch {
      throw new OAuthError('invalid_client', 'Malformed Basic credentials: the id and secret must be form-urlencoded.');
    }
  }
  return { clientId: fields.client_id, clientSecret: fields.client_secret, viaBasic: false };
}

const noStore = (res: Response): void => {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
};

/**
 * Pages carry passwords: never framed (clickjacking), never cached. A consent page names the
 * validated redirect URI its form ends at, which its CSP must allow (consent-csp.ts).
 */
const pageHeaders = (res: Response, redirectUri: string | null = null): void => {
  noStore(res);
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Security-Policy', consentPagePolicy(redirectUri));
};

/**
 * RFC 6749 §5.2: invalid_client is a 401 whose challenge names the scheme the client used — Basic
 * when it sent Basic credentials, none otherwise (a Bearer challenge here made client libraries
 * report a token problem instead of the client error).
 */
function sendOAuthError(res: Response, error: OAuthError, viaBasic = false): void {
  noStore(res);
  if (error.status === 401 && viaBasic) res.setHeader('WWW-Authenticate', 'Basic realm="tracewell"');
  res.status(error.status).json(error.toJSON());
}

/** The network address the attempt came from (the socket's; set `trust proxy` to use X-Forwarded-For). */
const addressOf = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** 429 with Retry-After: JSON for scripts, a page for browsers. */
function sendTooManyAttempts(req: Request, res: Response, error: TooManyAttempts): void {
  pageHeaders(res);
  res.setHeader('Retry-After', String(error.retryAfterSeconds));
  const description = `Too many attempts from this address or for this account; retry after ${error.retryAfterSeconds} s.`;
  if (req.method === 'GET' || !req.is('application/json')) res.status(429).type('html').send(messagePage('Too many attempts', description));
  else res.status(429).json({ error: 'slow_down', error_description: description });
}

function redirectWith(res: Response, redirectUri: string, params: Record<string, string | undefined>): void {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  res.redirect(302, url.toString());
}

const AUTHORIZATION_FIELDS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method', 'resource'] as const;
const authorizationParams = (fields: Fields): AuthorizationParams =>
  Object.fromEntries(AUTHORIZATION_FIELDS.map((name) => [name, fields[name]])) as AuthorizationParams;

/**
 * The OAuth 2.0 endpoints, outside the REST contract: their wire formats are the RFCs'
 * (form-encoded requests, RFC 6749 JSON errors, redirects and HTML pages), not envelopes.
 */
/** Single sign-on's part in the sign-in pages (docs/sso.md). */
export interface SsoSignInPages {
  signIn: SsoSignIn;
  passwords: SsoPasswordPolicy;
}

export function oauthRouter(oauth: OAuthServer, identity: IdentityProvisioning, throttle: SignInThrottle, registration: ClientRegistration, tickets: ConsentTickets, sso: SsoSignInPages): Router {
  const router = express.Router();
  const forms = [express.urlencoded({ extended: false, limit: '16kb' }), express.json({ limit: '16kb' })];

  // Browser-based MCP clients (the Inspector) discover, register and redeem codes from another
  // origin. These endpoints take no cookies or ambient credentials, so any origin may call them.
  const crossOrigin = (_req: Request, res: Response, next: () => void): void => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Authorization, MCP-Protocol-Version');
    res.setHeader('Access-Control-Max-Age', '3600');
    next();
  };
  const CROSS_ORIGIN_PATHS = ['/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp', '/oauth/register', '/oauth/token', '/oauth/revoke'];
  router.options(CROSS_ORIGIN_PATHS, crossOrigin, (_req, res) => {
    res.status(204).end();
  });
  router.use(CROSS_ORIGIN_PATHS, crossOrigin);

  router.get('/.well-known/oauth-authorization-server', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.json(oauth.metadata());
  });

  // RFC 9728: the whole service at the root, the tool server in the path form MCP clients ask first.
  router.get('/.well-known/oauth-protected-resource', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.json(oauth.protectedResourceMetadata('service'));
  });
  router.get('/.well-known/oauth-protected-resource/mcp', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.json(oauth.protectedResourceMetadata('mcp'));
  });

  // RFC 7591 dynamic client registration (public clients; see client-registration.ts).
  router.post('/oauth/register', express.json({ limit: '16kb', type: () => true }), async (req, res, next) => {
    try {
      const registered = await registration.register(req.body, addressOf(req));
      noStore(res);
      res.status(201).json(registered);
    } catch (error) {
      if (error instanceof OAuthError) return sendOAuthError(res, error);
      if (error instanceof TooManyAttempts) {
        noStore(res);
        res.setHeader('Retry-After', String(error.retryAfterSeconds));
        res.status(429).json({ error: 'slow_down', error_description: `Too many registrations from this address; retry after ${error.retryAfterSeconds} s.` });
        return;
      }
      next(error);
    }
  });
  // A body the JSON parser refused is still answered in RFC 7591's error shape, not as a Problem.
  router.use('/oauth/register', (error: unknown, _req: Request, res: Response, next: (error?: unknown) => void) => {
    const type = (error as { type?: string } | null)?.type;
    if (type !== 'entity.parse.failed' && type !== 'entity.too.large') return next(error);
    noStore(res);
    res
      .status(type === 'entity.too.large' ? 413 : 400)
      .json({ error: 'invalid_client_metadata', error_description: type === 'entity.too.large' ? 'The client metadata is larger than 16 KB.' : 'The body is not a JSON object of client metadata (RFC 7591 §2).' });
  });

  const authorizationFailure = (res: Response, error: unknown): void => {
    if (!(error instanceof AuthorizationRequestError)) throw error;
    if (!error.redirectTo) {
      pageHeaders(res);
      res.status(400).type('html').send(messagePage('Authorization failed', error.message));
      return;
    }
    redirectWith(res, error.redirectTo.redirectUri, { error: error.oauthError.error, error_description: error.message, state: error.redirectTo.state, iss: oauth.issuer });
  };

  router.get('/oauth/authorize', async (req, res, next) => {
    try {
      let fields: Fields;
      try {
        fields = fieldsOf(req.query);
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        // Before the client and redirect URI are known to be good, errors go to the user, not a redirect (RFC 6749 §4.1.2.1).
        pageHeaders(res);
        res.status(400).type('html').send(messagePage('Authorization failed', error.message));
        return;
      }
      const request = await oauth.authorizationCodes.validate(authorizationParams(fields)).catch((error) => {
        authorizationFailure(res, error);
        return null;
      });
      if (!request) return;
      // A client that names the person (login_hint, the console's "Continue with SSO") goes straight
      // to the identity provider of the email's domain; without one the page says so and asks for the password.
      if (fields.login_hint) {
        try {
          const url = await sso.signIn.start(fields.login_hint, { kind: 'authorize', params: authorizationParams(fields) as Fields });
          noStore(res);
          res.redirect(302, url.href);
          return;
        } catch (error) {
          if (!(error instanceof SsoError)) throw error;
          pageHeaders(res, request.redirectUri);
          res.status(error.status).type('html').send(consentPage({ clientName: request.client.name, scopes: request.scopes, resource: request.resource, fields: authorizationParams(fields) as Fields, error: error.message }));
          return;
        }
      }
      pageHeaders(res, request.redirectUri);
      res.type('html').send(consentPage({ clientName: request.client.name, scopes: request.scopes, resource: request.resource, fields: authorizationParams(fields) as Fields }));
    } catch (error) {
      next(error);
    }
  });

  // The form asks for the password on every submission (or carries the ticket of the password just
  // typed, consent-tickets.ts), so a forged cross-site post cannot approve anything.
  router.post('/oauth/authorize', ...forms, async (req, res, next) => {
    try {
      const fields = fieldsOf(req.body);
      const params = authorizationParams(fields);
      const request = await oauth.authorizationCodes.validate(params).catch((error) => {
        authorizationFailure(res, error);
        return null;
      });
      if (!request) return;
      const again = (status: number, error: string, choice?: { projects: { id: string; name: string }[]; ticket: string }): void => {
        pageHeaders(res, request.redirectUri);
        res.status(status).type('html').send(consentPage({ clientName: request.client.name, scopes: request.scopes, resource: request.resource, fields: params as Fields, error, ...choice }));
      };
      if (fields.decision === 'sso') {
        try {
          const url = await sso.signIn.start(fields.email ?? '', { kind: 'authorize', params: params as Fields });
          pageHeaders(res);
          res.type('html').send(ssoRedirectPage(url.href));
        } catch (error) {
          if (!(error instanceof SsoError)) throw error;
          again(error.status, error.message);
        }
        return;
      }
      if (fields.decision !== 'approve') {
        redirectWith(res, request.redirectUri, { error: 'access_denied', error_description: 'The user denied the request.', state: request.state, iss: oauth.issuer });
        return;
      }
      let user = fields.sign_in_ticket !== undefined ? await tickets.redeem(fields.sign_in_ticket, request) : null;
      if (fields.sign_in_ticket !== undefined && !user) return again(400, 'This sign-in expired; enter your email and password again.');
      if (!user) {
        // Failures only count (sign-in-throttle.ts), but a spent budget refuses before the password is checked.
        const source = { account: fields.email ?? '', client: request.client.id, address: addressOf(req) };
        await throttle.check('sign-in', source);
        user = await identity.verifyCredentials(fields.email ?? '', fields.password ?? '');
        if (!user) {
          await throttle.failed('sign-in', source);
          return again(401, 'The email or password is wrong.');
        }
        const verdict = await sso.passwords.check(user, 'console');
        if (!verdict.allowed) return again(403, verdict.message);
      }
      // An MCP client sends no x-project-id: its tokens work in the one project chosen here.
      let projectId: string | null = null;
      if (request.resource === oauth.resources.mcp) {
        const projects = await identity.projectsOf(user.id);
        const chosen = fields.project_id?.toLowerCase();
        if (projects.length === 0) {
          redirectWith(res, request.redirectUri, { error: 'access_denied', error_description: 'The account belongs to no project.', state: request.state, iss: oauth.issuer });
          return;
        }
        const choice = async () => ({ projects, ticket: (await tickets.issue(user, request)) ?? '' });
        if (chosen !== undefined && !projects.some((project) => project.id === chosen)) return again(400, 'Choose one of your projects.', await choice());
        if (chosen === undefined && projects.length > 1) return again(200, 'Choose the project this connection works in.', await choice());
        projectId = chosen ?? projects[0].id;
      }
      const code = await oauth.authorizationCodes.approve(request, user, req.headers.host ?? '', projectId);
      redirectWith(res, request.redirectUri, { code, state: request.state, iss: oauth.issuer });
    } catch (error) {
      next(error);
    }
  });

  router.post('/oauth/token', ...forms, async (req, res, next) => {
    const viaBasic = sentBasic(req);
    try {
      const fields = fieldsOf(req.body);
      const credentials = clientCredentials(req, fields);
      const tokens = await oauth.token(fields as TokenRequest, credentials, req.headers.host ?? '');
      noStore(res);
      res.json(tokens);
    } catch (error) {
      if (error instanceof OAuthError) return sendOAuthError(res, error, viaBasic);
      next(error);
    }
  });

  router.post('/oauth/revoke', ...forms, async (req, res, next) => {
    const viaBasic = sentBasic(req);
    try {
      const fields = fieldsOf(req.body);
      const credentials = clientCredentials(req, fields);
      await oauth.revoke(fields.token, credentials);
      noStore(res);
      res.status(200).end();
    } catch (error) {
      if (error instanceof OAuthError) return sendOAuthError(res, error, viaBasic);
      next(error);
    }
  });

  router.post('/oauth/device/code', ...forms, async (req, res, next) => {
    const viaBasic = sentBasic(req);
    try {
      const fields = fieldsOf(req.body);
      const credentials = clientCredentials(req, fields);
      const client = await oauth.clients.authenticate(credentials);
      noStore(res);
      res.json(await oauth.devices.start(client, fields.scope));
    } catch (error) {
      if (error instanceof OAuthError) return sendOAuthError(res, error, viaBasic);
      next(error);
    }
  });

  router.get('/oauth/device', async (req, res, next) => {
    try {
      const userCode = typeof req.query.user_code === 'string' ? req.query.user_code : undefined;
      if (userCode) await throttle.attempt('user-code', { address: addressOf(req) });
      const found = userCode ? await oauth.devices.pending(userCode) : null;
      pageHeaders(res);
      res.type('html').send(
        devicePage({ userCode, clientName: found?.client.name, scopes: found?.record.scopes, error: userCode && !found ? 'This code is unknown or expired.' : undefined }),
      );
    } catch (error) {
      next(error);
    }
  });

  /**
   * The verification step: user code, email, password and decision, as a form (browsers) or JSON
   * (scripts and tests). JSON callers get `{status}` or an RFC 6749-style error body.
   */
  router.post('/oauth/device', ...forms, async (req, res, next) => {
    const wantsJson = Boolean(req.is('application/json'));
    const reply = (status: number, outcome: { status?: string; error?: string; error_description?: string }, message: string): void => {
      pageHeaders(res);
      if (wantsJson) res.status(status).json(outcome);
      else res.status(status).type('html').send(messagePage(status === 200 ? 'Device connected' : 'Not connected', message));
    };
    try {
      const fields = fieldsOf(req.body);
      if (fields.decision === 'sso') {
        await throttle.attempt('user-code', { address: addressOf(req) });
        if (!fields.user_code || !(await oauth.devices.pending(fields.user_code))) {
          return reply(400, { error: 'invalid_grant', error_description: 'The code is unknown, expired or already used.' }, 'This code is unknown, expired or already used.');
        }
        try {
          const url = await sso.signIn.start(fields.email ?? '', { kind: 'device', userCode: fields.user_code });
          pageHeaders(res);
          if (wantsJson) res.json({ status: 'redirect', location: url.href });
          else res.type('html').send(ssoRedirectPage(url.href));
        } catch (error) {
          if (!(error instanceof SsoError)) throw error;
          reply(error.status, { error: 'access_denied', error_description: error.message }, error.message);
        }
        return;
      }
      // Every code entry counts before any lookup (a wrong password counts as a failed sign-in), and
      // the credentials are checked before the code, so a guesser without the password learns
      // nothing about which codes exist.
      await throttle.attempt('user-code', { address: addressOf(req) });
      const source = { account: fields.email ?? '', address: addressOf(req) };
      await throttle.check('sign-in', source);
      const user = await identity.verifyCredentials(fields.email ?? '', fields.password ?? '');
      if (!user) await throttle.failed('sign-in', source);
      if (!user) return reply(401, { error: 'access_denied', error_description: 'The email or password is wrong.' }, 'The email or password is wrong.');
      const verdict = await sso.passwords.check(user, 'device');
      if (!verdict.allowed) return reply(403, { error: 'access_denied', error_description: verdict.message }, verdict.message);
      const found = fields.user_code ? await oauth.devices.pending(fields.user_code) : null;
      if (!found) return reply(400, { error: 'invalid_grant', error_description: 'The code is unknown, expired or already used.' }, 'This code is unknown, expired or already used.');
      const approve = fields.decision === 'approve';
      if (!(await oauth.devices.decide(fields.user_code!, user, approve))) {
        return reply(400, { error: 'invalid_grant', error_description: 'The code is no longer pending.' }, 'This code is no longer pending.');
      }
      reply(200, { status: approve ? 'approved' : 'denied' }, approve ? 'You can return to your device.' : 'The request was denied.');
    } catch (error) {
      if (error instanceof OAuthError) return sendOAuthError(res, error);
      next(error);
    }
  });

  // Whatever an endpoint did not answer itself (a repeated parameter on a page's form post, …) is
  // still an RFC 6749 error, never a 500.
  router.use((error: unknown, req: Request, res: Response, next: (error?: unknown) => void) => {
    if (res.headersSent) return next(error);
    if (error instanceof OAuthError) return sendOAuthError(res, error);
    if (error instanceof TooManyAttempts) return sendTooManyAttempts(req, res, error);
    next(error);
  });

  return router;
}


