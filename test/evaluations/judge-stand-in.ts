import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat-completions request the stand-in received. */
export interface JudgeCall {
  path: string;
  headers: IncomingHttpHeaders;
  body: { model: string; messages: { role: string; content: string }[]; response_format?: unknown; temperature?: number };
}

/**
 * A local stand-in for a paid OpenAI-compatible provider (the one test double these tests allow):
 * POST /v1/chat/completions answers judge prompts deterministically — score 0.9 when the prompt
 * mentions "cheese" (a hallucination in these fixtures), else 0.1 — and, on cue, 429/500 (with
 * Retry-After when given) or malformed output ("GARBLE" in the prompt: prose, "OUT_OF_RANGE": a
 * score of 7, "HANG": no answer at all). A call without `response_format` (a server-side experiment
 * run's task) is answered `Echo: <its last message>`. Every answer reports 100 prompt and 20
 * completion tokens, after `delayMs`.
 */
export class JudgeStandIn {
  readonly calls: JudgeCall[] = [];
  private failures: { status: number; retryAfter?: number }[] = [];
  private server: Server | null = null;
  /** Milliseconds each answer is held back (to observe how many calls are in flight at once). */
  delayMs = 0;
  private inFlight = 0;
  /** The most calls in flight at once since the last reset. */
  maxInFlight = 0;

  resetInFlight(): void {
    this.maxInFlight = 0;
  }

  /** The next calls answer these statuses, in order, before answering normally again. */
  failNext(...failures: { status: number; retryAfter?: number }[]): void {
    this.failures.push(...failures);
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as JudgeCall['body'];
        this.calls.push({ path: req.url ?? '', headers: req.headers, body });
        const failure = this.failures.shift();
        if (failure) {
          res.writeHead(failure.status, { 'content-type': 'application/json', ...(failure.retryAfter !== undefined ? { 'retry-after': String(failure.retryAfter) } : {}) });
          res.end(JSON.stringify({ error: { message: 'scripted failure' } }));
          return;
        }
        if (req.url !== '/v1/chat/completions') {
          res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
          return;
        }
        const prompt = body.messages.map((m) => m.content).join('\n');
        if (prompt.includes('HANG')) return; // never answers: the client's deadline must end the call
        let content: string;
        // A call without response_format is a task (a server-side experiment run), not a judgement: echoed.
        if (body.response_format === undefined) content = `Echo: ${body.messages[body.messages.length - 1]?.content ?? ''}`;
        else if (prompt.includes('GARBLE')) content = 'I think it is mostly fine.';
        else if (prompt.includes('OUT_OF_RANGE')) content = JSON.stringify({ score: 7, reasoning: 'very' });
        else if (prompt.includes('cheese')) content = JSON.stringify({ score: 0.9, reasoning: 'The answer says the moon is made of cheese; the context does not support it.' });
        else content = JSON.stringify({ score: 0.1, reasoning: 'Every claim is supported by the context.' });
        const answer = JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', model: body.model, choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }], usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 } });
        this.inFlight += 1;
        this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
        setTimeout(() => {
          this.inFlight -= 1;
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(answer);
        }, this.delayMs);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections(); // hung calls included
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
