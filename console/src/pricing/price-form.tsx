import { useId, useState, type FormEvent } from 'react';
import type { Schemas } from '../api/operation-types';

type Price = Schemas['ModelPrice'];
type PriceField = 'input' | 'output' | 'cacheRead' | 'cacheWrite' | 'reasoning';

const FIELDS: { field: PriceField; label: string }[] = [
  { field: 'input', label: 'Input $ / 1M tokens' },
  { field: 'output', label: 'Output $ / 1M tokens' },
  { field: 'cacheRead', label: 'Cache read (optional)' },
  { field: 'cacheWrite', label: 'Cache write (optional)' },
  { field: 'reasoning', label: 'Reasoning (optional)' },
];

const text = (n: number | undefined): string => (n === undefined ? '' : String(n));

/**
 * One price as typed. Blank fields are left out and nothing is checked here: the service's answer
 * (a Problem with the field's path) is what the page shows, so the rules live in one place.
 */
export function PriceForm({ title, initial, busy, onSubmit }: { title: string; initial?: Price; busy: boolean; onSubmit: (price: Price) => void }) {
  const id = useId();
  const [model, setModel] = useState(initial?.model ?? '');
  const [values, setValues] = useState<Record<PriceField, string>>({
    input: text(initial?.input),
    output: text(initial?.output),
    cacheRead: text(initial?.cacheRead),
    cacheWrite: text(initial?.cacheWrite),
    reasoning: text(initial?.reasoning),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const price = { model: model.trim() } as Price;
    for (const { field } of FIELDS) if (values[field].trim() !== '') price[field] = Number(values[field]);
    onSubmit(price);
  };
  return (
    <form className="card mp-form" onSubmit={submit} noValidate aria-label={title}>
      <h2>{title}</h2>
      <label htmlFor={`${id}-model`}>Model</label>
      <input id={`${id}-model`} value={model} onChange={(e) => setModel(e.target.value)} placeholder="e.g. gpt-4o-mini" />
      <div className="mp-fields">
        {FIELDS.map(({ field, label }) => (
          <div key={field}>
            <label htmlFor={`${id}-${field}`}>{label}</label>
            <input id={`${id}-${field}`} type="number" step="any" value={values[field]} onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))} />
          </div>
        ))}
      </div>
      <button type="submit" className="primary" disabled={busy}>
        Save price
      </button>
    </form>
  );
}
