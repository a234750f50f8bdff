import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import { formatCost, formatCount, formatTime } from '../ui/format';

const limitText = (n: number | null) => (n === null ? '' : String(n));
/** Empty = no limit (the contract's null). */
const limitOf = (text: string) => (text.trim() === '' ? null : Number(text));

/** The project's evaluation budget (UTC day, over all evaluators): today's spend, the limits and a pause. */
export function EvaluationBudget() {
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const key = ['evaluation-budget', session?.projectId];
  const budget = useQuery({ queryKey: key, queryFn: () => api.getEvaluationBudget(), retry: false });
  const [usd, setUsd] = useState('');
  const [tokens, setTokens] = useState('');
  // Typed limits win over a load or refetch that lands afterwards; a save makes the form clean again.
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    if (!budget.data || dirty) return;
    setUsd(limitText(budget.data.dailyBudgetUsd));
    setTokens(limitText(budget.data.dailyBudgetTokens));
  }, [budget.data, dirty]);
  const save = useMutation({
    mutationFn: () => api.setEvaluationBudget({ dailyBudgetUsd: limitOf(usd), dailyBudgetTokens: limitOf(tokens) }),
    onSuccess: (saved) => {
      setDirty(false);
      queryClient.setQueryData(key, saved);
      void queryClient.invalidateQueries({ queryKey: ['evaluators'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const b = budget.data;
  return (
    <section className="card" aria-labelledby="ev-budget-heading">
      <h2 id="ev-budget-heading">Evaluation budget (per UTC day, all evaluators)</h2>
      <ProblemAlert error={budget.error} />
      {b && (
        <dl className="facts">
          <div>
            <dt>Spent today</dt>
            <dd>
              {formatCost(b.spentTodayUsd)} of {b.dailyBudgetUsd === null ? 'no dollar limit' : formatCost(b.dailyBudgetUsd)}
            </dd>
          </div>
          <div>
            <dt>Tokens today</dt>
            <dd>
              {formatCount(b.spentTodayTokens)} of {b.dailyBudgetTokens === null ? 'no token limit' : formatCount(b.dailyBudgetTokens)}
            </dd>
          </div>
          <div>
            <dt>State</dt>
            <dd>
              {b.state}
              {b.pausedReason && ` — ${b.pausedReason}`}
              {b.resumesAt && `, resumes ${formatTime(b.resumesAt)}`}
            </dd>
          </div>
        </dl>
      )}
      <form onSubmit={submit} className="inline-form">
        <label htmlFor="ev-budget-usd">Daily limit in dollars (empty: none)</label>
        <input id="ev-budget-usd" type="number" min="0" max="1000000" step="any" value={usd} onChange={(e) => {
            setDirty(true);
            setUsd(e.target.value);
          }} />
        <label htmlFor="ev-budget-tokens">Daily limit in tokens (empty: none)</label>
        <input id="ev-budget-tokens" type="number" min="0" max="1000000000" step="1" value={tokens} onChange={(e) => {
            setDirty(true);
            setTokens(e.target.value);
          }} />
        <button type="submit" disabled={save.isPending}>
          Save budget
        </button>
        <ProblemAlert error={save.error} />
      </form>
    </section>
  );
}
