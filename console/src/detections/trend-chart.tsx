import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface TrendPoint {
  timestamp: string;
  count: number;
}

/** Firings per bucket as bars (uPlot), with the same numbers as a table for screen readers. */
export function TrendChart({ points, label }: { points: TrendPoint[]; label: string }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!holder.current) return;
    const xs = points.map((p) => Date.parse(p.timestamp) / 1000);
    const ys = points.map((p) => p.count);
    const chart = new uPlot(
      {
        width: Math.max(320, holder.current.clientWidth),
        height: 180,
        legend: { show: false },
        cursor: { show: true },
        scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        series: [{}, { label: 'firings', stroke: '#1f5fbf', fill: 'rgba(31,95,191,0.25)', paths: uPlot.paths.bars!({ size: [0.8, 40] }) }],
        axes: [{}, { label: 'firings' }],
      },
      [xs, ys],
      holder.current,
    );
    return () => chart.destroy();
  }, [points]);
  return (
    <figure className="trend">
      <div ref={holder} role="img" aria-label={`${label}: ${points.reduce((n, p) => n + p.count, 0)} firings in ${points.length} buckets`} />
      <figcaption className="visually-hidden">
        <table>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">Bucket start</th>
              <th scope="col">Firings</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.timestamp}>
                <td>{p.timestamp}</td>
                <td>{p.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
