/**
 * An OpenAI agent with a tool, traced with wrapOpenAI. Uses OPENAI_BASE_URL / OPENAI_API_KEY when
 * set; otherwise it starts the bundled OpenAI-compatible stand-in, so it runs without an account:
 *   TRACEWELL_BASE_URL=… TRACEWELL_API_KEY=… npm run sdk:example:openai
 * Prints the trace id and the answer as JSON on its last line.
 */
import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { flush, init, observe, setSession, wrapOpenAI } from '@tracewell/sdk';
import { startOpenAIStandIn } from './support/openai-stand-in.js';

const tracewell = init({ serviceName: 'weather-agent' });
const standIn = process.env.OPENAI_BASE_URL ? undefined : await startOpenAIStandIn();
const openai = wrapOpenAI(new OpenAI({ apiKey: process.env.OPENAI_API_KEY ?? 'sk-stand-in', baseURL: process.env.OPENAI_BASE_URL ?? standIn!.baseURL }));
const model = process.env.OPENAI_MODEL ?? 'gpt-4o-mini';

const tools: ChatCompletionTool[] = [
  { type: 'function', function: { name: 'weather', description: 'Current weather in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } },
];

const weather = observe(async (args: { city: string }) => ({ city: args.city, celsius: 18, sky: 'clear' }), { name: 'weather', type: 'tool' });

const agent = observe(
  async (question: string) => {
    setSession('weather-session');
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: 'Answer with the weather tool.' },
      { role: 'user', content: question },
    ];
    for (let step = 0; step < 4; step++) {
      const completion = await openai.chat.completions.create({ model, messages, tools });
      const message = completion.choices[0].message;
      messages.push(message);
      if (!message.tool_calls?.length) return { answer: message.content, traceId: tracewell.currentSpan()?.traceId };
      for (const call of message.tool_calls) {
        if (call.type !== 'function') continue;
        const result = await weather(JSON.parse(call.function.arguments) as { city: string });
        messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
      }
    }
    return { answer: null, traceId: tracewell.currentSpan()?.traceId };
  },
  { name: 'weather_agent', type: 'agent' },
);

const result = await agent('What is the weather in Paris?');
await flush();
await standIn?.close();
console.log(result.answer);
console.log(JSON.stringify(result));
await tracewell.shutdown();
