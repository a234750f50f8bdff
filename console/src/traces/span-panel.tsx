import type { FlatSpan } from '../api/operation-types';
import { JsonView } from '../ui/json-view';
import { StatusBadge } from '../ui/status-badge';
import { formatCost, formatLatency } from '../ui/format';
import { formatTokens } from './tokens';
import { ConversationOrJson } from '../conversations/conversation-view';
import { inputConversation, outputConversation, type Message } from '../conversations/messages';
import { OpenInPlayground } from '../playground/open-in-playground';

/** Input or output: a conversation when it holds messages (JSON one click away), otherwise collapsible JSON. */
function Payload({ title, value, messages, context }: { title: string; value: Record<string, unknown> | null; messages: Message[] | null; context: readonly Message[] }) {
  return (
    <section className="payload" aria-label={title}>
      <h3>{title}</h3>
      {value === null ? (
        <p className="muted">None</p>
      ) : messages ? (
        <ConversationOrJson title={title} value={value} messages={messages} context={context} />
      ) : (
        <JsonView value={value} />
      )}
    </section>
  );
}

/** `toolResults`: the trace's tool spans as tool messages, so a call this span made shows its result. */
export function SpanPanel({ span, deepLink, toolResults }: { span: FlatSpan; deepLink: string; toolResults: readonly Message[] }) {
  const metadata = span.metadata ?? {};
  const input = inputConversation(span.input);
  const output = outputConversation(span.output);
  const context = [...(input ?? []), ...(output ?? []), ...toolResults];
  const model = typeof metadata.model === 'string' ? metadata.model : null;
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
          {formatTokens(span)}
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
      <Payload title="Input" value={span.input} messages={input} context={context} />
      <Payload title="Output" value={span.output} messages={output} context={context} />
      <section aria-label="Metadata">
        <h3>Metadata</h3>
        <JsonView value={metadata} />
      </section>
    </aside>
  );
}
