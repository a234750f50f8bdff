import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { MetricValue, MonitorMetricReader } from '../../ports/monitors.js';
import type { Store } from '../../ports/store.js';
import type { EventPublisher } from '../events/event-publisher.js';
import type { FilterNode } from '../filters/index.js';
import { MAX_BASELINE_WINDOWS } from './monitor-config.js';
import { anomalyVerdict, compoundVerdict, silenceVerdict, slaVerdict, thresholdVerdict, type WindowVerdict } from './monitor-conditions.js';
import { eventTypeOf, type IncidentRecord, type MonitorRecord } from './monitor-types.js';

export interface EvaluatorSettings {
  /** Windows one run evaluates at most (catch-up after downtime continues in the next run). */
  maxWindowsPerRun: number;
  /** Monitors one dueSlots call returns at most. */
  maxDueMonitors: number;
}

/** A scheduled slot: the monitor and the end (epoch ms) of the next window it has to evaluate. */
export const slotOf = (monitor: Pick<MonitorRecord, 'id' | 'lastWindowEnd' | 'windowSeconds'>): string => `${monitor.id}:${monitor.lastWindowEnd + monitor.windowSeconds * 1000}`;

function parseSlot(slot: string): { monitorId: string; windowEnd: number } | null {
  const match = /^([0-9a-f-]{36}):(\d{1,16})$/.exec(slot);
  return match ? { monitorId: match[1], windowEnd: Number(match[2]) } : null;
}

/** Whether a larger value is the worse one, for an incident's peak. */
const higherIsWorse = (monitor: MonitorRecord): boolean => {
  const { operator, direction } = monitor.condition;
  if (operator) return operator.startsWith('g');
  return direction !== 'down';
};

/**
 * Evaluates monitors window by window and moves their incidents: ok → alerting when a window
 * breaches; alerting → resolved after recoverAfterWindows consecutive clean windows (hysteresis).
 * One event when an incident starts and one when it resolves, none while the monitor is muted.
 *
 * A run locks its monitor and evaluates every window from the one after `lastWindowEnd` up to now
 * (bounded), in order, in the caller's transaction — the scheduler's run, so windows, incidents and
 * webhook deliveries commit together with the run's record, exactly once across processes.
 */
export class MonitorEvaluator {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly events: EventPublisher,
    private readonly settings: EvaluatorSettings,
  ) {}

  async dueSlots(now: Date): Promise<string[]> {
    return (await this.store.monitors.listDue(now.getTime(), this.settings.maxDueMonitors)).map(slotOf);
  }

  /** Evaluates the slot's window and any later ones already ended; a stale slot (evaluated meanwhile) does nothing. */
  async run(slot: string, now: Date): Promise<number> {
    const parsed = parseSlot(slot);
    if (!parsed) return 0;
    return this.store.transaction(async (tx) => {
      let monitor = await tx.monitors.lockForEvaluation(parsed.monitorId);
      if (!monitor || !monitor.enabled) return 0;
      const windowMs = monitor.windowSeconds * 1000;
      if (monitor.lastWindowEnd + windowMs !== parsed.windowEnd) return 0;
      let evaluated = 0;
      while (monitor.lastWindowEnd + windowMs <= now.getTime() && evaluated < this.settings.maxWindowsPerRun) {
        monitor = await this.evaluateWindow(tx, monitor, monitor.lastWindowEnd + windowMs);
        evaluated += 1;
      }
      await tx.monitors.pruneWindows(monitor.id, monitor.lastWindowEnd - MAX_BASELINE_WINDOWS * windowMs);
      return evaluated;
    });
  }

  /** Records the slot's window as not evaluated (no value, `details.failed`) and moves past it; incidents are left as they are. */
  async skip(slot: string, error: string): Promise<void> {
    const parsed = parseSlot(slot);
    if (!parsed) return;
    await this.store.transaction(async (tx) => {
      const monitor = await tx.monitors.lockForEvaluation(parsed.monitorId);
      if (!monitor || monitor.lastWindowEnd + monitor.windowSeconds * 1000 !== parsed.windowEnd) return;
      await tx.monitors.insertWindow({ monitorId: monitor.id, windowEnd: parsed.windowEnd, value: null, breaching: false, details: { failed: error.slice(0, 500) }, evaluatedAt: this.clock.now() });
      await tx.monitors.saveProgress(monitor.id, { state: monitor.state, cleanWindows: monitor.cleanWindows, openIncidentId: monitor.openIncidentId, lastWindowEnd: parsed.windowEnd });
    });
  }

  private async evaluateWindow(tx: Store, monitor: MonitorRecord, windowEnd: number): Promise<MonitorRecord> {
    const windowStart = windowEnd - monitor.windowSeconds * 1000;
    const verdict = await this.verdictOf(tx, monitor, windowStart, windowEnd, monitor.state === 'alerting');
    const now = this.clock.now();
    await tx.monitors.insertWindow({ monitorId: monitor.id, windowEnd, value: verdict.value, breaching: verdict.breaching, details: verdict.details, evaluatedAt: now });
    const muted = monitor.mutedUntil !== null && monitor.mutedUntil.getTime() > windowEnd;
    const next: MonitorRecord = { ...monitor, lastWindowEnd: windowEnd };
    const window = { windowStart, windowEnd };

    if (monitor.state === 'ok') {
      if (verdict.breaching) {
        const incident = await this.open(tx, monitor, verdict, windowEnd, muted, now);
        if (!muted) await this.announce(tx, monitor, incident, verdict, window);
        Object.assign(next, { state: 'alerting', cleanWindows: 0, openIncidentId: incident.id });
      }
    } else {
      const incident = monitor.openIncidentId ? await tx.monitors.findIncident(monitor.projectId, monitor.openIncidentId) : null;
      if (incident) {
        incident.windows += 1;
        if (verdict.value !== null) {
          incident.lastValue = verdict.value;
          const worse = incident.peakValue === null || (higherIsWorse(monitor) ? verdict.value > incident.peakValue : verdict.value < incident.peakValue);
          if (worse) incident.peakValue = verdict.value;
        }
        // A clean window counts towards recovery; a breaching (or in-between) one starts the count over; no data changes nothing.
        if (verdict.clean) next.cleanWindows = monitor.cleanWindows + 1;
        else if (verdict.breaching || verdict.value !== null) next.cleanWindows = 0;
        if (next.cleanWindows >= monitor.recoverAfterWindows) {
          // A resolve is announced only for an incident whose start was: receivers never see an end without a beginning.
          const announce = !muted && incident.startNotified;
          Object.assign(incident, { status: 'resolved', resolvedWindowEnd: windowEnd, resolvedAt: now, resolveNotified: announce });
          if (announce) await this.announce(tx, monitor, incident, verdict, window);
          Object.assign(next, { state: 'ok', cleanWindows: 0, openIncidentId: null });
        } else if (!muted && !incident.startNotified) {
          // Snooze over and still alerting: the start is announced now, once.
          incident.startNotified = true;
          await this.announce(tx, monitor, incident, verdict, window);
        }
        await tx.monitors.updateIncident(incident);
      } else {
        // The incident row is gone (cannot happen short of manual deletion): start over healthy.
        Object.assign(next, { state: 'ok', cleanWindows: 0, openIncidentId: null });
      }
    }
    await tx.monitors.saveProgress(monitor.id, { state: next.state, cleanWindows: next.cleanWindows, openIncidentId: next.openIncidentId, lastWindowEnd: windowEnd });
    return next;
  }

  private async open(tx: Store, monitor: MonitorRecord, verdict: WindowVerdict, windowEnd: number, muted: boolean, now: Date): Promise<IncidentRecord> {
    // A detection's fire count links the incident to the detection's open fix, if it has one.
    const fix = monitor.metric === 'detection_fire_count' && monitor.detectionId ? await tx.fixes.findOpenForDetection(monitor.projectId, monitor.detectionId) : null;
    const incident: IncidentRecord = {
      id: randomUUID(),
      projectId: monitor.projectId,
      monitorId: monitor.id,
      status: 'alerting',
      eventType: eventTypeOf(monitor.kind, monitor.metric),
      metric: monitor.metric,
      fixId: fix?.id ?? null,
      detectionId: monitor.detectionId,
      startedWindowEnd: windowEnd,
      resolvedWindowEnd: null,
      openValue: verdict.value,
      peakValue: verdict.value,
      lastValue: verdict.value,
      windows: 1,
      startNotified: !muted,
      resolveNotified: null,
      details: verdict.details,
      startedAt: now,
      resolvedAt: null,
    };
    await tx.monitors.insertIncident(incident);
    return incident;
  }

  private async announce(tx: Store, monitor: MonitorRecord, incident: IncidentRecord, verdict: WindowVerdict, window: { windowStart: number; windowEnd: number }): Promise<void> {
    await this.events.publish(tx, {
      type: incident.eventType,
      projectId: monitor.projectId,
      occurredAt: this.clock.now(),
      data: {
        status: incident.status,
        incidentId: incident.id,
        monitorId: monitor.id,
        monitorName: monitor.name,
        kind: monitor.kind,
        metric: monitor.metric,
        windowStart: new Date(window.windowStart).toISOString(),
        windowEnd: new Date(window.windowEnd).toISOString(),
        value: verdict.value,
        openValue: incident.openValue,
        peakValue: incident.peakValue,
        condition: monitor.condition,
        scope: monitor.scope,
        details: verdict.details,
        detectionId: incident.detectionId,
        fixId: incident.fixId,
      },
    });
  }

  /** The verdict of `monitor` on [start, end). `alerting` matters to ingestion silence only. */
  private async verdictOf(tx: Store, monitor: MonitorRecord, start: number, end: number, alerting: boolean): Promise<WindowVerdict> {
    if (monitor.kind === 'compound') {
      const members: { monitorId: string; verdict: WindowVerdict }[] = [];
      for (const id of monitor.condition.monitorIds ?? []) {
        const member = await tx.monitors.find(monitor.projectId, id);
        // Members are evaluated on the compound's window, each with its own condition.
        const verdict = member && member.kind !== 'compound' ? await this.verdictOf(tx, member, start, end, false) : { value: null, breaching: false, clean: false, details: { missing: true } };
        members.push({ monitorId: id, verdict });
      }
      return compoundVerdict(monitor.condition.combinator ?? 'and', members);
    }
    const filter = await this.filterOf(tx, monitor);
    if (filter === 'missing') return { value: null, breaching: false, clean: false, details: { savedFilterMissing: true } };
    const reader: MonitorMetricReader = tx.monitorMetrics;
    const scope = { projectId: monitor.projectId, scope: monitor.scope, filter, fromMs: start, toMs: end };
    if (monitor.kind === 'ingestion_silence') {
      const count = await reader.countTraces(scope);
      const lookback = (monitor.condition.expectedWithinWindows ?? 1) * (end - start);
      const recent = count === 0 && !alerting ? await reader.countTraces({ ...scope, fromMs: start - lookback, toMs: start }) : 0;
      return silenceVerdict(count, recent, alerting);
    }
    const measured = await reader.measure({ ...scope, metric: monitor.metric!, detectionId: monitor.detectionId, scoreName: monitor.scoreName });
    const verdict = await this.metricVerdict(tx, monitor, measured, end);
    // Which scores were averaged travels with the window's details (incident and event alike).
    return monitor.scoreName === null ? verdict : { ...verdict, details: { ...verdict.details, scoreName: monitor.scoreName } };
  }

  private async metricVerdict(tx: Store, monitor: MonitorRecord, measured: MetricValue, end: number): Promise<WindowVerdict> {
    switch (monitor.kind) {
      case 'threshold':
        return thresholdVerdict(monitor.condition, measured);
      case 'sla':
        return slaVerdict(monitor.condition, measured);
      default:
        return anomalyVerdict(monitor.condition, measured, await tx.monitors.history(monitor.id, end, monitor.condition.baselineWindows ?? 24));
    }
  }

  /** The rules of the scope's saved filter, handed to the metric reader as they are. */
  private async filterOf(tx: Store, monitor: MonitorRecord): Promise<readonly FilterNode[] | null | 'missing'> {
    if (!monitor.scope.savedFilterId) return null;
    const saved = await tx.savedFilters.find(monitor.projectId, monitor.scope.savedFilterId);
    return saved ? saved.filters : 'missing';
  }
}
