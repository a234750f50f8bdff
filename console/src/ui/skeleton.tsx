/**
 * A loading placeholder in the shape of what is coming (rows of a table, a panel), announced once as
 * a status so screen readers hear what is loading while sighted users see the layout settle.
 */
export function Skeleton({ label, lines = 6, widths = [92, 78, 85, 64, 88, 70] }: { label: string; lines?: number; widths?: number[] }) {
  return (
    <div className="skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton-line" aria-hidden="true" style={{ width: `${widths[i % widths.length]}%` }} />
      ))}
    </div>
  );
}
