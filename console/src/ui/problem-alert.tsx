import { ApiProblem } from '../api/problem';

/** A failure as the service described it: title, detail, field errors and the request id to quote. */
export function ProblemAlert({ error }: { error: unknown }) {
  if (!error) return null;
  if (error instanceof ApiProblem) {
    return (
      <div role="alert" className="problem">
        <strong>{error.title}</strong> <span className="problem-status">({error.status}{error.code ? ` ${error.code}` : ''})</span>
        <p>{error.detail}</p>
        {error.fieldErrors.length > 0 && (
          <ul>
            {error.fieldErrors.map((e) => (
              <li key={e.path + e.message}>
                <code>{e.path}</code>: {e.message}
              </li>
            ))}
          </ul>
        )}
        {error.requestId && (
          <p className="muted">
            Request id: <code>{error.requestId}</code>
          </p>
        )}
      </div>
    );
  }
  return (
    <div role="alert" className="problem">
      <strong>Something went wrong</strong>
      <p>{error instanceof Error ? error.message : String(error)}</p>
    </div>
  );
}
