/**
 * Quickstart: an agent traced in a few lines. Run against the server in the environment:
 *   TRACEWELL_BASE_URL=http://127.0.0.1:8080 TRACEWELL_API_KEY=tw_pk_… npm run sdk:example:quickstart
 * Prints the trace id as JSON on its last line.
 */
import { flush, init, observe, score, setSession, setTags, setUser, span } from '@tracewell/sdk';

const tracewell = init({ serviceName: 'quickstart-agent', environment: 'example' });

// A tool: observed functions become spans, nested under whatever observed call is running.
const lookupOrder = observe(async (orderId: number) => ({ orderId, status: 'shipped', eta: '2 days' }), { name: 'lookup_order', type: 'tool' });

// A model call recorded by hand (use wrapOpenAI or aiSdkTelemetry for real clients).
const draftReply = observe(
  async (order: { status: string; eta: string }) =>
    span('chat example-model', (generation) => {
      const text = `Your order is ${order.status}; it arrives in ${order.eta}.`;
      generation?.update({
        model: 'gpt-4o-mini',
        provider: 'openai',
        inputMessages: [{ role: 'user', content: 'Where is my order?' }],
        outputMessages: [{ role: 'assistant', content: text }],
        usage: { inputTokens: 42, outputTokens: 12 },
      });
      return text;
    }, { type: 'generation' }),
  { name: 'draft_reply', type: 'chain' },
);

const supportAgent = observe(
  async (question: string) => {
    setSession('quickstart-session');
    setUser('quickstart-user');
    setTags(['quickstart']);
    const order = await lookupOrder(17);
    const answer = await draftReply(order);
    return { question, answer, traceId: tracewell.currentSpan()?.traceId };
  },
  { name: 'support_agent', type: 'agent' },
);

const result = await supportAgent('Where is order 17?');
await flush();
// Scores reference stored traces: after flush() the trace is on the server.
await score({ traceId: result.traceId!, name: 'helpfulness', value: 1, comment: 'quickstart' });
console.log(result.answer);
console.log(JSON.stringify({ traceId: result.traceId, stats: tracewell.stats() }));
await tracewell.shutdown();
