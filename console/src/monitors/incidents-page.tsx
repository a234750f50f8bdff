import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';
import { useCursorPages } from '../ui/cursor-pages';
import { PagedList } from '../ui/paged-list';
import { formatTime } from '../ui/format';
import { JsonView } from '../ui/json-view';

const PAGE = 20;

/** A metric value as measured: up to four decimals, no trailing zeros; — when none. */
export const formatValue = (v: number | null): string => (v === null ? '—' : String(Number(v.toFixed(4))));

/** /incidents?monitorId=…&status=…: incidents newest first, optionally of one monitor or status. */
export function IncidentsPage() {
  const api = useApi();
  const { session } = useSession();
  const [params, setParams] = useSearchParams();
  const monitorId = params.get('monitorId') ?? undefined;
  const status = (params.get('status') ?? undefined) as 'alerting' | 'resolved' | undefined;
  const pages = useCursorPages();
  const incidents = useQuery({
    queryKey: ['incidents', session?.projectId, monitorId, status, pages.cursor],
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: () => api.listIncidents({ monitorId, status, limit: PAGE, cursor: pages.cursor }),
  });
  // Names for the monitor column (first 100 monitors; an older one shows as "a monitor").
  const monitors = useQuery({ queryKey: ['monitors', session?.projectId, 'names'], queryFn: () => api.listMonitors({ limit: 100 }), retry: false });
  const nameOf = (id: string) => monitors.data?.monitors.find((m) => m.id === id)?.name ?? 'a monitor';
  const list = incidents.data?.incidents ?? [];
  const setStatus = (next: string) => {
    const copy = new URLSearchParams(params);
    if (next) copy.set('status', next);
    else copy.delete('status');
    pages.reset();
    setParams(copy);
  };
  return (
    <section>
      <p>
        <Link to="/monitors">All monitors</Link>
      </p>
      <h1>{monitorId ? `Incidents of ${nameOf(monitorId)}` : 'Incidents'}</h1>
      <div className="toolbar">
        <label htmlFor="inc-status">Status</label>
        <select id="inc-status" value={status ?? ''} onChange={(e) => setStatus(e.target.value)}>
          <option value="">Any</option>
          <option value="alerting">alerting</option>
          <option value="resolved">resolved</option>
        </select>
        {monitorId && <Link to="/incidents">Incidents of every monitor</Link>}
      </div>
      <PagedList page={incidents.data?.page} items={list} pages={pages} error={incidents.error} pagerLabel="Incident pages"
        empty={<p className="empty">No incidents. A monitor opens one when its condition holds for a window; until then there is nothing to see here.</p>}>
        {(items) => (
          <table>
            <caption className="visually-hidden">Incidents, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col">Monitor</th>
                <th scope="col">Status</th>
                <th scope="col">Ended</th>
                <th scope="col" className="num">
                  Opening value
                </th>
                <th scope="col" className="num">
                  Peak
                </th>
                <th scope="col" className="num">
                  Last
                </th>
                <th scope="col" className="num">
                  Windows
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((i) => (
                <tr key={i.id}>
                  <td>
                    <Link to={`/incidents/${i.id}`}>{formatTime(i.startedAt)}</Link>
                  </td>
                  <td>
                    <Link to={`/monitors/${i.monitorId}`}>{nameOf(i.monitorId)}</Link>
                  </td>
                  <td className={`mon-state mon-state-${i.status}`}>{i.status}</td>
                  <td>{i.resolvedAt ? formatTime(i.resolvedAt) : '—'}</td>
                  <td className="num">{formatValue(i.openValue)}</td>
                  <td className="num">{formatValue(i.peakValue)}</td>
                  <td className="num">{formatValue(i.lastValue)}</td>
                  <td className="num">{i.windows}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PagedList>
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** /incidents/{id}: its course (start and end windows, values) and the opening window's evidence. */
export function IncidentPage() {
  const { incidentId = '' } = useParams();
  const api = useApi();
  const { session } = useSession();
  const incident = useQuery({ queryKey: ['incident', session?.projectId, incidentId], queryFn: () => api.getIncident(incidentId), retry: false });
  const i: Schemas['Incident'] | undefined = incident.data;
  const monitor = useQuery({ queryKey: ['monitor', session?.projectId, i?.monitorId], queryFn: () => api.getMonitor(i!.monitorId), enabled: !!i, retry: false });
  return (
    <section>
      <p>
        <Link to="/incidents">All incidents</Link>
      </p>
      <ProblemAlert error={incident.error} />
      {i && (
        <>
          <h1>Incident of {monitor.data ? monitor.data.name : 'a monitor'}</h1>
          <dl className="facts">
            <Fact term="Status">
              <span className={`mon-state mon-state-${i.status}`}>{i.status}</span>
            </Fact>
            <Fact term="Monitor">
              <Link to={`/monitors/${i.monitorId}`}>{monitor.data?.name ?? i.monitorId}</Link> (<Link to={`/incidents?monitorId=${i.monitorId}`}>its incidents</Link>)
            </Fact>
            <Fact term="Event type">{i.eventType}</Fact>
            <Fact term="Metric">{i.metric ?? '—'}</Fact>
            <Fact term="Started">{formatTime(i.startedAt)} (window ending {formatTime(i.startedWindowEnd)})</Fact>
            <Fact term="Ended">{i.resolvedAt ? `${formatTime(i.resolvedAt)} (window ending ${i.resolvedWindowEnd ? formatTime(i.resolvedWindowEnd) : '—'})` : 'still alerting'}</Fact>
            <Fact term="Opening value">{formatValue(i.openValue)}</Fact>
            <Fact term="Peak value">{formatValue(i.peakValue)}</Fact>
            <Fact term="Last value">{formatValue(i.lastValue)}</Fact>
            <Fact term="Windows alerting">{i.windows}</Fact>
            <Fact term="Notified">
              {i.startNotified ? 'at start' : 'not at start (muted)'}
              {i.resolveNotified === null ? '' : i.resolveNotified ? ', at resolution' : ', not at resolution (muted)'}
            </Fact>
            {i.detectionId && (
              <Fact term="Detection">
                <Link to={`/detections/${i.detectionId}`}>the monitored detection</Link>
              </Fact>
            )}
            {i.fixId && (
              <Fact term="Fix">
                <Link to="/fixes">open on the fix board</Link>
              </Fact>
            )}
          </dl>
          <h2>Evidence of the opening window</h2>
          <JsonView value={i.details} />
        </>
      )}
    </section>
  );
}
