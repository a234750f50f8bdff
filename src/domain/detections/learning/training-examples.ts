import type { FixStatus } from '../../../ports/fixes.js';
import type { Store } from '../../../ports/store.js';
import { MAX_TRAINING_EXAMPLES, type LabeledExample } from './classifier-training.js';
import type { LabelSource } from './learned-config.js';
import { traceTexts } from './trace-texts.js';

const PAGE = 500;
/** Traces whose spans one read fetches. */
const SPAN_BATCH = 50;
const ACCEPTED: readonly FixStatus[] = ['open', 'in_progress', 'resolved'];

/**
 * The project's labels as trace id → class, newest label first (a trace scored twice counts once,
 * with its latest label), at most MAX_TRAINING_EXAMPLES traces.
 */
async function labelsOf(store: Store, projectId: string, source: Exclude<LabelSource, { kind: 'upload' }>): Promise<Map<string, boolean>> {
  const labels = new Map<string, boolean>();
  if (source.kind === 'score') {
    const positives = new Set(source.positiveValues ?? []);
    let after: { createdAt: number; id: string } | null = null;
    for (;;) {
      const page = await store.scores.list(projectId, { name: source.scoreName }, PAGE, after);
      for (const score of page) {
        if (!score.traceId || labels.has(score.traceId) || score.source === 'evaluator') continue;
        // Boolean scores are their own label; a categorical one is positive when listed; numeric ones are not labels.
        if (score.dataType === 'boolean') labels.set(score.traceId, score.value === true);
        else if (score.dataType === 'categorical') labels.set(score.traceId, positives.has(String(score.value)));
        if (labels.size >= MAX_TRAINING_EXAMPLES) return labels;
      }
      if (page.length < PAGE) return labels;
      const last = page[page.length - 1]!;
      after = { createdAt: last.createdAt.getTime(), id: last.id };
    }
  }
  for (let offset = 0; ; offset += PAGE) {
    const { fixes } = await store.fixes.listByOffset(projectId, source.fixLabel !== undefined ? { label: source.fixLabel } : {}, offset, PAGE);
    // Accepted fixes (open onwards) are positive; dismissed ones (archived with the dismissal's feedback) negative; drafts are undecided.
    const decided = fixes.filter((f) => ACCEPTED.includes(f.status) || (f.status === 'archived' && f.feedback !== null));
    const linked = await store.fixes.linkedTraceIds(decided.map((f) => f.id));
    for (const fix of decided) {
      for (const traceId of linked.get(fix.id) ?? []) {
        if (labels.has(traceId)) continue;
        labels.set(traceId, ACCEPTED.includes(fix.status));
        if (labels.size >= MAX_TRAINING_EXAMPLES) return labels;
      }
    }
    if (fixes.length < PAGE) return labels;
  }
}

/** The labeled examples a training reads from the project: each labeled trace's texts of `fields`. */
export async function collectExamples(store: Store, projectId: string, source: Exclude<LabelSource, { kind: 'upload' }>, fields: readonly string[]): Promise<LabeledExample[]> {
  const examples: LabeledExample[] = [];
  const labeled = [...(await labelsOf(store, projectId, source))];
  for (let start = 0; start < labeled.length; start += SPAN_BATCH) {
    const batch = labeled.slice(start, start + SPAN_BATCH);
    const spans = await store.traces.spansOfTraces(projectId, batch.map(([traceId]) => traceId));
    for (const [traceId, label] of batch) {
      const own = spans.get(traceId);
      if (!own || own.length === 0) continue; // deleted since it was labeled
      examples.push({ texts: traceTexts(own, fields), label });
    }
    // Reading is on the request thread (SQLite's reads are synchronous): yield between batches so
    // other tenants' requests run between them rather than after the whole read.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return examples;
}

/** Uploaded examples keep only the detection's fields, as a trace would be read. */
export function uploadedExamples(examples: readonly { fields: Record<string, string>; label: boolean }[], fields: readonly string[]): LabeledExample[] {
  return examples.map((e) => ({ texts: Object.fromEntries(fields.filter((f) => typeof e.fields[f] === 'string').map((f) => [f, e.fields[f]!])), label: e.label }));
}
