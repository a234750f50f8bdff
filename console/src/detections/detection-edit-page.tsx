import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import type { BodyOf, Schemas } from '../api/operation-types';
import { RuleBuilder, rowsOf, rulesOf, type RuleRow } from './rule-builder';
import { LearnedModelsPanel } from './learned-models-panel';

/** The kinds the console edits; each maps to a detection type and its config. */
type Kind = 'regex' | 'pii' | 'anomaly' | 'trace_rules' | 'conditional';
const KIND_LABELS: Record<Kind, string> = {
  regex: 'Regex over span fields',
  pii: 'PII in inputs/outputs',
  anomaly: 'Cost/latency anomaly',
  trace_rules: 'Rules over the trace',
  conditional: 'Rules over each span',
};
const REGEX_FIELDS = ['name', 'input', 'output', 'error', 'metadata'] as const;
const PII_KINDS = ['email', 'phone', 'credit_card', 'iban', 'secret'] as const;

interface Form {
  /**
   * Set when editing a detection whose config this form does not model (a learned or plugin
   * `custom_trained`, an evaluator-backed classifier): its type is shown, and saving sends no
   * config, so the stored one (label source, fields, …) is kept. Building a config from the form's
   * defaults here once replaced a learned detection's config with a regex one.
   */
  fixedType: Schemas['DetectionType'] | null;
  slug: string;
  displayName: string;
  kind: Kind;
  severity: Schemas['Severity'];
  isActive: boolean;
  description: string;
  pattern: string;
  flags: string;
  regexFields: string[];
  piiKinds: string[];
  metric: 'cost' | 'latency_ms';
  zThreshold: string;
  rules: RuleRow[];
}

const EMPTY: Form = {
  fixedType: null,
  slug: '',
  displayName: '',
  kind: 'regex',
  severity: 'medium',
  isActive: true,
  description: '',
  pattern: '',
  flags: 'i',
  regexFields: ['input', 'output'],
  piiKinds: [...PII_KINDS],
  metric: 'latency_ms',
  zThreshold: '3.5',
  rules: [{ field: 'latencyMs', operator: 'greater_than', value: '1000' }],
};

/** The form's kind for a stored detection, or null when the form does not model its config. */
function kindOf(d: Schemas['Detection'], config: Record<string, unknown>): Kind | null {
  switch (d.type) {
    case 'regex':
    case 'pii':
    case 'trace_rules':
    case 'conditional':
      return d.type;
    case 'classifier':
      return config.model === 'robust_zscore' ? 'anomaly' : null;
    default:
      return null;
  }
}

function formOf(d: Schemas['Detection']): Form {
  const config = (d.config ?? {}) as Record<string, unknown>;
  const modeled = kindOf(d, config);
  const kind: Kind = modeled ?? 'regex';
  return {
    ...EMPTY,
    fixedType: modeled ? null : d.type,
    slug: d.slug,
    displayName: d.displayName,
    kind,
    severity: d.severity,
    isActive: d.isActive,
    description: d.description ?? '',
    pattern: typeof config.pattern === 'string' ? config.pattern : '',
    flags: typeof config.flags === 'string' ? config.flags : '',
    regexFields: Array.isArray(config.fields) ? (config.fields as string[]) : EMPTY.regexFields,
    piiKinds: Array.isArray(config.kinds) ? (config.kinds as string[]) : EMPTY.piiKinds,
    metric: config.metric === 'cost' ? 'cost' : 'latency_ms',
    zThreshold: typeof config.zThreshold === 'number' ? String(config.zThreshold) : EMPTY.zThreshold,
    rules: Array.isArray(config.rules) ? rowsOf(config.rules) : EMPTY.rules,
  };
}

function typeAndConfig(form: Form): { type: Schemas['DetectionType']; config: Schemas['DetectionConfig'] } {
  switch (form.kind) {
    case 'regex':
      return { type: 'regex', config: { pattern: form.pattern, flags: form.flags, fields: form.regexFields as Schemas['RegexDetectorConfig']['fields'] } };
    case 'pii':
      return { type: 'pii', config: { kinds: form.piiKinds as Schemas['PiiDetectorConfig']['kinds'] } };
    case 'anomaly':
      return { type: 'classifier', config: { model: 'robust_zscore', metric: form.metric, zThreshold: Number(form.zThreshold) } };
    case 'trace_rules':
    case 'conditional':
      return { type: form.kind, config: { rules: rulesOf(form.rules) } };
  }
}

function toggle(list: string[], value: string, on: boolean): string[] {
  return on ? [...new Set([...list, value])] : list.filter((v) => v !== value);
}

export function DetectionEditPage() {
  const api = useApi();
  const { session } = useSession();
  const { detectionId } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const existing = useQuery({ queryKey: ['detection', session?.projectId, detectionId], enabled: !!detectionId, queryFn: () => api.getDetection(detectionId!) });
  const [form, setForm] = useState<Form>(EMPTY);
  useEffect(() => {
    if (existing.data) setForm(formOf(existing.data));
  }, [existing.data]);

  const save = useMutation({
    mutationFn: async () => {
      const { type, config } = typeAndConfig(form);
      const common = { displayName: form.displayName, severity: form.severity, isActive: form.isActive, description: form.description || null };
      if (detectionId) return api.updateDetection(detectionId, form.fixedType ? common : { ...common, config });
      const body: BodyOf<'createDetection'> = { ...common, config, slug: form.slug, type, threshold: 0.5 };
      return api.createDetection(body);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['detections'] });
      void queryClient.invalidateQueries({ queryKey: ['detection-activity'] });
      navigate('/detections');
    },
  });
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm({ ...form, [key]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <section className="narrow wide-form">
      <h1>{detectionId ? `Edit ${form.displayName || 'detection'}` : 'New detection'}</h1>
      <ProblemAlert error={existing.error} />
      <form className="card" onSubmit={submit}>
        <label htmlFor="d-name">Display name</label>
        <input id="d-name" required value={form.displayName} onChange={(e) => set('displayName', e.target.value)} />
        <label htmlFor="d-slug">Slug (letters, digits and dashes; cannot change later)</label>
        <input id="d-slug" required disabled={!!detectionId} value={form.slug} onChange={(e) => set('slug', e.target.value)} />
        <label htmlFor="d-kind">Kind</label>
        {form.fixedType ? (
          <>
            <input id="d-kind" disabled value={form.fixedType} />
            <p className="hint">Its configuration is changed through the API or the CLI; saving here keeps it.</p>
          </>
        ) : (
          <select id="d-kind" disabled={!!detectionId} value={form.kind} onChange={(e) => set('kind', e.target.value as Kind)}>
            {(Object.keys(KIND_LABELS) as Kind[]).map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        )}
        <label htmlFor="d-severity">Severity</label>
        <select id="d-severity" value={form.severity} onChange={(e) => set('severity', e.target.value as Schemas['Severity'])}>
          {['critical', 'high', 'medium', 'low'].map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
        <label className="inline">
          <input type="checkbox" checked={form.isActive} onChange={(e) => set('isActive', e.target.checked)} /> Active
        </label>
        <label htmlFor="d-description">Description</label>
        <textarea id="d-description" value={form.description} onChange={(e) => set('description', e.target.value)} />

        {!form.fixedType && form.kind === 'regex' && (
          <>
            <label htmlFor="d-pattern">Pattern (JavaScript regular expression)</label>
            <input id="d-pattern" required value={form.pattern} onChange={(e) => set('pattern', e.target.value)} />
            <label htmlFor="d-flags">Flags</label>
            <input id="d-flags" value={form.flags} pattern="[imsu]{0,4}" onChange={(e) => set('flags', e.target.value)} />
            <fieldset>
              <legend>Span fields searched</legend>
              {REGEX_FIELDS.map((f) => (
                <label className="inline" key={f}>
                  <input type="checkbox" checked={form.regexFields.includes(f)} onChange={(e) => set('regexFields', toggle(form.regexFields, f, e.target.checked))} /> {f}
                </label>
              ))}
            </fieldset>
          </>
        )}
        {!form.fixedType && form.kind === 'pii' && (
          <fieldset>
            <legend>Kinds of personal data</legend>
            {PII_KINDS.map((k) => (
              <label className="inline" key={k}>
                <input type="checkbox" checked={form.piiKinds.includes(k)} onChange={(e) => set('piiKinds', toggle(form.piiKinds, k, e.target.checked))} /> {k.replace('_', ' ')}
              </label>
            ))}
          </fieldset>
        )}
        {!form.fixedType && form.kind === 'anomaly' && (
          <>
            <label htmlFor="d-metric">Metric</label>
            <select id="d-metric" value={form.metric} onChange={(e) => set('metric', e.target.value as Form['metric'])}>
              <option value="latency_ms">latency</option>
              <option value="cost">cost</option>
            </select>
            <label htmlFor="d-z">Robust z-score threshold</label>
            <input id="d-z" type="number" min="1" max="50" step="0.1" value={form.zThreshold} onChange={(e) => set('zThreshold', e.target.value)} />
          </>
        )}
        {!form.fixedType && (form.kind === 'trace_rules' || form.kind === 'conditional') && <RuleBuilder idPrefix="d-rules" rows={form.rules} onChange={(rules) => set('rules', rules)} />}

        <div className="filter-actions">
          <button type="submit" className="primary" disabled={save.isPending}>
            {detectionId ? 'Save changes' : 'Create detection'}
          </button>
          <button type="button" onClick={() => navigate('/detections')}>
            Cancel
          </button>
        </div>
        <ProblemAlert error={save.error} />
      </form>
      {existing.data?.type === 'custom_trained' && <LearnedModelsPanel detection={existing.data} />}
    </section>
  );
}
