import { Link } from 'react-router-dom';
import type { FlatSpan } from '../api/operation-types';
import { chatMessages } from '../traces/span-model';
import type { SpanHandOff } from './draft';

const numberOf = (metadata: Record<string, unknown>, ...keys: string[]): number | null => {
  const parameters = typeof metadata.parameters === 'object' && metadata.parameters !== null ? (metadata.parameters as Record<string, unknown>) : {};
  for (const key of keys) for (const source of [metadata, parameters]) if (typeof source[key] === 'number') return source[key] as number;
  return null;
};

/** What a span hands the playground: its input messages, model and parameters (GenAI names first). */
export function handOffOf(span: FlatSpan): SpanHandOff | null {
  const messages = chatMessages(span.input);
  if (!messages || messages.length === 0) return null;
  const metadata = span.metadata ?? {};
  const model = [metadata['gen_ai.request.model'], metadata.model].find((m): m is string => typeof m === 'string') ?? null;
  return {
    messages: messages.map((m) => ({ role: m.role, content: m.content })),
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
