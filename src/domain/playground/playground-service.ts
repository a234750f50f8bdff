import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { ProblemError, problems } from '../../errors.js';
import type { Store } from '../../ports/store.js';
import type { BudgetGuard } from '../evaluations/budget-guard.js';
import type { ModelConnectionService } from '../evaluations/model-connection-service.js';
import { costOf, type PriceTable } from '../pricing/price-table.js';
import type { TraceIngestionService } from '../traces/trace-ingestion-service.js';
import type { ChatMessage, ChatParameters, ChatStreamClient, ChatStreamEnd } from './chat-stream-client.js';
import { AsyncChannel } from './async-channel.js';
import { compileTemplate } from '../prompts/prompt-template.js';

export interface PlaygroundRunInput {
  modelConnectionId: string;
  model?: string;
  messages: ChatMessage[];
  variables?: Record<string, string>;
  parameters?: ChatParameters;
  prompt?: { name: string; version: number };
}

/** What the caller relays as the run goes (the REST handler writes each as a Server-Sent Event). */
export type PlaygroundEvent =
  | { event: 'run'; data: { traceId: string } }
  | { event: 'delta'; data: { content: string } }
  | { event: 'done'; data: { traceId: string; output: string; promptTokens: number; completionTokens: number; costUsd: number; latencyMs: number; finishReason: string | null } }
  | { event: 'error'; data: { traceId: string; code: string; detail: string; output: string } };

/** A started run: its events, in order, ending with exactly one `done` or `error`. */
export interface PlaygroundRun {
  traceId: string;
  events: AsyncIterable<PlaygroundEvent>;
}

export interface PlaygroundSettings {
  /** The longest a model may stay silent. */
  timeoutMs: number;
}

/**
 * The filled messages of a run are at most this many characters, and its answer too: the run is
 * stored as one trace, and a trace is at most 1 MB of JSON (MAX_TRACE_BYTES).
 */
export const MAX_MESSAGES_CHARS = 256_000;
export const MAX_OUTPUT_CHARS = 256_000;

/**
 * Runs a chat prompt against a project's model connection, streamed. Everything that can refuse the
 * run (missing variables, unknown connection, the SSRF policy, a spent budget) does so before the
 * first event, as a Problem; once the stream starts, the model's failures are events. Whatever the
 * model did, the run ends stored: its spend (counted against the project's evaluation budget) and
 * then its trace.
 */
export class PlaygroundService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly connections: ModelConnectionService,
    private readonly budgets: BudgetGuard,
    private readonly prices: PriceTable,
    private readonly traces: TraceIngestionService,
    private readonly client: ChatStreamClient,
    private readonly settings: PlaygroundSettings,
  ) {}

  async start(projectId: string, input: PlaygroundRunInput): Promise<PlaygroundRun> {
    // The prompt registry's own rule fills the variables, so a version runs here as it compiles there.
    const compiled = compileTemplate(
      input.messages.map((m) => ({ type: 'message' as const, role: m.role, content: m.content })),
      input.variables ?? {},
      {},
      { variables: '/body/variables', placeholders: '/body/placeholders' },
    ) as { role: string; content: string }[];
    const messages: ChatMessage[] = compiled.map((m, i) => ({ role: input.messages[i]!.role, content: m.content }));
    if (messages.reduce((sum, m) => sum + m.content.length, 0) > MAX_MESSAGES_CHARS) {
      throw problems.validation('The filled messages are too long; see errors. Nothing was run.', [
        { path: '/body/messages', code: 'too_long', message: `the filled messages must be at most ${MAX_MESSAGES_CHARS} characters in all` },
      ]);
    }
    const connection = await this.store.modelConnections.find(projectId, input.modelConnectionId);
    if (!connection) throw problems.notFound('The model connection');
    const refusal = await this.budgets.projectRefusal(projectId);
    if (refusal !== null) throw new ProblemError(409, 'PUBLIC_API_EVALUATION_BUDGET_EXHAUSTED', `The project's evaluation budget is spent: ${refusal}.`);
    const opened = await this.connections.open(connection);
    const model = input.model ?? connection.model;
    const traceId = randomUUID();
    return { traceId, events: this.run(projectId, connection.id, traceId, { model, messages, parameters: input.parameters ?? {}, prompt: input.prompt ?? null }, opened) };
  }

  private async *run(
    projectId: string,
    connectionId: string,
    traceId: string,
    call: { model: string; messages: ChatMessage[]; parameters: ChatParameters; prompt: { name: string; version: number } | null },
    opened: Awaited<ReturnType<ModelConnectionService['open']>>,
  ): AsyncGenerator<PlaygroundEvent> {
    yield { event: 'run', data: { traceId } };
    const started = this.clock.now();
    const startedMs = performance.now();
    // The client calls back with each piece of text; the channel hands them on one at a time. A
    // person who closes the page does not stop the run: it ends (bounded by the output cap and the
    // silence deadline) and is stored, because its tokens were paid for.
    const channel = new AsyncChannel<string>();
    const abort = new AbortController();
    let output = '';
    let cut = false;
    const ended = this.client(
      { connection: opened, model: call.model, messages: call.messages, parameters: call.parameters, timeoutMs: this.settings.timeoutMs, signal: abort.signal },
      {
        delta: (content) => {
          if (cut) return;
          if (output.length + content.length > MAX_OUTPUT_CHARS) {
            cut = true;
            abort.abort();
            return;
          }
          output += content;
          channel.push(content);
        },
      },
    ).finally(() => channel.close());
    for (let content = await channel.next(); content !== null; content = await channel.next()) yield { event: 'delta', data: { content } };
    const finished = await ended;
    const final: ChatStreamEnd = cut ? { kind: 'failed', code: 'model_error', detail: `the answer is longer than ${MAX_OUTPUT_CHARS} characters; it was cut there` } : finished;
    const latencyMs = Math.round(performance.now() - startedMs);
    const promptTokens = final.kind === 'done' ? final.promptTokens ?? 0 : 0;
    const completionTokens = final.kind === 'done' ? final.completionTokens ?? 0 : 0;
    let costUsd = 0;
    // The spend first: the money is spent whatever happens to the trace.
    try {
      costUsd = await this.costOf(projectId, call.model, promptTokens, completionTokens);
      await this.store.playgroundRuns.insert({
        id: randomUUID(),
        projectId,
        traceId,
        modelConnectionId: connectionId,
        outcome: final.kind === 'done' ? 'completed' : 'error',
        promptTokens,
        completionTokens,
        costUsd,
        createdAt: this.clock.now(),
      });
      await this.traces.ingest(projectId, this.traceOf(traceId, started, latencyMs, call, output, final, { promptTokens, completionTokens, costUsd }));
    } catch (error) {
      // The answer was streamed already; the stream still ends with one event that says what was lost.
      const detail = error instanceof ProblemError ? error.message : 'the storage failed';
      yield { event: 'error', data: { traceId, code: 'run_not_stored', detail: `the run could not be stored: ${detail}`, output } };
      return;
    }

    if (final.kind === 'done') {
      yield { event: 'done', data: { traceId, output, promptTokens, completionTokens, costUsd, latencyMs, finishReason: final.finishReason } };
    } else {
      yield { event: 'error', data: { traceId, code: final.code, detail: final.detail, output } };
    }
  }

  /** The run as a native trace: one LLM span with the GenAI request attributes and the prompt it came from. */
  private traceOf(
    traceId: string,
    started: Date,
    latencyMs: number,
    call: { model: string; messages: ChatMessage[]; parameters: ChatParameters; prompt: { name: string; version: number } | null },
    output: string,
    end: ChatStreamEnd,
    usage: { promptTokens: number; completionTokens: number; costUsd: number },
  ): Record<string, unknown> {
    const p = call.parameters;
    const request: Record<string, unknown> = {
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': call.model,
      'gen_ai.request.temperature': p.temperature,
      'gen_ai.request.top_p': p.top_p,
      'gen_ai.request.max_tokens': p.max_tokens,
      'gen_ai.request.presence_penalty': p.presence_penalty,
      'gen_ai.request.frequency_penalty': p.frequency_penalty,
      'gen_ai.request.seed': p.seed,
      'gen_ai.request.stop_sequences': p.stop,
      'gen_ai.response.finish_reasons': end.kind === 'done' && end.finishReason !== null ? [end.finishReason] : undefined,
    };
    const metadata: Record<string, unknown> = {
      model: call.model,
      input_tokens: usage.promptTokens,
      output_tokens: usage.completionTokens,
      cost: usage.costUsd,
      parameters: p,
      ...Object.fromEntries(Object.entries(request).filter(([, value]) => value !== undefined)),
      ...(call.prompt ? { prompt_name: call.prompt.name, prompt_version: call.prompt.version } : {}),
    };
    return {
      trace_id: traceId,
      name: call.prompt ? `playground: ${call.prompt.name} v${call.prompt.version}` : `playground: ${call.model}`,
      metadata: { framework: 'tracewell-playground' },
      spans: [
        {
          span_id: 'chat',
          name: `chat ${call.model}`,
          span_type: 'LLM',
          status: end.kind === 'done' ? 'success' : 'error',
          start_time: started.toISOString(),
          latency_ms: latencyMs,
          input: { messages: call.messages },
          output: { role: 'assistant', content: output },
          ...(end.kind === 'failed' ? { error: end.detail } : {}),
          metadata,
        },
      ],
    };
  }

  /** Dollars from the price table (project overrides first), as the evaluators price their judge calls; 0 for an unpriced model. */
  private async costOf(projectId: string, model: string, promptTokens: number, completionTokens: number): Promise<number> {
    const overrides = new Map((await this.store.modelPrices.list(projectId)).map((p) => [p.model, p]));
    const found = this.prices.find(model, overrides);
    return found ? costOf(found.price, { input: promptTokens, output: completionTokens }) : 0;
  }
}
