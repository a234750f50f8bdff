import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { ApiClient } from '../api/client';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';
import { preview } from '../datasets/json-field';
import { formatP, SignificanceBadge } from './significance-badge';

type Result = Schemas['ExperimentResult'];
type Item = Schemas['DatasetItem'];

const fixed = (value: number | null): string => (value === null ? '—' : value.toFixed(4));
const signed = (value: number | null): string => (value === null ? '—' : `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(4)}`);

async function allResults(api: ApiClient, datasetId: string, runId: string): Promise<Result[]> {
  const all: Result[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.listExperimentResults(datasetId, runId, { limit: 100, ...(cursor ? { cursor } : {}) });
    all.push(...page.results);
    cursor = page.page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}

async function itemsAt(api: ApiClient, datasetId: string, version: number): Promise<Item[]> {
  const all: Item[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.listDatasetItems(datasetId, { version, includeArchived: true, limit: 100, ...(cursor ? { cursor } : {}) });
    all.push(...page.items);
    cursor = page.page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}

/** A score as a number for deltas: booleans count as 1/0, categories are not compared. */
const numeric = (value: unknown): number | null => (typeof value === 'number' ? value : typeof value === 'boolean' ? (value ? 1 : 0) : null);
const scoreOf = (result: Result | undefined, name: string): number | null => numeric(result?.scores.find((s) => s.name === name)?.value);

function ResultCell({ result }: { result: Result | undefined }) {
  if (!result) return <td className="muted">no result</td>;
  return (
    <td>
      {result.error ? <p className="span-error">Failed: {result.error}</p> : <p>{preview(result.output)}</p>}
      {result.scores.length > 0 && (
        <p className="small">
          {result.scores.map((s) => `${s.name} ${String(s.value)}`).join(' · ')}
        </p>
      )}
      {result.traceId && (
        <Link className="small" to={`/traces/${encodeURIComponent(result.traceId)}`}>
          trace
        </Link>
      )}
    </td>
  );
}

/** `/datasets/:datasetId/compare?baseline=…&candidate=…` — the statistics per score, then every item side by side. */
export function ComparePage() {
  const api = useApi();
  const { session } = useSession();
  const { datasetId = '' } = useParams();
  const [params] = useSearchParams();
  const baseline = params.get('baseline') ?? '';
  const candidates = params.getAll('candidate');
  const project = session?.projectId;

  const comparison = useQuery({
    queryKey: ['comparison', project, datasetId, baseline, candidates.join(',')],
    queryFn: () => api.compareExperimentRuns(datasetId, { baseline, candidate: candidates }),
    enabled: baseline !== '' && candidates.length > 0,
  });
  const runs = useQuery({ queryKey: ['experiment-runs', project, datasetId], queryFn: () => api.listExperimentRuns(datasetId, { limit: 100 }) });
  const runIds = [baseline, ...candidates];
  const results = useQuery({
    queryKey: ['comparison-results', project, datasetId, runIds.join(',')],
    queryFn: async () => Promise.all(runIds.map((id) => allResults(api, datasetId, id))),
    enabled: baseline !== '' && candidates.length > 0,
  });
  const pinned = runs.data?.runs.find((r) => r.id === candidates[0])?.datasetVersion;
  const items = useQuery({
    queryKey: ['dataset-items', project, datasetId, pinned, 'compare'],
    queryFn: () => itemsAt(api, datasetId, pinned!),
    enabled: pinned !== undefined,
  });
  const runName = (id: string) => runs.data?.runs.find((r) => r.id === id)?.name ?? id;

  const scoreNames = useMemo(() => [...new Set((comparison.data?.comparisons ?? []).map((c) => c.score))], [comparison.data]);
  const [sortScore, setSortScore] = useState<string>('');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const sortBy = sortScore || scoreNames[0] || '';

  const rows = useMemo(() => {
    if (!items.data || !results.data) return [];
    const byRun = results.data.map((list) => new Map(list.map((r) => [r.itemId, r])));
    const withDelta = items.data
      .filter((item) => byRun.some((map) => map.has(item.id)))
      .map((item) => {
        const baseScore = scoreOf(byRun[0].get(item.id), sortBy);
        const candidateScore = scoreOf(byRun[1]?.get(item.id), sortBy);
        return { item, results: byRun.map((map) => map.get(item.id)), delta: baseScore === null || candidateScore === null ? null : candidateScore - baseScore };
      });
    // Items without a delta (missing on a side) go last either way: they cannot be ranked.
    return withDelta.sort((a, b) => (a.delta === null ? 1 : b.delta === null ? -1 : order === 'asc' ? a.delta - b.delta : b.delta - a.delta));
  }, [items.data, results.data, sortBy, order]);

  return (
    <div className="exp-page">
      <p>
        <Link to={`/datasets/${datasetId}/runs`}>← Runs</Link>
      </p>
      <h1>Comparison with {runName(baseline)}</h1>
      <ProblemAlert error={comparison.error ?? results.error ?? items.error ?? runs.error} />
      {comparison.data && (
        <section aria-labelledby="aggregate-heading">
          <h2 id="aggregate-heading">Scores</h2>
          <p className="muted small">
            Paired by item. Difference = candidate − baseline with its 95 % bootstrap interval; p from the Wilcoxon signed-rank test (numbers) or exact McNemar (yes/no),
            adjusted with Holm across every row; significant when adjusted p &lt; {comparison.data.alpha}.
          </p>
          {comparison.data.comparisons.length === 0 && <p className="empty">No numeric or yes/no scores in common.</p>}
          {comparison.data.comparisons.length > 0 && (
            <table className="exp-aggregate">
              <thead>
                <tr>
                  <th scope="col">Score</th>
                  <th scope="col">Candidate</th>
                  <th scope="col" className="num">Pairs</th>
                  <th scope="col" className="num">Baseline mean</th>
                  <th scope="col" className="num">Candidate mean</th>
                  <th scope="col">Difference (95 % CI)</th>
                  <th scope="col" className="num">p</th>
                  <th scope="col" className="num">Adjusted p</th>
                  <th scope="col">Verdict</th>
                </tr>
              </thead>
              <tbody>
                {comparison.data.comparisons.map((row) => (
                  <tr key={`${row.score}-${row.candidateRunId}`}>
                    <th scope="row">{row.score}</th>
                    <td>{runName(row.candidateRunId)}</td>
                    <td className="num">
                      {row.pairs}
                      {row.baselineOnly + row.candidateOnly > 0 && <span className="muted small"> ({row.baselineOnly} baseline only, {row.candidateOnly} candidate only)</span>}
                    </td>
                    <td className="num">{fixed(row.baselineMean)}</td>
                    <td className="num">{fixed(row.candidateMean)}</td>
                    <td>
                      {signed(row.meanDifference)}
                      {row.confidenceInterval && ` (${signed(row.confidenceInterval.lower)} to ${signed(row.confidenceInterval.upper)})`}
                    </td>
                    <td className="num">{formatP(row.pValue)}</td>
                    <td className="num">{formatP(row.adjustedPValue)}</td>
                    <td>
                      <SignificanceBadge row={row} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {comparison.data.skipped.map((s) => (
            <p key={`${s.score}-${s.candidateRunId}`} className="muted small">
              {s.score} not compared: {s.reason === 'categorical' ? 'a categorical score' : 'its type differs between the runs'}.
            </p>
          ))}
        </section>
      )}
      <section aria-labelledby="items-heading">
        <h2 id="items-heading">Items side by side</h2>
        {scoreNames.length > 0 && (
          <div className="toolbar">
            <form className="inline" onSubmit={(e) => e.preventDefault()}>
              <label htmlFor="exp-sort-score">Sort by change in</label>
              <select id="exp-sort-score" value={sortBy} onChange={(e) => setSortScore(e.target.value)}>
                {scoreNames.map((name) => (
                  <option key={name}>{name}</option>
                ))}
              </select>
              <label htmlFor="exp-sort-order">Order</label>
              <select id="exp-sort-order" value={order} onChange={(e) => setOrder(e.target.value as 'asc' | 'desc')}>
                <option value="asc">worst change first</option>
                <option value="desc">best change first</option>
              </select>
            </form>
          </div>
        )}
        {rows.length > 0 && (
          <table className="exp-items">
            <thead>
              <tr>
                <th scope="col">Input</th>
                <th scope="col">Expected</th>
                {runIds.map((id, index) => (
                  <th scope="col" key={id}>
                    {index === 0 ? 'Baseline: ' : ''}
                    {runName(id)}
                  </th>
                ))}
                <th scope="col" className="num">
                  Δ {sortBy}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.item.id}>
                  <td>{preview(row.item.input)}</td>
                  <td>{preview(row.item.expectedOutput)}</td>
                  {row.results.map((result, index) => (
                    <ResultCell key={runIds[index]} result={result} />
                  ))}
                  <td className="num">{signed(row.delta)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
