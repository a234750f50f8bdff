import { Link } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { useCursorPages } from '../ui/cursor-pages';
import { PagedList } from '../ui/paged-list';
import { formatCost, formatCount } from '../ui/format';
import { EvaluationBudget } from './budget';
import { ModelConnections } from './model-connections';
import { CreateEvaluator } from './evaluator-form';

const PAGE = 20;

/** LLM-as-judge evaluation: the evaluators (state, sampling, today's spend), the budget and the model connections. */
export function EvaluatorsPage() {
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const pages = useCursorPages();
  const evaluators = useQuery({
    queryKey: ['evaluators', session?.projectId, pages.cursor],
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: () => api.listEvaluators({ limit: PAGE, cursor: pages.cursor }),
  });
  const toggle = useMutation({
    mutationFn: (change: { id: string; isActive: boolean }) => api.updateEvaluator(change.id, { isActive: change.isActive }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['evaluators'] }),
  });
  const list = evaluators.data?.evaluators ?? [];
  return (
    <section>
      <h1>Evaluators</h1>
      <p className="muted">An evaluator asks a model to score new traces (LLM-as-judge); its scores appear on the traces. Open one for its runs.</p>
      <PagedList page={evaluators.data?.page} items={list} pages={pages} error={evaluators.error ?? toggle.error} pagerLabel="Evaluator pages"
        empty={<p className="empty">No evaluators yet. Add a model connection, then an evaluator below.</p>}>
        {(items) => (
          <table>
            <caption className="visually-hidden">Evaluators, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Template</th>
                <th scope="col">Score</th>
                <th scope="col">State</th>
                <th scope="col" className="num">
                  Sampling
                </th>
                <th scope="col" className="num">
                  Spent today
                </th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {items.map((e) => (
                <tr key={e.id}>
                  <td>
                    <Link to={`/evaluators/${e.id}`}>{e.name}</Link>
                  </td>
                  <td>{e.template}</td>
                  <td>{e.scoreName}</td>
                  <td>
                    {e.state}
                    {e.pausedReason && ` (${e.pausedReason})`}
                  </td>
                  <td className="num">{Math.round(e.samplingRate * 100)}%</td>
                  <td className="num">
                    {formatCost(e.spentTodayUsd)}, {formatCount(e.spentTodayTokens)} tokens
                  </td>
                  <td>
                    <button type="button" disabled={toggle.isPending} onClick={() => toggle.mutate({ id: e.id, isActive: e.state === 'inactive' })}>
                      {e.state === 'inactive' ? 'Enable' : 'Disable'}
                      <span className="visually-hidden"> {e.name}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PagedList>
      <CreateEvaluator />
      <EvaluationBudget />
      <ModelConnections />
    </section>
  );
}
