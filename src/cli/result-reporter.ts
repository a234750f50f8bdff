import { ApiClient } from './api-client.js';
import { ApiProblemError } from './cli-errors.js';
import type { ResultInput } from './experiment-task.js';

/** Results per POST: well under the API's 100, so progress on the server moves as the run goes. */
export const BATCH_SIZE = 25;

/**
 * Sends results in batches as they arrive, one request at a time. The API takes a batch whole or
 * not at all; when it rejects one result (400 with `/body/results/<i>/…`), that result is sent
 * again as an error naming the rejection, so a single bad score never loses the other items.
 */
export class ResultReporter {
  private pending: ResultInput[] = [];
  private sending: Promise<void> = Promise.resolve();
  reported = 0;
  failed = 0;

  constructor(
    private readonly client: ApiClient,
    private readonly path: string,
    private readonly onReported: (reported: number, failed: number) => void,
  ) {}

  add(result: ResultInput): Promise<void> {
    this.pending.push(result);
    return this.pending.length >= BATCH_SIZE ? this.flush() : Promise.resolve();
  }

  flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    if (batch.length > 0) this.sending = this.sending.then(() => this.send(batch));
    return this.sending;
  }

  private async send(batch: ResultInput[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.client.request('POST', this.path, { body: { results: batch } });
        break;
      } catch (error) {
        const rejected = attempt < batch.length ? rejectedIndex(error) : undefined;
        if (rejected === undefined || rejected >= batch.length) throw error;
        const problem = (error as ApiProblemError).problem;
        const field = problem.errors?.find((entry) => entry.path.startsWith(`/body/results/${rejected}/`));
        batch[rejected] = {
          itemId: batch[rejected].itemId,
          error: `rejected by the server: ${field ? `${field.path}: ${field.message}` : problem.detail}`.slice(0, 2000),
          ...(batch[rejected].latencyMs !== undefined ? { latencyMs: batch[rejected].latencyMs } : {}),
        };
      }
    }
    this.reported += batch.length;
    this.failed += batch.filter((result) => result.error !== undefined).length;
    this.onReported(this.reported, this.failed);
  }
}

/** The index of the result a 400 names, unless the rejection is about the item id itself (then resending cannot help). */
function rejectedIndex(error: unknown): number | undefined {
  if (!(error instanceof ApiProblemError) || error.problem.status !== 400) return undefined;
  for (const field of error.problem.errors ?? []) {
    const match = /^\/body\/results\/(\d+)\/(.+)$/.exec(field.path);
    if (match && match[2] !== 'itemId') return Number(match[1]);
  }
  return undefined;
}
