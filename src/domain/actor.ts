import type { Principal } from '../auth/principal.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids that are uuid columns must be checked before querying: PostgreSQL rejects a malformed uuid. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** Who did something, as recorded in trails and comments: the user, else the credential. */
export function actorOf(principal: Principal): string {
  return principal.userId ? `user:${principal.userId}` : `${principal.kind}:${principal.credentialId}`;
}
