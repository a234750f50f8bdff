/**
 * A single sign-on refusal: `code` for tests, logs and the audit trail; `message` in plain words for
 * the person at the browser (never a stack, a claim dump or the provider's raw error).
 */
export class SsoError extends Error {
  constructor(
    readonly status: 400 | 403 | 502,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SsoError';
  }
}
