import type { Exchange } from './exchange.js';
import type { RatePacer } from './rate-pacer.js';

export type { Exchange } from './exchange.js';

export interface RequestSpec {
  method: string;
  url: string;
  headers?: Record<string, string>;
  /** A value is sent as JSON; a string is sent as is. */
  body?: unknown;
  rawBody?: string;
  /**
   * The rate-limit budget the request counts against (credential and rate class): the request is
   * then paced and an unexpected 429 waited out (RatePacer). Absent: sent as is, e.g. when a rule
   * exceeds a limit on purpose.
   */
  budget?: string;
}

const EXCERPT = 300;

export function describeExchange(exchange: Exchange): string {
  const sentBody = exchange.requestBody === undefined ? '' : ` body ${excerpt(exchange.requestBody)}`;
  return `request: ${exchange.method} ${exchange.url}${sentBody}\nstatus: ${exchange.status}\nbody: ${excerpt(exchange.text)}`;
}

export function excerpt(text: string): string {
  return text.length <= EXCERPT ? text : `${text.slice(0, EXCERPT)}… (${text.length} chars)`;
}

/** Plain HTTP to the deployment under test; nothing but its base URL is known. */
export class HttpClient {
  constructor(
    readonly baseUrl: string,
    private readonly pacer?: RatePacer,
  ) {}

  /**
   * fetch, retried once when a kept-alive socket turns out closed: a server that answers 413 before
   * reading a huge body may close the connection, and the next request on that socket fails before
   * it is sent. A second failure is real and propagates.
   */
  private async fetchOnce(url: URL, init: RequestInit): Promise<globalThis.Response> {
    try {
      return await fetch(url, init);
    } catch (error) {
      const code = ((error as { cause?: { code?: string } }).cause ?? {}).code ?? '';
      if (!['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_CLOSED'].includes(code)) throw error;
      return fetch(url, init);
    }
  }

  /**
   * Sends the request; with a budget, paced and sent again after a 429's Retry-After (bounded by the
   * pacer's total wait). Each 429 waited out goes to `onRefused`, so its headers are still checked.
   */
  async send(spec: RequestSpec, onRefused: (exchange: Exchange) => void = () => undefined): Promise<Exchange> {
    const { budget } = spec;
    if (!budget || !this.pacer) return this.sendOnce(spec);
    for (;;) {
      await this.pacer.before(budget);
      const exchange = await this.sendOnce(spec);
      this.pacer.after(budget, exchange);
      if (exchange.status !== 429 || !(await this.pacer.retryAfter(budget, exchange))) return exchange;
      onRefused(exchange);
    }
  }

  private async sendOnce(spec: RequestSpec): Promise<Exchange> {
    const headers: Record<string, string> = { accept: 'application/json, application/problem+json', ...spec.headers };
    let body: string | undefined = spec.rawBody;
    if (body === undefined && spec.body !== undefined) {
      body = JSON.stringify(spec.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await this.fetchOnce(new URL(spec.url, this.baseUrl), { method: spec.method, headers, body, redirect: 'manual' });
    const text = (await response.text()).slice(0, 2 * 1024 * 1024);
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const exchange: Exchange = {
      method: spec.method,
      url: spec.url,
      requestHeaders: headers,
      requestBody: body,
      status: response.status,
      headers: Object.fromEntries([...response.headers.entries()].map(([k, v]) => [k.toLowerCase(), v])),
      text,
      json,
    };
    return exchange;
  }
}
