import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { DeviceCodeRecord, OAuthClientRecord } from '../../ports/oauth-server.js';
import type { Store } from '../../ports/store.js';
import type { UserRecord } from '../../ports/users.js';
import { hashToken } from '../../auth/tokens.js';
import { OAuthError } from './oauth-error.js';
import { GRANT_DEVICE_CODE, type OAuthClients } from './oauth-clients.js';
import { DEFAULT_SCOPES, parseScopes } from './oauth-scopes.js';
import type { TokenIssuer, TokenResponse } from './token-issuer.js';

const DEVICE_CODE_LIFETIME_SECONDS = 600;
const POLL_INTERVAL_SECONDS = 5;
const SLOW_DOWN_STEP_SECONDS = 5;
// RFC 8628 §6.1: consonants only (no vowels → no words), no look-alikes; 20^8 ≈ 2^34.5 codes.
const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';

/** RFC 8628 §3.2 response. */
export interface DeviceAuthorizationResponse {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

export type DeviceDecisionResult = 'approved' | 'denied';

/** "bcdf-ghjk", "BCDFGHJK" and "BCDF GHJK" all name the user code BCDF-GHJK. */
export function normalizeUserCode(input: string): string | null {
  const letters = input.toUpperCase().replace(/[^A-Z]/g, '');
  if (letters.length !== 8 || [...letters].some((c) => !USER_CODE_ALPHABET.includes(c))) return null;
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

function newUserCode(): string {
  const letters = Array.from({ length: 8 }, () => USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)]).join('');
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

/** The device authorization grant (RFC 8628): start, user decision on the verification page, polling. */
export class DeviceAuthorization {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly clients: OAuthClients,
    private readonly issuer: TokenIssuer,
    private readonly verificationUri: string,
  ) {}

  async start(client: OAuthClientRecord, scope: string | undefined): Promise<DeviceAuthorizationResponse> {
    this.clients.assertGrantType(client, GRANT_DEVICE_CODE);
    const scopes = parseScopes(scope, DEFAULT_SCOPES);
    const deviceCode = randomBytes(32).toString('base64url');
    const userCode = newUserCode();
    const now = this.clock.now();
    await this.store.oauthGrants.createDeviceCode({
      id: randomUUID(),
      deviceCodeHash: hashToken(deviceCode),
      userCode,
      clientId: client.id,
      scopes,
      status: 'pending',
      userId: null,
      intervalSeconds: POLL_INTERVAL_SECONDS,
      lastPolledAt: null,
      expiresAt: new Date(now.getTime() + DEVICE_CODE_LIFETIME_SECONDS * 1000),
      createdAt: now,
    });
    return {
      device_code: deviceCode,
      user_code: userCode,
      verification_uri: this.verificationUri,
      verification_uri_complete: `${this.verificationUri}?user_code=${encodeURIComponent(userCode)}`,
      expires_in: DEVICE_CODE_LIFETIME_SECONDS,
      interval: POLL_INTERVAL_SECONDS,
    };
  }

  /** The pending request a user code names, for the verification page; null when unknown, expired or decided. */
  async pending(userCode: string): Promise<{ record: DeviceCodeRecord; client: OAuthClientRecord } | null> {
    const normalized = normalizeUserCode(userCode);
    const record = normalized ? await this.store.oauthGrants.findDeviceCodeByUserCode(normalized) : null;
    if (!record || record.status !== 'pending' || record.expiresAt.getTime() <= this.clock.now().getTime()) return null;
    const client = await this.clients.find(record.clientId);
    return client ? { record, client } : null;
  }

  /** The signed-in user's decision; false when the code is no longer pending. */
  async decide(userCode: string, user: UserRecord, approve: boolean): Promise<boolean> {
    const found = await this.pending(userCode);
    if (!found) return false;
    return this.store.oauthGrants.transitionDeviceCode(found.record.id, 'pending', approve ? 'approved' : 'denied', user.id);
  }

  async poll(client: OAuthClientRecord, deviceCode: string | undefined, host: string): Promise<TokenResponse> {
    this.clients.assertGrantType(client, GRANT_DEVICE_CODE);
    if (!deviceCode) throw new OAuthError('invalid_request', 'device_code is required.');
    const record = await this.store.oauthGrants.findDeviceCodeByHash(hashToken(deviceCode));
    if (!record || record.clientId !== client.id) throw new OAuthError('invalid_grant', 'The device code is invalid.');
    const now = this.clock.now();
    if (record.expiresAt.getTime() <= now.getTime()) throw new OAuthError('expired_token', 'The device code expired; start again.');
    switch (record.status) {
      case 'denied':
        throw new OAuthError('access_denied', 'The user denied the request.');
      case 'consumed':
        throw new OAuthError('invalid_grant', 'The device code was already exchanged.');
      case 'pending': {
        const tooSoon = record.lastPolledAt !== null && now.getTime() - record.lastPolledAt.getTime() < record.intervalSeconds * 1000;
        const interval = tooSoon ? record.intervalSeconds + SLOW_DOWN_STEP_SECONDS : record.intervalSeconds;
        await this.store.oauthGrants.recordDevicePoll(record.id, now, interval);
        if (tooSoon) throw new OAuthError('slow_down', `Poll at most every ${interval} seconds.`);
        throw new OAuthError('authorization_pending', 'The user has not decided yet.');
      }
      case 'approved': {
        if (!record.userId || !(await this.store.oauthGrants.transitionDeviceCode(record.id, 'approved', 'consumed', null))) {
          throw new OAuthError('invalid_grant', 'The device code was already exchanged.');
        }
        return this.issuer.issue({ clientId: client.id, userId: record.userId, scopes: record.scopes, host }, randomUUID());
      }
    }
  }
}
