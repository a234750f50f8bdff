import { useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';

const STEP_PAGE = 500;

/** The investigation steps of a fix, oldest first (the first 500; the count says when there are more). */
export function FixSteps({ fixId }: { fixId: string }) {
  const api = useApi();
  const { session } = useSession();
  const steps = useQuery({ queryKey: ['fix-steps', session?.projectId, fixId], queryFn: () => api.listFixSteps(fixId, { limit: STEP_PAGE }) });
  const list = steps.data?.steps ?? [];
  return (
    <section aria-labelledby="fix-steps-heading">
      <h3 id="fix-steps-heading">
        Investigation steps {steps.data && <span className="count">({steps.data.totalCount})</span>}
      </h3>
      <ProblemAlert error={steps.error} />
      {steps.data && list.length === 0 && <p className="muted">No investigation steps yet.</p>}
      <ol className="steps">
        {list.map((step) => (
          <li key={step.id}>
            <strong>{step.action}</strong> <span className="muted">by {step.agent}, {new Date(step.createdAt).toLocaleString()}</span>
            {step.finding && <p>{step.finding}</p>}
          </li>
        ))}
      </ol>
      {steps.data && steps.data.totalCount > list.length && <p className="muted">Showing the first {list.length} of {steps.data.totalCount}.</p>}
    </section>
  );
}
