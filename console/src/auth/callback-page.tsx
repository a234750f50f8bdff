import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from './session-context';
import { ProblemAlert } from '../ui/problem-alert';

/** Where the authorization server sends the browser back with a code. */
export function CallbackPage() {
  const { store } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);
  useEffect(() => {
    // A code is single-use: StrictMode's second effect run must not exchange it again.
    if (started.current) return;
    started.current = true;
    store
      .completeOAuth(new URLSearchParams(location.search))
      .then((returnTo) => navigate(store.current?.projectId ? returnTo : `/projects?returnTo=${encodeURIComponent(returnTo)}`, { replace: true }))
      .catch(setError);
  }, [store, navigate]);
  return (
    <section className="narrow">
      <h1>Signing in…</h1>
      <ProblemAlert error={error} />
      {error !== null && <Link to="/sign-in">Back to sign-in</Link>}
    </section>
  );
}
