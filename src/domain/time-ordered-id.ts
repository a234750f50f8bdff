import { randomUUID } from 'node:crypto';

/**
 * A UUID version 7 (RFC 9562 §5.7): the Unix time in milliseconds in the first 48 bits, then
 * random bits. For rows written in bulk under a UUID key (detection jobs: one per ingested trace),
 * ids made close in time sit next to each other in the key's B-tree, so an insert appends to the
 * last leaf pages instead of dirtying a random page of an index that grows with every trace
 * (version 4). It is still an ordinary UUID for the databases and for clients.
 */
export function timeOrderedUuid(nowMs: number): string {
  const random = randomUUID(); // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx: its variant bits are already RFC 9562's
  const time = Math.max(0, Math.min(Math.trunc(nowMs), 0xffffffffffff)).toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(15)}`;
}
