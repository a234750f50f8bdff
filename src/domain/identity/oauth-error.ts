/** RFC 6749 §5.2 error codes, plus RFC 8628's device-flow codes, RFC 8707's invalid_target and RFC 7591's registration errors. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'access_denied'
  | 'authorization_pending'
  | 'slow_down'
  | 'expired_token'
  | 'unsupported_token_type'
  | 'invalid_target'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata';

/**
 * A protocol failure at the OAuth endpoints. These render as RFC 6749 JSON (`error`,
 * `error_description`), not Problem Details: OAuth clients parse that shape.
 */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    description: string,
    readonly status: 400 | 401 = error === 'invalid_client' ? 401 : 400,
  ) {
    super(description);
    this.name = 'OAuthError';
  }

  get description(): string {
    return this.message;
  }

  toJSON(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.message };
  }
}
