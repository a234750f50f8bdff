import { Router, type NextFunction, type Request, type Response } from 'express';
import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import { ProblemError } from '../errors.js';
import { storageUnavailableProblem } from '../ports/storage-faults.js';
import { OtlpDecodeError, type OtlpEncoding } from '../domain/otlp/otlp-request.js';
import { ExportTraceServiceResponse, PLAIN, RpcStatus } from '../domain/otlp/otlp-protocol.js';
import type { OtlpSettings } from '../domain/otlp/otlp-settings.js';
import type { OtlpTraceExport } from '../domain/otlp/otlp-trace-export.js';
import { principalOf } from './access-middleware.js';
import { contentEncodingGate, declaredCoding, OTLP_CODINGS, type ContentCoding } from './content-encoding.js';

const inflate = promisify(gunzip);

/** The OTLP/HTTP path: exporters append it to OTEL_EXPORTER_OTLP_ENDPOINT. */
export const OTLP_TRACES_PATH = '/v1/traces';

/** google.rpc.Code for each HTTP status this endpoint answers. */
const RPC_CODES: Record<number, number> = { 400: 3, 401: 16, 403: 7, 404: 5, 413: 8, 415: 3, 429: 8, 500: 13, 503: 14 };

const CONTENT_TYPES: Record<OtlpEncoding, string> = { protobuf: 'application/x-protobuf', json: 'application/json' };

function encodingOf(req: Request): OtlpEncoding | null {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/x-protobuf' || type === 'application/protobuf') return 'protobuf';
  if (type === 'application/json') return 'json';
  return null;
}

/** Writes an OTLP/HTTP failure: a google.rpc.Status in the request's encoding (JSON when it has none). */
function sendStatus(res: Response, status: number, message: string, encoding: OtlpEncoding, headers: Record<string, string> = {}): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  const body = { code: RPC_CODES[status] ?? 2, message };
  res.status(status);
  if (encoding === 'protobuf') {
    res.type(CONTENT_TYPES.protobuf).send(Buffer.from(RpcStatus.encode(RpcStatus.fromObject(body)).finish()));
  } else {
    res.type(CONTENT_TYPES.json).send(JSON.stringify(body));
  }
}

/** Reads the body as sent, refusing (413) once it passes `limit` bytes instead of buffering it all. */
async function readBody(req: Request, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw new ProblemError(413, 'OTLP_PAYLOAD_TOO_LARGE', `The body may be at most ${limit} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new ProblemError(413, 'OTLP_PAYLOAD_TOO_LARGE', `The body may be at most ${limit} bytes.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** gzip with an output ceiling: inflation stops at `limit` bytes, so a bomb costs no more than that. */
async function decompress(body: Buffer, coding: ContentCoding | 'identity', limit: number): Promise<Buffer> {
  if (coding === 'identity') {
    if (body.length > limit) throw new ProblemError(413, 'OTLP_PAYLOAD_TOO_LARGE', `The body may be at most ${limit} bytes decompressed.`);
    return body;
  }
  try {
    return await inflate(body, { maxOutputLength: limit });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
      throw new ProblemError(413, 'OTLP_PAYLOAD_TOO_LARGE', `The body may be at most ${limit} bytes decompressed.`);
    }
    throw new OtlpDecodeError('The body is not valid gzip.');
  }
}

export interface OtlpRouterDependencies {
  otlp: OtlpTraceExport;
  settings: OtlpSettings;
  /** Authentication and rate limiting, as for the REST API (the contract's `exportOtlpTraces`). */
  access: (req: Request, res: Response, next: NextFunction) => void;
  /** Fair share, after authentication and before the body is read (fair-share-middleware.ts). */
  fairShare: (req: Request, res: Response, next: NextFunction) => void;
  log: (message: string) => void;
}

/**
 * `POST /v1/traces`, OTLP/HTTP (docs/opentelemetry.md): protobuf or JSON, optionally gzip;
 * 200 with an ExportTraceServiceResponse in the request's encoding (partial success when some spans
 * were refused); failures as google.rpc.Status with the HTTP status the OTLP spec gives them.
 */
export function otlpRouter(deps: OtlpRouterDependencies): Router {
  const router = Router();
  router.post(OTLP_TRACES_PATH, deps.access, deps.fairShare, contentEncodingGate(OTLP_CODINGS), async (req: Request, res: Response, next: NextFunction) => {
    try {
      const encoding = encodingOf(req);
      if (!encoding) {
        throw new ProblemError(415, 'OTLP_UNSUPPORTED_MEDIA_TYPE', 'Send application/x-protobuf or application/json.');
      }
      if (deps.settings.maxQueuedWrites > 0 && deps.otlp.queuedWrites >= deps.settings.maxQueuedWrites) {
        throw new ProblemError(503, 'OTLP_BUSY', 'Ingest is saturated; retry after the delay.', { headers: { 'Retry-After': '1' } });
      }
      // contentEncodingGate refused every other coding, so this is gzip or identity. The body as
      // sent is not kept past its inflation: only the decompressed one is held through the export.
      const body = await decompress(await readBody(req, deps.settings.maxBodyBytes), declaredCoding(req, OTLP_CODINGS) ?? 'identity', deps.settings.maxDecompressedBytes);
      const project = principalOf(res).project;
      if (!project) throw new ProblemError(500, 'PUBLIC_API_INTERNAL_ERROR', 'The export has no project context.');
      const result = await deps.otlp.export(project.id, body, encoding);
      const response = ExportTraceServiceResponse.fromObject(
        result.rejectedSpans > 0 ? { partialSuccess: { rejectedSpans: result.rejectedSpans, errorMessage: result.errorMessage } } : {},
      );
      res.status(200);
      if (encoding === 'protobuf') res.type(CONTENT_TYPES.protobuf).send(Buffer.from(ExportTraceServiceResponse.encode(response).finish()));
      else res.type(CONTENT_TYPES.json).send(JSON.stringify(ExportTraceServiceResponse.toObject(response, PLAIN)));
    } catch (error) {
      next(error);
    }
  });
  // Every failure of this path, authentication and rate limits included, as an OTLP Status.
  router.use(OTLP_TRACES_PATH, (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const encoding = encodingOf(req) ?? 'json';
    if (error instanceof OtlpDecodeError) return sendStatus(res, 400, error.message, encoding);
    if (error instanceof ProblemError) return sendStatus(res, error.status, error.detail, encoding, error.headers);
    if ((error as { type?: string }).type === 'request.aborted') return sendStatus(res, 400, 'The request was aborted.', encoding);
    // The database busy or unreachable (on SQLite: a write that waited past SQLITE_BUSY_TIMEOUT_MS
    // for the write lock, as on a loaded machine) is 503 + Retry-After on every route: an exporter
    // retries it, where a 500 would drop the spans.
    const storage = storageUnavailableProblem(error);
    if (storage) {
      deps.log(`otlp export: storage unavailable: ${(error as Error).message}`);
      return sendStatus(res, 503, storage.detail, encoding, storage.headers);
    }
    deps.log(`otlp export failed: ${(error as Error).stack ?? String(error)}`);
    sendStatus(res, 500, 'Internal error.', encoding);
  });
  return router;
}
