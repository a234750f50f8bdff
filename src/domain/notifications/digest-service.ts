import type { Clock } from '../../clock.js';
import { problems } from '../../errors.js';
import type { DigestFix } from '../../ports/digests.js';
import type { Store } from '../../ports/store.js';
import type { Severity } from '../detections/detection-types.js';
import { latestPeriod, type DigestKind, type DigestPeriod } from './digest-periods.js';
import type { NotificationService } from './notification-service.js';
import { withDefaults } from './notification-settings.js';

/** Entries of each list in a summary (the totals count every one). */
export const DIGEST_LIST_LIMIT = 10;

export interface DigestSummary {
  kind: DigestKind;
  periodStart: string;
  periodEnd: string;
  timezone: string;
  traces: { count: number; errorCount: number; errorRate: number };
  cost: { total: number };
  topDetections: { detectionId: string; slug: string; displayName: string; fireCount: number }[];
  newFixes: { total: number; fixes: { id: string; title: string; severity: Severity; at: string }[] };
  resolvedFixes: { total: number; fixes: { id: string; title: string; severity: Severity; at: string }[] };
}

const fixList = ({ total, fixes }: { total: number; fixes: DigestFix[] }) => ({ total, fixes: fixes.map((f) => ({ id: f.id, title: f.title, severity: f.severity, at: f.at.toISOString() })) });

/** Money in dollars to the cent's hundredth, so sums of float costs read (and compare) the same on both databases. */
const roundCost = (dollars: number): number => Math.round(dollars * 10_000) / 10_000;

/**
 * The daily digest and the weekly report: one summary of a project's period, read over REST
 * (`getDigest`) and sent by the scheduler as `notification.daily_digest` / `notification.weekly_report`.
 */
export class DigestService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly notifications: NotificationService,
  ) {}

  /** The summary of the latest complete period at `at` (default: now). */
  async summary(projectId: string, kind: DigestKind, at?: Date): Promise<DigestSummary> {
    const when = at ?? this.clock.now();
    if (when.getTime() > this.clock.now().getTime()) throw problems.validation('at cannot be in the future.', [{ code: 'in_future', message: 'must not be in the future', path: '/query/at' }]);
    const settings = withDefaults(projectId, await this.store.notifications.settings(projectId));
    return this.summarize(this.store, projectId, latestPeriod(kind, when, settings), settings.timezone);
  }

  /** Makes (once) and sends the digest of `period`, in the scheduler run's transaction. False when already made. */
  async send(tx: Store, projectId: string, period: DigestPeriod): Promise<boolean> {
    const settings = withDefaults(projectId, await tx.notifications.settings(projectId));
    const summary = await this.summarize(tx, projectId, period, settings.timezone);
    if (!(await tx.digests.save(projectId, period.kind, period.end, { ...summary }, this.clock.now()))) return false;
    const recipients = await tx.notifications.recipients(projectId);
    const day = period.end.toISOString().slice(0, 10);
    await this.notifications.announce(tx, {
      type: period.kind === 'daily' ? 'notification.daily_digest' : 'notification.weekly_report',
      projectId,
      title: period.kind === 'daily' ? `Daily digest up to ${day}` : `Weekly report up to ${day}`,
      data: { summary },
      userIds: recipients.map((r) => r.userId),
    });
    return true;
  }

  private async summarize(store: Store, projectId: string, period: DigestPeriod, timezone: string): Promise<DigestSummary> {
    const totals = await store.digests.traceTotals(projectId, period.start, period.end);
    return {
      kind: period.kind,
      periodStart: period.start.toISOString(),
      periodEnd: period.end.toISOString(),
      timezone,
      traces: { count: totals.count, errorCount: totals.errorCount, errorRate: totals.count === 0 ? 0 : totals.errorCount / totals.count },
      cost: { total: roundCost(totals.cost) },
      topDetections: await store.digests.topDetections(projectId, period.start, period.end, DIGEST_LIST_LIMIT),
      newFixes: fixList(await store.digests.createdFixes(projectId, period.start, period.end, DIGEST_LIST_LIMIT)),
      resolvedFixes: fixList(await store.digests.resolvedFixes(projectId, period.start, period.end, DIGEST_LIST_LIMIT)),
    };
  }
}
