import { createHmac, timingSafeEqual } from 'node:crypto';

/** `sha256=<hex HMAC-SHA256 of the body>`, as GitHub's X-Hub-Signature-256 header carries it. */
export const gitHubSignature = (secret: string, body: Buffer | string): string => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/**
 * Whether `header` is the signature of `body` with `secret`, compared in constant time
 * (docs.github.com, "Validating webhook deliveries"). A header of another length or form is false
 * without comparing, which reveals only that it is malformed.
 */
export function verifyGitHubSignature(secret: string, body: Buffer, header: string | undefined): boolean {
  if (header === undefined || !/^sha256=[0-9a-f]{64}$/.test(header)) return false;
  return timingSafeEqual(Buffer.from(gitHubSignature(secret, body)), Buffer.from(header));
}
