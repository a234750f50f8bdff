import { CliFailure } from './cli-errors.js';
import type { StoredSession } from './config-file.js';
import { OAuthClient, OAuthError } from './oauth-client.js';
import type { Settings } from './settings.js';

export type CredentialKind = 'api-key' | 'oauth' | 'service-account' | 'bearer-token';

/** Where the Authorization / x-api-key header of every request comes from. */
export interface Credential {
  kind: CredentialKind;
  headers(): Promise<Record<string, string>>;
  /** After a 401: get a fresh credential if possible (OAuth refresh); false when there is nothing to try. */
  renew(): Promise<boolean>;
}

/** Refresh a little before expiry, so a token does not expire between the check and the request. */
const EXPIRY_MARGIN_MS = 30_000;

export function sessionFromTokens(
  tokens: { access_token: string; refresh_token?: string; expires_in?: number; scope?: string },
  previous: Pick<StoredSession, 'clientId' | 'projectId'> & { refreshToken?: string | null; scopes?: string[] },
  now: number,
): StoredSession {
  return {
    accessToken: tokens.access_token,
    // A refresh answer without a new refresh token keeps the old one (RFC 6749 §6).
    refreshToken: tokens.refresh_token ?? previous.refreshToken ?? null,
    expiresAt: now + (tokens.expires_in ?? 3600) * 1000,
    scopes: tokens.scope ? tokens.scope.split(' ').filter(Boolean) : (previous.scopes ?? []),
    clientId: previous.clientId,
    projectId: previous.projectId,
  };
}

/** The stored login of this base URL, refreshed when it expired and written back (0600). */
class SessionCredential implements Credential {
  readonly kind = 'oauth' as const;
  constructor(
    private readonly settings: Settings,
    private session: StoredSession,
  ) {}

  async headers(): Promise<Record<string, string>> {
    if (this.session.expiresAt - EXPIRY_MARGIN_MS <= Date.now()) await this.refresh();
    return { authorization: `Bearer ${this.session.accessToken}` };
  }

  async renew(): Promise<boolean> {
    if (!this.session.refreshToken) return false;
    await this.refresh();
    return true;
  }

  private async refresh(): Promise<void> {
    const { refreshToken } = this.session;
    if (!refreshToken) throw new CliFailure('Your login expired and has no refresh token: run `tracewell login` again.');
    try {
      const tokens = await new OAuthClient(this.settings.baseUrl, this.session.clientId).refresh(refreshToken);
      this.session = sessionFromTokens(tokens, this.session, Date.now());
      this.settings.config.saveSession(this.settings.baseUrl, this.session);
    } catch (error) {
      if (error instanceof OAuthError) {
        throw new CliFailure(`Your login could not be refreshed (${error.message}): run \`tracewell login\` again.`);
      }
      throw error;
    }
  }
}

const fixed = (kind: CredentialKind, headers: Record<string, string>): Credential => ({
  kind,
  headers: async () => headers,
  renew: async () => false,
});

/** API key, then bearer token, then the stored login; none → a clear failure before any request. */
export function credentialFor(settings: Settings): Credential {
  if (settings.apiKey) return fixed('api-key', { 'x-api-key': settings.apiKey });
  if (settings.token) {
    const kind: CredentialKind = settings.token.startsWith('tw_sa_') ? 'service-account' : settings.token.startsWith('tw_at_') ? 'oauth' : 'bearer-token';
    return fixed(kind, { authorization: `Bearer ${settings.token}` });
  }
  const session = settings.config.session(settings.baseUrl);
  if (session) return new SessionCredential(settings, session);
  throw new CliFailure(`No credential for ${settings.baseUrl}: run \`tracewell login\`, or pass --api-key (TRACEWELL_API_KEY) or --token (TRACEWELL_TOKEN).`);
}
