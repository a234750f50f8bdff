import { randomUUID } from 'node:crypto';
import type { ContractModel, OperationSpec } from './contract-model.js';
import { describeExchange, HttpClient, type Exchange } from './http-client.js';
import { ResponseChecker } from './response-checks.js';
import { RatePacer, sleep } from './rate-pacer.js';
import { Rulebook } from './rulebook.js';

/** The spec's windows are a minute; 15 minutes of waiting covers a full run against the default limits. */
export const DEFAULT_MAX_RATE_WAIT_SECONDS = 900;

export interface KitOptions {
  baseUrl: string;
  /** A public API key (x-api-key). */
  apiKey: string;
  /** The project the key or token works in; read from GET /project when not given. */
  project?: string;
  /** An OAuth access token or service-account token for operations API keys cannot call. */
  token?: string;
  seed: number;
  /** Property-based runs per operation (0: no fuzzing). */
  fuzzRuns: number;
  includeRateLimit: boolean;
  /** Destination for webhooks the kit creates; the deployment must accept it (default https://example.com/…). */
  webhookUrl?: string;
  /**
   * Where the deployment exposes a test clock: moves it forward (cursor expiry, and rate-limit
   * windows the kit would otherwise sleep out).
   */
  advanceClock?: (ms: number) => Promise<void>;
  /** The most the kit waits for rate-limit windows over the whole run, in seconds (default 900). */
  maxRateWaitSeconds?: number;
  /** Where the deployment runs with a short cursor lifetime instead: the kit waits it out (at most 120 s). */
  cursorLifetimeSeconds?: number;
  log?: (line: string) => void;
}

export type Credential = 'key' | 'token' | 'none';

export interface CallSpec {
  path?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  credential?: Credential;
}

/** Everything a rule module needs: the contract, the rulebook, and calls that are checked as they return. */
export class Session {
  readonly book = new Rulebook();
  readonly checker: ResponseChecker;
  readonly client: HttpClient;
  readonly pacer: RatePacer;
  /** Ids of resources the kit created or found, by collection path. */
  readonly ids = new Map<string, string>();
  /** A marker in names the kit writes, so its data is recognisable. */
  readonly runTag = `conformance-${randomUUID().slice(0, 8)}`;
  projectId: string | undefined;

  constructor(
    readonly contract: ContractModel,
    readonly options: KitOptions,
  ) {
    this.checker = new ResponseChecker(contract, this.book);
    this.pacer = new RatePacer(options.advanceClock ?? sleep, (options.maxRateWaitSeconds ?? DEFAULT_MAX_RATE_WAIT_SECONDS) * 1000, options.advanceClock !== undefined, (line) => this.log(line));
    this.client = new HttpClient(options.baseUrl, this.pacer);
    this.projectId = options.project;
  }

  op(operationId: string): OperationSpec {
    const op = this.contract.operation(operationId);
    if (!op) throw new Error(`the contract has no operation ${operationId}`);
    return op;
  }

  /** The credential the kit holds that this operation accepts, if any. */
  credentialFor(op: OperationSpec): Credential | undefined {
    if (op.security.length === 0) return 'none';
    const schemes = op.security.map((s) => s.scheme);
    if (schemes.includes('apiKey')) return 'key';
    if (this.options.token && (schemes.includes('oauth2') || schemes.includes('serviceAccount'))) return 'token';
    return undefined;
  }

  credentialHeaders(credential: Credential): Record<string, string> {
    if (credential === 'key') return { 'x-api-key': this.options.apiKey, ...(this.options.project ? { 'x-project-id': this.options.project } : {}) };
    if (credential === 'token') return { authorization: `Bearer ${this.options.token}`, ...(this.projectId ? { 'x-project-id': this.projectId } : {}) };
    return {};
  }

  urlOf(op: OperationSpec, call: CallSpec = {}): string {
    const path = op.pathTemplate.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(call.path?.[name] ?? randomUUID()));
    const entries = Object.entries(call.query ?? {}).filter((e): e is [string, string | number | boolean] => e[1] !== undefined);
    const query = new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString();
    return query ? `${path}?${query}` : path;
  }

  /** Calls an operation and checks the answer against the contract. */
  async call(op: OperationSpec | string, call: CallSpec = {}): Promise<Exchange> {
    const spec = typeof op === 'string' ? this.op(op) : op;
    const credential = call.credential ?? this.credentialFor(spec) ?? 'none';
    const started = Date.now();
    const exchange = await this.client.send(
      {
        method: spec.method,
        url: this.urlOf(spec, call),
        headers: { ...this.credentialHeaders(credential), ...call.headers },
        body: call.body,
        rawBody: call.rawBody,
        budget: this.budgetOf(credential, spec),
      },
      (refused) => this.checker.check(spec, refused),
    );
    this.checker.check(spec, exchange);
    if (process.env.CONFORMANCE_TRACE_SLOW && Date.now() - started > 300) this.log(`slow: ${Date.now() - started} ms ${spec.method} ${exchange.url.slice(0, 80)} → ${exchange.status}`);
    return exchange;
  }

  /** Moves the deployment's test clock forward (only where options.advanceClock exists), telling the pacer. */
  async advanceClock(ms: number): Promise<void> {
    if (!this.options.advanceClock) throw new Error('the deployment exposes no test clock');
    await this.options.advanceClock(ms);
    this.pacer.clockAdvanced(ms);
  }

  /** The rate-limit budget a call counts against: its credential and the operation's rate class. */
  budgetOf(credential: Credential, op: OperationSpec): string {
    return `${credential}:${op.rateClass}`;
  }

  /** Records a rule check on one exchange: `problem` undefined passes. */
  expect(id: string, text: string, exchange: Exchange, problem: string | undefined): void {
    this.book.check(id, text, problem, () => describeExchange(exchange));
  }

  get webhookUrl(): string {
    return this.options.webhookUrl ?? 'https://example.com/conformance-hook';
  }

  log(line: string): void {
    this.options.log?.(line);
  }
}

export const dataOf = (exchange: Exchange): Record<string, unknown> | undefined => {
  const body = exchange.json as { data?: Record<string, unknown> } | undefined;
  return body && typeof body === 'object' ? body.data : undefined;
};

export const codeOf = (exchange: Exchange): unknown => (exchange.json as { code?: unknown } | undefined)?.code;

/** "status 400 code X" as a check: undefined when the exchange matches. */
export function expectStatus(exchange: Exchange, status: number, code?: string): string | undefined {
  if (exchange.status !== status) return `expected ${status}${code ? ` ${code}` : ''}, got ${exchange.status}`;
  if (code && codeOf(exchange) !== code) return `expected code ${code}, got ${JSON.stringify(codeOf(exchange))}`;
  return undefined;
}
