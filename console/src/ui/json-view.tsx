import { useState } from 'react';

/** Collapsible JSON: objects and arrays fold with a keyboard-reachable toggle. */
export function JsonView({ value, label, depth = 0 }: { value: unknown; label?: string; depth?: number }) {
  const [open, setOpen] = useState(depth < 2);
  const isContainer = value !== null && typeof value === 'object';
  const prefix = label !== undefined ? <span className="json-key">{label}: </span> : null;
  if (!isContainer) {
    return (
      <div className="json-line">
        {prefix}
        <span className={`json-${value === null ? 'null' : typeof value}`}>{JSON.stringify(value)}</span>
      </div>
    );
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value as Record<string, unknown>);
  const brackets = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return (
    <div className="json-node">
      <button type="button" className="json-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> {prefix}
        {brackets[0]}
        {!open && `… ${entries.length} ${entries.length === 1 ? 'item' : 'items'} ${brackets[1]}`}
      </button>
      {open && (
        <div className="json-children">
          {entries.map(([key, child]) => (
            <JsonView key={key} label={key} value={child} depth={depth + 1} />
          ))}
          <div>{brackets[1]}</div>
        </div>
      )}
    </div>
  );
}
