import type { ReactNode } from 'react';
import { RuleBuilder } from '../detections/rule-builder';
import { FieldError, type FieldErrors } from '../ui/field-errors';
import { MEASURE_LABEL } from './metric-format';
import { BUCKETS, DIMENSIONS, MEASURES, RANK_MEASURES, WIDGET_TYPES, type Bucket, type DimensionName, type Measure, type RankMeasure, type WidgetDraft } from './widget-draft';

const TYPE_LABEL: Record<WidgetDraft['type'], string> = { line: 'Line', bar: 'Bar', number: 'Number', table: 'Table' };

interface FieldProps {
  id: string;
  label: string;
  messages: string[];
  children: (control: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode;
}

/** A labelled control with the service's messages for it beside it. */
function Field({ id, label, messages, children }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(messages.length > 0 ? { 'aria-describedby': errorId, 'aria-invalid': true } : {}) })}
      <FieldError id={errorId} messages={messages} />
    </div>
  );
}

interface WidgetFormProps {
  index: number;
  count: number;
  draft: WidgetDraft;
  errors: FieldErrors;
  onChange: (draft: WidgetDraft) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}

/**
 * One widget of the editor: type, title, size, and its metrics query (measures, time bucket,
 * dimensions with their top, rank, filter rules). Each control shows the errors the service
 * reported at its path under `/body/widgets/{index}`.
 */
export function WidgetForm({ index, count, draft, errors, onChange, onMove, onRemove }: WidgetFormProps) {
  const n = index + 1;
  const base = `/body/widgets/${index}`;
  const id = (name: string) => `widget-${index}-${name}`;
  const set = <K extends keyof WidgetDraft>(key: K, value: WidgetDraft[K]) => onChange({ ...draft, [key]: value });
  const toggleMeasure = (measure: Measure, on: boolean) =>
    set('measures', on ? MEASURES.filter((m) => m === measure || draft.measures.includes(m)) : draft.measures.filter((m) => m !== measure));
  const setDimension = (i: number, patch: Partial<WidgetDraft['dimensions'][number]>) =>
    set('dimensions', draft.dimensions.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  const whole = [...errors.exactly(base), ...errors.exactly(`${base}/query`), ...errors.exactly(`${base}/layout`)];

  return (
    <fieldset className="widget-form" aria-label={`Widget ${n}`}>
      <legend>
        Widget {n}
        {draft.title ? `: ${draft.title}` : ''}
      </legend>
      <div className="widget-form-actions">
        <button type="button" onClick={() => onMove(-1)} disabled={index === 0} aria-label={`Move widget ${n} up`}>
          Up
        </button>
        <button type="button" onClick={() => onMove(1)} disabled={index === count - 1} aria-label={`Move widget ${n} down`}>
          Down
        </button>
        <button type="button" onClick={onRemove} aria-label={`Remove widget ${n}`}>
          Remove
        </button>
      </div>
      <FieldError id={id('whole-error')} messages={whole} />
      <div className="widget-form-row">
        <Field id={id('type')} label="Type" messages={errors.at(`${base}/type`)}>
          {(control) => (
            <select {...control} value={draft.type} onChange={(e) => set('type', e.target.value as WidgetDraft['type'])}>
              {WIDGET_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABEL[t]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={id('title')} label="Title" messages={errors.at(`${base}/title`)}>
          {(control) => <input {...control} value={draft.title} onChange={(e) => set('title', e.target.value)} />}
        </Field>
        <Field id={id('width')} label="Width (of 12)" messages={[...errors.at(`${base}/layout/w`), ...errors.at(`${base}/layout/x`)]}>
          {(control) => <input {...control} inputMode="numeric" size={3} value={draft.width} onChange={(e) => set('width', e.target.value)} />}
        </Field>
        <Field id={id('height')} label="Height" messages={errors.at(`${base}/layout/h`)}>
          {(control) => <input {...control} inputMode="numeric" size={3} value={draft.height} onChange={(e) => set('height', e.target.value)} />}
        </Field>
      </div>
      <fieldset className="measure-choices" aria-describedby={errors.at(`${base}/query/measures`).length ? id('measures-error') : undefined}>
        <legend>Measures</legend>
        {MEASURES.map((m) => (
          <label key={m}>
            <input type="checkbox" checked={draft.measures.includes(m)} onChange={(e) => toggleMeasure(m, e.target.checked)} /> {MEASURE_LABEL[m]}
          </label>
        ))}
        <FieldError id={id('measures-error')} messages={errors.at(`${base}/query/measures`)} />
      </fieldset>
      <div className="widget-form-row">
        {(draft.measures.includes('scoreAvg') || draft.scoreName !== '' || errors.at(`${base}/query/scoreName`).length > 0) && (
          <Field id={id('score')} label="Score name" messages={errors.at(`${base}/query/scoreName`)}>
            {(control) => <input {...control} value={draft.scoreName} onChange={(e) => set('scoreName', e.target.value)} />}
          </Field>
        )}
        <Field id={id('bucket')} label="Time bucket" messages={errors.at(`${base}/query/time`)}>
          {(control) => (
            <select {...control} value={draft.bucket} onChange={(e) => set('bucket', e.target.value as Bucket | '')}>
              <option value="">None (whole range)</option>
              {BUCKETS.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={id('rank')} label="Rank top values by" messages={errors.at(`${base}/query/rankBy`)}>
          {(control) => (
            <select {...control} value={draft.rankBy} onChange={(e) => set('rankBy', e.target.value as RankMeasure | '')}>
              <option value="">Traces (default)</option>
              {RANK_MEASURES.map((m) => (
                <option key={m} value={m}>
                  {MEASURE_LABEL[m]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="widget-form-dimensions">
        <FieldError id={id('dimensions-error')} messages={errors.exactly(`${base}/query/dimensions`)} />
        {draft.dimensions.map((d, i) => (
          <div className="widget-form-row" key={i}>
            <Field id={id(`dimension-${i}`)} label={`Dimension ${i + 1}`} messages={errors.at(`${base}/query/dimensions/${i}/name`)}>
              {(control) => (
                <select {...control} value={d.name} onChange={(e) => setDimension(i, { name: e.target.value as DimensionName })}>
                  {DIMENSIONS.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id={id(`top-${i}`)} label={`Top of dimension ${i + 1}`} messages={[...errors.exactly(`${base}/query/dimensions/${i}`), ...errors.at(`${base}/query/dimensions/${i}/top`)]}>
              {(control) => <input {...control} inputMode="numeric" size={3} value={d.top} onChange={(e) => setDimension(i, { top: e.target.value })} />}
            </Field>
            <button type="button" onClick={() => set('dimensions', draft.dimensions.filter((_, j) => j !== i))} aria-label={`Remove dimension ${i + 1} of widget ${n}`}>
              Remove
            </button>
          </div>
        ))}
        {draft.dimensions.length < 2 && (
          <button type="button" onClick={() => set('dimensions', [...draft.dimensions, { name: DIMENSIONS.find((name) => !draft.dimensions.some((d) => d.name === name)) ?? 'model', top: '10' }])}>
            Add dimension
          </button>
        )}
      </div>
      {draft.groupedFilters ? (
        <p className="muted">These filters have groups, which this form cannot show; they are kept as they are (change them over the API).</p>
      ) : (
        <RuleBuilder idPrefix={id('rules')} rows={draft.rules} onChange={(rules) => set('rules', rules)} errorsOf={(i) => errors.at(`${base}/query/filters/${i}`)} />
      )}
      <FieldError id={id('filters-error')} messages={errors.exactly(`${base}/query/filters`)} />
    </fieldset>
  );
}
