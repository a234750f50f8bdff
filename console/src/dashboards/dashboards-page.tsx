import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import { AnalyticsTabs } from './analytics-tabs';
import { PRESET_MS, zoneChoices, type RangePreset } from './time-range';
import { WidgetView } from './widget-view';

const PRESETS: { value: RangePreset; label: string }[] = [
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: 'custom', label: 'Custom' },
];

/** datetime-local text of an instant, in the browser's zone. */
const localInput = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

/** The view's parameters plus the dashboard a new one starts as a copy of. */
const withCopy = (params: URLSearchParams, id: string) => {
  const next = new URLSearchParams(params);
  next.set('copy', id);
  return next.toString();
};

/**
 * `/dashboards` and `/dashboards/:dashboardId` — a dashboard's widgets over a chosen range and time
 * zone (both kept in the address). The built-in default dashboard comes first.
 */
export function DashboardsPage() {
  const api = useApi();
  const { session } = useSession();
  const { dashboardId = 'default' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const preset = (['24h', '7d', '30d', 'custom'].includes(params.get('range') ?? '') ? params.get('range') : '24h') as RangePreset;
  const zones = useMemo(zoneChoices, []);
  const timeZone = params.get('tz') ?? zones[0];
  // A preset's range is fixed when chosen (so the queries stay the same while the page is open).
  const [now, setNow] = useState(() => Date.now());
  const range = useMemo(() => {
    if (preset !== 'custom') return { fromMs: now - PRESET_MS[preset], toMs: now };
    const from = Date.parse(params.get('from') ?? '');
    const to = Date.parse(params.get('to') ?? '');
    return Number.isFinite(from) && Number.isFinite(to) && to > from ? { fromMs: from, toMs: to } : { fromMs: now - PRESET_MS['24h'], toMs: now };
  }, [preset, params, now]);

  const list = useQuery({ queryKey: ['dashboards', session?.projectId], queryFn: () => api.listDashboards({ limit: 100 }) });
  const dashboard = useQuery({ queryKey: ['dashboard', session?.projectId, dashboardId], queryFn: () => api.getDashboard(dashboardId) });
  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) next.set(k, v);
    setParams(next, { replace: true });
  };

  return (
    <div className="dashboards-page">
      <AnalyticsTabs />
      <h1>{dashboard.data?.name ?? 'Dashboards'}</h1>
      {dashboard.data?.description && <p className="muted">{dashboard.data.description}</p>}
      <div className="dashboard-controls">
        <label>
          Dashboard{' '}
          <select aria-label="Dashboard" value={dashboardId} onChange={(e) => navigate(`/dashboards/${e.target.value}?${params.toString()}`)} disabled={!list.data}>
            {(list.data?.dashboards ?? []).map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
                {d.builtIn ? ' (built-in)' : ''}
              </option>
            ))}
          </select>
        </label>
        <label>
          Time range{' '}
          <select
            aria-label="Time range"
            value={preset}
            onChange={(e) => {
              setNow(Date.now());
              const value = e.target.value as RangePreset;
              set(value === 'custom' ? { range: value, from: new Date(range.fromMs).toISOString(), to: new Date(range.toMs).toISOString() } : { range: value });
            }}
          >
            {PRESETS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        {preset === 'custom' && (
          <>
            <label>
              From <input type="datetime-local" value={localInput(range.fromMs)} onChange={(e) => e.target.value && set({ from: new Date(e.target.value).toISOString() })} />
            </label>
            <label>
              To <input type="datetime-local" value={localInput(range.toMs)} onChange={(e) => e.target.value && set({ to: new Date(e.target.value).toISOString() })} />
            </label>
          </>
        )}
        <label>
          Time zone{' '}
          <select aria-label="Time zone" value={timeZone} onChange={(e) => set({ tz: e.target.value })}>
            {[...new Set([timeZone, ...zones])].map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="dashboard-actions">
        {/* The range and zone ride along, so the editor returns to the same view. */}
        <Link to={`/dashboards/new?${params.toString()}`}>New dashboard</Link>
        {dashboard.data && !dashboard.data.builtIn && <Link to={`/dashboards/${encodeURIComponent(dashboardId)}/edit?${params.toString()}`}>Edit dashboard</Link>}
        {dashboard.data?.builtIn && <Link to={`/dashboards/new?${withCopy(params, dashboardId)}`}>Copy to a new dashboard</Link>}
      </p>
      <ProblemAlert error={dashboard.error ?? list.error} />
      {dashboard.data && (
        <div className="dashboard-grid">
          {dashboard.data.widgets.map((widget, i) => (
            <WidgetView key={`${dashboardId}-${i}`} widget={widget} fromMs={range.fromMs} toMs={range.toMs} timeZone={timeZone} />
          ))}
        </div>
      )}
    </div>
  );
}
