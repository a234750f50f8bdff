import { inputConversation, outputConversation, toolSpanResults, type Message } from '../conversations/messages';

type Json = Record<string, unknown>;

export interface ReplaySpan {
  spanType: string;
  input: Json | null;
  output: Json | null;
  metadata: Json;
  children: ReplaySpan[];
}

/** Spans parents first, in the order they were sent (the trace context's order). */
function flatten(roots: readonly ReplaySpan[]): ReplaySpan[] {
  const out: ReplaySpan[] = [];
  const visit = (span: ReplaySpan) => {
    out.push(span);
    span.children.forEach(visit);
  };
  roots.forEach(visit);
  return out;
}

/**
 * One trace of a session as the turn it adds to the conversation: what is new in its first model
 * call's input (the messages after the last assistant message — earlier turns repeat the history,
 * which the replay already shows from their own traces), then every model call's answer in order.
 * A trace without model calls shows its root span's input and output when they are messages.
 * `context` holds every message of the trace, so a tool call finds its result (by call id) even when
 * a tool span, not the model, carried it. Pure, for unit tests.
 */
export function turnMessages(roots: readonly ReplaySpan[]): { messages: Message[]; context: Message[] } {
  const spans = flatten(roots);
  const models = spans.filter((s) => s.spanType.toUpperCase() === 'LLM');
  const context: Message[] = [...toolSpanResults(spans)];
  const messages: Message[] = [];
  const sources = models.length > 0 ? models : roots.slice(0, 1);
  sources.forEach((span, i) => {
    const input = inputConversation(span.input) ?? [];
    const output = outputConversation(span.output) ?? [];
    context.push(...input, ...output);
    if (i === 0) {
      let lastAnswer = -1;
      input.forEach((m, k) => {
        if (m.role === 'assistant') lastAnswer = k;
      });
      messages.push(...input.slice(lastAnswer + 1).filter((m) => m.role !== 'system' || input.length === 1));
    }
    messages.push(...output);
  });
  return { messages, context };
}
