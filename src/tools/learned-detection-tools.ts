import type { components } from '../../generated/openapi.js';
import { ADDS, READS, UPDATES } from './tool-annotation-presets.js';
import { bodyField, field, listField, object, pathParameter, queryParameter, renamedField } from './contract-fields.js';
import { clampedLimit } from './tool-field-exceptions.js';
import { mapTool, type AnyToolMapping } from './operation-tool.js';
import { optionalInteger, requiredString } from './tool-input-readers.js';

type DetectionModel = components['schemas']['DetectionModel'];
type ModelEvaluation = components['schemas']['ModelEvaluation'];

const evaluationView = (e: ModelEvaluation) => ({
  threshold: e.threshold,
  precision: e.precision,
  recall: e.recall,
  f1: e.f1,
  roc_auc: e.rocAuc,
  confusion_matrix: {
    true_positives: e.confusionMatrix.truePositives,
    false_positives: e.confusionMatrix.falsePositives,
    true_negatives: e.confusionMatrix.trueNegatives,
    false_negatives: e.confusionMatrix.falseNegatives,
  },
  train: e.train,
  holdout: e.holdout,
});

const modelView = (m: DetectionModel) => ({
  model_id: m.id,
  detection_id: m.detectionId,
  version: m.version,
  status: m.status,
  trigger: m.trigger,
  active: m.active,
  reason: m.reason,
  examples: m.examples,
  evaluation: m.evaluation ? evaluationView(m.evaluation) : null,
  seed: m.seed,
  duration_ms: m.durationMs,
  requested_by: m.requestedBy,
  created_at: m.createdAt,
  completed_at: m.completedAt,
  activated_at: m.activatedAt,
});

const modelOutput = object({
  model_id: field('DetectionModel', 'id'),
  detection_id: field('DetectionModel', 'detectionId'),
  version: field('DetectionModel', 'version'),
  status: field('DetectionModel', 'status'),
  trigger: field('DetectionModel', 'trigger'),
  active: field('DetectionModel', 'active'),
  reason: field('DetectionModel', 'reason'),
  examples: renamedField('DetectionModel', 'examples'),
  evaluation: renamedField('DetectionModel', 'evaluation'),
  seed: field('DetectionModel', 'seed'),
  duration_ms: field('DetectionModel', 'durationMs'),
  requested_by: field('DetectionModel', 'requestedBy'),
  created_at: field('DetectionModel', 'createdAt'),
  completed_at: field('DetectionModel', 'completedAt'),
  activated_at: field('DetectionModel', 'activatedAt'),
});

/**
 * Learned detections' tools (docs/detections-learning.md): queue a training, read the versions with
 * their hold-out evaluation, activate one — each over its contract operation, so scopes, roles,
 * the audit log and notification.classifier_trained apply as over REST.
 */
export function learnedDetectionToolMappings(): AnyToolMapping[] {
  return [
    mapTool({
      name: 'train_detection',
      operationId: 'trainDetection',
      output: modelOutput,
      annotations: ADDS,
      description:
        'Queue a training of a learned custom_trained detection (its config names the label source). Answers the queued version; the outcome (trained with hold-out metrics, or refused below 20 examples per class) arrives as notification.classifier_trained and in list_detection_models. Give examples only for the upload label source.',
      input: object({
        detection_id: pathParameter('trainDetection', 'id'),
        examples: bodyField('trainDetection', 'examples'),
      }),
      toOperation: (input) => ({
        path: { id: requiredString(input, 'detection_id', 64) },
        query: {},
        headers: {},
        body: input.examples === undefined ? {} : { examples: input.examples as components['schemas']['LabeledExample'][] },
      }),
      toResult: modelView,
    }),
    mapTool({
      name: 'list_detection_models',
      operationId: 'listDetectionModels',
      output: object({
        models: listField('DetectionModelList', 'models', modelOutput),
        has_more: field('Page', 'hasMore'),
      }),
      annotations: READS,
      description: 'The model versions of a learned custom_trained detection, newest first: status, which one is active, and the hold-out evaluation (precision, recall, F1, ROC AUC, confusion matrix, class counts).',
      input: object({
        detection_id: pathParameter('listDetectionModels', 'id'),
        limit: queryParameter('listDetectionModels', 'limit', clampedLimit(100, 20)),
      }),
      toOperation: (input) => ({
        path: { id: requiredString(input, 'detection_id', 64) },
        query: { limit: optionalInteger(input, 'limit', 20, 1, 100) },
        headers: {},
        body: undefined,
      }),
      toResult: (data) => ({ models: data.models.map(modelView), has_more: data.page.hasMore }),
    }),
    mapTool({
      name: 'activate_detection_model',
      operationId: 'activateDetectionModel',
      output: modelOutput,
      annotations: UPDATES,
      description: 'Make a trained model version the one the detection runs on new traces (the previously active version stops).',
      input: object({
        detection_id: pathParameter('activateDetectionModel', 'id'),
        version: pathParameter('activateDetectionModel', 'version'),
      }),
      toOperation: (input) => ({
        path: { id: requiredString(input, 'detection_id', 64), version: input.version as number },
        query: {},
        headers: {},
        body: undefined,
      }),
      toResult: modelView,
    }),
  ];
}
