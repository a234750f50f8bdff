import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { problems } from '../../errors.js';
import type { CursorCodec, Page } from '../../pagination/cursor.js';
import type { ScoreDataType, ScoreFilters, ScoreRecord, ScoreSource } from '../../ports/evaluations.js';
import type { Store } from '../../ports/store.js';
import { createdPage, type PageRequest } from './created-pages.js';
import { checkScoreValue, impliedScoreType } from './score-values.js';

export interface ScoreInput {
  name: string;
  /** Omitted: the type the value says (impliedScoreType). */
  dataType?: ScoreDataType;
  value: unknown;
  traceId?: string;
  spanId?: string;
  sessionId?: string;
  comment?: string;
}

/** What is being scored, already checked to exist. */
export interface ScoreTargetRef {
  traceId: string | null;
  spanId: string | null;
  sessionId: string | null;
}

const BODY = '/body';

/**
 * Scores: values with a name on a trace, a span or a session. REST and the `score_trace` tool write
 * `api` scores here; evaluators and annotation queues write theirs through `record` inside their own
 * transactions.
 */
export class ScoreService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly cursors: CursorCodec,
  ) {}

  async create(projectId: string, author: string, input: ScoreInput): Promise<ScoreRecord> {
    const dataType = input.dataType ?? impliedScoreType(input.value);
    const value = checkScoreValue(dataType, input.value, `${BODY}/value`);
    const target = await this.target(projectId, input);
    return this.record(this.store, projectId, { name: input.name, dataType, value, source: 'api', author, comment: input.comment ?? null, evaluatorId: null }, target);
  }

  /** Writes one score of any source through `tx`. */
  async record(
    tx: Store,
    projectId: string,
    score: { name: string; dataType: ScoreDataType; value: number | boolean | string; source: ScoreSource; author: string | null; comment: string | null; evaluatorId: string | null },
    target: ScoreTargetRef,
  ): Promise<ScoreRecord> {
    const record: ScoreRecord = {
      id: randomUUID(),
      projectId,
      ...score,
      target: target.sessionId !== null ? 'session' : target.spanId !== null ? 'span' : 'trace',
      traceId: target.traceId,
      spanId: target.spanId,
      sessionId: target.sessionId,
      createdAt: this.clock.now(),
    };
    await tx.scores.insert(record);
    return record;
  }

  list(request: PageRequest, filters: ScoreFilters): Promise<{ items: ScoreRecord[]; page: Page }> {
    if (filters.spanId !== undefined && filters.traceId === undefined) {
      throw problems.validation('spanId needs traceId.', [{ code: 'dependent_required', message: 'spanId needs traceId', path: '/query/spanId' }]);
    }
    return createdPage(this.cursors, request, filters, (limit, after) => this.store.scores.list(request.projectId, filters, limit, after));
  }

  async delete(projectId: string, id: string): Promise<void> {
    if (!(await this.store.scores.delete(projectId, id))) throw problems.notFound('The score');
  }

  /** Exactly one target: a trace (optionally one of its spans) or a session. */
  private async target(projectId: string, input: ScoreInput): Promise<ScoreTargetRef> {
    const reject = (message: string, path: string): never => {
      throw problems.validation(`The score target is invalid: ${message}.`, [{ code: 'target', message, path }]);
    };
    if (input.sessionId !== undefined) {
      if (input.traceId !== undefined || input.spanId !== undefined) reject('send either sessionId or traceId (with an optional spanId), not both', `${BODY}/sessionId`);
      return { traceId: null, spanId: null, sessionId: input.sessionId };
    }
    if (input.traceId === undefined) reject('send traceId (with an optional spanId) or sessionId', `${BODY}/traceId`);
    const spanId = input.spanId ?? null;
    if (!(await this.store.scores.targetExists(projectId, input.traceId!, spanId))) throw problems.notFound(spanId === null ? 'The trace' : 'The span');
    return { traceId: input.traceId!, spanId, sessionId: null };
  }
}
