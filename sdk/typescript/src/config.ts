/** Where the SDK sends data and with which credential: options first, then the environment. */
export interface ConnectionOptions {
  /** e.g. https://tracewell.example.com — default `TRACEWELL_BASE_URL`. */
  baseUrl?: string;
  /** A project API key — default `TRACEWELL_API_KEY`. */
  apiKey?: string;
  /** Needed with organization keys and tokens — default `TRACEWELL_PROJECT_ID`. */
  projectId?: string;
  /** Replaces the global fetch (tests, proxies). */
  fetch?: typeof fetch;
  /** Per REST request, in milliseconds (default 10,000). */
  requestTimeoutMs?: number;
}

export interface Connection {
  baseUrl: string;
  apiKey: string | undefined;
  projectId: string | undefined;
  fetch: typeof fetch;
  requestTimeoutMs: number;
}

export function resolveConnection(options: ConnectionOptions = {}): Connection {
  const env = typeof process !== 'undefined' ? process.env : {};
  const baseUrl = (options.baseUrl ?? env.TRACEWELL_BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  return {
    baseUrl,
    apiKey: options.apiKey ?? env.TRACEWELL_API_KEY,
    projectId: options.projectId ?? env.TRACEWELL_PROJECT_ID,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
  };
}

/** The headers that carry the credential, as the REST API and the OTLP endpoint both read them. */
export function credentialHeaders(connection: Connection): Record<string, string> {
  const headers: Record<string, string> = {};
  if (connection.apiKey) headers['x-api-key'] = connection.apiKey;
  if (connection.projectId) headers['x-project-id'] = connection.projectId;
  return headers;
}
