import { randomUUID } from 'node:crypto';
import type { components } from '../../../../generated/openapi.js';
import type { Clock } from '../../../clock.js';
import { problems, ProblemError } from '../../../errors.js';
import type { CursorBinding, CursorCodec, Page } from '../../../pagination/cursor.js';
import type { DetectionRecord } from '../../../ports/detections.js';
import type { ClaimedTraining, DetectionModelRecord, TrainingResult, TrainingTrigger } from '../../../ports/detection-models.js';
import type { Store } from '../../../ports/store.js';
import { isUuid } from '../../actor.js';
import { userIdOfActor, type NotificationService } from '../../notifications/notification-service.js';
import { beatsActive, type LabeledExample, type TrainingOutcome } from './classifier-training.js';
import { DEFAULT_HASH_BITS } from './hashed-features.js';
import { DEFAULT_LEARNED_FIELDS, isLearnedConfig, type LearnedDetectorConfig } from './learned-config.js';
import { collectExamples, uploadedExamples } from './training-examples.js';
import type { TrainingPool } from './training-pool.js';

type TrainingRequest = components['schemas']['DetectionTrainingRequest'];

/** Wall time one training may take in its thread. */
export const TRAINING_BUDGET_MS = 10 * 60_000;
/** A claimed training is the worker's this long; after it (a crashed process) another worker takes it over. */
export const TRAINING_LEASE_MS = TRAINING_BUDGET_MS + 5 * 60_000;

const invalidTransition = (detail: string): ProblemError => new ProblemError(400, 'PUBLIC_API_INVALID_TRANSITION', detail);
const badRequest = (detail: string, path: string, code: string): ProblemError => problems.validation(detail, [{ code, message: detail, path }]);

/**
 * Trainings of learned `custom_trained` detections: a request (or the schedule) queues one; the
 * training worker claims it, reads the labeled examples, trains in the training thread, stores the
 * version with its hold-out evaluation, activates it when configured and it beats the active one,
 * and announces `notification.classifier_trained` — all of that outcome in one transaction.
 */
export class TrainingService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly notifications: NotificationService,
    private readonly cursors: CursorCodec,
    private readonly pool: TrainingPool,
    private readonly budgetMs: number = TRAINING_BUDGET_MS,
  ) {}

  close(): Promise<void> {
    return this.pool.close();
  }

  private async learnedDetection(store: Store, projectId: string, detectionId: string): Promise<DetectionRecord & { config: LearnedDetectorConfig }> {
    const detection = isUuid(detectionId) ? await store.detections.findById(projectId, detectionId) : null;
    if (!detection) throw problems.notFound('The detection');
    if (detection.type !== 'custom_trained' || !isLearnedConfig(detection.config)) {
      throw badRequest('Only custom_trained detections with a config.labelSource are trained.', '/path/id', 'not_learned');
    }
    return detection as DetectionRecord & { config: LearnedDetectorConfig };
  }

  /** Queues a training of the detection (202); 409 while one is queued or running. */
  async request(projectId: string, detectionId: string, body: TrainingRequest, actor: string, trigger: TrainingTrigger = 'request'): Promise<DetectionModelRecord> {
    const detection = await this.learnedDetection(this.store, projectId, detectionId);
    const upload = detection.config.labelSource.kind === 'upload';
    if (upload && !body.examples?.length) throw badRequest('The upload label source trains on the examples sent with the request: give examples.', '/body/examples', 'required');
    if (!upload && body.examples !== undefined) throw badRequest(`examples apply to the upload label source only; this detection learns from ${detection.config.labelSource.kind}.`, '/body/examples', 'not_allowed');
    const model: DetectionModelRecord = {
      id: randomUUID(),
      projectId,
      detectionId: detection.id,
      version: await this.store.detectionModels.nextVersion(detection.id),
      status: 'queued',
      trigger,
      active: false,
      reason: null,
      examples: null,
      evaluation: null,
      seed: detection.config.seed ?? 1,
      hashBits: DEFAULT_HASH_BITS,
      durationMs: null,
      requestedBy: actor,
      createdAt: this.clock.now(),
      completedAt: null,
      activatedAt: null,
    };
    const examples: LabeledExample[] | null = upload ? uploadedExamples(body.examples!, detection.config.fields ?? DEFAULT_LEARNED_FIELDS) : null;
    if ((await this.store.detectionModels.enqueue(model, examples)) === 'conflict') {
      throw problems.conflict('PUBLIC_API_TRAINING_RUNNING', 'A training of this detection is queued or running; wait for notification.classifier_trained.');
    }
    return model;
  }

  async list(projectId: string, detectionId: string, request: { limit: number; cursor?: string }, binding: CursorBinding): Promise<{ models: DetectionModelRecord[]; page: Page }> {
    // Any detection of the project has a (possibly empty) list of model versions: only one that is
    // not learned has none, which is an answer, not a bad request — as GitHub lists no releases of a repository without any.
    const detection = isUuid(detectionId) ? await this.store.detections.findById(projectId, detectionId) : null;
    if (!detection) throw problems.notFound('The detection');
    // Versions are numbered in order, so the version is the keyset position (request times can tie).
    const decoded = request.cursor ? this.cursors.decode<{ version: number }>(request.cursor, binding) : null;
    const rows = await this.store.detectionModels.list(projectId, detection.id, decoded?.position.version ?? null, request.limit + 1);
    const models = rows.slice(0, request.limit);
    const hasMore = rows.length > request.limit;
    const last = models[models.length - 1];
    const nextCursor = hasMore && last ? this.cursors.encode(binding, { version: last.version }, decoded?.chainStartedAt) : null;
    return { models, page: { hasMore, limit: request.limit, nextCursor } };
  }

  /** Makes a trained version the active one. */
  async activate(projectId: string, detectionId: string, version: number): Promise<DetectionModelRecord> {
    return this.store.transaction(async (tx) => {
      const detection = await this.learnedDetection(tx, projectId, detectionId);
      const model = await tx.detectionModels.find(projectId, detection.id, version);
      if (!model) throw problems.notFound('The model version');
      if (model.status !== 'trained') throw invalidTransition(`Version ${version} is ${model.status}; only a trained version can be activated.`);
      await tx.detectionModels.activate(projectId, detection.id, version, this.clock.now());
      return (await tx.detectionModels.find(projectId, detection.id, version))!;
    });
  }

  /** Claims and runs one queued training; false when there was none. */
  async runOnce(owner: string): Promise<boolean> {
    const claimed = await this.store.detectionModels.claim(owner, this.clock.now(), TRAINING_LEASE_MS);
    if (!claimed) return false;
    const detection = await this.store.detections.findById(claimed.projectId, claimed.detectionId);
    let result: TrainingResult;
    let outcome: TrainingOutcome | null = null;
    if (!detection || !isLearnedConfig(detection.config)) {
      result = { status: 'failed', reason: 'The detection is no longer a learned custom_trained detection.', examples: null, evaluation: null, model: null, durationMs: null };
    } else {
      try {
        outcome = await this.train(detection as DetectionRecord & { config: LearnedDetectorConfig }, claimed);
        result = resultOf(outcome);
      } catch (error) {
        // Out of its time or heap budget (the thread was stopped), or the data could not be read.
        result = { status: 'failed', reason: ((error as Error).message ?? String(error)).slice(0, 2000), examples: null, evaluation: null, model: null, durationMs: null };
      }
    }
    await this.store.transaction(async (tx) => {
      const now = this.clock.now();
      if (!(await tx.detectionModels.finish(claimed.id, owner, result, now))) return; // another worker took it over
      const config = detection && isLearnedConfig(detection.config) ? detection.config : null;
      const activated = outcome?.status === 'trained' && (config?.autoActivate ?? true) && beatsActive(outcome);
      if (activated) await tx.detectionModels.activate(claimed.projectId, claimed.detectionId, claimed.version, now);
      await this.announce(tx, claimed, detection, result, activated);
    });
    return true;
  }

  private async train(detection: DetectionRecord & { config: LearnedDetectorConfig }, claimed: ClaimedTraining): Promise<TrainingOutcome> {
    const fields = detection.config.fields ?? DEFAULT_LEARNED_FIELDS;
    const source = detection.config.labelSource;
    const examples = source.kind === 'upload' ? (claimed.upload ?? []) : await collectExamples(this.store, detection.projectId, source, fields);
    const active = await this.store.detectionModels.activeWeights(detection.projectId, detection.id);
    return this.pool.train({
      examples,
      seed: claimed.seed,
      hashBits: claimed.hashBits,
      holdoutFraction: detection.config.holdoutFraction ?? 0.2,
      threshold: detection.threshold,
      budgetMs: this.budgetMs,
      active: active ? { weights: active.weights, bias: active.bias, hashBits: active.hashBits } : null,
    });
  }

  private async announce(tx: Store, claimed: ClaimedTraining, detection: DetectionRecord | null, result: TrainingResult, activated: boolean): Promise<void> {
    const name = detection?.displayName ?? claimed.detectionId;
    const title =
      result.status === 'trained'
        ? `Version ${claimed.version} of ${name} trained: F1 ${result.evaluation!.f1.toFixed(3)} on the hold-out${activated ? ', activated' : ''}`
        : `Version ${claimed.version} of ${name} was ${result.status}: ${result.reason}`;
    const requester = userIdOfActor(claimed.requestedBy);
    await this.notifications.announce(tx, {
      type: 'notification.classifier_trained',
      projectId: claimed.projectId,
      title: title.slice(0, 500),
      data: {
        detectionId: claimed.detectionId,
        detectionSlug: detection?.slug ?? null,
        modelId: claimed.id,
        version: claimed.version,
        status: result.status,
        reason: result.reason,
        trigger: claimed.trigger,
        examples: result.examples,
        metrics: result.evaluation ? metricsOf(result.evaluation) : null,
        activated,
        requestedBy: claimed.requestedBy,
      },
      userIds: requester ? [requester] : [],
    });
  }
}

function resultOf(outcome: TrainingOutcome): TrainingResult {
  if (outcome.status === 'refused') return { status: 'refused', reason: outcome.reason, examples: outcome.counts, evaluation: null, model: null, durationMs: null };
  const { train, holdout } = outcome.counts;
  return {
    status: 'trained',
    reason: null,
    examples: { positive: train.positive + holdout.positive, negative: train.negative + holdout.negative },
    evaluation: { ...outcome.evaluation, train, holdout },
    model: { bias: outcome.bias, weights: outcome.weights },
    durationMs: outcome.durationMs,
  };
}

/** The evaluation as the API and the event show it. */
export function metricsOf(e: NonNullable<TrainingResult['evaluation']>): components['schemas']['ModelEvaluation'] {
  return {
    threshold: e.threshold,
    precision: e.precision,
    recall: e.recall,
    f1: e.f1,
    rocAuc: e.rocAuc,
    confusionMatrix: { ...e.confusion },
    train: e.train,
    holdout: e.holdout,
  };
}
