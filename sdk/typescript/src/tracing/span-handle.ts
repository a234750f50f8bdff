import { SpanStatusCode, type Span } from '@opentelemetry/api';
import { ATTR, DEFAULT_MAX_VALUE_LENGTH, attributeValue, generationAttributes, serialize, type GenerationUpdate } from './attributes.js';

/** What a span can be given while it runs; every field optional. */
export interface SpanUpdate extends GenerationUpdate {
  input?: unknown;
  output?: unknown;
  metadata?: Record<string, unknown>;
  /** Links the span to the prompt version it ran with (done by getPrompt when a span is active). */
  prompt?: { name: string; version: number };
}

/**
 * A span as the SDK hands it out: methods never throw (an SDK error must not reach the caller), and
 * values are serialized the way the server reads them.
 */
export class SpanHandle {
  constructor(
    readonly otelSpan: Span,
    private readonly maxValueLength = DEFAULT_MAX_VALUE_LENGTH,
  ) {}

  get traceId(): string {
    return this.otelSpan.spanContext().traceId;
  }

  get spanId(): string {
    return this.otelSpan.spanContext().spanId;
  }

  update(update: SpanUpdate): this {
    try {
      const span = this.otelSpan;
      if (update.input !== undefined) {
        span.setAttribute(ATTR.inputValue, serialize(update.input, this.maxValueLength));
        span.setAttribute(ATTR.inputMime, typeof update.input === 'string' ? 'text/plain' : 'application/json');
      }
      if (update.output !== undefined) {
        span.setAttribute(ATTR.outputValue, serialize(update.output, this.maxValueLength));
        span.setAttribute(ATTR.outputMime, typeof update.output === 'string' ? 'text/plain' : 'application/json');
      }
      for (const [key, value] of Object.entries(update.metadata ?? {})) span.setAttribute(ATTR.metadataPrefix + key, attributeValue(value));
      if (update.prompt) {
        span.setAttribute(ATTR.promptName, update.prompt.name);
        span.setAttribute(ATTR.promptVersion, update.prompt.version);
      }
      span.setAttributes(generationAttributes(update, this.maxValueLength));
    } catch {
      // Never surfaces: a bad value is left out.
    }
    return this;
  }

  /** Marks the span failed with the error's type and message (and the exception event). */
  fail(error: unknown): this {
    try {
      const e = error instanceof Error ? error : new Error(String(error));
      this.otelSpan.recordException(e);
      this.otelSpan.setStatus({ code: SpanStatusCode.ERROR, message: e.message });
    } catch {
      // As above.
    }
    return this;
  }

  end(update?: SpanUpdate): void {
    if (update) this.update(update);
    try {
      this.otelSpan.end();
    } catch {
      // As above.
    }
  }
}
