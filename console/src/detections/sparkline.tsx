import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** A small daily-count line (uPlot) for a table row; its accessible name says the total and the span. */
export function Sparkline({ days, label }: { days: { date: string; count: number }[]; label: string }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!holder.current) return;
    const chart = new uPlot(
      {
        width: 120,
        height: 28,
        legend: { show: false },
        cursor: { show: false },
        axes: [{ show: false }, { show: false }],
        scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        series: [{}, { stroke: '#1f5fbf', fill: 'rgba(31,95,191,0.2)', width: 1.5 }],
      },
      [days.map((_d, i) => i), days.map((d) => d.count)],
      holder.current,
    );
    return () => chart.destroy();
  }, [days]);
  const total = days.reduce((n, d) => n + d.count, 0);
  return <div className="sparkline" ref={holder} role="img" aria-label={`${label}: ${total} traces in ${days.length} days`} />;
}
