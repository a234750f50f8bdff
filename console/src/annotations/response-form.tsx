import { useId, useState, type FormEvent } from 'react';
import type { Schemas } from '../api/operation-types';

type ScoreConfig = Schemas['AnnotationScoreConfig'];
export type ResponseBody = { value: number | boolean | string; comment?: string };

/** A value for the queue's score: a number in its range, true/false, or one of its categories; plus a comment. */
export function ResponseForm({ config, busy, onSubmit }: { config: ScoreConfig; busy: boolean; onSubmit: (body: ResponseBody) => void }) {
  const id = useId();
  const [value, setValue] = useState('');
  const [comment, setComment] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value === '') return;
    const typed = config.dataType === 'numeric' ? Number(value) : config.dataType === 'boolean' ? value === 'true' : value;
    onSubmit(comment.trim() === '' ? { value: typed } : { value: typed, comment: comment.trim() });
  };
  const range = config.dataType === 'numeric' ? ` (${config.min ?? '−∞'} to ${config.max ?? '∞'})` : '';
  return (
    <form className="response-form" onSubmit={submit}>
      {config.dataType === 'numeric' && (
        <label>
          {config.name}
          {range}
          <input type="number" step="any" min={config.min} max={config.max} required value={value} onChange={(e) => setValue(e.target.value)} />
        </label>
      )}
      {config.dataType === 'boolean' && (
        <fieldset>
          <legend>{config.name}</legend>
          {(['true', 'false'] as const).map((v) => (
            <label key={v} className="choice">
              <input type="radio" name={`${id}-value`} value={v} required checked={value === v} onChange={() => setValue(v)} /> {v === 'true' ? 'Yes' : 'No'}
            </label>
          ))}
        </fieldset>
      )}
      {config.dataType === 'categorical' && (
        <label>
          {config.name}
          <select required value={value} onChange={(e) => setValue(e.target.value)}>
            <option value="">Choose…</option>
            {(config.categories ?? []).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        Comment (optional)
        <textarea maxLength={2000} rows={2} value={comment} onChange={(e) => setComment(e.target.value)} />
      </label>
      <button type="submit" disabled={busy || value === ''}>
        {busy ? 'Submitting…' : 'Submit response'}
      </button>
    </form>
  );
}
