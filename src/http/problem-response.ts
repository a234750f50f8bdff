import type { NextFunction, Request, Response } from 'express';
import { storageUnavailableProblem } from '../ports/storage-faults.js';
import { ProblemError, type FieldError, type ProblemStatus } from '../errors.js';
import { isUndecodableBody } from './content-encoding.js';
import { requestIdOf } from './request-id.js';

const PROBLEM_STATUSES: ReadonlySet<number> = new Set([400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 503]);

const clip = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** The shape express-openapi-validator's HttpError has; matched structurally to stay decoupled. */
interface ValidatorError {
  status: number;
  message: string;
  errors?: { path?: string; message?: string; errorCode?: string }[];
}

/** body-parser errors carry a `type`. */
interface BodyParserError {
  type: string;
  status?: number;
}

function fieldErrors(errors: ValidatorError['errors']): FieldError[] | undefined {
  if (!errors?.length) return undefined;
  return errors.slice(0, 20).map((error) => ({
    // "type.openapi.validation" → "type"; "additionalProperties.openapi.validation" → "additional_properties"
    code: clip(
      (error.errorCode ?? 'invalid').split('.')[0].replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().replace(/[^a-z0-9_]/g, '_') || 'invalid',
      64,
    ),
    message: clip(error.message || 'is invalid', 160),
    path: clip((error.path ?? '').replace(/^\.?/, '/').replace(/\./g, '/').replace(/^\/\//, '/'), 160),
  }));
}

/** Maps anything thrown on the way to a ProblemError; unknown errors become a 500 without details. */
export function toProblem(error: unknown, method: string): ProblemError {
  if (error instanceof ProblemError) return error;
  const parserError = error as Partial<BodyParserError>;
  if (typeof parserError.type === 'string') {
    switch (parserError.type) {
      case 'entity.too.large':
        return new ProblemError(413, 'PUBLIC_API_PAYLOAD_TOO_LARGE', 'The request body is larger than the service accepts (1 MB).');
      case 'entity.parse.failed':
        return new ProblemError(400, 'PUBLIC_API_MALFORMED_JSON', 'The request body is not valid JSON.');
      case 'encoding.unsupported':
      case 'charset.unsupported':
        return new ProblemError(415, 'PUBLIC_API_UNSUPPORTED_MEDIA_TYPE', 'Send the body as UTF-8 application/json.');
    }
  }
  // zlib's and brotli's errors: the body does not match its Content-Encoding.
  if (isUndecodableBody(error)) {
    return new ProblemError(400, 'PUBLIC_API_MALFORMED_JSON', 'The request body could not be decoded with its Content-Encoding.');
  }
  const validatorError = error as Partial<ValidatorError>;
  if (typeof validatorError.status === 'number' && Array.isArray(validatorError.errors)) {
    switch (validatorError.status) {
      case 400:
        return new ProblemError(400, 'PUBLIC_API_VALIDATION_FAILED', 'The request does not match the contract; see errors.', {
          errors: fieldErrors(validatorError.errors),
        });
      case 404:
      case 405:
        return new ProblemError(404, 'PUBLIC_API_ROUTE_NOT_FOUND', `No ${method} operation exists at this path.`);
      case 413:
        return new ProblemError(413, 'PUBLIC_API_PAYLOAD_TOO_LARGE', 'The request body is larger than the service accepts.');
      case 415:
        return new ProblemError(415, 'PUBLIC_API_UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
      default:
        if (PROBLEM_STATUSES.has(validatorError.status) && validatorError.status < 500) {
          return new ProblemError(validatorError.status as ProblemStatus, 'PUBLIC_API_INVALID_REQUEST', clip(validatorError.message ?? 'Invalid request.', 512));
        }
    }
  }
  const storageFault = storageUnavailableProblem(error);
  if (storageFault) return storageFault;
  return new ProblemError(500, 'PUBLIC_API_INTERNAL_ERROR', 'An internal error occurred. Quote the requestId when reporting it.');
}

/** The instance member: the request path, which for the public API begins /api/v1/public. */
function instanceOf(req: Request): string {
  return clip(req.originalUrl.split('?')[0] || '/', 2048);
}

export function sendProblem(req: Request, res: Response, problem: ProblemError): void {
  for (const [name, value] of Object.entries(problem.headers)) res.setHeader(name, value);
  const body = {
    type: problem.type,
    title: clip(problem.title, 128),
    status: problem.status,
    code: problem.code,
    detail: clip(problem.detail || problem.title, 512),
    instance: instanceOf(req),
    requestId: requestIdOf(res),
    retryable: problem.retryable,
    ...(problem.errors?.length ? { errors: problem.errors.slice(0, 20) } : {}),
  };
  res.status(problem.status).type('application/problem+json').json(body);
}

/** The one error handler: everything thrown or passed to next() ends here as Problem Details. */
export function problemErrorHandler(log: (message: string) => void) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const problem = toProblem(error, req.method);
    if (problem.code === 'PUBLIC_API_STORAGE_UNAVAILABLE') log(`${requestIdOf(res)} ${req.method} ${req.originalUrl}: storage unavailable: ${(error as Error).message}`);
    if (problem.status === 500) {
      log(`${requestIdOf(res)} ${req.method} ${req.originalUrl} failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    sendProblem(req, res, problem);
  };
}

export function routeNotFound(req: Request, _res: Response, next: NextFunction): void {
  next(new ProblemError(404, 'PUBLIC_API_ROUTE_NOT_FOUND', `No ${req.method} operation exists at this path.`));
}
