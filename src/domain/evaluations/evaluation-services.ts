import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { CursorCodec } from '../../pagination/cursor.js';
import type { Store } from '../../ports/store.js';
import type { DetectionEvaluation } from '../detections/detection-evaluation.js';
import type { EventPublisher } from '../events/event-publisher.js';
import type { PriceTable } from '../pricing/price-table.js';
import { DestinationGuard } from '../webhooks/destination-guard.js';
import { SecretBox } from '../webhooks/secret-box.js';
import { BudgetGuard } from './budget-guard.js';
import { AnnotationDeadlineTask } from './annotation-deadline-task.js';
import { AnnotationService } from './annotation-service.js';
import { EvaluatorPipeline } from './evaluator-pipeline.js';
import { EvaluatorService } from './evaluator-service.js';
import { httpJudgeClient } from './judge-client.js';
import { ModelConnectionService } from './model-connection-service.js';
import { ScoreService } from './score-service.js';

export interface EvaluationServices {
  scores: ScoreService;
  modelConnections: ModelConnectionService;
  evaluators: EvaluatorService;
  /** The evaluator outbox: the ingest hook (`enqueueNewTraces`) and what the worker runs. */
  evaluatorPipeline: EvaluatorPipeline;
  annotations: AnnotationService;
  /** The project's and each evaluator's daily budgets. */
  evaluationBudgets: BudgetGuard;
  /** Reminders and deadlines of annotation batches, a task of the durable scheduler. */
  annotationDeadlines: AnnotationDeadlineTask;
}

/**
 * Builds the evaluations area. Model connections reuse the webhook protections: the same SecretBox
 * key (WEBHOOK_ENCRYPTION_KEY or derived) and the same SSRF policy and allow-list
 * (WEBHOOK_ALLOWED_HOSTS).
 */
export function createEvaluationServices(deps: {
  store: Store;
  clock: Clock;
  config: Config;
  cursors: CursorCodec;
  events: EventPublisher;
  detectionEvaluation: DetectionEvaluation;
  prices: PriceTable;
}): EvaluationServices {
  const { store, clock, config, cursors, events } = deps;
  const scores = new ScoreService(store, clock, cursors);
  const modelConnections = new ModelConnectionService(store, clock, cursors, new DestinationGuard(config.webhooks.allowedHosts), new SecretBox(config.webhooks.encryptionKey, config.serverSecret));
  const settings = config.evaluations;
  const budgets = new BudgetGuard(store, clock);
  return {
    evaluationBudgets: budgets,
    scores,
    modelConnections,
    evaluators: new EvaluatorService(store, clock, cursors, budgets),
    evaluatorPipeline: new EvaluatorPipeline(store, clock, modelConnections, scores, deps.detectionEvaluation, deps.prices, httpJudgeClient, budgets, {
      leaseMs: settings.leaseMs,
      batchSize: settings.batchSize,
      maxAttempts: settings.maxAttempts,
      timeoutMs: settings.timeoutMs,
      retryBaseMs: settings.retryBaseMs,
    }),
    annotations: new AnnotationService(store, clock, cursors, events, scores),
    annotationDeadlines: new AnnotationDeadlineTask(store, events),
  };
}
