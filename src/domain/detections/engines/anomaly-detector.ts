import type { AnomalyDetectorConfig } from '../detection-types.js';
import type { DetectorEngine, Finding } from './detector-engine.js';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Robust z-score of `value` against `baseline`: (value − median) / (1.4826 · MAD). When more than
 * half the baseline is identical (MAD 0) the mean absolute deviation (× 1.2533) stands in; when
 * every value is identical any higher value is infinitely unusual.
 */
export function robustZScore(value: number, baseline: readonly number[]): { z: number; median: number; mad: number } {
  const center = median(baseline);
  const deviations = baseline.map((v) => Math.abs(v - center));
  const mad = median(deviations);
  const meanDeviation = deviations.reduce((sum, d) => sum + d, 0) / deviations.length;
  const scale = mad > 0 ? 1.4826 * mad : 1.2533 * meanDeviation;
  if (scale === 0) return { z: value > center ? Number.POSITIVE_INFINITY : 0, median: center, mad };
  return { z: (value - center) / scale, median: center, mad };
}

const round = (value: number, digits = 6): number => Number(value.toFixed(digits));

/**
 * `classifier` with model `robust_zscore`: a trace whose cost or latency sits at least `zThreshold`
 * robust standard deviations above the project's recent baseline (its last `baselineSize` traces
 * before this one; nothing fires below `minBaseline` of them). Only upward deviations fire: cheap or
 * fast traces are not a problem. Score = min(1, z / (2 · zThreshold)).
 */
export const anomalyDetector: DetectorEngine = {
  async evaluate(detection, { trace }, { traces }): Promise<Finding | null> {
    const config = detection.config as AnomalyDetectorConfig;
    const zThreshold = config.zThreshold ?? 3.5;
    const baseline = await traces.recentMetricSample(trace.projectId, config.metric, trace.createdAt, trace.id, config.baselineSize ?? 200);
    if (baseline.length < (config.minBaseline ?? 20)) return null;
    const value = config.metric === 'cost' ? trace.cost : trace.latencyMs;
    const { z, median: center, mad } = robustZScore(value, baseline);
    if (!(z >= zThreshold)) return null;
    return {
      spanId: null,
      score: Math.min(1, z / (2 * zThreshold)),
      anomaly: true,
      evidence: { metric: config.metric, value, median: round(center), mad: round(mad), zScore: Number.isFinite(z) ? round(z, 3) : null, baselineSize: baseline.length },
    };
  },
};
