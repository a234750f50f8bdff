import { Link } from 'react-router-dom';
import type { FlatSpan } from '../api/operation-types';
import { inputConversation, type Message } from '../conversations/messages';
import type { SpanHandOff } from './draft';

const numberOf = (metadata: Record<string, unknown>, ...keys: string[]): number | null => {
  const parameters = typeof metadata.parameters === 'object' && metadata.parameters !== null ? (metadata.parameters as Record<string, unknown>) : {};
  for (const key of keys) for (const source of [metadata, parameters]) if (typeof source[key] === 'number') return source[key] as number;
  return null;
};

/** A message's text for the playground's editor: its text parts, else its other parts as JSON (tool calls, images). */
function textOf(message: Message): string {
  const texts = message.parts.flatMap((part) => (part.kind === 'text' ? [part.text] : []));
  return texts.length > 0 ? texts.join('\n') : JSON.stringify(message.parts);
}

/** What a span hands the playground: its input messages, model and parameters (GenAI names first). */
export function handOffOf(span: FlatSpan): SpanHandOff | null {
  // The same reading of every source (GenAI parts, OpenInference, AI SDK, native) the conversation view uses.
  const messages = inputConversation(span.input);
  if (!messages || messages.length === 0) return null;
  const metadata = span.metadata ?? {};
  const model = [metadata['gen_ai.request.model'], metadata.model].find((m): m is string => typeof m === 'string') ?? null;
  return {
    messages: messages.map((m) => ({ role: m.role, content: textOf(m) })),
    model,
    temperature: numberOf(metadata, 'gen_ai.request.temperature', 'temperature'),
    maxTokens: numberOf(metadata, 'gen_ai.request.max_tokens', 'max_tokens'),
  };
}

/** "Open in playground" for a span whose input is a conversation. */
export function OpenInPlayground({ span }: { span: FlatSpan }) {
  const handOff = handOffOf(span);
  if (!handOff) return null;
  return (
    <p>
      <Link className="button" to="/playground" state={{ fromSpan: handOff }}>
        Open in playground
      </Link>
    </p>
  );
}
