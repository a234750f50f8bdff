import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useApi, useSession } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';
import { bucketEnd, bucketFor } from './time-range';
import { drillDown, unfilteredNote, type DrillDown } from './drill-down';
import { barAt, groupedBars, type DrawnBar } from './grouped-bars';
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

/** A bucket's start as a person reads it, in the answer's zone. */
const bucketTime = (zone: string | undefined) => (ms: number) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, dateStyle: 'short', timeStyle: 'short' }).format(ms);

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

/** A clicked value whose trace list cannot be narrowed to it: what it is, why, and the wider list. */
interface Unfiltered {
  what: string;
  link: DrillDown;
}

/**
 * A line or time-bar chart (uPlot); a click on a point or bar opens that bucket's traces of that
 * series. Bars of several series stand side by side in each bucket, in legend order. When the trace
 * list cannot filter by a series' value (the Other group, say) the click says so under the chart instead of
 * opening a list that is not that value's.
 */
function TimeChart({ result, bars, title, toMs }: { result: Result; bars: boolean; title: string; toMs: number }) {
  const holder = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const [unfiltered, setUnfiltered] = useState<Unfiltered | null>(null);
  const { starts, series } = useMemo(() => seriesOf(result), [result]);
  // A series of dimension values is named in the legend even when it is the only one, so a bar or line says whose it is.
  const named = series.length > 1 || series.some((s) => s.groups.length > 0);
  const xPad = (starts.length > 1 ? Math.min(...starts.slice(1).map((t, i) => t - starts[i])) : 3_600_000) / 2000;
  const when = useMemo(() => bucketTime(result.time?.timeZone), [result]);
  useEffect(() => {
    if (!holder.current) return;
    const xs = starts.map((t) => t / 1000);
    // Each bar as last drawn, by series and bucket: what a click is matched against.
    const drawn = new Map<string, DrawnBar>();
    const keep = (bar: DrawnBar) => drawn.set(`${bar.series}:${bar.index}`, bar);
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
            // No points on bars: uPlot would draw them at the bucket's x, over the neighbouring series' bars.
            ...(bars ? { fill: `${PALETTE[i % PALETTE.length]}55`, paths: groupedBars(xs, xPad * 2, series.length, i, keep), points: { show: false } } : { spanGaps: false, points: { show: true, size: 6 } }),
            value: (_u: uPlot, v: number | null) => formatMeasure(s.measure, v),
          })),
        ],
        axes: [{}, { size: 60 }],
      },
      [xs, ...series.map((s) => s.values)] as uPlot.AlignedData,
      holder.current,
    );
    // The click is read from the event's own position over the plot area (not from uPlot's cursor,
    // which follows mouse moves and is not set by a click that arrives without one), and only there:
    // a click on the legend toggles a series instead.
    // A bar is the one drawn under the pointer (its series' own slot of the bucket); a point, the nearest.
    const hitAt = (left: number, top: number): { index: number; series: Series } | null => {
      if (!bars) return pointAt(chart, series, left, top);
      const bar = barAt(drawn.values(), left, (k) => chart.series[k + 1]?.show !== false);
      return bar && series[bar.series].values[bar.index] !== null ? { index: bar.index, series: series[bar.series] } : null;
    };
    const onClick = (event: MouseEvent) => {
      const box = chart.over.getBoundingClientRect();
      const hit = hitAt(event.clientX - box.left, event.clientY - box.top);
      if (!hit) return;
      const link = drillDown(starts[hit.index], bucketEnd(starts, hit.index, result.time?.bucket ?? 'hour', toMs), hit.series.groups);
      if (link.exact) navigate(link.href);
      else setUnfiltered({ what: `${hit.series.label || MEASURE_LABEL[hit.series.measure]} at ${when(starts[hit.index])}`, link });
    };
    chart.over.addEventListener('click', onClick);
    // Kept on the element for the browser tests, which click where uPlot drew a point or bar.
    Object.assign(holder.current, { uplot: chart, drawnBars: () => [...drawn.values()].map((bar) => ({ ...bar, label: series[bar.series].label })) });
    return () => {
      chart.over.removeEventListener('click', onClick);
      chart.destroy();
    };
  }, [starts, series, bars, result, named, xPad, navigate, toMs, when]);
  return (
    <>
      <div ref={holder} className="widget-chart" role="img" aria-label={`${title}: ${series.length} series over ${starts.length} buckets; select a point to open its traces`} />
      {unfiltered && (
        <p role="status" className="drill-note">
          {unfiltered.what}: {unfilteredNote(unfiltered.link.unfiltered)}. <Link to={unfiltered.link.href}>Open the traces of this bucket without that filter</Link>
        </p>
      )}
    </>
  );
}

/** A note under a table or bars whose values' trace lists could not all be narrowed to them. */
function UnfilteredNote({ links }: { links: readonly DrillDown[] }) {
  const missing = [...new Set(links.flatMap((l) => l.unfiltered))];
  if (missing.length === 0) return null;
  return <p className="drill-note muted">{unfilteredNote(missing)}: those values open the traces of their time range without that filter.</p>;
}

/** The answer as a table; each value links to the traces behind it (the drill-down without a pointer). */
function RowsTable({ result, title, fromMs, toMs }: { result: Result; title: string; fromMs: number; toMs: number }) {
  const starts = [...new Set(result.rows.map((r) => Date.parse(r.bucketStart ?? result.from)))].sort((a, b) => a - b);
  const when = bucketTime(result.time?.timeZone);
  const links = result.rows.map((row) => {
    const start = row.bucketStart ? Date.parse(row.bucketStart) : fromMs;
    const end = row.bucketStart ? bucketEnd(starts, starts.indexOf(start), result.time!.bucket, toMs) : toMs;
    return { start, link: drillDown(Math.max(start, fromMs), end, row.groups) };
  });
  return (
    <>
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
            const { start, link } = links[i];
            return (
              <tr key={i}>
                {result.time && <td>{when(start)}</td>}
                {row.groups.map((g) => (
                  <td key={g.dimension}>{groupLabel(g)}</td>
                ))}
                {result.measures.map((m) => (
                  <td key={m} className="num">
                    <Link to={link.href} title={link.exact ? 'Open these traces' : `Open the traces of this time range (${unfilteredNote(link.unfiltered).toLowerCase()})`}>
                      {formatMeasure(m, row.values[m])}
                    </Link>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <UnfilteredNote links={links.map((l) => l.link)} />
    </>
  );
}

/** Bars of one value per dimension value (no time): a bar is a link to that value's traces. */
function CategoryBars({ result, fromMs, toMs }: { result: Result; fromMs: number; toMs: number }) {
  const measure = result.measures[0];
  const max = Math.max(0, ...result.rows.map((r) => r.values[measure] ?? 0));
  const links = result.rows.map((row) => drillDown(fromMs, toMs, row.groups));
  return (
    <>
      <ul className="widget-bars">
        {result.rows.map((row, i) => {
          const value = row.values[measure] ?? 0;
          const link = links[i];
          return (
            <li key={i}>
              <Link to={link.href} title={link.exact ? 'Open these traces' : `Open the traces of this time range (${unfilteredNote(link.unfiltered).toLowerCase()})`}>
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
      <UnfilteredNote links={links} />
    </>
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
