import * as oauth from 'oauth4webapi';
import { isProblemError } from '../../errors.js';
import type { DestinationGuard } from '../webhooks/destination-guard.js';
import { SsoError } from './sso-error.js';
import { pinnedFetch } from './pinned-fetch.js';

const REQUEST_TIMEOUT_MS = 10_000;

/** The provider's answer at sign-in: the ID token's validated claims. */
export type IdTokenClaims = oauth.IDToken;

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What the sign-in needs from the provider's discovery document. */
export type ProviderMetadata = oauth.AuthorizationServer;

const unreachable = (issuer: string, why: string): SsoError => new SsoError(400, 'issuer_unreachable', `The identity provider at ${issuer} could not be used: ${why}`);

/**
 * Talks OpenID Connect to an organization's identity provider with oauth4webapi: discovery, the
 * authorization URL (code + PKCE S256, state, nonce), the code exchange and ID token validation
 * (JWKS signature, iss, aud, exp/iat, nonce). Every request (discovery, token, JWKS) first goes
 * through the SSRF guard — public addresses only unless SSO_ALLOWED_HOSTS names the host — connects
 * to the address it vetted, and follows no redirect. Plain http is accepted only for hosts the allow-list names (a local test
 * provider); everything else must be https.
 */
export class OidcClient {
  constructor(
    private readonly guard: DestinationGuard,
    private readonly insecureHosts: (url: URL) => boolean,
  ) {}

  private options(issuer: URL): { [oauth.customFetch]: typeof fetch; [oauth.allowInsecureRequests]: boolean } {
    return {
      [oauth.customFetch]: async (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        // Connects to the address the guard checked: no DNS rebinding between the check and the request.
        return pinnedFetch(await this.guard.vet(url), init ?? {}, REQUEST_TIMEOUT_MS);
      },
      [oauth.allowInsecureRequests]: issuer.protocol === 'http:' && this.insecureHosts(issuer),
    };
  }

  /** Fetches and checks the discovery document: it names the issuer, and supports the code flow with S256. */
  async discover(issuer: string): Promise<ProviderMetadata> {
    let url: URL;
    try {
      url = new URL(issuer);
    } catch {
      throw new SsoError(400, 'issuer_invalid', 'The issuer is not an absolute URL.');
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && this.insecureHosts(url))) throw new SsoError(400, 'issuer_invalid', 'The issuer must be an https URL.');
    let metadata: ProviderMetadata;
    try {
      metadata = await oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, { ...this.options(url), algorithm: 'oidc' }));
    } catch (error) {
      if (isProblemError(error)) throw unreachable(issuer, error.detail);
      throw unreachable(issuer, error instanceof Error ? error.message : String(error));
    }
    if (!metadata.authorization_endpoint || !metadata.token_endpoint || !metadata.jwks_uri) {
      throw unreachable(issuer, 'its discovery document lacks authorization_endpoint, token_endpoint or jwks_uri.');
    }
    if (metadata.response_types_supported && !(metadata.response_types_supported as string[]).includes('code')) throw unreachable(issuer, 'it does not support the authorization code flow.');
    if (metadata.code_challenge_methods_supported && !metadata.code_challenge_methods_supported.includes('S256')) throw unreachable(issuer, 'it does not support PKCE with S256.');
    return metadata;
  }

  /** The URL the browser is sent to. */
  async authorizationUrl(metadata: ProviderMetadata, input: { clientId: string; redirectUri: string; scope: string; state: string; nonce: string; codeVerifier: string; loginHint?: string }): Promise<URL> {
    const url = new URL(metadata.authorization_endpoint!);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', input.clientId);
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('scope', input.scope);
    url.searchParams.set('state', input.state);
    url.searchParams.set('nonce', input.nonce);
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(input.codeVerifier));
    url.searchParams.set('code_challenge_method', 'S256');
    if (input.loginHint) url.searchParams.set('login_hint', input.loginHint);
    return url;
  }

  /**
   * Checks the callback (state, `iss` when the provider sends it, an error from the provider),
   * redeems the code with the PKCE verifier and validates the ID token; its claims on success.
   */
  async finish(
    metadata: ProviderMetadata,
    settings: ProviderSettings,
    callback: { params: URLSearchParams; state: string; nonce: string; codeVerifier: string; redirectUri: string },
  ): Promise<IdTokenClaims> {
    const client: oauth.Client = { client_id: settings.clientId };
    const methods = metadata.token_endpoint_auth_methods_supported;
    const auth = methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post') ? oauth.ClientSecretPost(settings.clientSecret) : oauth.ClientSecretBasic(settings.clientSecret);
    const issuer = new URL(settings.issuer);
    try {
      const params = oauth.validateAuthResponse(metadata, client, callback.params, callback.state);
      const response = await oauth.authorizationCodeGrantRequest(metadata, client, auth, params, callback.redirectUri, callback.codeVerifier, this.options(issuer));
      const result = await oauth.processAuthorizationCodeResponse(metadata, client, response, { expectedNonce: callback.nonce, requireIdToken: true });
      // oauth4webapi leaves the signature of a token-endpoint ID token to TLS; the provider may be a
      // plain-http host of SSO_ALLOWED_HOSTS, and a signature proves the token either way (JWKS).
      await oauth.validateApplicationLevelSignature(metadata, response, this.options(issuer));
      const claims = oauth.getValidatedIdTokenClaims(result);
      if (!claims) throw new SsoError(400, 'id_token_missing', 'The identity provider sent no ID token.');
      return claims;
    } catch (error) {
      throw explain(error);
    }
  }
}

/** oauth4webapi's failures in words a person can act on, with a stable code. */
function explain(error: unknown): SsoError {
  if (error instanceof SsoError) return error;
  if (isProblemError(error)) return new SsoError(502, 'provider_unreachable', `The identity provider could not be reached: ${error.detail}`);
  if (error instanceof oauth.AuthorizationResponseError) {
    const reason = error.error_description ?? error.error;
    return new SsoError(403, 'provider_refused', `The identity provider did not sign you in (${reason}).`);
  }
  if (error instanceof oauth.ResponseBodyError) {
    return new SsoError(400, 'code_rejected', `The identity provider refused the sign-in code (${error.error}). Start the sign-in again.`);
  }
  if (error instanceof oauth.OperationProcessingError) {
    const claim = (error.cause as { claim?: string; attribute?: string } | undefined)?.claim;
    if (error.code === oauth.JWT_TIMESTAMP_CHECK) return new SsoError(400, 'id_token_expired', 'The sign-in from your identity provider has expired or is not valid yet. Start the sign-in again.');
    if (error.code === oauth.JWT_CLAIM_COMPARISON && claim === 'nonce') return new SsoError(400, 'nonce_mismatch', 'This sign-in response does not belong to the sign-in you started (nonce). Start the sign-in again.');
    if (error.code === oauth.JWT_CLAIM_COMPARISON && (claim === 'aud' || claim === 'azp')) return new SsoError(400, 'wrong_audience', 'The identity provider issued the sign-in for another application (audience). Check the client id of the connection.');
    if (error.code === oauth.JWT_CLAIM_COMPARISON && claim === 'iss') return new SsoError(400, 'wrong_issuer', 'The sign-in was issued by another identity provider than the one configured (issuer).');
    if (error.code === oauth.INVALID_RESPONSE && /signature/i.test(error.message)) return new SsoError(400, 'bad_signature', 'The sign-in token is not signed by your identity provider’s keys and was refused.');
    if (error.code === oauth.KEY_SELECTION) return new SsoError(400, 'bad_signature', 'The sign-in token is signed with a key your identity provider does not publish and was refused.');
    if (error.code === oauth.JSON_ATTRIBUTE_COMPARISON && (error.cause as { attribute?: string } | undefined)?.attribute === 'iss') {
      return new SsoError(400, 'wrong_issuer', 'The sign-in response names another identity provider than the one configured (issuer).');
    }
    return new SsoError(400, 'invalid_response', `The identity provider's answer was refused: ${error.message}.`);
  }
  if (error instanceof TypeError || error instanceof DOMException) return new SsoError(502, 'provider_unreachable', `The identity provider could not be reached: ${error.message}.`);
  return new SsoError(400, 'invalid_response', `The identity provider's answer was refused: ${error instanceof Error ? error.message : String(error)}.`);
}
