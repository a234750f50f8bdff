import { CliFailure } from './cli-errors.js';
import type { StoredSession } from './config-file.js';
import { sessionFromTokens } from './credentials.js';
import { OAuthClient, OAuthError } from './oauth-client.js';

export interface DeviceLoginOptions {
  oauth: OAuthClient;
  clientId: string;
  scopes: string[];
  projectId: string | null;
  /** Tells the person where to go and which code to enter. */
  instruct: (verificationUri: string, userCode: string, verificationUriComplete?: string) => void;
  sleep: (ms: number) => Promise<void>;
  now?: () => number;
}

/** RFC 8628 §3.5: poll at the server's interval (5 s when it names none), 5 s slower after slow_down. */
export async function deviceLogin(options: DeviceLoginOptions): Promise<StoredSession> {
  const now = options.now ?? Date.now;
  const device = await options.oauth.requestDeviceCode(options.scopes);
  options.instruct(device.verification_uri, device.user_code, device.verification_uri_complete);
  const deadline = now() + device.expires_in * 1000;
  let intervalMs = Math.max(1, device.interval ?? 5) * 1000;
  for (;;) {
    await options.sleep(intervalMs);
    if (now() > deadline) throw new CliFailure('The code expired before it was approved: run `tracewell login` again.');
    try {
      const tokens = await options.oauth.pollDeviceToken(device.device_code);
      return sessionFromTokens(tokens, { clientId: options.clientId, projectId: options.projectId, scopes: options.scopes }, now());
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      if (error.error === 'authorization_pending') continue;
      if (error.error === 'slow_down') {
        intervalMs += 5000;
        continue;
      }
      if (error.error === 'access_denied') throw new CliFailure('The login was denied.');
      if (error.error === 'expired_token') throw new CliFailure('The code expired before it was approved: run `tracewell login` again.');
      throw new CliFailure(`The login failed: ${error.message}`);
    }
  }
}
