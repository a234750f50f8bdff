/**
 * One error type for every layer. Services throw it with the status the failure deserves; the REST
 * error handler renders it as Problem Details and the tool server as a tool error, so a rule is
 * written once and reads the same through both faces.
 */
export type ProblemStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

export interface FieldError {
  /** lowercase, digits, underscore; at most 64 characters */
  code: string;
  /** 1 to 160 characters */
  message: string;
  /** at most 160 characters, a JSON-pointer-like path such as /body/filters/0/rules/2 */
  path: string;
}

export interface ProblemOptions {
  title?: string;
  errors?: FieldError[];
  retryable?: boolean;
  /** Response headers the failure needs, e.g. Retry-After or WWW-Authenticate. */
  headers?: Record<string, string>;
}

const TITLES: Record<ProblemStatus, string> = {
  400: 'Invalid request',
  401: 'Authentication required',
  403: 'Not authorized',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Unprocessable content',
  429: 'Rate limit exceeded',
  500: 'Internal error',
  503: 'Service unavailable',
};

const RETRYABLE: ReadonlySet<ProblemStatus> = new Set([429, 500, 503]);

export class ProblemError extends Error {
  readonly status: ProblemStatus;
  readonly code: string;
  readonly title: string;
  readonly errors: FieldError[] | undefined;
  readonly retryable: boolean;
  readonly headers: Record<string, string>;

  constructor(status: ProblemStatus, code: string, detail: string, options: ProblemOptions = {}) {
    super(detail);
    this.name = 'ProblemError';
    this.status = status;
    this.code = code;
    this.title = options.title ?? TITLES[status];
    this.errors = options.errors;
    this.retryable = options.retryable ?? RETRYABLE.has(status);
    this.headers = options.headers ?? {};
  }

  get detail(): string {
    return this.message;
  }

  /** `urn:service:problem:<words>`, derived from the code: PUBLIC_API_INVALID_CURSOR → invalid-cursor. */
  get type(): string {
    const words = this.code.replace(/^PUBLIC_API_/, '').toLowerCase().replace(/_+/g, '-').replace(/^-|-$/g, '');
    return `urn:service:problem:${words || 'error'}`;
  }
}

export const isProblemError = (value: unknown): value is ProblemError => value instanceof ProblemError;

/** Common failures, so codes and wording stay consistent across services. */
export const problems = {
  validation: (detail: string, errors?: FieldError[]) =>
    new ProblemError(400, 'PUBLIC_API_VALIDATION_FAILED', detail, { errors }),
  invalidCursor: (detail: string) => new ProblemError(400, 'PUBLIC_API_INVALID_CURSOR', detail),
  notFound: (what: string) => new ProblemError(404, 'PUBLIC_API_NOT_FOUND', `${what} was not found.`),
  conflict: (code: string, detail: string) => new ProblemError(409, code, detail),
  forbidden: (code: string, detail: string) => new ProblemError(403, code, detail),
  internal: () => new ProblemError(500, 'PUBLIC_API_INTERNAL_ERROR', 'An internal error occurred. Quote the requestId when reporting it.'),
};
