import { useState } from 'react';
import { JsonView } from '../ui/json-view';
import { MarkdownView } from './markdown-view';
import { callsById, resultsByCallId, type Message, type Part } from './messages';

type ToolCall = Part & { kind: 'tool-call' };
type ToolResult = Part & { kind: 'tool-result' };

interface Lookups {
  results: Map<string, ToolResult>;
  calls: Map<string, ToolCall>;
}

const valueView = (value: unknown) => (typeof value === 'string' ? <MarkdownView text={value} /> : <JsonView value={value} />);

/**
 * An image of a message. Data URIs show at once; a remote image only when asked: whoever can write
 * traces chooses the address, and loading it would tell that host who is reading the trace.
 */
function ImagePart({ url }: { url: string }) {
  const remote = !url.startsWith('data:');
  const [shown, setShown] = useState(!remote);
  if (!shown) {
    const host = new URL(url).host;
    return (
      <p className="conv-image-placeholder">
        <button type="button" onClick={() => setShown(true)}>
          Show image from {host}
        </button>{' '}
        <a href={url} target="_blank" rel="noopener noreferrer nofollow" className="muted">
          {url.length > 80 ? `${url.slice(0, 77)}…` : url}
        </a>
      </p>
    );
  }
  return <img className="conv-image" src={url} alt={remote ? `Image from ${new URL(url).host}` : 'Image in the message'} referrerPolicy="no-referrer" />;
}

function PartView({ part, lookups }: { part: Part; lookups: Lookups }) {
  switch (part.kind) {
    case 'text':
      return <MarkdownView text={part.text} />;
    case 'reasoning':
      return (
        <details className="conv-reasoning">
          <summary>Reasoning</summary>
          <MarkdownView text={part.text} />
        </details>
      );
    case 'image':
      return <ImagePart url={part.url} />;
    case 'tool-call': {
      const result = part.id !== null ? lookups.results.get(part.id) : undefined;
      return (
        <div className="conv-tool-call" aria-label={`Tool call ${part.name}`}>
          <p className="conv-tool-head">
            Tool call <strong>{part.name}</strong>
            {part.id !== null && <span className="muted"> · {part.id}</span>}
          </p>
          <div className="conv-tool-args">
            <span className="muted">Arguments</span>
            <JsonView value={part.arguments} />
          </div>
          {result && (
            <div className="conv-tool-result">
              <span className="muted">Result</span>
              {valueView(result.result)}
            </div>
          )}
        </div>
      );
    }
    case 'tool-result': {
      const name = part.name ?? (part.id !== null ? lookups.calls.get(part.id)?.name : undefined) ?? null;
      return (
        <div className="conv-tool-result" aria-label={`Tool result${name ? ` ${name}` : ''}`}>
          <p className="conv-tool-head">
            Result of <strong>{name ?? 'a tool call'}</strong>
            {part.id !== null && <span className="muted"> · {part.id}</span>}
          </p>
          {valueView(part.result)}
        </div>
      );
    }
    case 'data':
      return <JsonView value={part.value} />;
  }
}

/** Messages as bubbles by role; tool calls show their arguments and the result answering them (by call id). */
export function ConversationView({ messages, context }: { messages: Message[]; context: readonly Message[] }) {
  const lookups: Lookups = { results: resultsByCallId(context), calls: callsById(context) };
  return (
    <ol className="conversation">
      {messages.map((m, i) => (
        <li key={i} className={`message role-${m.role.replace(/[^a-z]/gi, '')}`}>
          <span className="role">{m.role}</span>
          {m.parts.length === 0 ? <p className="muted">(no content)</p> : m.parts.map((part, k) => <PartView key={k} part={part} lookups={lookups} />)}
        </li>
      ))}
    </ol>
  );
}

/** A payload's two views: the conversation, and its JSON one click away. */
export function ConversationOrJson({ title, value, messages, context }: { title: string; value: Record<string, unknown>; messages: Message[]; context: readonly Message[] }) {
  const [json, setJson] = useState(false);
  return (
    <>
      <div className="conv-view-switch" role="group" aria-label={`${title} view`}>
        <button type="button" aria-pressed={!json} onClick={() => setJson(false)}>
          Conversation
        </button>
        <button type="button" aria-pressed={json} onClick={() => setJson(true)}>
          JSON
        </button>
      </div>
      {json ? <JsonView value={value} /> : <ConversationView messages={messages} context={context} />}
    </>
  );
}
