import { ApiProblemError, CliFailure, isProblem } from './cli-errors.js';
import type { Credential } from './credentials.js';

/** A repeated parameter (`candidate=a&candidate=b`) is an array. */
export type QueryValue = string | number | boolean | undefined | null | readonly string[];

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Safe to send again after a network failure or a retryable 5xx: reads, and writes carrying an
   * idempotency key (the server replays the first response for the same key and body).
   */
  retrySafe?: boolean;
}

export interface ApiClientOptions {
  baseUrl: string;
  credential: Credential;
  projectId?: string;
  /** Informational lines (waiting on 429); silenced by --quiet. */
  notice: (message: string) => void;
  sleep?: (ms: number) => Promise<void>;
  /** How many times one request is retried after 429 / 503 / retry-safe failures. */
  maxRetries?: number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds from Retry-After (delta-seconds or an HTTP date), at least one. */
function retryAfterSeconds(header: string | null, fallback: number): number {
  if (!header) return fallback;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? fallback : Math.max(1, Math.ceil((date - Date.now()) / 1000));
}

/**
 * The REST API over global fetch: unwraps the success envelope to `data`, turns Problem Details into
 * ApiProblemError, waits Retry-After on 429 (and on 503 draining) and continues, renews an OAuth
 * login once after a 401.
 */
export class ApiClient {
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly maxRetries: number;

  constructor(private readonly options: ApiClientOptions) {
    this.sleep = options.sleep ?? realSleep;
    this.maxRetries = options.maxRetries ?? 5;
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  get credentialKind(): Credential['kind'] {
    return this.options.credential.kind;
  }

  get<T>(path: string, query?: Record<string, QueryValue>): Promise<T> {
    return this.request<T>('GET', path, { query, retrySafe: true });
  }

  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const url = this.url(path, options.query);
    let renewed = false;
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = {
        accept: 'application/json, application/problem+json',
        ...(await this.options.credential.headers()),
        ...(this.options.projectId ? { 'x-project-id': this.options.projectId } : {}),
        ...options.headers,
      };
      if (options.body !== undefined) headers['content-type'] = 'application/json';

      let response: Response;
      try {
        response = await fetch(url, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
      } catch (error) {
        if (options.retrySafe && attempt < 2) {
          this.options.notice(`Request failed (${(error as Error).message}); retrying…`);
          await this.sleep(1000 * (attempt + 1));
          continue;
        }
        throw new CliFailure(`Cannot reach ${this.options.baseUrl}: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`);
      }

      const body = await this.parse(response);
      if (response.ok) {
        const envelope = body as { success?: unknown; data?: unknown } | undefined;
        if (!envelope || envelope.success !== true || !('data' in envelope)) {
          throw new CliFailure(`${method} ${path} answered ${response.status} without a success envelope.`);
        }
        return envelope.data as T;
      }

      const retryAfter = response.headers.get('retry-after');
      const waitable = response.status === 429 || (response.status === 503 && retryAfter !== null);
      if (waitable && attempt < this.maxRetries) {
        const seconds = retryAfterSeconds(retryAfter, 1);
        this.options.notice(
          response.status === 429 ? `Rate limited; waiting ${seconds} s (Retry-After) and continuing…` : `Server unavailable; waiting ${seconds} s (Retry-After) and retrying…`,
        );
        await this.sleep(seconds * 1000);
        continue;
      }
      if (options.retrySafe && response.status >= 500 && attempt < 2 && isProblem(body) && body.retryable) {
        this.options.notice(`Server error ${response.status} (requestId ${body.requestId}); retrying…`);
        await this.sleep(1000 * (attempt + 1));
        continue;
      }
      if (response.status === 401 && !renewed && (await this.options.credential.renew())) {
        renewed = true;
        continue;
      }
      if (isProblem(body)) throw new ApiProblemError(body);
      const text = body && typeof body === 'object' && 'error' in body ? String((body as { error: unknown }).error) : `HTTP ${response.status}`;
      throw new CliFailure(`${method} ${path} failed: ${text} (X-Request-Id ${response.headers.get('x-request-id') ?? 'none'})`);
    }
  }

  /**
   * A streamed (non-envelope) response body, handed over chunk by chunk as it arrives; a Problem
   * answer fails like any other request. For exports, which must not be held in memory.
   */
  async download(path: string, query: Record<string, QueryValue>, onChunk: (chunk: Uint8Array) => Promise<void> | void): Promise<void> {
    const headers: Record<string, string> = {
      accept: 'application/x-ndjson, application/problem+json',
      ...(await this.options.credential.headers()),
      ...(this.options.projectId ? { 'x-project-id': this.options.projectId } : {}),
    };
    let response: Response;
    try {
      response = await fetch(this.url(path, query), { headers });
    } catch (error) {
      throw new CliFailure(`Cannot reach ${this.options.baseUrl}: ${(error as Error).message}`);
    }
    if (!response.ok) {
      const body = await this.parse(response);
      if (isProblem(body)) throw new ApiProblemError(body);
      throw new CliFailure(`GET ${path} failed: HTTP ${response.status}`);
    }
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) await onChunk(chunk);
  }

  private url(path: string, query: Record<string, QueryValue> = {}): string {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (Array.isArray(value)) for (const entry of value as readonly string[]) search.append(name, entry);
      else if (value !== undefined && value !== null) search.set(name, String(value));
    }
    const suffix = search.size > 0 ? `?${search.toString()}` : '';
    return `${this.options.baseUrl}${path}${suffix}`;
  }

  private async parse(response: Response): Promise<unknown> {
    const text = await response.text();
    if (!text) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return { error: text.slice(0, 200) };
    }
  }
}
