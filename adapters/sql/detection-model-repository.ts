import type { Knex } from 'knex';
import type { LabeledExample } from '../../src/domain/detections/learning/classifier-training.js';
import type {
  ClaimedTraining,
  DetectionModelRecord,
  DetectionModelRepository,
  ModelStatus,
  ModelWeights,
  StoredEvaluation,
  TrainingResult,
  TrainingTrigger,
} from '../../src/ports/detection-models.js';
import { fromMillis, fromMillisOrNull, parseJson, toBoolean, toMillis } from './columns.js';
import { isUniqueViolation } from './unique-violation.js';

type Row = Record<string, unknown>;

/** Everything but the weights and the upload, which only training and scoring read. */
const SUMMARY_COLUMNS = [
  'id', 'project_id', 'detection_id', 'version', 'status', 'trigger', 'active', 'reason', 'examples_positive', 'examples_negative',
  'evaluation', 'seed', 'hash_bits', 'duration_ms', 'requested_by', 'created_at', 'completed_at', 'activated_at',
];

const toModel = (row: Row): DetectionModelRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  detectionId: row.detection_id as string,
  version: Number(row.version),
  status: row.status as ModelStatus,
  trigger: row.trigger as TrainingTrigger,
  active: toBoolean(row.active),
  reason: (row.reason as string | null) ?? null,
  examples: row.examples_positive === null || row.examples_positive === undefined ? null : { positive: Number(row.examples_positive), negative: Number(row.examples_negative) },
  evaluation: parseJson<StoredEvaluation | null>(row.evaluation, null),
  seed: Number(row.seed),
  hashBits: Number(row.hash_bits),
  durationMs: row.duration_ms === null || row.duration_ms === undefined ? null : Number(row.duration_ms),
  requestedBy: row.requested_by as string,
  createdAt: fromMillis(row.created_at as number),
  completedAt: fromMillisOrNull(row.completed_at as number | null),
  activatedAt: fromMillisOrNull(row.activated_at as number | null),
});

/** Float32 weights ↔ base64 text, little-endian on every platform. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export function encodeWeights(weights: Float32Array): string {
  if (LITTLE_ENDIAN) return Buffer.from(weights.buffer, weights.byteOffset, weights.byteLength).toString('base64');
  const bytes = Buffer.alloc(weights.length * 4);
  for (let i = 0; i < weights.length; i += 1) bytes.writeFloatLE(weights[i]!, i * 4);
  return bytes.toString('base64');
}

export function decodeWeights(text: string): Float32Array {
  const bytes = Buffer.from(text, 'base64');
  const weights = new Float32Array(bytes.length / 4);
  for (let i = 0; i < weights.length; i += 1) weights[i] = bytes.readFloatLE(i * 4);
  return weights;
}

export class SqlDetectionModelRepository implements DetectionModelRepository {
  constructor(private readonly db: Knex) {}

  async enqueue(m: DetectionModelRecord, upload: LabeledExample[] | null): Promise<'queued' | 'conflict'> {
    try {
      // In its own savepoint when the caller holds a transaction: a refused insert must not abort it (PostgreSQL).
      await this.db.transaction((trx) => trx('detection_models').insert({
        id: m.id,
        project_id: m.projectId,
        detection_id: m.detectionId,
        version: m.version,
        status: m.status,
        trigger: m.trigger,
        active: false,
        seed: m.seed,
        hash_bits: m.hashBits,
        upload: upload ? JSON.stringify(upload) : null,
        requested_by: m.requestedBy,
        created_at: toMillis(m.createdAt),
      }));
      return 'queued';
    } catch (error) {
      // Another unfinished training of the detection (or the same version taken a moment ago).
      if (isUniqueViolation(error)) return 'conflict';
      throw error;
    }
  }

  async nextVersion(detectionId: string): Promise<number> {
    const row = (await this.db('detection_models').where({ detection_id: detectionId }).max({ v: 'version' }).first()) as { v: number | null } | undefined;
    return Number(row?.v ?? 0) + 1;
  }

  async find(projectId: string, detectionId: string, version: number): Promise<DetectionModelRecord | null> {
    const row = await this.db('detection_models').select(SUMMARY_COLUMNS).where({ project_id: projectId, detection_id: detectionId, version }).first();
    return row ? toModel(row) : null;
  }

  async list(projectId: string, detectionId: string, beforeVersion: number | null, limit: number): Promise<DetectionModelRecord[]> {
    const query = this.db('detection_models').select(SUMMARY_COLUMNS).where({ project_id: projectId, detection_id: detectionId });
    if (beforeVersion !== null) query.andWhere('version', '<', beforeVersion);
    const rows = await query.orderBy('version', 'desc').limit(limit);
    return rows.map(toModel);
  }

  async claim(owner: string, now: Date, leaseMs: number): Promise<ClaimedTraining | null> {
    const at = toMillis(now);
    const candidate = await this.db('detection_models')
      .select('id', 'status', 'lease_until')
      .where({ status: 'queued' })
      .orWhere((q) => q.where({ status: 'training' }).andWhere('lease_until', '<', at))
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .first();
    if (!candidate) return null;
    // Conditional on the state just read: of two workers taking the same row, one updates it.
    const taken = await this.db('detection_models')
      .where({ id: candidate.id, status: candidate.status })
      .andWhere((q) => (candidate.lease_until === null || candidate.lease_until === undefined ? q.whereNull('lease_until') : q.where('lease_until', candidate.lease_until)))
      .update({ status: 'training', lease_owner: owner, lease_until: at + leaseMs });
    if (taken !== 1) return null;
    const row = await this.db('detection_models').select([...SUMMARY_COLUMNS, 'upload']).where({ id: candidate.id }).first();
    return { ...toModel(row), upload: parseJson<LabeledExample[] | null>(row.upload, null) };
  }

  async finish(id: string, owner: string, r: TrainingResult, now: Date): Promise<boolean> {
    const count = await this.db('detection_models')
      .where({ id, status: 'training', lease_owner: owner })
      .update({
        status: r.status,
        reason: r.reason,
        examples_positive: r.examples?.positive ?? null,
        examples_negative: r.examples?.negative ?? null,
        evaluation: r.evaluation ? JSON.stringify(r.evaluation) : null,
        bias: r.model?.bias ?? null,
        weights: r.model ? encodeWeights(r.model.weights) : null,
        duration_ms: r.durationMs === null ? null : Math.round(r.durationMs),
        upload: null,
        lease_owner: null,
        lease_until: null,
        completed_at: toMillis(now),
      });
    return count === 1;
  }

  async activate(projectId: string, detectionId: string, version: number, now: Date): Promise<boolean> {
    const target = await this.db('detection_models').select('id').where({ project_id: projectId, detection_id: detectionId, version, status: 'trained' }).first();
    if (!target) return false;
    // Off first, then on: the partial unique index allows one active version at any moment.
    await this.db('detection_models').where({ detection_id: detectionId, active: true }).update({ active: false });
    await this.db('detection_models').where({ id: target.id }).update({ active: true, activated_at: toMillis(now) });
    return true;
  }

  async activeWeights(projectId: string, detectionId: string): Promise<ModelWeights | null> {
    const row = await this.db('detection_models').select('id', 'version', 'hash_bits', 'bias', 'weights').where({ project_id: projectId, detection_id: detectionId, active: true }).first();
    if (!row || row.weights === null) return null;
    return { id: row.id, version: Number(row.version), hashBits: Number(row.hash_bits), bias: Number(row.bias), weights: decodeWeights(row.weights as string) };
  }

  async activeId(projectId: string, detectionId: string): Promise<string | null> {
    const row = await this.db('detection_models').select('id').where({ project_id: projectId, detection_id: detectionId, active: true }).first();
    return (row?.id as string | undefined) ?? null;
  }

  async lastRequestedAt(detectionId: string): Promise<Date | null> {
    const row = (await this.db('detection_models').where({ detection_id: detectionId }).max({ at: 'created_at' }).first()) as { at: number | string | null } | undefined;
    return fromMillisOrNull(row?.at ?? null);
  }

  async learnedDetections(limit: number): Promise<{ id: string; projectId: string; config: unknown }[]> {
    const rows = await this.db('detections').select('id', 'project_id', 'config').where({ type: 'custom_trained' }).orderBy('id').limit(limit);
    return rows.map((row: Row) => ({ id: row.id as string, projectId: row.project_id as string, config: parseJson<unknown>(row.config, {}) }));
  }
}
