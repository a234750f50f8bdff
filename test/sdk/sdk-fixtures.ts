import { InMemorySpanExporter, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { Tracewell, type TracewellOptions } from '@tracewell/sdk';

/** A client whose spans land in memory, and the log lines it wrote. */
export function memoryClient(options: TracewellOptions = {}): { tw: Tracewell; exporter: InMemorySpanExporter; logs: string[]; spans: () => ReadableSpan[] } {
  const exporter = new InMemorySpanExporter();
  const logs: string[] = [];
  const tw = new Tracewell({ baseUrl: 'http://127.0.0.1:9', flushOnExit: false, exporter, logger: { warn: (m) => logs.push(m) }, ...options });
  return { tw, exporter, logs, spans: () => exporter.getFinishedSpans() };
}

/** An exporter that fails until `up` is set, counting its calls. */
export class SwitchableExporter implements SpanExporter {
  up = false;
  calls = 0;
  readonly received: ReadableSpan[] = [];
  export(spans: ReadableSpan[], done: (result: { code: number; error?: Error }) => void): void {
    this.calls++;
    if (!this.up) return done({ code: 1, error: new Error('connect ECONNREFUSED 127.0.0.1:9') });
    this.received.push(...spans);
    done({ code: 0 });
  }
  async shutdown(): Promise<void> {}
}

export const byName = (spans: ReadableSpan[], name: string): ReadableSpan => {
  const found = spans.find((s) => s.name === name);
  if (!found) throw new Error(`no span named ${name} among ${spans.map((s) => s.name).join(', ')}`);
  return found;
};
