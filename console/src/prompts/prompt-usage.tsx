import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';
import { formatCost, formatCount, formatLatency, formatTime } from '../ui/format';

type VersionUsage = Schemas['PromptVersionUsage'];

/** The windows offered; the service caps a window at 90 days, and its own default is 7. */
const WINDOWS = [
  { days: 1, label: 'Last 24 hours' },
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
] as const;
const DAY_MS = 86_400_000;

const formatShare = (share: number | null): string => (share === null ? '—' : `${(share * 100).toLocaleString(undefined, { maximumFractionDigits: 1 })} %`);
const formatMean = (mean: number): string => mean.toLocaleString(undefined, { maximumFractionDigits: 3 });

/**
 * How each version did (getPromptUsage): the traces created in the chosen window that used it, their
 * latency percentiles, cost, error rate and numeric trace-score means — the service computes every
 * number; this table only formats them.
 */
export function PromptUsage({ name }: { name: string }) {
  const api = useApi();
  const { session } = useSession();
  const [days, setDays] = useState<number>(7);
  const id = useId();
  // The window ends at the moment of the read (the browser's clock), so a refetch moves it along.
  const usage = useQuery({
    queryKey: ['prompts', session?.projectId, 'usage', name, days],
    queryFn: () => {
      const to = new Date();
      return api.getPromptUsage(name, { from: new Date(to.getTime() - days * DAY_MS).toISOString(), to: to.toISOString() });
    },
  });
  const versions = usage.data?.versions ?? [];
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Usage by version</h2>
      <div className="inline">
        <label htmlFor={`${id}-window`}>Window</label>
        <select id={`${id}-window`} value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {WINDOWS.map((w) => (
            <option key={w.days} value={w.days}>
              {w.label}
            </option>
          ))}
        </select>
      </div>
      <ProblemAlert error={usage.error} />
      {usage.data && (
        <p className="muted">
          Traces created from {formatTime(usage.data.from)} to {formatTime(usage.data.to)} that some span of which recorded this prompt; a trace
          that used two versions counts for each. Latency percentiles interpolate between closest ranks.
        </p>
      )}
      {usage.data && versions.length === 0 && <p>No trace in this window used {name}.</p>}
      {versions.length > 0 && (
        <table className="prompts-usage">
          <caption className="visually-hidden">Usage of {name} by version, newest first</caption>
          <thead>
            <tr>
              <th scope="col" className="num">Version</th>
              <th scope="col" className="num">Traces</th>
              <th scope="col" className="num">Latency p50</th>
              <th scope="col" className="num">Latency p95</th>
              <th scope="col" className="num">Total cost</th>
              <th scope="col" className="num">Cost per trace</th>
              <th scope="col" className="num">Error rate</th>
              <th scope="col">Score means</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <UsageRow key={v.version} usage={v} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function UsageRow({ usage }: { usage: VersionUsage }) {
  return (
    <tr>
      <td className="num">v{usage.version}</td>
      <td className="num">{formatCount(usage.traceCount)}</td>
      <td className="num">{formatLatency(usage.latencyMs.p50)}</td>
      <td className="num">{formatLatency(usage.latencyMs.p95)}</td>
      <td className="num">{formatCost(usage.cost.total)}</td>
      <td className="num">{formatCost(usage.cost.average)}</td>
      <td className="num">{formatShare(usage.errorRate)}</td>
      <td>
        {usage.scores.length === 0 ? (
          <span className="muted">—</span>
        ) : (
          <ul className="prompts-usage-scores">
            {usage.scores.map((score) => (
              <li key={score.name}>
                {score.name} {formatMean(score.average)} <span className="muted">(n = {formatCount(score.count)})</span>
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}
