/**
 * What a person types in an item's input or expected-output box: JSON when it parses as JSON
 * (`42`, `{"q": "…"}`, `"quoted"`), otherwise the text itself — the same rule as a CSV cell
 * (docs/experiments.md), so a plain question needs no quotes.
 */
export function fieldValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The box's text for a stored value: strings as themselves unless they would read back as JSON. */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return fieldValue(value) === value ? value : JSON.stringify(value);
  return JSON.stringify(value, null, 2);
}

/** A one-line preview of a JSON value for tables. */
export function preview(value: unknown, max = 120): string {
  const text = value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
