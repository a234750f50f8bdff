import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { ProblemError, problems } from '../../errors.js';
import type { CursorBinding, CursorCodec, Page } from '../../pagination/cursor.js';
import type { IncidentListFilter, MonitorChanges, MonitorListPosition } from '../../ports/monitors.js';
import type { Store } from '../../ports/store.js';
import { checkDefinition, type DefinitionInput, type MonitorDefinition } from './monitor-config.js';
import type { IncidentRecord, IncidentStatus, MonitorRecord } from './monitor-types.js';
import { isUuid } from '../actor.js';

const BODY = '/body';
export const MONITOR_PAGE = { min: 1, max: 100, default: 20 } as const;

export interface MonitorCreateInput extends DefinitionInput {
  name: unknown;
  enabled?: unknown;
  mutedUntil?: unknown;
}

export type MonitorUpdateInput = Omit<Partial<MonitorCreateInput>, 'kind'>;

export interface ListRequest {
  projectId: string;
  credentialId: string;
  endpoint: string;
  limit?: number;
  cursor?: string;
}

function trimmedName(name: unknown): string {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (trimmed.length < 1 || trimmed.length > 255) {
    throw problems.validation('The name is invalid; see errors.', [{ code: 'min_length', message: 'must have 1 to 255 characters after trimming', path: `${BODY}/name` }]);
  }
  return trimmed;
}

function mutedUntilOf(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  const date = typeof value === 'string' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) {
    throw problems.validation('mutedUntil is invalid.', [{ code: 'format', message: 'must be an RFC 3339 date-time or null', path: `${BODY}/mutedUntil` }]);
  }
  return date;
}

function checkLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < MONITOR_PAGE.min || limit > MONITOR_PAGE.max) {
    throw problems.validation('limit is out of range.', [{ code: 'maximum', message: 'must be 1 to 100', path: '/query/limit' }]);
  }
}

const nameConflict = (name: string) => problems.conflict('PUBLIC_API_MONITOR_CONFLICT', `A monitor named "${name}" already exists in this project.`);
const inUse = (detail: string) => problems.conflict('PUBLIC_API_MONITOR_IN_USE', detail);

/** The end of the window `at` falls in: windows are aligned to multiples of their length since the epoch. */
export const alignedWindowEnd = (at: Date, windowSeconds: number): number => Math.floor(at.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000;

/**
 * Monitors of a project (definition, mute, enable) and their incidents. Evaluation is the
 * MonitorEvaluator's, driven by the scheduler; this service only decides from which window on a
 * monitor is evaluated: the window in progress when it is created, enabled again or re-windowed.
 */
export class MonitorService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly cursors: CursorCodec,
  ) {}

  async create(projectId: string, input: MonitorCreateInput): Promise<MonitorRecord> {
    const name = trimmedName(input.name);
    const definition = checkDefinition(input);
    const mutedUntil = mutedUntilOf(input.mutedUntil);
    await this.checkReferences(projectId, null, definition);
    const now = this.clock.now();
    const record: MonitorRecord = {
      id: randomUUID(),
      projectId,
      name,
      ...definition,
      enabled: input.enabled === undefined ? true : input.enabled === true,
      mutedUntil,
      state: 'ok',
      cleanWindows: 0,
      openIncidentId: null,
      lastWindowEnd: alignedWindowEnd(now, definition.windowSeconds),
      createdAt: now,
      updatedAt: now,
    };
    if (!(await this.store.monitors.insert(record))) throw nameConflict(name);
    return record;
  }

  async get(projectId: string, id: string): Promise<MonitorRecord> {
    const record = isUuid(id) ? await this.store.monitors.find(projectId, id) : null;
    if (!record) throw problems.notFound('The monitor');
    return record;
  }

  async list(request: ListRequest): Promise<{ items: MonitorRecord[]; page: Page }> {
    const limit = request.limit ?? MONITOR_PAGE.default;
    checkLimit(limit);
    const binding = this.binding(request, {});
    const decoded = request.cursor ? this.cursors.decode<MonitorListPosition>(request.cursor, binding) : null;
    const rows = await this.store.monitors.list(request.projectId, limit + 1, decoded?.position ?? null);
    return this.page(rows, limit, binding, decoded?.chainStartedAt, (m) => m.createdAt);
  }

  async update(projectId: string, id: string, input: MonitorUpdateInput): Promise<MonitorRecord> {
    if (Object.values(input).every((value) => value === undefined)) {
      throw problems.validation('Send at least one field to change.', [{ code: 'min_properties', message: 'must have at least 1 property', path: BODY }]);
    }
    const current = await this.get(projectId, id);
    const name = input.name === undefined ? undefined : trimmedName(input.name);
    const definition = checkDefinition({
      kind: current.kind,
      metric: 'metric' in input ? input.metric : current.metric,
      detectionId: 'detectionId' in input ? input.detectionId : current.detectionId,
      // Leaving score_avg drops the kept name rather than refusing the change for it.
      scoreName: 'scoreName' in input ? input.scoreName : 'metric' in input && input.metric !== 'score_avg' ? null : current.scoreName,
      scope: 'scope' in input ? input.scope : current.scope,
      condition: 'condition' in input ? input.condition : current.condition,
      windowSeconds: input.windowSeconds ?? current.windowSeconds,
      recoverAfterWindows: input.recoverAfterWindows ?? current.recoverAfterWindows,
    });
    await this.checkReferences(projectId, current, definition);
    const now = this.clock.now();
    const changes: MonitorChanges = { ...definition, name, updatedAt: now };
    if (input.mutedUntil !== undefined) changes.mutedUntil = mutedUntilOf(input.mutedUntil);
    if (input.enabled !== undefined) changes.enabled = input.enabled === true;
    const measuresAnew = ['metric', 'detectionId', 'scoreName', 'scope', 'condition', 'windowSeconds'].some((key) => key in input && input[key as keyof MonitorUpdateInput] !== undefined);
    const reenabled = !current.enabled && changes.enabled === true;
    // A new window length, or a monitor enabled again, starts from the window in progress: disabled time is not caught up.
    if (definition.windowSeconds !== current.windowSeconds || reenabled) changes.lastWindowEnd = alignedWindowEnd(now, definition.windowSeconds);
    const updated = await this.store.monitors.update(projectId, id, changes);
    if (updated === 'name_taken') throw nameConflict(name ?? '');
    if (!updated) throw problems.notFound('The monitor');
    // Values measured under the old definition are no baseline for the new one.
    if (measuresAnew) await this.store.monitors.deleteWindows(id);
    return this.get(projectId, id);
  }

  async delete(projectId: string, id: string, confirmation: string): Promise<void> {
    if (confirmation !== id) {
      throw new ProblemError(400, 'PUBLIC_API_CONFIRMATION_MISMATCH', 'confirmation must equal the id of the monitor to delete.', {
        errors: [{ code: 'confirmation_mismatch', message: 'must equal the monitor id in the path', path: `${BODY}/confirmation` }],
      });
    }
    const users = (await this.store.monitors.listAll(projectId)).filter((m) => m.kind === 'compound' && m.condition.monitorIds?.includes(id));
    if (users.length) throw inUse(`The compound monitor "${users[0].name}" combines this monitor; change or delete it first.`);
    if (!(await this.store.monitors.delete(projectId, id))) throw problems.notFound('The monitor');
  }

  async listIncidents(request: ListRequest & { monitorId?: string; fixId?: string; status?: IncidentStatus }): Promise<{ items: IncidentRecord[]; page: Page }> {
    const limit = request.limit ?? MONITOR_PAGE.default;
    checkLimit(limit);
    // Tools reach this past the contract's checks: an id that is no uuid is refused here, not by the database.
    for (const key of ['monitorId', 'fixId'] as const) {
      const value = request[key];
      if (value !== undefined && !isUuid(value)) throw problems.validation(`${key} is not a uuid.`, [{ code: 'format', message: 'must be a uuid', path: `/query/${key}` }]);
    }
    if (request.status !== undefined && request.status !== 'alerting' && request.status !== 'resolved') {
      throw problems.validation('status is invalid.', [{ code: 'enum', message: 'must be alerting or resolved', path: '/query/status' }]);
    }
    const filter: IncidentListFilter = { monitorId: request.monitorId, fixId: request.fixId, status: request.status };
    const binding = this.binding(request, { monitorId: filter.monitorId ?? null, fixId: filter.fixId ?? null, status: filter.status ?? null });
    const decoded = request.cursor ? this.cursors.decode<MonitorListPosition>(request.cursor, binding) : null;
    const rows = await this.store.monitors.listIncidents(request.projectId, filter, limit + 1, decoded?.position ?? null);
    return this.page(rows, limit, binding, decoded?.chainStartedAt, (i) => new Date(i.startedWindowEnd));
  }

  /** The incidents linked to a fix of the project; 404 for a fix that is not there. */
  async listFixIncidents(request: ListRequest & { fixId: string; status?: IncidentStatus }): Promise<{ items: IncidentRecord[]; page: Page }> {
    const fix = isUuid(request.fixId) ? await this.store.fixes.findById(request.projectId, request.fixId) : null;
    if (!fix) throw problems.notFound('The fix');
    return this.listIncidents(request);
  }

  async getIncident(projectId: string, id: string): Promise<IncidentRecord> {
    const record = isUuid(id) ? await this.store.monitors.findIncident(projectId, id) : null;
    if (!record) throw problems.notFound('The incident');
    return record;
  }

  /** What the definition names must exist in the project; compound members must be plain monitors on the same window. */
  private async checkReferences(projectId: string, current: MonitorRecord | null, definition: MonitorDefinition): Promise<void> {
    const missing = (path: string, what: string) => problems.validation(`${what} was not found in this project.`, [{ code: 'not_found', message: `no such ${what.toLowerCase()} in this project`, path }]);
    if (definition.scope.savedFilterId && !(await this.store.savedFilters.find(projectId, definition.scope.savedFilterId))) {
      throw missing(`${BODY}/scope/savedFilterId`, 'The saved filter');
    }
    if (definition.detectionId && !(await this.store.detections.findById(projectId, definition.detectionId))) throw missing(`${BODY}/detectionId`, 'The detection');
    for (const [index, memberId] of (definition.condition.monitorIds ?? []).entries()) {
      const path = `${BODY}/condition/monitorIds/${index}`;
      const member = memberId === current?.id ? null : await this.store.monitors.find(projectId, memberId);
      if (!member) throw missing(path, 'The monitor');
      if (member.kind === 'compound') throw problems.validation('A compound monitor combines plain monitors only.', [{ code: 'not_allowed', message: 'is a compound monitor', path }]);
      if (member.windowSeconds !== definition.windowSeconds) {
        throw problems.validation('Members must share the compound monitor’s window.', [{ code: 'window_mismatch', message: `has windowSeconds ${member.windowSeconds}`, path }]);
      }
    }
    if (current && current.kind !== 'compound' && definition.windowSeconds !== current.windowSeconds) {
      const users = (await this.store.monitors.listAll(projectId)).filter((m) => m.kind === 'compound' && m.condition.monitorIds?.includes(current.id));
      if (users.length) throw inUse(`The compound monitor "${users[0].name}" combines this monitor on its window; its windowSeconds cannot change.`);
    }
  }

  private binding(request: ListRequest, filters: Record<string, string | null>): CursorBinding {
    return { credentialId: request.credentialId, projectId: request.projectId, endpoint: request.endpoint, filters, sort: 'time:desc,id:desc' };
  }

  private page<T extends { id: string }>(rows: T[], limit: number, binding: CursorBinding, chainStartedAt: number | undefined, timeOf: (row: T) => Date): { items: T[]; page: Page } {
    const items = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    const last = items[items.length - 1];
    const nextCursor = hasMore && last ? this.cursors.encode(binding, { at: timeOf(last).getTime(), id: last.id } satisfies MonitorListPosition, chainStartedAt) : null;
    return { items, page: { hasMore, limit, nextCursor } };
  }
}
