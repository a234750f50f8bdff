import type { FlatSpan } from '../api/operation-types';
import { JsonView } from '../ui/json-view';
import { StatusBadge } from '../ui/status-badge';
import { formatCost, formatLatency } from '../ui/format';
import { chatMessages } from './span-model';
import { OpenInPlayground } from '../playground/open-in-playground';

/** Input or output: a conversation when it holds chat messages, otherwise collapsible JSON. */
function Payload({ title, value }: { title: string; value: Record<string, unknown> | null }) {
  const messages = chatMessages(value);
  return (
    <section className="payload" aria-label={title}>
      <h3>{title}</h3>
      {value === null ? (
        <p className="muted">None</p>
      ) : messages ? (
        <ol className="conversation">
          {messages.map((m, i) => (
            <li key={i} className={`message role-${m.role}`}>
              <span className="role">{m.role}</span>
              <p>{m.content}</p>
            </li>
          ))}
        </ol>
      ) : (
        <JsonView value={value} />
      )}
    </section>
  );
}

const numberOf = (metadata: Record<string, unknown>, key: string): number | null => (typeof metadata[key] === 'number' ? (metadata[key] as number) : null);

export function SpanPanel({ span, deepLink }: { span: FlatSpan; deepLink: string }) {
  const metadata = span.metadata ?? {};
  const model = typeof metadata.model === 'string' ? metadata.model : null;
  const inputTokens = numberOf(metadata, 'input_tokens');
  const outputTokens = numberOf(metadata, 'output_tokens');
  const totalTokens = numberOf(metadata, 'tokens_used') ?? (inputTokens !== null || outputTokens !== null ? (inputTokens ?? 0) + (outputTokens ?? 0) : null);
  return (
    <aside className="span-panel" aria-label="Selected span">
      <h2>{span.name}</h2>
      <dl className="facts">
        <dt>Status</dt>
        <dd><StatusBadge status={span.status} /></dd>
        <dt>Type</dt>
        <dd>{span.spanType}</dd>
        <dt>Latency</dt>
        <dd>{formatLatency(span.latencyMs)}</dd>
        <dt>Cost</dt>
        <dd>{formatCost(span.cost)}</dd>
        <dt>Model</dt>
        <dd>{model ?? '—'}</dd>
        <dt>Tokens</dt>
        <dd>
          {totalTokens ?? '—'}
          {inputTokens !== null || outputTokens !== null ? ` (in ${inputTokens ?? 0}, out ${outputTokens ?? 0})` : ''}
        </dd>
        <dt>Started</dt>
        <dd>{span.startTime ?? '—'}</dd>
        <dt>Span id</dt>
        <dd>
          <code>{span.spanId}</code> <a href={deepLink}>Link to this span</a>
        </dd>
      </dl>
      <OpenInPlayground span={span} />
      {span.error && (
        <section className="span-error" aria-label="Error">
          <h3>Error</h3>
          <pre>{span.error}</pre>
        </section>
      )}
      <Payload title="Input" value={span.input} />
      <Payload title="Output" value={span.output} />
      <section aria-label="Metadata">
        <h3>Metadata</h3>
        <JsonView value={metadata} />
      </section>
    </aside>
  );
}
