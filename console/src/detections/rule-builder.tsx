import type { Schemas } from '../api/operation-types';

export { rowsOf, rulesOf, type RuleRow } from './rule-rows';
import type { RuleRow } from './rule-rows';

const OPERATORS: Schemas['FilterOperator'][] = ['is', 'is_not', 'contains', 'not_contains', 'starts_with', 'ends_with', 'greater_than', 'less_than', 'is_empty', 'is_not_empty'];
const TRACE_FIELDS = ['name', 'status', 'framework', 'agentName', 'errorMessage', 'latencyMs', 'cost', 'spanCount', 'totalTokens', 'createdAt', 'metadata.'];

/** `errorsOf(i)`: the service's messages for rule i (its field errors at that rule's path), shown beside the rule. */
export function RuleBuilder({ rows, onChange, idPrefix, errorsOf }: { rows: RuleRow[]; onChange: (rows: RuleRow[]) => void; idPrefix: string; errorsOf?: (index: number) => string[] }) {
  const update = (index: number, patch: Partial<RuleRow>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="rule-builder">
      <legend>Rules (all must hold)</legend>
      <datalist id={`${idPrefix}-fields`}>
        {TRACE_FIELDS.map((f) => (
          <option key={f} value={f} />
        ))}
      </datalist>
      {rows.map((row, i) => (
        <div className="rule-row" key={i}>
          <label>
            <span className="visually-hidden">Field of rule {i + 1}</span>
            <input list={`${idPrefix}-fields`} value={row.field} required onChange={(e) => update(i, { field: e.target.value })} placeholder="field" />
          </label>
          <label>
            <span className="visually-hidden">Operator of rule {i + 1}</span>
            <select value={row.operator} onChange={(e) => update(i, { operator: e.target.value as Schemas['FilterOperator'] })}>
              {OPERATORS.map((op) => (
                <option key={op} value={op}>
                  {op.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span className="visually-hidden">Value of rule {i + 1}</span>
            <input value={row.value} disabled={row.operator === 'is_empty' || row.operator === 'is_not_empty'} onChange={(e) => update(i, { value: e.target.value })} placeholder="value" />
          </label>
          <button type="button" onClick={() => onChange(rows.filter((_, j) => j !== i))} aria-label={`Remove rule ${i + 1}`}>
            Remove
          </button>
          {(errorsOf?.(i) ?? []).length > 0 && (
            <span className="field-error" role="alert">
              {errorsOf!(i).join('; ')}
            </span>
          )}
        </div>
      ))}
      <button type="button" onClick={() => onChange([...rows, { field: '', operator: 'is', value: '' }])}>
        Add rule
      </button>
    </fieldset>
  );
}
