/** Status as icon + word, so color is never the only signal. */
export function StatusBadge({ status }: { status: 'success' | 'error' }) {
  return (
    <span className={`status status-${status}`}>
      <span aria-hidden="true">{status === 'error' ? '✕' : '✓'}</span> {status}
    </span>
  );
}
