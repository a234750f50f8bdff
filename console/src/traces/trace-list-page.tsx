import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../auth/session-context';
import { useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import { EmptyState } from '../ui/empty-state';
import { Skeleton } from '../ui/skeleton';
import type { BodyOf } from '../api/operation-types';
import { StatusBadge } from '../ui/status-badge';
import { formatCost, formatCount, formatLatency, formatTime } from '../ui/format';
import { filtersFromParams, filtersToParams, filtersToRules, listQuery, savableFilters, searchQuery, unsavableNote, type TraceFilters, type TraceSort } from './trace-filters';
import { loadHiddenColumns, saveHiddenColumns, TRACE_COLUMNS, type TraceColumn } from './trace-columns';

const LIVE_INTERVAL_MS = 5000;

/** One row of the table, from either the list or the full-text search (both TraceSummary). */
interface TraceRow {
  id: string;
  name: string;
  status: 'success' | 'error';
  createdAt: string;
  latencyMs: number;
  cost: number;
  totalTokens: number | null;
  spanCount: number | null;
  framework: string | null;
  agentName: string | null;
  inputPreview?: string | null;
  outputPreview?: string | null;
  tags?: string[];
}

type SortField = 'createdAt' | 'latencyMs' | 'cost' | 'totalTokens';

/** A column header that sorts the list by its field: first click highest (newest) first, the next click the other way. */
function SortHeader({ label, field, sort, onSort, disabled, className }: { label: string; field: SortField; sort: string; onSort: (sort: TraceSort) => void; disabled: boolean; className?: string }) {
  const [current, direction] = (sort || 'createdAt:desc').split(':');
  const active = !disabled && current === field;
  return (
    <th scope="col" className={className} aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button type="button" className="link" disabled={disabled} onClick={() => onSort(`${field}:${active && direction === 'desc' ? 'asc' : 'desc'}` as TraceSort)}>
        {label}
        {active && <span aria-hidden="true">{direction === 'asc' ? ' ▲' : ' ▼'}</span>}
      </button>
    </th>
  );
}

export function TraceListPage() {
  const api = useApi();
  const { session } = useSession();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const [draft, setDraft] = useState<TraceFilters>(filters);
  const [live, setLive] = useState(false);
  const filterKey = params.toString();
  // The pages walked so far belong to the filters (and query) they were read with: a cursor is bound
  // to them, so new filters start again at the first page in the same render. (Resetting in an
  // effect instead let one request go out with the new filters and the old cursor: a 400.)
  const [paging, setPaging] = useState<{ filterKey: string; cursors: (string | undefined)[] }>({ filterKey, cursors: [undefined] });
  const cursors = paging.filterKey === filterKey ? paging.cursors : [undefined];
  const setCursors = (next: (string | undefined)[]) => setPaging({ filterKey, cursors: next });
  useEffect(() => {
    setDraft(filtersFromParams(new URLSearchParams(filterKey)));
  }, [filterKey]);
  const cursor = cursors[cursors.length - 1];
  const searching = filters.q.trim() !== '';
  const [hidden, setHidden] = useState<ReadonlySet<TraceColumn>>(loadHiddenColumns);
  const shown = (column: TraceColumn) => !hidden.has(column);
  const toggleColumn = (column: TraceColumn) => {
    const next = new Set(hidden);
    if (!next.delete(column)) next.add(column);
    saveHiddenColumns(next);
    setHidden(next);
  };
  const withPreview = shown('preview');
  const sortBy = (sort: TraceSort) => setParams(filtersToParams({ ...filters, sort: sort === 'createdAt:desc' ? '' : sort }));

  const traces = useQuery({
    queryKey: ['traces', session?.projectId, filterKey, cursor, withPreview],
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_INTERVAL_MS : false,
    queryFn: async (): Promise<{ rows: TraceRow[]; next: string | null; hasMore: boolean; total: string | null }> => {
      if (searching) {
        const result = await api.searchTraces({ ...searchQuery(filters), q: filters.q.trim(), limit: 50, cursor });
        return {
          rows: result.traces,
          next: result.page.nextCursor,
          hasMore: result.page.hasMore,
          total: `${result.totalCountExact ? '' : 'at least '}${result.totalCount.toLocaleString()} matching`,
        };
      }
      const page = await api.listTraces({ ...listQuery(filters), limit: 50, cursor, preview: withPreview || undefined });
      return { rows: page.traces, next: page.page.nextCursor, hasMore: page.page.hasMore, total: null };
    },
  });

  const savedFilters = useQuery({ queryKey: ['saved-filters', session?.projectId], queryFn: () => api.listSavedFilters({ limit: 100 }) });
  const queryClient = useQueryClient();
  const [saveName, setSaveName] = useState('');
  const save = useMutation({
    // FilterTreeInput items are typed as bare objects (the service validates each node), hence the cast.
    mutationFn: () => api.createSavedFilter({ name: saveName.trim(), filters: filtersToRules(filters) as unknown as BodyOf<'createSavedFilter'>['filters'] }),
    onSuccess: (created) => {
      setSaveName('');
      void queryClient.invalidateQueries({ queryKey: ['saved-filters'] });
      setParams(filtersToParams({ ...filtersFromParams(new URLSearchParams()), savedFilterId: created.id }));
    },
  });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(filtersToParams(draft));
  };
  const field = (key: keyof TraceFilters) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value }),
  });
  const rows = traces.data?.rows ?? [];

  return (
    <section>
      <h1>Traces</h1>
      <form className="filters" onSubmit={apply} role="search" aria-label="Trace filters">
        <div className="filter-search">
          <label htmlFor="f-q">Search</label>
          <input id="f-q" type="search" placeholder="Words in names, errors, span names, metadata" {...field('q')} />
        </div>
        <div>
          <label htmlFor="f-status">Status</label>
          <select id="f-status" {...field('status')}>
            <option value="">Any</option>
            <option value="success">success</option>
            <option value="error">error</option>
          </select>
        </div>
        <div>
          <label htmlFor="f-framework">Framework</label>
          <input id="f-framework" {...field('framework')} />
        </div>
        <div>
          <label htmlFor="f-agent">Agent</label>
          <input id="f-agent" {...field('agentName')} disabled={searching} />
        </div>
        <div>
          <label htmlFor="f-session">Session</label>
          <input id="f-session" {...field('sessionId')} />
        </div>
        <div>
          <label htmlFor="f-user">User</label>
          <input id="f-user" {...field('userId')} />
        </div>
        <div>
          <label htmlFor="f-tag">Tag</label>
          <input id="f-tag" {...field('tag')} disabled={searching} />
        </div>
        <div>
          <label htmlFor="f-environment">Environment</label>
          <input id="f-environment" {...field('environment')} disabled={searching} />
        </div>
        <div>
          <label htmlFor="f-release">Release</label>
          <input id="f-release" {...field('release')} disabled={searching} />
        </div>
        <div>
          <label htmlFor="f-model">Model</label>
          <input id="f-model" {...field('model')} disabled={searching} />
        </div>
        <div>
          <label htmlFor="f-provider">Provider</label>
          <input id="f-provider" {...field('provider')} disabled={searching} />
        </div>
        <div>
          <label htmlFor="f-span-type">Span type</label>
          <input id="f-span-type" {...field('spanType')} disabled={searching} />
        </div>
        <div>
          <label htmlFor="f-prompt">Prompt</label>
          <input id="f-prompt" {...field('promptName')} />
        </div>
        <div>
          <label htmlFor="f-prompt-version">Prompt version</label>
          <input id="f-prompt-version" type="number" min="1" {...field('promptVersion')} disabled={!draft.promptName} />
        </div>
        <div>
          <label htmlFor="f-from">From</label>
          <input id="f-from" type="datetime-local" {...field('from')} />
        </div>
        <div>
          <label htmlFor="f-to">To</label>
          <input id="f-to" type="datetime-local" {...field('to')} />
        </div>
        <div>
          <label htmlFor="f-minlat">Min latency (ms)</label>
          <input id="f-minlat" type="number" min="0" {...field('minLatencyMs')} />
        </div>
        <div>
          <label htmlFor="f-maxlat">Max latency (ms)</label>
          <input id="f-maxlat" type="number" min="0" {...field('maxLatencyMs')} />
        </div>
        <div>
          <label htmlFor="f-mincost">Min cost ($)</label>
          <input id="f-mincost" type="number" min="0" step="any" {...field('minCost')} />
        </div>
        <div>
          <label htmlFor="f-maxcost">Max cost ($)</label>
          <input id="f-maxcost" type="number" min="0" step="any" {...field('maxCost')} />
        </div>
        <div>
          <label htmlFor="f-saved">Saved filter</label>
          <select id="f-saved" {...field('savedFilterId')} disabled={searching}>
            <option value="">None</option>
            {savedFilters.data?.savedFilters.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </div>
        <div className="filter-actions">
          <button type="submit" className="primary">
            Apply
          </button>
          <button type="button" onClick={() => setParams(new URLSearchParams())}>
            Clear
          </button>
        </div>
      </form>
      <div className="toolbar">
        <label className="inline">
          <input type="checkbox" checked={live} onChange={(e) => setLive(e.target.checked)} /> Live refresh (every 5 s)
        </label>
        <form
          className="inline"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <label htmlFor="save-name">Save these filters as</label>
          <input id="save-name" value={saveName} onChange={(e) => setSaveName(e.target.value)} required disabled={searching || !savableFilters(filters)} />
          <button type="submit" disabled={searching || !savableFilters(filters) || save.isPending}>
            Save filter
          </button>
        </form>
        <details className="conv-columns">
          <summary>Columns</summary>
          <fieldset>
            <legend className="visually-hidden">Columns shown</legend>
            {TRACE_COLUMNS.map((c) => (
              <label key={c.id} className="inline">
                <input type="checkbox" checked={shown(c.id)} onChange={() => toggleColumn(c.id)} /> {c.label}
              </label>
            ))}
          </fieldset>
        </details>
        {searching && <span className="muted">Search ranks by relevance (no column sort); agent, tag, environment, release, model, provider, span type and saved filters apply to the list only.</span>}
        {unsavableNote(filters) && <span className="muted">{unsavableNote(filters)}</span>}
      </div>
      <ProblemAlert error={save.error} />
      <ProblemAlert error={traces.error} />
      <table className="traces">
        <caption className="visually-hidden">
          Traces{traces.data?.total ? `, ${traces.data.total}` : ''}
        </caption>
        <thead>
          <tr>
            {shown('status') && <th scope="col">Status</th>}
            <th scope="col">Name</th>
            {shown('time') && <SortHeader label="Time" field="createdAt" sort={filters.sort} onSort={sortBy} disabled={searching} />}
            {shown('preview') && <th scope="col">Input / output</th>}
            {shown('latency') && <SortHeader label="Latency" field="latencyMs" sort={filters.sort} onSort={sortBy} disabled={searching} className="num" />}
            {shown('cost') && <SortHeader label="Cost" field="cost" sort={filters.sort} onSort={sortBy} disabled={searching} className="num" />}
            {shown('tokens') && <SortHeader label="Tokens" field="totalTokens" sort={filters.sort} onSort={sortBy} disabled={searching} className="num" />}
            {shown('spans') && <th scope="col" className="num">Spans</th>}
            {shown('framework') && <th scope="col">Framework</th>}
            {shown('agent') && <th scope="col">Agent</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => (
            <tr key={t.id}>
              {shown('status') && <td><StatusBadge status={t.status} /></td>}
              <td>
                <Link to={`/traces/${encodeURIComponent(t.id)}`}>{t.name}</Link>
                {t.tags?.map((tag) => (
                  <span key={tag} className="tag-chip list-tag">
                    {tag}
                  </span>
                ))}
              </td>
              {shown('time') && <td>{formatTime(t.createdAt)}</td>}
              {shown('preview') && (
                <td className="conv-preview">
                  {t.inputPreview || t.outputPreview ? (
                    <>
                      <span title={t.inputPreview ?? undefined}>
                        <span aria-hidden="true" className="muted">→ </span>
                        {t.inputPreview ?? '—'}
                      </span>
                      <span title={t.outputPreview ?? undefined}>
                        <span aria-hidden="true" className="muted">← </span>
                        {t.outputPreview ?? '—'}
                      </span>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
              )}
              {shown('latency') && <td className="num">{formatLatency(t.latencyMs)}</td>}
              {shown('cost') && <td className="num">{formatCost(t.cost)}</td>}
              {shown('tokens') && <td className="num">{formatCount(t.totalTokens)}</td>}
              {shown('spans') && <td className="num">{formatCount(t.spanCount)}</td>}
              {shown('framework') && <td>{t.framework ?? '—'}</td>}
              {shown('agent') && <td>{t.agentName ?? '—'}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {traces.isLoading && <Skeleton label="Loading traces…" lines={8} />}
      {traces.isSuccess && rows.length === 0 && filterKey !== '' && (
        <EmptyState title="No traces match" actions={<button type="button" onClick={() => setParams(new URLSearchParams())}>Clear the filters</button>}>
          <p>Nothing in this project matches these filters{searching ? ' and words' : ''}. Widen the time range, or clear the filters.</p>
        </EmptyState>
      )}
      {traces.isSuccess && rows.length === 0 && filterKey === '' && (
        <EmptyState title="No traces yet" actions={<a href="/docs">Open the API reference</a>}>
          <p>
            Send the first one: <code>POST /api/v1/public/traces</code> with a project API key (Settings → API keys), or point an
            OpenTelemetry exporter at <code>/v1/traces</code>. Tick “Live refresh” to see them arrive.
          </p>
        </EmptyState>
      )}
      {traces.data?.total && <p className="muted">{traces.data.total}</p>}
      <nav className="pager" aria-label="Pages">
        <button
          type="button"
          disabled={cursors.length === 1}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          Previous page
        </button>
        <button
          type="button"
          disabled={!traces.data?.hasMore}
          onClick={() => setCursors([...cursors, traces.data?.next ?? undefined])}
        >
          Next page
        </button>
      </nav>
    </section>
  );
}
