/** A column header that sorts a list by its field: first click highest (latest) first, the next click the other way. */
export function SortHeader({ label, field, sort, onSort, className }: { label: string; field: string; sort: string; onSort: (sort: string) => void; className?: string }) {
  const [current, direction] = sort.split(':');
  const active = current === field;
  return (
    <th scope="col" className={className} aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button type="button" className="link" onClick={() => onSort(`${field}:${active && direction === 'desc' ? 'asc' : 'desc'}`)}>
        {label}
        {active && <span aria-hidden="true">{direction === 'asc' ? ' ▲' : ' ▼'}</span>}
      </button>
    </th>
  );
}
