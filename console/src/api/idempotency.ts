import { useRef } from 'react';

/**
 * A fresh idempotency key: 32 random bytes as base64url (43 characters, the contract's maximum).
 * `getRandomValues`, not `randomUUID`: the latter exists only in secure contexts, and a self-hosted
 * console may be served over plain http on a LAN address.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * One key per submission: submitting the same body again (a retry after a failure or a lost answer)
 * reuses the key, so the service replays the first answer instead of creating a second resource;
 * a changed body, or `done()` after a success, starts a new submission.
 */
export function useIdempotencyKey(): { keyFor(body: unknown): string; done(): void } {
  const current = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor(body) {
      const serialized = JSON.stringify(body);
      if (current.current?.body !== serialized) current.current = { body: serialized, key: newIdempotencyKey() };
      return current.current.key;
    },
    done() {
      current.current = null;
    },
  };
}
