import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Store } from '../../ports/store.js';
import { DestinationGuard } from '../webhooks/destination-guard.js';
import { parseAllowedHost } from '../webhooks/allowed-host.js';
import { SecretBox } from '../webhooks/secret-box.js';
import { OidcClient } from './oidc-client.js';
import { SsoConnections } from './sso-connections.js';
import { SsoPasswordPolicy } from './sso-password-policy.js';
import { SsoSignIn } from './sso-sign-in.js';

export interface SsoServices {
  connections: SsoConnections;
  signIn: SsoSignIn;
  passwords: SsoPasswordPolicy;
}

/** The single sign-on services over one OIDC client (SSRF guard from SSO_ALLOWED_HOSTS) and the secret box. */
export function createSsoServices({ store, clock, config }: { store: Store; clock: Clock; config: Pick<Config, 'ssoAllowedHosts' | 'publicBaseUrl' | 'webhooks' | 'serverSecret'> }): SsoServices {
  const allowed = config.ssoAllowedHosts.map(parseAllowedHost);
  // Plain http only to a host the operator allowed on that port (a provider on the local network or a test).
  const insecureHosts = (url: URL): boolean => {
    const port = url.port === '' ? 80 : Number(url.port);
    return allowed.some((entry) => entry.host === url.hostname.toLowerCase() && (entry.port === '*' || entry.port === port || (entry.port === 'default' && port === 80)));
  };
  const oidc = new OidcClient(new DestinationGuard(config.ssoAllowedHosts), insecureHosts);
  const box = new SecretBox(config.webhooks.encryptionKey, config.serverSecret);
  const redirectUri = `${config.publicBaseUrl}/sso/callback`;
  return {
    connections: new SsoConnections(store, clock, box, oidc, redirectUri),
    signIn: new SsoSignIn(store, clock, box, oidc, redirectUri),
    passwords: new SsoPasswordPolicy(store, clock),
  };
}
