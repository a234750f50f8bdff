import { Link } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { useCursorPages } from '../ui/cursor-pages';
import { PagedList } from '../ui/paged-list';
import { formatTime } from '../ui/format';
import { windowLabel } from './monitor-model';

const PAGE = 20;

/** "muted until …", "disabled" or "active": what a monitor does with an alert right now. */
export function monitorMode(m: Schemas['Monitor'], now = Date.now()): string {
  if (!m.enabled) return 'disabled';
  if (m.mutedUntil && Date.parse(m.mutedUntil) > now) return `muted until ${formatTime(m.mutedUntil)}`;
  return 'active';
}

/** The project's monitors, newest first, with their state and open incident. */
export function MonitorsPage() {
  const api = useApi();
  const { session } = useSession();
  const pages = useCursorPages();
  const monitors = useQuery({
    queryKey: ['monitors', session?.projectId, pages.cursor],
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: () => api.listMonitors({ limit: PAGE, cursor: pages.cursor }),
  });
  const list = monitors.data?.monitors ?? [];
  return (
    <section>
      <div className="page-head">
        <h1>Monitors</h1>
        <div className="toolbar">
          <Link to="/incidents">All incidents</Link>
          <Link to="/monitors/new" className="mon-new">
            New monitor
          </Link>
        </div>
      </div>
      <PagedList page={monitors.data?.page} items={list} pages={pages} error={monitors.error} pagerLabel="Monitor pages"
        empty={
          <p className="empty">
            No monitors yet. <Link to="/monitors/new">Create a monitor</Link> to be alerted when error rate, latency, cost or traffic leave their usual range.
          </p>
        }>
        {(items) => (
          <table>
            <caption className="visually-hidden">Monitors, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Kind</th>
                <th scope="col">Metric</th>
                <th scope="col">Window</th>
                <th scope="col">State</th>
                <th scope="col">Alerts</th>
                <th scope="col">Incidents</th>
              </tr>
            </thead>
            <tbody>
              {items.map((m) => (
                <tr key={m.id}>
                  <td>
                    <Link to={`/monitors/${m.id}`}>{m.name}</Link>
                  </td>
                  <td>{m.kind}</td>
                  <td>{m.metric ?? '—'}</td>
                  <td>{windowLabel(m.windowSeconds)}</td>
                  <td className={`mon-state mon-state-${m.state}`}>{m.state}</td>
                  <td>{monitorMode(m)}</td>
                  <td>
                    {m.openIncidentId && (
                      <>
                        <Link to={`/incidents/${m.openIncidentId}`}>Open incident</Link>
                        {' · '}
                      </>
                    )}
                    <Link to={`/incidents?monitorId=${m.id}`}>
                      History<span className="visually-hidden"> of {m.name}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PagedList>
    </section>
  );
}
