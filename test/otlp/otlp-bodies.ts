import { gzipSync } from 'node:zlib';
import { ExportTraceServiceRequest, ExportTraceServiceResponse, RpcStatus } from '../../src/domain/otlp/otlp-protocol.js';

/** One span as a test writes it: hex ids, attributes as plain values. */
export interface TestSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  startMs?: number;
  durationMs?: number;
  attributes?: Record<string, string | number | boolean | string[]>;
  status?: { code: number; message?: string };
  events?: { name: string; attributes?: Record<string, string | number | boolean> }[];
}

const anyValue = (v: string | number | boolean | string[]): Record<string, unknown> =>
  Array.isArray(v) ? { arrayValue: { values: v.map((item) => ({ stringValue: item })) } } : typeof v === 'string' ? { stringValue: v } : typeof v === 'boolean' ? { boolValue: v } : Number.isInteger(v) ? { intValue: String(v) } : { doubleValue: v };
const keyValues = (attributes: Record<string, string | number | boolean | string[]> = {}) => Object.entries(attributes).map(([key, value]) => ({ key, value: anyValue(value) }));
const BASE_MS = Date.parse('2026-11-01T11:00:00.000Z');
const nanos = (ms: number) => (BigInt(ms) * 1_000_000n).toString();

/** An ExportTraceServiceRequest in OTLP JSON (hex ids, string 64-bit integers, integer enums). */
export function otlpJson(spans: TestSpan[], resource: Record<string, string> = { 'service.name': 'svc' }, scope = 'test-scope'): Record<string, unknown> {
  return {
    resourceSpans: [
      {
        resource: { attributes: keyValues(resource) },
        scopeSpans: [
          {
            scope: { name: scope },
            spans: spans.map((s) => ({
              traceId: s.traceId,
              spanId: s.spanId,
              ...(s.parentSpanId ? { parentSpanId: s.parentSpanId } : {}),
              name: s.name,
              kind: 1,
              startTimeUnixNano: nanos(BASE_MS + (s.startMs ?? 0)),
              endTimeUnixNano: nanos(BASE_MS + (s.startMs ?? 0) + (s.durationMs ?? 10)),
              attributes: keyValues(s.attributes),
              ...(s.status ? { status: s.status } : {}),
              ...(s.events ? { events: s.events.map((e) => ({ name: e.name, timeUnixNano: nanos(BASE_MS), attributes: keyValues(e.attributes) })) } : {}),
            })),
          },
        ],
      },
    ],
  };
}

/** The same request as protobuf bytes, encoded with the generated definitions. */
export function otlpProto(spans: TestSpan[], resource?: Record<string, string>, scope?: string): Buffer {
  const json = otlpJson(spans, resource, scope) as { resourceSpans: { scopeSpans: { spans: Record<string, unknown>[] }[] }[] };
  for (const rs of json.resourceSpans) for (const ss of rs.scopeSpans) for (const span of ss.spans) {
    for (const key of ['traceId', 'spanId', 'parentSpanId']) if (typeof span[key] === 'string') span[key] = Buffer.from(span[key] as string, 'hex');
  }
  return Buffer.from(ExportTraceServiceRequest.encode(ExportTraceServiceRequest.fromObject(json)).finish());
}

export const gzip = (body: Buffer | string): Buffer => gzipSync(body);

export function decodeResponse(body: Buffer): Record<string, unknown> {
  return ExportTraceServiceResponse.toObject(ExportTraceServiceResponse.decode(body), { longs: Number, defaults: false });
}

export function decodeStatus(body: Buffer): Record<string, unknown> {
  return RpcStatus.toObject(RpcStatus.decode(body), { defaults: false });
}

/** Supertest parser that keeps a binary body as a Buffer. */
export const binaryParser = ((res: NodeJS.ReadableStream, callback: (error: Error | null, body: Buffer) => void): void => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}) as unknown as (res: import('superagent').Response, callback: (err: Error | null, body: unknown) => void) => void;

export const hexId = (seed: number, bytes: 8 | 16): string => (seed.toString(16).padStart(4, '0').repeat(bytes)).slice(0, bytes * 2);
