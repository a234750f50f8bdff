import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Webhook secrets at rest: AES-256-GCM with a random 96-bit nonce per value, the webhook id as
 * associated data (a ciphertext copied onto another webhook does not decrypt), stored as
 * `v1.<nonce>.<ciphertext>.<tag>` in base64url. The key is WEBHOOK_ENCRYPTION_KEY, or derived from
 * SERVER_SECRET with HKDF-SHA256 so a deployment needs no extra secret.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(explicitKey: Buffer | undefined, serverSecret: string) {
    this.key = explicitKey ?? Buffer.from(hkdfSync('sha256', serverSecret, 'tracewell', 'webhook-secret-encryption-v1', 32));
  }

  seal(plaintext: string, webhookId: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(webhookId));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, nonce, ciphertext, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  open(sealed: string, webhookId: string): string {
    const [version, nonce, ciphertext, tag] = sealed.split('.');
    if (version !== VERSION || !nonce || ciphertext === undefined || !tag) throw new Error('Unsupported webhook secret envelope.');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAAD(Buffer.from(webhookId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}
