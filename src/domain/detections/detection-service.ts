import { randomUUID } from 'node:crypto';
import type { components } from '../../../generated/openapi.js';
import type { Clock } from '../../clock.js';
import { problems, ProblemError } from '../../errors.js';
import type { CursorBinding, CursorCodec, Page } from '../../pagination/cursor.js';
import type { DetectionChanges, DetectionListFilter, DetectionRecord } from '../../ports/detections.js';
import type { Store } from '../../ports/store.js';
import { isUuid } from '../actor.js';
import { keysetPage } from '../keyset-page.js';
import { BUCKET_MS, bucketStarts, DAY_MS, parseDateRange, type Granularity } from './date-range.js';
import { normalizeDetectionConfig } from './detection-config.js';
import { isFramework, SLUG_PATTERN, type Framework } from './detection-types.js';
import { normalizeIssueSemantics } from './issue-semantics.js';

type CreateRequest = components['schemas']['DetectionCreateRequest'];
/** The create request; properties with a contract default may be left out. */
export type DetectionCreateInput = Omit<CreateRequest, 'threshold' | 'isActive'> & Partial<Pick<CreateRequest, 'threshold' | 'isActive'>>;
export type DetectionUpdateInput = components['schemas']['DetectionUpdateRequest'];

/** A detection with how often it fired, for the agent tool view. */
export interface DetectionActivity {
  detection: DetectionRecord;
  fireCount24h: number;
  fireCount7d: number;
  lastFiredAt: Date | null;
}

export interface TrendBucket {
  start: Date;
  count: number;
  /** Of the traces ingested in the bucket, the share (0–100, two decimals) that fired. */
  percentageOfAllTraces: number;
}

export interface DetectionTrend {
  detectionName: string;
  granularity: Granularity;
  dateRange: string;
  buckets: TrendBucket[];
  totalCount: number;
  avgPerDay: number;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

const badRequest = (detail: string, path: string, code = 'invalid'): ProblemError => problems.validation(detail, [{ code, message: detail.slice(0, 160), path }]);

/** Detections as data: create, read, change, list, and their activity and trend. */
export class DetectionService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly cursors: CursorCodec,
  ) {}

  async create(projectId: string, input: DetectionCreateInput): Promise<DetectionRecord> {
    if (!SLUG_PATTERN.test(input.slug)) throw badRequest('slug must be letters, digits and ._- (1 to 100), starting with a letter or digit.', '/body/slug', 'pattern');
    if (input.groupId && input.groupName) throw badRequest('Give groupId or groupName, not both.', '/body/groupName', 'exclusive');
    const config = normalizeDetectionConfig(input.type, input.config);
    const issueSemantics = normalizeIssueSemantics(input.issueSemantics);
    const frameworks = this.frameworks(input.frameworks);
    const now = this.clock.now();
    try {
      return await this.store.transaction(async (tx) => {
        if (await tx.detections.findBySlug(projectId, input.slug)) throw this.slugTaken(input.slug);
        let groupId: string;
        if (input.groupId) {
          const group = await tx.detections.findGroup(projectId, input.groupId);
          if (!group) throw problems.notFound('The detection group');
          groupId = group.id;
        } else {
          const name = input.groupName ?? null;
          groupId = (await tx.detections.findGroupByName(projectId, name))?.id ?? (await tx.detections.createGroup({ id: randomUUID(), projectId, name, now })).id;
        }
        return tx.detections.create({
          id: randomUUID(),
          projectId,
          groupId,
          slug: input.slug,
          displayName: input.displayName,
          type: input.type,
          threshold: input.threshold ?? 0.5,
          isActive: input.isActive ?? true,
          description: input.description ?? null,
          severity: input.severity ?? 'medium',
          frameworks,
          issueSemantics,
          config,
          createdAt: now,
        });
      });
    } catch (error) {
      // Two creators raced past the slug check: the unique index decides, the loser gets 409.
      if (!(error instanceof ProblemError) && /unique|duplicate/i.test(String((error as Error).message))) throw this.slugTaken(input.slug);
      throw error;
    }
  }

  async get(projectId: string, id: string): Promise<DetectionRecord> {
    const detection = isUuid(id) ? await this.store.detections.findById(projectId, id) : null;
    if (!detection) throw problems.notFound('The detection');
    return detection;
  }

  async update(projectId: string, id: string, input: DetectionUpdateInput): Promise<DetectionRecord> {
    return this.store.transaction(async (tx) => {
      const current = isUuid(id) ? await tx.detections.findById(projectId, id) : null;
      if (!current) throw problems.notFound('The detection');
      const changes: DetectionChanges = {
        displayName: input.displayName,
        threshold: input.threshold,
        isActive: input.isActive,
        description: input.description,
        severity: input.severity,
        frameworks: input.frameworks === undefined ? undefined : this.frameworks(input.frameworks),
        issueSemantics: input.issueSemantics === undefined ? undefined : normalizeIssueSemantics(input.issueSemantics),
        config: input.config === undefined ? undefined : normalizeDetectionConfig(current.type, input.config),
      };
      return (await tx.detections.update(projectId, id, changes, this.clock.now()))!;
    });
  }

  /**
   * One newest-first page of the detections the filters match, each with its firing counts (last 24 h
   * and 7 d by trace time) and last firing, plus how many match and how many of those are active.
   * A project holds tens of detections, so the filters (the framework one reads a JSON list) and the
   * keyset run over the project's list in memory. An unknown framework is 400.
   */
  async listPage(
    projectId: string,
    filter: DetectionListFilter & { framework?: string },
    request: { limit: number; cursor?: string },
    binding: CursorBinding,
  ): Promise<{ detections: DetectionActivity[]; page: Page; total: number; active: number }> {
    const { framework, ...stored } = filter;
    if (framework !== undefined && !isFramework(framework)) {
      throw badRequest(`Unknown framework ${String(framework).slice(0, 60)}; see docs/detections.md for the supported ones.`, '/framework', 'enum');
    }
    const matching = (await this.store.detections.listAll(projectId)).filter(
      (d) =>
        (stored.type === undefined || d.type === stored.type) &&
        (stored.active === undefined || d.isActive === stored.active) &&
        (stored.groupId === undefined || d.groupId === stored.groupId) &&
        (framework === undefined || d.frameworks.length === 0 || d.frameworks.includes(framework as Framework)),
    );
    const { items, page } = await keysetPage(this.cursors, binding, request, async (after, limit) =>
      matching
        .filter((d) => !after || d.createdAt.getTime() < after.createdAt || (d.createdAt.getTime() === after.createdAt && d.id < after.id))
        .slice(0, limit),
    );
    const now = this.clock.now().getTime();
    const stats = new Map((await this.store.detectionEvents.fireStats(projectId, new Date(now - DAY_MS), new Date(now - 7 * DAY_MS))).map((s) => [s.detectionId, s]));
    return {
      detections: items.map((detection) => {
        const s = stats.get(detection.id);
        return { detection, fireCount24h: s?.since24h ?? 0, fireCount7d: s?.since7d ?? 0, lastFiredAt: s?.lastFiredAt ?? null };
      }),
      page,
      total: matching.length,
      active: matching.filter((d) => d.isActive).length,
    };
  }

  /**
   * Firings of the detection per hour or day, each with the share of the traces ingested in that
   * bucket that fired. Both counts are grouped in SQL by integer arithmetic on epoch-ms times;
   * empty buckets are filled in here.
   */
  async trend(projectId: string, options: { name: string; granularity: string; dateRange: string }): Promise<DetectionTrend> {
    if (!SLUG_PATTERN.test(options.name)) throw badRequest('detection_name must be a detection slug (letters, digits and ._-, 1 to 100).', '/detection_name', 'pattern');
    if (options.granularity !== 'hour' && options.granularity !== 'day') throw badRequest('granularity must be hour or day.', '/granularity', 'enum');
    const range = parseDateRange(options.dateRange, this.clock.now());
    const detection = await this.store.detections.findBySlug(projectId, options.name);
    if (!detection) throw problems.notFound(`The detection ${options.name}`);
    const bucketMs = BUCKET_MS[options.granularity];
    const firings = await this.store.detectionEvents.countByBucket(projectId, detection.id, range.from, range.to, bucketMs);
    const traces = await this.store.evaluationTraces.countByBucket(projectId, range.from, range.to, bucketMs);
    const buckets = bucketStarts(range, bucketMs).map((start) => {
      const count = firings.get(start) ?? 0;
      const ingested = traces.get(start) ?? 0;
      return { start: new Date(start), count, percentageOfAllTraces: ingested ? Math.min(100, round2((count / ingested) * 100)) : 0 };
    });
    const totalCount = buckets.reduce((sum, b) => sum + b.count, 0);
    const days = (range.to.getTime() - range.from.getTime()) / DAY_MS;
    return { detectionName: detection.slug, granularity: options.granularity, dateRange: range.label, buckets, totalCount, avgPerDay: round2(totalCount / days) };
  }

  private frameworks(values: readonly string[] | undefined): Framework[] {
    const list = [...new Set(values ?? [])];
    const unknown = list.find((f) => !isFramework(f));
    if (unknown !== undefined) throw badRequest(`Unknown framework ${unknown.slice(0, 60)}.`, '/body/frameworks', 'enum');
    return list as Framework[];
  }

  private slugTaken(slug: string): ProblemError {
    return problems.conflict('PUBLIC_API_DETECTION_SLUG_TAKEN', `A detection with slug ${slug} already exists in this project.`);
  }
}
