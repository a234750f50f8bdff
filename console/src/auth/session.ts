import type { Credential } from '../api/client';
import { randomToken, s256 } from './pkce';

/**
 * The signed-in state. Tokens live in sessionStorage (gone with the tab, never in localStorage or a
 * cookie); the list of projects used before is not secret and stays in localStorage.
 */

export const CONSOLE_CLIENT_ID = 'tracewell-console';
export const CALLBACK_PATH = '/auth/callback';
export const CONSOLE_SCOPES = [
  'profile:read',
  // The signed-in user's email preferences (settings/email).
  'profile:write',
  'context:read',
  'observability:read',
  'observability:write',
  'configuration:read',
  'configuration:write',
  // Scores on a trace (docs/evaluations.md).
  'evaluation:read',
  'evaluation:write',
  // Listing projects and the settings pages (API keys, members, invitations, audit log, retention);
  // the service still checks the user's role on each call.
  'organization:read',
  // Service accounts and their tokens (settings); the service still requires the admin role.
  'organization:write',
  'project:write',
  'access:read',
  'access:write',
  'offline_access',
].join(' ');

export interface OAuthTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Epoch ms. */
  issuedAt: number;
  /** Epoch ms. */
  expiresAt: number;
}

export interface SessionState {
  kind: 'apiKey' | 'oauth';
  apiKey?: string;
  tokens?: OAuthTokens;
  projectId: string | null;
}

export interface KnownProject {
  id: string;
  name: string;
  organizationName: string;
}

const SESSION_KEY = 'tracewell.session';
const PENDING_KEY = 'tracewell.pkce';
const PROJECTS_KEY = 'tracewell.projects';
/** Refresh a minute before the access token expires, but never before 80% of its life (short-lived tokens). */
const REFRESH_MARGIN_MS = 60_000;
const EARLIEST_REFRESH = 0.8;

type Listener = () => void;

interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
}

const redirectUri = () => `${location.origin}${CALLBACK_PATH}`;

async function tokenRequest(form: Record<string, string>): Promise<TokenResponse> {
  const response = await fetch('/oauth/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
  const body = (await response.json().catch(() => ({}))) as TokenResponse & { error?: string; error_description?: string };
  if (!response.ok) throw new Error(body.error_description ?? body.error ?? `The token endpoint answered ${response.status}.`);
  return body;
}

const toTokens = (response: TokenResponse, previousRefresh: string | null = null): OAuthTokens => {
  const now = Date.now();
  return { accessToken: response.access_token, refreshToken: response.refresh_token ?? previousRefresh, issuedAt: now, expiresAt: now + response.expires_in * 1000 };
};

export class SessionStore {
  private state: SessionState | null = null;
  private listeners = new Set<Listener>();
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;
  private refreshing: Promise<boolean> | null = null;

  constructor() {
    try {
      const saved = sessionStorage.getItem(SESSION_KEY);
      this.state = saved ? (JSON.parse(saved) as SessionState) : null;
    } catch {
      this.state = null;
    }
    this.scheduleRefresh();
  }

  get current(): SessionState | null {
    return this.state;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  credential(): Credential | null {
    if (!this.state) return null;
    if (this.state.kind === 'apiKey' && this.state.apiKey) return { kind: 'apiKey', key: this.state.apiKey };
    if (this.state.kind === 'oauth' && this.state.tokens) return { kind: 'oauth', accessToken: this.state.tokens.accessToken };
    return null;
  }

  private set(next: SessionState | null): void {
    this.state = next;
    if (next) sessionStorage.setItem(SESSION_KEY, JSON.stringify(next));
    else sessionStorage.removeItem(SESSION_KEY);
    this.scheduleRefresh();
    for (const listener of this.listeners) listener();
  }

  signInWithApiKey(apiKey: string, projectId: string | null): void {
    this.set({ kind: 'apiKey', apiKey, projectId });
  }

  /** null: no project chosen (the remembered one is not this account's); the project page asks. */
  selectProject(projectId: string | null): void {
    if (this.state) this.set({ ...this.state, projectId });
  }

  /** Starts the authorization code flow: the browser leaves for the server's sign-in page. */
  /** `loginHint`: the work email of "Continue with SSO"; the server sends its domain's people to their identity provider. */
  async beginOAuth(returnTo: string, loginHint?: string): Promise<void> {
    const verifier = randomToken(48);
    const state = randomToken(16);
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ verifier, state, returnTo }));
    const url = new URL('/oauth/authorize', location.origin);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: CONSOLE_CLIENT_ID,
      redirect_uri: redirectUri(),
      scope: CONSOLE_SCOPES,
      state,
      code_challenge: await s256(verifier),
      code_challenge_method: 'S256',
      ...(loginHint ? { login_hint: loginHint } : {}),
    }).toString();
    location.assign(url.toString());
  }

  /** Finishes the flow on the callback page; returns where to go next. */
  async completeOAuth(params: URLSearchParams): Promise<string> {
    const pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as { verifier: string; state: string; returnTo: string } | null;
    sessionStorage.removeItem(PENDING_KEY);
    if (params.get('error')) throw new Error(params.get('error_description') ?? params.get('error') ?? 'Sign-in failed.');
    if (!pending || params.get('state') !== pending.state) throw new Error('The sign-in response does not belong to this tab (state mismatch). Start again.');
    const code = params.get('code');
    if (!code) throw new Error('The sign-in response carries no code.');
    const response = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri(), client_id: CONSOLE_CLIENT_ID, code_verifier: pending.verifier });
    const projectId = lastProjectId();
    this.set({ kind: 'oauth', tokens: toTokens(response), projectId });
    return pending.returnTo || '/';
  }

  /** Exchanges the refresh token (rotated by the server); false when the session is over. */
  refresh(): Promise<boolean> {
    this.refreshing ??= (async () => {
      const tokens = this.state?.kind === 'oauth' ? this.state.tokens : undefined;
      if (!tokens?.refreshToken) return false;
      try {
        const response = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken, client_id: CONSOLE_CLIENT_ID });
        if (this.state?.kind === 'oauth') this.set({ ...this.state, tokens: toTokens(response, tokens.refreshToken) });
        return true;
      } catch {
        this.set(null);
        return false;
      }
    })().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private scheduleRefresh(): void {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = null;
    const tokens = this.state?.kind === 'oauth' ? this.state.tokens : undefined;
    if (!tokens?.refreshToken) return;
    const lifetime = tokens.expiresAt - tokens.issuedAt;
    const refreshAt = tokens.issuedAt + Math.max(lifetime * EARLIEST_REFRESH, lifetime - REFRESH_MARGIN_MS);
    const wait = Math.max(0, refreshAt - Date.now());
    this.refreshTimer = setTimeout(() => void this.refresh(), Math.min(wait, 2 ** 31 - 1));
  }

  /** Revokes the OAuth tokens at the server (refresh token first: it ends the whole family). */
  async signOut(): Promise<void> {
    const tokens = this.state?.kind === 'oauth' ? this.state.tokens : undefined;
    this.set(null);
    if (!tokens) return;
    const revoke = (token: string, hint: string) =>
      fetch('/oauth/revoke', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token, token_type_hint: hint, client_id: CONSOLE_CLIENT_ID }) }).catch(() => undefined);
    if (tokens.refreshToken) await revoke(tokens.refreshToken, 'refresh_token');
    await revoke(tokens.accessToken, 'access_token');
  }
}

export function knownProjects(): KnownProject[] {
  try {
    return JSON.parse(localStorage.getItem(PROJECTS_KEY) ?? '[]') as KnownProject[];
  } catch {
    return [];
  }
}

/** Remembers a project that answered, most recent first, for the switcher. */
export function rememberProject(project: KnownProject): void {
  const rest = knownProjects().filter((p) => p.id !== project.id);
  localStorage.setItem(PROJECTS_KEY, JSON.stringify([project, ...rest].slice(0, 20)));
}

export function forgetProject(projectId: string): void {
  localStorage.setItem(PROJECTS_KEY, JSON.stringify(knownProjects().filter((p) => p.id !== projectId)));
}

const lastProjectId = (): string | null => knownProjects()[0]?.id ?? null;
