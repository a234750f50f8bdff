import { CliFailure } from './cli-errors.js';

/** RFC 6749 §5.1 token response. */
export interface TokenResponse {
  access_token: string;
  token_type: string;
  expires_in?: number;
  refresh_token?: string;
  scope?: string;
}

/** RFC 8628 §3.2 device authorization response. */
export interface DeviceAuthorization {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete?: string;
  expires_in: number;
  interval?: number;
}

/** An OAuth error answer (RFC 6749 §5.2), kept apart so the device flow can branch on `error`. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string | undefined,
    readonly status: number,
  ) {
    super(description ? `${error}: ${description}` : error);
    this.name = 'OAuthError';
  }
}

/** The OAuth endpoints outside the REST contract: form-encoded requests, JSON answers. */
export class OAuthClient {
  constructor(
    private readonly baseUrl: string,
    private readonly clientId: string,
  ) {}

  private async postForm<T>(path: string, params: Record<string, string>): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(params).toString(),
      });
    } catch (error) {
      throw new CliFailure(`Cannot reach ${this.baseUrl}: ${(error as Error).message}`);
    }
    const text = await response.text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // a non-JSON answer is reported below with its status
    }
    if (response.ok) return body as T;
    const answer = (body ?? {}) as { error?: unknown; error_description?: unknown; detail?: unknown };
    if (typeof answer.error === 'string') {
      throw new OAuthError(answer.error, typeof answer.error_description === 'string' ? answer.error_description : undefined, response.status);
    }
    throw new CliFailure(`${path} answered ${response.status}${typeof answer.detail === 'string' ? `: ${answer.detail}` : ''}`);
  }

  requestDeviceCode(scopes: string[]): Promise<DeviceAuthorization> {
    return this.postForm('/oauth/device/code', { client_id: this.clientId, scope: scopes.join(' ') });
  }

  pollDeviceToken(deviceCode: string): Promise<TokenResponse> {
    return this.postForm('/oauth/token', {
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      device_code: deviceCode,
      client_id: this.clientId,
    });
  }

  refresh(refreshToken: string): Promise<TokenResponse> {
    return this.postForm('/oauth/token', { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: this.clientId });
  }

  /** RFC 7009: the server answers 200 whether or not the token was still valid. */
  async revoke(token: string, hint: 'access_token' | 'refresh_token'): Promise<void> {
    await this.postForm<unknown>('/oauth/revoke', { token, token_type_hint: hint, client_id: this.clientId });
  }
}
