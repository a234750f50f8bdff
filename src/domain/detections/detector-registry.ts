import type { DetectionRecord } from '../../ports/detections.js';
import { isAnomalyConfig, isEvaluatorConfig } from './detection-config.js';
import type { PluginDetectorConfig } from './detection-types.js';
import { anomalyDetector } from './engines/anomaly-detector.js';
import type { DetectorEngine } from './engines/detector-engine.js';
import { piiDetector } from './engines/pii-detector.js';
import { regexDetector } from './engines/regex-detector.js';
import { conditionalDetector, traceRulesDetector } from './engines/rule-detector.js';
import type { TraceRuleEvaluator } from './trace-rule-evaluator.js';
import { isLearnedConfig } from './learning/learned-config.js';
import { LearnedDetector } from './learning/learned-detector.js';

/**
 * Which engine executes a detection. Built in: regex, pii, classifier/robust_zscore, custom_trained
 * with a label source (its active learned model), and — once a
 * rule evaluator is given — conditional and trace_rules. Every other detection names a plugin in
 * `config.plugin`; a plugin registered under that name executes it, otherwise it is stored and
 * skipped.
 */
export class DetectorRegistry {
  private readonly plugins = new Map<string, DetectorEngine>();
  private ruleEvaluator: TraceRuleEvaluator | null;
  private readonly learned = new LearnedDetector();

  constructor(ruleEvaluator: TraceRuleEvaluator | null = null) {
    this.ruleEvaluator = ruleEvaluator;
  }

  /** The saved-filters evaluator, wired at start-up; until then rule detections are skipped. */
  useRuleEvaluator(evaluator: TraceRuleEvaluator): void {
    this.ruleEvaluator = evaluator;
  }

  registerPlugin(name: string, engine: DetectorEngine): void {
    this.plugins.set(name, engine);
  }

  engineFor(detection: DetectionRecord): DetectorEngine | null {
    switch (detection.type) {
      case 'regex':
        return regexDetector;
      case 'pii':
        return piiDetector;
      case 'conditional':
        return this.ruleEvaluator ? conditionalDetector(this.ruleEvaluator) : null;
      case 'trace_rules':
        return this.ruleEvaluator ? traceRulesDetector(this.ruleEvaluator) : null;
      case 'classifier':
        if (isAnomalyConfig(detection.config)) return anomalyDetector;
        // Backed by an LLM-as-judge evaluator: the evaluator pipeline fires it (src/domain/evaluations/).
        if (isEvaluatorConfig(detection.config)) return null;
        return this.plugin(detection);
      case 'custom_trained':
        return isLearnedConfig(detection.config) ? this.learned : this.plugin(detection);
      default:
        return this.plugin(detection);
    }
  }

  private plugin(detection: DetectionRecord): DetectorEngine | null {
    const name = (detection.config as PluginDetectorConfig).plugin;
    return name ? (this.plugins.get(name) ?? null) : null;
  }
}
