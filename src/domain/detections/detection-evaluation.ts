import { UNPACED, type BackgroundPacer } from '../background/background-pacer.js';
import { randomUUID } from 'node:crypto';
import { timeOrderedUuid } from '../time-ordered-id.js';
import type { Clock } from '../../clock.js';
import type { DetectionRecord } from '../../ports/detections.js';
import type { DetectionJobRecord } from '../../ports/detection-jobs.js';
import type { Store } from '../../ports/store.js';
import type { EventPublisher } from '../events/event-publisher.js';
import type { FixService } from '../fixes/fix-service.js';
import type { DetectorRegistry } from './detector-registry.js';
import type { DetectorContext, Finding, TraceSubject } from './engines/detector-engine.js';
import type { ScanContext } from './scanning/text-detection.js';

export interface EvaluationSettings {
  /** How long a claimed job is ours before another worker may reclaim it. */
  leaseMs: number;
  /** Jobs claimed per round. */
  batchSize: number;
  /** Failed attempts after which a job is given up (status failed, error kept). */
  maxAttempts: number;
}

export type JobOutcome = 'done' | 'lost' | 'failed';

/** Work that runs in an evaluation's transaction once its firings are recorded (failure clustering). */
export type EvaluatedHook = (tx: Store, subject: TraceSubject, fired: readonly { detection: DetectionRecord; finding: Finding }[]) => Promise<unknown>;

/** A firing recorded outside the detection worker: by a backfill, or an evaluator-backed classifier. */
export interface FiredElsewhere {
  subject: TraceSubject;
  detection: DetectionRecord;
  finding: Finding;
}

/** Work that runs in the transaction that recorded firings outside the worker (failure clustering assigns their traces). */
export type FiredElsewhereHook = (tx: Store, fired: readonly FiredElsewhere[]) => Promise<unknown>;

/** The trace a job addresses, as the ingest hook hands it over. */
export interface TraceRef {
  projectId: string;
  traceId: string;
}

/**
 * Evaluation of ingested traces through the detection_jobs outbox. Ingestion writes a job in its own
 * transaction (`enqueueTraceEvaluation`); a worker claims jobs under a lease and evaluates each in
 * ONE transaction that marks the job done (only while still holding the lease), records the
 * firings, updates fixes and publishes events. A crash before commit leaves the job pending, to be
 * reclaimed when the lease expires; a commit makes the whole evaluation visible at once.
 */
export class DetectionEvaluation {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly events: EventPublisher,
    private readonly fixes: FixService,
    readonly registry: DetectorRegistry,
    private readonly settings: EvaluationSettings,
    private readonly scan: ScanContext,
  ) {}

  private readonly evaluatedHooks: EvaluatedHook[] = [];

  /** Adds work to every evaluation's transaction, after its firings (failure clustering assigns the trace there). */
  onEvaluated(hook: EvaluatedHook): void {
    this.evaluatedHooks.push(hook);
  }

  private readonly firedElsewhereHooks: FiredElsewhereHook[] = [];

  /** Adds work to transactions that record firings outside the worker, so their traces are treated as the worker treats them. */
  onFiredElsewhere(hook: FiredElsewhereHook): void {
    this.firedElsewhereHooks.push(hook);
  }

  /** Runs the fired-elsewhere hooks in `tx` (the evaluator pipeline calls it after its classifier firings). */
  async firedElsewhere(tx: Store, fired: readonly FiredElsewhere[]): Promise<void> {
    if (fired.length === 0) return;
    for (const hook of this.firedElsewhereHooks) await hook(tx, fired);
  }

  /** Stops the scan workers. */
  close(): Promise<void> {
    return this.scan.scanner.close();
  }

  /** The ingest hook: `(tx, traces) => Promise<void>`, run inside the ingest transaction. */
  enqueueTraceEvaluation = async (tx: Store, traces: readonly TraceRef[]): Promise<void> => {
    const now = this.clock.now();
    // Time-ordered ids: one job per ingested trace, appended to the key's index rather than spread over it.
    await tx.detectionJobs.enqueue(
      traces.map((t) => ({ id: timeOrderedUuid(now.getTime()), projectId: t.projectId, traceId: t.traceId })),
      now,
    );
  };

  /**
   * The append hook: each changed trace is evaluated once no span arrived for `settleMs` (a pending
   * evaluation is pushed back, not repeated); spans after an evaluation schedule another.
   */
  scheduleSettledEvaluation = async (tx: Store, traces: readonly TraceRef[], settleMs: number): Promise<void> => {
    const now = this.clock.now();
    const notBefore = new Date(now.getTime() + settleMs);
    await tx.detectionJobs.schedule(traces.map((t) => ({ id: timeOrderedUuid(now.getTime()), projectId: t.projectId, traceId: t.traceId })), now, notBefore);
  };

  /** Claims one batch and evaluates it; returns the outcomes (empty when there was nothing to do). */
  async runOnce(owner: string, pacer: BackgroundPacer = UNPACED): Promise<JobOutcome[]> {
    const jobs = await this.store.detectionJobs.claim(owner, this.clock.now(), this.settings.leaseMs, this.settings.batchSize);
    const outcomes: JobOutcome[] = [];
    for (const job of jobs) outcomes.push(await pacer.step(() => this.process(job, owner)));
    return outcomes;
  }

  /**
   * Detectors run BEFORE the transaction, on plain reads: text detections wait for a scan worker,
   * and on SQLite a transaction holds the only connection, so evaluating inside it would make every
   * other request wait for the scan. The transaction then checks the lease and records the
   * firings; a job whose lease was lost meanwhile records nothing.
   */
  async process(job: DetectionJobRecord, owner: string): Promise<JobOutcome> {
    try {
      const trace = await this.store.traces.findById(job.projectId, job.traceId);
      const subject: TraceSubject | null = trace ? { trace, spans: await this.store.traces.spansOf(job.projectId, job.traceId) } : null;
      const found = subject ? await this.evaluate(this.store, subject) : [];
      return await this.store.transaction(async (tx) => {
        if (!(await tx.detectionJobs.complete(job.id, owner, this.clock.now()))) return 'lost';
        for (const { detection, finding } of found) await this.fire(tx, detection, trace!, finding);
        if (subject) for (const hook of this.evaluatedHooks) await hook(tx, subject, found);
        return 'done';
      });
    } catch (error) {
      const now = this.clock.now();
      const backoffMs = Math.min(60_000, 1000 * 2 ** Math.max(0, job.attempts - 1));
      await this.store.detectionJobs.release(job.id, owner, (error as Error).message ?? String(error), now, new Date(now.getTime() + backoffMs), this.settings.maxAttempts);
      return 'failed';
    }
  }

  /**
   * A backfill batch: runs one detection (on request, active or not) over stored traces and records
   * its firings in `tx` — detection events and fix grouping as for new traces, but without an alert
   * event per historical trace (the backfill announces its completion instead). Answers how many fired.
   */
  async backfill(tx: Store, detection: DetectionRecord, traceIds: readonly string[]): Promise<number> {
    const engine = this.registry.engineFor(detection);
    if (!engine) return 0; // stored, not executable here
    const context: DetectorContext = { traces: tx.evaluationTraces, scan: this.scan, models: tx.detectionModels };
    const fired: FiredElsewhere[] = [];
    for (const traceId of traceIds) {
      const trace = await tx.traces.findById(detection.projectId, traceId);
      if (!trace || !this.inScope(detection, { trace, spans: [] })) continue;
      const subject: TraceSubject = { trace, spans: await tx.traces.spansOf(detection.projectId, traceId) };
      const finding = await engine.evaluate(detection, subject, context);
      if (finding && finding.score >= detection.threshold && (await this.fire(tx, detection, trace, finding, false))) fired.push({ subject, detection, finding });
    }
    // The batch's fired traces join their clusters under one lock, in this same transaction.
    await this.firedElsewhere(tx, fired);
    return fired.length;
  }

  private async evaluate(store: Store, subject: TraceSubject): Promise<{ detection: DetectionRecord; finding: Finding }[]> {
    const detections = (await store.detections.listAll(subject.trace.projectId)).filter((d) => d.isActive && this.inScope(d, subject));
    const context: DetectorContext = { traces: store.evaluationTraces, scan: this.scan, models: store.detectionModels };
    const found: { detection: DetectionRecord; finding: Finding }[] = [];
    for (const detection of detections) {
      const engine = this.registry.engineFor(detection);
      if (!engine) continue; // stored, not executable here (no plugin / no rule evaluator)
      const finding = await engine.evaluate(detection, subject, context);
      if (finding && finding.score >= detection.threshold) found.push({ detection, finding });
    }
    return found;
  }

  private inScope(detection: DetectionRecord, { trace }: TraceSubject): boolean {
    return detection.frameworks.length === 0 || (trace.framework !== null && (detection.frameworks as string[]).includes(trace.framework));
  }

  /**
   * Records one firing in `tx`: the detection event (once per detection and trace), the fix, and —
   * unless `announce` is false — alert.per_event_match. False when this detection had already fired on
   * this trace. Public for detections executed elsewhere: an evaluator-backed classifier fires from
   * the evaluator pipeline once its judge has scored the trace.
   */
  async fire(tx: Store, detection: DetectionRecord, trace: TraceSubject['trace'], finding: Finding, announce = true): Promise<boolean> {
    const now = this.clock.now();
    const recorded = await tx.detectionEvents.insert({
      id: randomUUID(),
      projectId: trace.projectId,
      detectionId: detection.id,
      traceId: trace.id,
      spanId: finding.spanId,
      score: finding.score,
      evidence: finding.evidence,
      traceCreatedAt: trace.createdAt,
      createdAt: now,
    });
    if (!recorded) return false; // this detection already fired on this trace
    const fix = await this.fixes.recordFiring(tx, detection, { traceId: trace.id, spanId: finding.spanId, score: finding.score });
    const data = {
      detectionId: detection.id,
      detectionSlug: detection.slug,
      detectionType: detection.type,
      severity: detection.severity,
      traceId: trace.id,
      spanId: finding.spanId,
      score: finding.score,
      fixId: fix.id,
      evidence: finding.evidence,
    };
    if (!announce) return true;
    await this.events.publish(tx, { type: 'alert.per_event_match', projectId: trace.projectId, occurredAt: now, data });
    if (finding.anomaly) await this.events.publish(tx, { type: 'alert.anomaly_detected', projectId: trace.projectId, occurredAt: now, data });
    return true;
  }
}
