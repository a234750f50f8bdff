import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';
import { ConfirmDelete } from '../ui/confirm-delete';
import { EditCard } from '../ui/edit-form';
import { useCursorPages } from '../ui/cursor-pages';
import { PagedList } from '../ui/paged-list';
import { formatCost, formatCount, formatTime } from '../ui/format';
import { RuleBuilder, rowsOf, type RuleRow } from '../detections/rule-builder';
import { filterTreeOf } from './evaluator-form';

const PAGE = 20;
const limitText = (n: number | null) => (n === null ? '' : String(n));
const limitOf = (text: string) => (text.trim() === '' ? null : Number(text));

/** /evaluators/{id}: its settings (sampling, budget, on/off), delete, and its runs. */
export function EvaluatorPage() {
  const { evaluatorId = '' } = useParams();
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const key = ['evaluator', session?.projectId, evaluatorId];
  const evaluator = useQuery({ queryKey: key, queryFn: () => api.getEvaluator(evaluatorId), retry: false });
  const changed = (e: Schemas['Evaluator']) => {
    queryClient.setQueryData(key, e);
    void queryClient.invalidateQueries({ queryKey: ['evaluators'] });
  };
  const toggle = useMutation({ mutationFn: (isActive: boolean) => api.updateEvaluator(evaluatorId, { isActive }), onSuccess: changed });
  const remove = useMutation({
    mutationFn: () => api.deleteEvaluator(evaluatorId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['evaluators'] });
      navigate('/evaluators');
    },
  });
  const e = evaluator.data;
  return (
    <section>
      <p>
        <Link to="/evaluators">All evaluators</Link>
      </p>
      <ProblemAlert error={evaluator.error} />
      {e && (
        <>
          <h1>Evaluator {e.name}</h1>
          <dl className="facts">
            <div>
              <dt>State</dt>
              <dd>
                {e.state}
                {e.pausedReason && ` (${e.pausedReason})`}
              </dd>
            </div>
            <div>
              <dt>Template</dt>
              <dd>{e.template}</dd>
            </div>
            <div>
              <dt>Score name</dt>
              <dd>{e.scoreName}</dd>
            </div>
            <div>
              <dt>Variables</dt>
              <dd>
                {Object.entries(e.variables)
                  .map(([name, field]) => `{{${name}}} = ${field}`)
                  .join(', ') || '—'}
              </dd>
            </div>
            <div>
              <dt>Spent today</dt>
              <dd>
                {formatCost(e.spentTodayUsd)} of {e.dailyBudgetUsd === null ? 'no dollar limit' : formatCost(e.dailyBudgetUsd)}; {formatCount(e.spentTodayTokens)} tokens of{' '}
                {e.dailyBudgetTokens === null ? 'no token limit' : formatCount(e.dailyBudgetTokens)}
              </dd>
            </div>
          </dl>
          <details>
            <summary>Prompt</summary>
            <pre className="ev-prompt">{e.prompt}</pre>
          </details>
          <div className="toolbar">
            <button type="button" disabled={toggle.isPending} onClick={() => toggle.mutate(e.state === 'inactive')}>
              {e.state === 'inactive' ? 'Enable' : 'Disable'}
            </button>
            <ConfirmDelete question="Delete this evaluator? Its scores stay." pending={remove.isPending} onConfirm={() => remove.mutate()} />
          </div>
          <ProblemAlert error={toggle.error ?? remove.error} />
          <EditEvaluator evaluator={e} onSaved={changed} />
          <Runs evaluatorId={e.id} />
        </>
      )}
    </section>
  );
}

function EditEvaluator({ evaluator, onSaved }: { evaluator: Schemas['Evaluator']; onSaved: (e: Schemas['Evaluator']) => void }) {
  const api = useApi();
  const [sampling, setSampling] = useState(String(evaluator.samplingRate));
  const [usd, setUsd] = useState(limitText(evaluator.dailyBudgetUsd));
  const [tokens, setTokens] = useState(limitText(evaluator.dailyBudgetTokens));
  const [rules, setRules] = useState<RuleRow[]>(rowsOf(evaluator.filters));
  useEffect(() => {
    setRules(rowsOf(evaluator.filters));
    setSampling(String(evaluator.samplingRate));
    setUsd(limitText(evaluator.dailyBudgetUsd));
    setTokens(limitText(evaluator.dailyBudgetTokens));
  }, [evaluator]);
  const save = useMutation({
    mutationFn: () => api.updateEvaluator(evaluator.id, { samplingRate: Number(sampling), filters: filterTreeOf(rules), dailyBudgetUsd: limitOf(usd), dailyBudgetTokens: limitOf(tokens) }),
    onSuccess: onSaved,
  });
  return (
    <EditCard idPrefix="ev-edit" formClassName="inline-form" save={save} onSubmit={() => save.mutate()} submitLabel="Save evaluator">
      <label htmlFor="ev-edit-sampling">Sampling rate (0 to 1)</label>
      <input id="ev-edit-sampling" type="number" min="0" max="1" step="any" required value={sampling} onChange={(e) => setSampling(e.target.value)} />
      <label htmlFor="ev-edit-usd">Daily budget in dollars (empty: none)</label>
      <input id="ev-edit-usd" type="number" min="0" step="any" value={usd} onChange={(e) => setUsd(e.target.value)} />
      <label htmlFor="ev-edit-tokens">Daily budget in tokens (empty: none)</label>
      <input id="ev-edit-tokens" type="number" min="0" step="1" value={tokens} onChange={(e) => setTokens(e.target.value)} />
      <RuleBuilder idPrefix="ev-edit-rules" rows={rules} onChange={setRules} />
    </EditCard>
  );
}

function Runs({ evaluatorId }: { evaluatorId: string }) {
  const api = useApi();
  const { session } = useSession();
  const pages = useCursorPages();
  const runs = useQuery({
    queryKey: ['evaluator-runs', session?.projectId, evaluatorId, pages.cursor],
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: () => api.listEvaluatorRuns(evaluatorId, { limit: PAGE, cursor: pages.cursor }),
  });
  const list = runs.data?.runs ?? [];
  return (
    <section className="card" aria-labelledby="ev-runs-heading">
      <h2 id="ev-runs-heading">Runs</h2>
      <PagedList page={runs.data?.page} items={list} pages={pages} error={runs.error} pagerLabel="Run pages"
        empty={<p className="empty">No runs yet. New traces are evaluated as they arrive (at the sampling rate).</p>}>
        {(items) => (
          <table>
            <caption className="visually-hidden">Runs, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Trace</th>
                <th scope="col">Outcome</th>
                <th scope="col" className="num">
                  Tokens (prompt + completion)
                </th>
                <th scope="col" className="num">
                  Cost
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <tr key={r.id}>
                  <td>{formatTime(r.createdAt)}</td>
                  <td>
                    <Link to={`/traces/${encodeURIComponent(r.traceId)}`}>{r.traceId}</Link>
                  </td>
                  <td>
                    {r.outcome}
                    {r.error && `: ${r.error}`}
                  </td>
                  <td className="num">
                    {formatCount(r.promptTokens)} + {formatCount(r.completionTokens)}
                  </td>
                  <td className="num">{formatCost(r.costUsd)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PagedList>
    </section>
  );
}
