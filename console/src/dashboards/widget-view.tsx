import { useEffect, useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useApi, useSession } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';
import { bucketEnd, bucketFor, drillDown } from './time-range';
import { formatMeasure, groupLabel, MEASURE_LABEL } from './metric-format';

type Widget = Schemas['DashboardWidget'];
type Result = Schemas['MetricsQueryResult'];
type Row = Result['rows'][number];

const PALETTE = ['#1f5fbf', '#c2410c', '#15803d', '#7c3aed', '#b91c1c', '#0e7490', '#a16207', '#be185d'];

interface Series {
  label: string;
  measure: string;
  groups: Row['groups'];
  values: (number | null)[];
}

/** One series per measure and group of dimension values, over the answer's bucket starts. */
function seriesOf(result: Result): { starts: number[]; series: Series[] } {
  const starts = [...new Set(result.rows.map((r) => Date.parse(r.bucketStart ?? result.from)))].sort((a, b) => a - b);
  const byKey = new Map<string, Series>();
  for (const row of result.rows) {
    const at = starts.indexOf(Date.parse(row.bucketStart ?? result.from));
    for (const measure of result.measures) {
      const groupText = row.groups.map(groupLabel).join(' · ');
      const label = [groupText, result.measures.length > 1 || !groupText ? MEASURE_LABEL[measure] : ''].filter(Boolean).join(' ');
      const key = JSON.stringify([row.groups, measure]);
      let series = byKey.get(key);
      if (!series) {
        series = { label, measure, groups: row.groups, values: starts.map(() => null) };
        byKey.set(key, series);
      }
      series.values[at] = row.values[measure] ?? null;
    }
  }
  return { starts, series: [...byKey.values()] };
}

/**
 * The series a click at (left, top) in the plot area means: the bucket nearest the pointer, and of
 * the series with a value there, the one whose value is nearest the pointer's height.
 */
function pointAt(u: uPlot, series: readonly Series[], left: number, top: number): { index: number; series: Series } | null {
  const index = u.posToIdx(left);
  if (index < 0 || index >= u.data[0].length) return null;
  const y = u.posToVal(top, 'y');
  let nearest: Series | null = null;
  series.forEach((s, k) => {
    const v = s.values[index];
    // A series hidden from its legend is not what a person clicked on.
    if (v === null || u.series[k + 1]?.show === false) return;
    if (!nearest || Math.abs(v - y) < Math.abs((nearest.values[index] as number) - y)) nearest = s;
  });
  return nearest ? { index, series: nearest } : null;
}

/** A line or time-bar chart (uPlot); a click on a point or bar opens that bucket's traces of that series. */
function TimeChart({ result, bars, title, toMs }: { result: Result; bars: boolean; title: string; toMs: number }) {
  const holder = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const { starts, series } = useMemo(() => seriesOf(result), [result]);
  // A series of dimension values is named in the legend even when it is the only one, so a bar or line says whose it is.
  const named = series.length > 1 || series.some((s) => s.groups.length > 0);
  const xPad = (starts.length > 1 ? Math.min(...starts.slice(1).map((t, i) => t - starts[i])) : 3_600_000) / 2000;
  useEffect(() => {
    if (!holder.current) return;
    const chart = new uPlot(
      {
        width: Math.max(280, holder.current.clientWidth),
        height: 200,
        legend: { show: named, live: false },
        cursor: { focus: { prox: 30 }, drag: { x: false, y: false } },
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), result.time?.timeZone ?? 'UTC'),
        scales: {
          // Half a bucket of room at each end, so the first and last point (or bar) are whole and can be clicked, not cut at the edge.
          x: { range: (_u, min, max) => [min - xPad, max + xPad] },
          // Room above the highest value, for the same reason.
          y: { range: (_u, min, max) => [Math.min(0, min), Math.max(max * 1.1, min + 1e-9)] },
        },
        series: [
          {},
          ...series.map((s, i) => ({
            label: s.label,
            stroke: PALETTE[i % PALETTE.length],
            width: 2,
            ...(bars ? { fill: `${PALETTE[i % PALETTE.length]}55`, paths: uPlot.paths.bars!({ size: [0.8, 40] }) } : { spanGaps: false, points: { show: true, size: 6 } }),
            value: (_u: uPlot, v: number | null) => formatMeasure(s.measure, v),
          })),
        ],
        axes: [{}, { size: 60 }],
      },
      [starts.map((t) => t / 1000), ...series.map((s) => s.values)] as uPlot.AlignedData,
      holder.current,
    );
    // The click is read from the event's own position over the plot area (not from uPlot's cursor,
    // which follows mouse moves and is not set by a click that arrives without one), and only there:
    // a click on the legend toggles a series instead.
    const onClick = (event: MouseEvent) => {
      const box = chart.over.getBoundingClientRect();
      const hit = pointAt(chart, series, event.clientX - box.left, event.clientY - box.top);
      if (!hit) return;
      navigate(drillDown(starts[hit.index], bucketEnd(starts, hit.index, result.time?.bucket ?? 'hour', toMs), hit.series.groups).href);
    };
    chart.over.addEventListener('click', onClick);
    // Kept on the element for the browser tests, which click where uPlot drew a point.
    (holder.current as HTMLDivElement & { uplot?: uPlot }).uplot = chart;
    return () => {
      chart.over.removeEventListener('click', onClick);
      chart.destroy();
    };
  }, [starts, series, bars, result, named, xPad, navigate, toMs]);
  return <div ref={holder} className="widget-chart" role="img" aria-label={`${title}: ${series.length} series over ${starts.length} buckets; select a point to open its traces`} />;
}

/** The answer as a table; each value links to the traces behind it (the drill-down without a pointer). */
function RowsTable({ result, title, fromMs, toMs }: { result: Result; title: string; fromMs: number; toMs: number }) {
  const starts = [...new Set(result.rows.map((r) => Date.parse(r.bucketStart ?? result.from)))].sort((a, b) => a - b);
  const zone = result.time?.timeZone;
  const when = (ms: number) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, dateStyle: 'short', timeStyle: 'short' }).format(ms);
  return (
    <table className="widget-table">
      <caption className="visually-hidden">{title}</caption>
      <thead>
        <tr>
          {result.time && <th scope="col">Bucket</th>}
          {result.dimensions.map((d) => (
            <th scope="col" key={d}>
              {d}
            </th>
          ))}
          {result.measures.map((m) => (
            <th scope="col" key={m} className="num">
              {MEASURE_LABEL[m]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {result.rows.map((row, i) => {
          const start = row.bucketStart ? Date.parse(row.bucketStart) : fromMs;
          const end = row.bucketStart ? bucketEnd(starts, starts.indexOf(start), result.time!.bucket, toMs) : toMs;
          const link = drillDown(Math.max(start, fromMs), end, row.groups);
          return (
            <tr key={i}>
              {result.time && <td>{when(start)}</td>}
              {row.groups.map((g) => (
                <td key={g.dimension}>{groupLabel(g)}</td>
              ))}
              {result.measures.map((m) => (
                <td key={m} className="num">
                  <Link to={link.href} title={link.exact ? 'Open these traces' : 'Open the traces of this time range'}>
                    {formatMeasure(m, row.values[m])}
                  </Link>
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Bars of one value per dimension value (no time): a bar is a link to that value's traces. */
function CategoryBars({ result, fromMs, toMs }: { result: Result; fromMs: number; toMs: number }) {
  const measure = result.measures[0];
  const max = Math.max(0, ...result.rows.map((r) => r.values[measure] ?? 0));
  return (
    <ul className="widget-bars">
      {result.rows.map((row, i) => {
        const value = row.values[measure] ?? 0;
        return (
          <li key={i}>
            <Link to={drillDown(fromMs, toMs, row.groups).href}>
              <span className="category-bar-label">{row.groups.map(groupLabel).join(' · ')}</span>
              <span className="category-bar-track">
                <span className="category-bar-fill" style={{ width: `${max > 0 ? (100 * value) / max : 0}%` }} />
              </span>
              <span className="category-bar-value">{formatMeasure(measure, row.values[measure])}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** One widget: its query run over the page's range and zone, drawn as its type says. */
export function WidgetView({ widget, fromMs, toMs, timeZone }: { widget: Widget; fromMs: number; toMs: number; timeZone: string }) {
  const api = useApi();
  const { session } = useSession();
  const { query } = widget;
  const body = {
    ...query,
    from: new Date(fromMs).toISOString(),
    to: new Date(toMs).toISOString(),
    ...(query.time ? { time: { bucket: bucketFor(query.time.bucket, fromMs, toMs), timeZone } } : {}),
  };
  const answer = useQuery({ queryKey: ['metrics', session?.projectId, body], queryFn: () => api.queryMetrics(body) });
  const result = answer.data;
  return (
    <section className={`widget widget-${widget.type}`} style={{ gridColumn: `${widget.layout.x + 1} / span ${widget.layout.w}`, gridRow: `${widget.layout.y + 1} / span ${widget.layout.h}` }} aria-label={widget.title}>
      <h2>{widget.title}</h2>
      <ProblemAlert error={answer.error} />
      {!result && !answer.error && <p className="muted">Loading…</p>}
      {result && widget.type === 'number' && (
        <p className="widget-number">
          <Link to={drillDown(fromMs, toMs, []).href}>{formatMeasure(result.measures[0], result.rows[0]?.values[result.measures[0]] ?? (result.measures[0] === 'traceCount' ? 0 : null))}</Link>
        </p>
      )}
      {result && result.rows.length === 0 && widget.type !== 'number' && <p className="empty">No traces in this range.</p>}
      {result && result.rows.length > 0 && (widget.type === 'line' || (widget.type === 'bar' && result.time)) && (
        <>
          <TimeChart result={result} bars={widget.type === 'bar'} title={widget.title} toMs={toMs} />
          <details>
            <summary>Data</summary>
            <RowsTable result={result} title={widget.title} fromMs={fromMs} toMs={toMs} />
          </details>
        </>
      )}
      {result && result.rows.length > 0 && widget.type === 'bar' && !result.time && <CategoryBars result={result} fromMs={fromMs} toMs={toMs} />}
      {result && result.rows.length > 0 && widget.type === 'table' && <RowsTable result={result} title={widget.title} fromMs={fromMs} toMs={toMs} />}
    </section>
  );
}
