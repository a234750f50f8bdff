/**
 * A Standard Webhooks signing secret: `whsec_` and 24 random bytes in base64, the form the
 * receivers' libraries (standardwebhooks) take as-is. Made in the browser because the service never
 * generates or returns one: whoever creates the webhook must be able to copy it to the receiver.
 */
export function generateWebhookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return `whsec_${btoa(binary)}`;
}
