import { trace } from '@opentelemetry/api';
import { TracewellApiError, type ApiClient } from '../api/client.js';
import type { components } from '../generated/openapi.js';
import type { OnceLogger } from '../logger.js';
import { ATTR } from '../tracing/attributes.js';
import { compileTemplate, type CompiledMessage, type PromptTemplate } from './template.js';

export type PromptVersion = components['schemas']['PromptVersion'];

/** A prompt version as the application uses it. */
export class Prompt {
  constructor(
    readonly name: string,
    readonly version: number,
    readonly type: 'text' | 'chat',
    readonly template: PromptTemplate,
    readonly config: Record<string, unknown>,
    readonly labels: readonly string[],
    /** True when this is the caller's fallback, not a version from the server. */
    readonly isFallback: boolean,
  ) {}

  /**
   * The filled template (a string, or `{role, content}` messages for chat). The span active at that
   * moment records the prompt's name and version, unless this is a fallback (it names no version).
   */
  compile(variables: Readonly<Record<string, string>> = {}, placeholders: Readonly<Record<string, readonly CompiledMessage[]>> = {}): string | CompiledMessage[] {
    const compiled = compileTemplate(this.template, variables, placeholders);
    this.linkToActiveSpan();
    return compiled;
  }

  /** Records `tracewell.prompt.name` / `.version` on the active span, which is how the server links them (docs/prompts.md "Linked spans"). */
  linkToActiveSpan(): void {
    if (this.isFallback) return;
    try {
      const span = trace.getActiveSpan();
      span?.setAttribute(ATTR.promptName, this.name);
      span?.setAttribute(ATTR.promptVersion, this.version);
    } catch {
      // Never surfaces.
    }
  }
}

export interface GetPromptOptions {
  /** Default `production` (the server's default). Not with `version`. */
  label?: string;
  version?: number;
  /** How long a fetched version is used without asking the server (default 60,000 ms; 0 asks every time). */
  cacheTtlMs?: number;
  /**
   * After the TTL, how long the cached version is still returned at once while it is revalidated in
   * the background (default 300,000 ms). Beyond it the call waits for the server.
   */
  staleWhileRevalidateMs?: number;
  /** Used when the server cannot be reached and nothing is cached: the template (and type) to run with. */
  fallback?: { template: PromptTemplate; type?: 'text' | 'chat'; config?: Record<string, unknown> };
}

interface CacheEntry {
  prompt: Prompt;
  etag: string | null;
  fetchedAt: number;
  revalidating: Promise<unknown> | null;
}

/** The cache key: a label and a version never share an entry. */
const keyOf = (name: string, options: GetPromptOptions) => `${name}\u0000${options.version !== undefined ? `v${options.version}` : `l${options.label ?? 'production'}`}`;

/** Cached entries beyond which the least recently fetched is forgotten: a cache is never unbounded. */
const MAX_ENTRIES = 1000;

/**
 * Prompts with an in-memory cache: fresh entries are served without a request; stale ones are
 * served at once and revalidated with `If-None-Match` (a 304 costs the server two keyed reads and
 * no body); a server that cannot be reached leaves the last good version in use.
 */
export class PromptClient {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(
    private readonly api: ApiClient,
    private readonly logger: OnceLogger,
    private readonly now: () => number = Date.now,
  ) {}

  async getPrompt(name: string, options: GetPromptOptions = {}): Promise<Prompt> {
    if (options.label !== undefined && options.version !== undefined) throw new TypeError('getPrompt takes a label or a version, not both');
    const key = keyOf(name, options);
    const ttl = options.cacheTtlMs ?? 60_000;
    const swr = options.staleWhileRevalidateMs ?? 300_000;
    const entry = this.cache.get(key);
    const age = entry ? this.now() - entry.fetchedAt : Infinity;
    let prompt: Prompt;
    if (entry && age < ttl) prompt = entry.prompt;
    else if (entry && age < ttl + swr) {
      entry.revalidating ??= this.fetch(name, options, key, entry)
        .catch((error: unknown) => this.logger.warnOnce('prompt-revalidate', `revalidating prompt ${name} failed (${(error as Error).message}); the cached version stays in use`))
        .finally(() => {
          entry.revalidating = null;
        });
      prompt = entry.prompt;
    } else {
      try {
        prompt = await this.fetch(name, options, key, entry);
      } catch (error) {
        if (entry) prompt = entry.prompt;
        else if (options.fallback && isUnreachable(error)) {
          this.logger.warnOnce('prompt-fallback', `fetching prompt ${name} failed (${(error as Error).message}); using the caller's fallback`);
          const { template, config } = options.fallback;
          prompt = new Prompt(name, 0, options.fallback.type ?? (typeof template === 'string' ? 'text' : 'chat'), template, config ?? {}, [], true);
        } else throw error;
      }
    }
    prompt.linkToActiveSpan();
    return prompt;
  }

  /** Forgets every cached prompt. */
  clear(): void {
    this.cache.clear();
  }

  private async fetch(name: string, options: GetPromptOptions, key: string, entry: CacheEntry | undefined): Promise<Prompt> {
    const query = options.version !== undefined ? { version: options.version } : options.label !== undefined ? { label: options.label } : {};
    const headers: Record<string, string> = entry?.etag ? { 'if-none-match': entry.etag } : {};
    const result = await this.api.call('getPrompt', { path: { name }, query, headers });
    if (result.status === 304 && entry) {
      entry.fetchedAt = this.now();
      return entry.prompt;
    }
    const data = result.data;
    if (!data) throw new TracewellApiError(result.status, undefined, `GET prompt ${name} answered ${result.status} without a body`);
    const prompt = new Prompt(data.name, data.version, data.type, data.template, data.config as Record<string, unknown>, data.labels, false);
    this.cache.delete(key);
    this.cache.set(key, { prompt, etag: result.headers.get('etag'), fetchedAt: this.now(), revalidating: null });
    if (this.cache.size > MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
    return prompt;
  }
}

/** The network failed, or the server is failing or overloaded: cases where running on a fallback beats failing. */
function isUnreachable(error: unknown): boolean {
  return error instanceof TracewellApiError && (error.status === 0 || error.status === 429 || error.status >= 500);
}
