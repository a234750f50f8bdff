import { createHash, createHmac } from 'node:crypto';
import { problems } from '../errors.js';
import type { Clock } from '../clock.js';
import { constantTimeEqual } from '../auth/tokens.js';

/** What a cursor chain is bound to: using it with anything else is PUBLIC_API_INVALID_CURSOR. */
export interface CursorBinding {
  credentialId: string;
  projectId: string;
  /** The operation id, e.g. listTraces. */
  endpoint: string;
  /** Every filter of the first request (not the limit, which may change between pages). */
  filters: unknown;
  sort: string;
}

export interface Page {
  hasMore: boolean;
  limit: number;
  nextCursor: string | null;
}

export const CURSOR_LIFETIME_MS = 15 * 60 * 1000;

interface CursorPayload {
  v: 1;
  /** When the chain's first cursor was issued (epoch ms); following pages keep it. */
  t: number;
  /** Digest of the binding. */
  b: string;
  /** Keyset position: the sort key of the last item returned. */
  p: unknown;
}

/** Canonical JSON: sorted keys, undefined dropped, so equal filters give equal digests. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * Opaque, authenticated keyset cursors: base64url(payload) "." base64url(HMAC-SHA256). Without the
 * server secret a cursor can be neither forged nor altered, and its binding digest ties it to one
 * credential, project, endpoint, filter set and sort.
 */
export class CursorCodec {
  constructor(
    private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  /** `chainStartedAt` is the decoded cursor's, or undefined for the first page of a chain. */
  encode(binding: CursorBinding, position: unknown, chainStartedAt?: number): string {
    const payload: CursorPayload = { v: 1, t: chainStartedAt ?? this.clock.now().getTime(), b: this.digest(binding), p: position };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  decode<P>(cursor: string, binding: CursorBinding): { position: P; chainStartedAt: number } {
    const [body, signature, extra] = cursor.split('.');
    if (!body || !signature || extra !== undefined || !constantTimeEqual(signature, this.sign(body))) {
      throw problems.invalidCursor('The cursor is not one this service issued, or it was altered.');
    }
    let payload: CursorPayload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as CursorPayload;
    } catch {
      throw problems.invalidCursor('The cursor is not one this service issued, or it was altered.');
    }
    if (payload.v !== 1 || typeof payload.t !== 'number') throw problems.invalidCursor('The cursor version is not supported.');
    if (this.clock.now().getTime() - payload.t > CURSOR_LIFETIME_MS) {
      throw problems.invalidCursor('The cursor chain expired 15 minutes after its first page; start again without a cursor.');
    }
    if (payload.b !== this.digest(binding)) {
      throw problems.invalidCursor('The cursor does not match this request: credential, project, endpoint, filters and sort must stay the same.');
    }
    return { position: payload.p as P, chainStartedAt: payload.t };
  }

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(`cursor:${body}`).digest('base64url');
  }

  private digest(binding: CursorBinding): string {
    return createHash('sha256').update(canonicalJson(binding)).digest('base64url').slice(0, 22);
  }
}
