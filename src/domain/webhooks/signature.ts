import { createHmac } from 'node:crypto';

/**
 * Standard Webhooks signing: `v1,<base64 HMAC-SHA256 of "${id}.${timestamp}.${body}">`. A secret in
 * the Standard Webhooks form `whsec_<base64>` signs with its decoded bytes, as that convention's
 * libraries expect; any other secret signs with its UTF-8 bytes.
 */
export function signingKey(secret: string): Buffer {
  if (secret.startsWith('whsec_')) {
    const decoded = Buffer.from(secret.slice('whsec_'.length), 'base64');
    if (decoded.length > 0) return decoded;
  }
  return Buffer.from(secret, 'utf8');
}

export function sign(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', signingKey(secret)).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}
