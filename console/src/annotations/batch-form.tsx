import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { BodyOf, Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';

const WEEK_MS = 7 * 86_400_000;
/** The most traces one "add from saved filter" takes: one page of the trace list. */
const FILTER_PAGE = 50;

/** A `datetime-local` value (the reader's local time) for an instant. */
const localInput = (ms: number): string => {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** The local time typed, as the instant the API wants; what cannot be read is sent as typed so the service names the field. */
const instant = (local: string): string => {
  const ms = Date.parse(local);
  return Number.isNaN(ms) ? local : new Date(ms).toISOString();
};

/** One item per line: a trace id, or for a span queue the trace id and the span id separated by a space. */
export function parseItems(text: string): Schemas['AnnotationItemInput'][] {
  return text
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((parts) => parts[0] !== '')
    .map(([traceId, spanId]) => (spanId ? { traceId, spanId } : { traceId }));
}

/** Dispatches a batch: items typed or taken from a saved filter's traces, a deadline and an optional reminder. */
export function BatchForm({ queue }: { queue: Schemas['AnnotationQueue'] }) {
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const [items, setItems] = useState('');
  const [deadline, setDeadline] = useState(() => localInput(Date.now() + WEEK_MS));
  const [remindAt, setRemindAt] = useState('');
  const [filterId, setFilterId] = useState('');
  const filters = useQuery({ queryKey: ['saved-filters', session?.projectId], queryFn: () => api.listSavedFilters({ limit: 100 }), enabled: queue.target === 'trace' });
  const fromFilter = useMutation({
    mutationFn: () => api.listTraces({ savedFilterId: filterId, limit: FILTER_PAGE }),
    onSuccess: (page) => {
      const have = new Set(parseItems(items).map((i) => i.traceId));
      const added = page.traces.map((t) => t.id).filter((id) => !have.has(id));
      setItems((text) => [...text.split('\n').filter((l) => l.trim() !== ''), ...added].join('\n'));
    },
  });
  const send = useMutation({
    mutationFn: () => {
      const body: BodyOf<'createAnnotationBatch'> = { items: parseItems(items), deadline: instant(deadline) };
      if (remindAt.trim() !== '') body.remindAt = instant(remindAt);
      return api.createAnnotationBatch(queue.id, body);
    },
    onSuccess: () => {
      setItems('');
      setRemindAt('');
      void queryClient.invalidateQueries({ queryKey: ['annotation-batches'] });
      void queryClient.invalidateQueries({ queryKey: ['annotation-items'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  const savedFilters = filters.data?.savedFilters ?? [];
  return (
    <form className="aq-batch-form" onSubmit={submit} noValidate>
      <h3>Send a batch</h3>
      {queue.members.length === 0 && <p className="muted">Add a member first: a batch is dealt out to the queue's members.</p>}
      <label htmlFor="aq-items">{queue.target === 'span' ? 'Spans (one per line: trace id, a space, span id)' : 'Traces (one trace id per line)'}</label>
      <textarea id="aq-items" rows={5} value={items} onChange={(e) => setItems(e.target.value)} />
      {queue.target === 'trace' && savedFilters.length > 0 && (
        <div className="aq-from-filter">
          <label htmlFor="aq-filter">Add the traces of a saved filter</label>
          <select id="aq-filter" value={filterId} onChange={(e) => setFilterId(e.target.value)}>
            <option value="">Choose a saved filter…</option>
            {savedFilters.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>{' '}
          <button type="button" disabled={filterId === '' || fromFilter.isPending} onClick={() => fromFilter.mutate()}>
            Add its traces
          </button>
          <span className="muted small"> (its {FILTER_PAGE} newest)</span>
          <ProblemAlert error={fromFilter.error} />
        </div>
      )}
      <div className="aq-dates">
        <div>
          <label htmlFor="aq-deadline">Deadline</label>
          <input id="aq-deadline" type="datetime-local" value={deadline} onChange={(e) => setDeadline(e.target.value)} />
        </div>
        <div>
          <label htmlFor="aq-remind">Remind members with open items at (optional)</label>
          <input id="aq-remind" type="datetime-local" value={remindAt} onChange={(e) => setRemindAt(e.target.value)} />
        </div>
      </div>
      <button type="submit" className="primary" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send batch'}
      </button>
      <ProblemAlert error={send.error} />
    </form>
  );
}
