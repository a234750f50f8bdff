import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { problems } from '../../errors.js';
import type { DetectionBackfillRecord } from '../../ports/detection-backfills.js';
import type { Store } from '../../ports/store.js';
import { isUuid } from '../actor.js';
import type { DetectionEvaluation } from '../detections/detection-evaluation.js';
import { userIdOfActor, type NotificationService } from '../notifications/notification-service.js';

/**
 * Traces one batch evaluates: a batch runs inside one scheduler slot's transaction (on SQLite the
 * only writer lock), and a text detection may spend its scan budget on each trace.
 */
export const BACKFILL_BATCH_SIZE = 20;
export const BACKFILL_MAX_RANGE_MS = 366 * 86_400_000;

const rangeError = (message: string, path: string) => problems.validation(message, [{ code: 'invalid_range', message, path }]);

/**
 * A detection run over historical traces on request (`notification.backfill_completed` when done).
 * The work happens in bounded batches, each one scheduler slot (`DetectionBackfillTask`): batch n
 * evaluates the next traces after the keyset position batch n−1 recorded and advances it, in one
 * transaction, so progress is exact and a batch is never counted twice.
 */
export class BackfillService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly evaluation: DetectionEvaluation,
    private readonly notifications: NotificationService,
  ) {}

  async start(projectId: string, detectionId: string, range: { from: Date; to: Date }, actor: string): Promise<DetectionBackfillRecord> {
    const now = this.clock.now();
    if (range.from.getTime() >= range.to.getTime()) throw rangeError('from must be before to.', '/body/from');
    if (range.to.getTime() > now.getTime()) throw rangeError('to cannot be in the future.', '/body/to');
    if (range.to.getTime() - range.from.getTime() > BACKFILL_MAX_RANGE_MS) throw rangeError('A backfill covers at most 366 days.', '/body/from');
    return this.store.transaction(async (tx) => {
      const detection = isUuid(detectionId) ? await tx.detections.findById(projectId, detectionId) : null;
      if (!detection) throw problems.notFound('The detection');
      if (await tx.detectionBackfills.runningFor(projectId, detection.id)) {
        throw problems.conflict('PUBLIC_API_BACKFILL_RUNNING', 'A backfill of this detection is still running; wait for it to complete.');
      }
      const backfill: DetectionBackfillRecord = {
        id: randomUUID(),
        projectId,
        detectionId: detection.id,
        requestedBy: actor,
        status: 'running',
        from: range.from,
        to: range.to,
        total: await tx.detectionBackfills.countTraces(projectId, range.from, range.to),
        processed: 0,
        batches: 0,
        fired: 0,
        cursor: null,
        createdAt: now,
        updatedAt: now,
        completedAt: null,
      };
      await tx.detectionBackfills.create(backfill);
      return backfill;
    });
  }

  async get(projectId: string, detectionId: string, backfillId: string): Promise<DetectionBackfillRecord> {
    const backfill = isUuid(backfillId) ? await this.store.detectionBackfills.find(projectId, backfillId) : null;
    if (!backfill || backfill.detectionId !== detectionId.toLowerCase()) throw problems.notFound('The backfill');
    return backfill;
  }

  /** Batch number `batch` of a running backfill; nothing when it is done already or no longer running. */
  async runBatch(projectId: string, backfillId: string, batch: number): Promise<void> {
    await this.store.transaction(async (tx) => {
      const backfill = await tx.detectionBackfills.find(projectId, backfillId);
      if (!backfill || backfill.status !== 'running' || backfill.batches !== batch) return;
      const detection = await tx.detections.findById(projectId, backfill.detectionId);
      if (!detection) return; // deleted: its backfills go with it
      const traces = await tx.detectionBackfills.nextTraces(projectId, backfill.from, backfill.to, backfill.cursor, BACKFILL_BATCH_SIZE);
      const fired = await this.evaluation.backfill(tx, detection, traces.map((t) => t.id));
      const last = traces[traces.length - 1];
      const now = this.clock.now();
      const completedAt = traces.length < BACKFILL_BATCH_SIZE ? now : null;
      const progress = {
        processed: backfill.processed + traces.length,
        fired: backfill.fired + fired,
        cursor: last ? { createdAt: last.createdAt, traceId: last.id } : backfill.cursor,
        completedAt,
      };
      if (!(await tx.detectionBackfills.advance(backfill.id, batch, progress, now))) return;
      if (!completedAt) return;
      const requester = userIdOfActor(backfill.requestedBy);
      await this.notifications.announce(tx, {
        type: 'notification.backfill_completed',
        projectId,
        title: `The backfill of ${detection.displayName} completed: ${progress.fired} of ${progress.processed} traces fired`,
        data: {
          backfillId: backfill.id,
          detectionId: detection.id,
          detectionSlug: detection.slug,
          from: backfill.from.toISOString(),
          to: backfill.to.toISOString(),
          processed: progress.processed,
          fired: progress.fired,
          requestedBy: backfill.requestedBy,
        },
        userIds: requester ? [requester] : [],
      });
    });
  }
}
