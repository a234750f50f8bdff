import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from './session-context';
import { ProblemAlert } from '../ui/problem-alert';
import { ApiProblem } from '../api/problem';

/** Where the authorization server sends the browser back with a code. */
export function CallbackPage() {
  const { store, api } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);
  useEffect(() => {
    // A code is single-use: StrictMode's second effect run must not exchange it again.
    if (started.current) return;
    started.current = true;
    store
      .completeOAuth(new URLSearchParams(location.search))
      .then(async (returnTo) => {
        // The last project this browser used opens again, if this account may still open it (another
        // person may have used the browser, or access may have ended): otherwise the project page asks.
        if (store.current?.projectId) {
          try {
            await api.getProject();
          } catch (failure) {
            // Refused (403/404): ask. Anything else (the network, a 5xx) says nothing about access: keep it.
            if (failure instanceof ApiProblem && (failure.status === 403 || failure.status === 404)) store.selectProject(null);
          }
        }
        navigate(store.current?.projectId ? returnTo : `/projects?returnTo=${encodeURIComponent(returnTo)}`, { replace: true });
      })
      .catch(setError);
  }, [store, api, navigate]);
  return (
    <section className="narrow">
      <h1>Signing in…</h1>
      <ProblemAlert error={error} />
      {error !== null && <Link to="/sign-in">Back to sign-in</Link>}
    </section>
  );
}
