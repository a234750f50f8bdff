import type { ModelWeights } from '../../../ports/detection-models.js';
import type { DetectorEngine, Finding } from '../engines/detector-engine.js';
import { DEFAULT_LEARNED_FIELDS, type LearnedDetectorConfig } from './learned-config.js';
import { traceTexts } from './trace-texts.js';

/** Decoded weight vectors of recently active versions, so a busy detection does not decode 256 KB per trace. */
const CACHE_SIZE = 32;

/**
 * `custom_trained` with a label source: scores the trace with the detection's active model version
 * (none active: never fires). The score is the model's probability of the positive class; the
 * detection fires when it reaches the threshold. Scoring runs on the scan pool under its budget.
 */
export class LearnedDetector implements DetectorEngine {
  private readonly cache = new Map<string, ModelWeights>();

  async evaluate(...[detection, subject, context]: Parameters<DetectorEngine['evaluate']>): Promise<Finding | null> {
    if (!context.models) return null;
    const activeId = await context.models.activeId(detection.projectId, detection.id);
    if (!activeId) return null;
    let model = this.cache.get(activeId);
    if (!model) {
      const loaded = await context.models.activeWeights(detection.projectId, detection.id);
      if (!loaded) return null;
      model = loaded;
      if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(model.id, model);
    }
    const config = detection.config as LearnedDetectorConfig;
    const texts = traceTexts(subject.spans, config.fields ?? DEFAULT_LEARNED_FIELDS);
    const result = await context.scan.scanner.scan({
      rule: { kind: 'linear', hashBits: model.hashBits, bias: model.bias, weights: model.weights, texts },
      fields: [],
      spans: [],
      budgetMs: context.scan.limits.budgetMs,
    });
    if (result.score === undefined) return null; // cut at the budget: nothing to say about this trace
    return { spanId: null, score: result.score, evidence: { modelVersion: model.version, probability: Math.round(result.score * 1e6) / 1e6 } };
  }
}
