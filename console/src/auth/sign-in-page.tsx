import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from './session-context';
import { rememberProject } from './session';
import { ProblemAlert } from '../ui/problem-alert';

/** Three ways in: the user account (OAuth code + PKCE at this server), single sign-on by work email (the same flow, sent on to the identity provider), or a pasted API key. */
export function SignInPage() {
  const { store, api } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = params.get('returnTo') ?? '/traces';
  const [apiKey, setApiKey] = useState('');
  const [projectId, setProjectId] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [ssoEmail, setSsoEmail] = useState('');

  const useKey = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    store.signInWithApiKey(apiKey.trim(), projectId.trim() || null);
    try {
      const project = await api.getProject();
      rememberProject({ id: project.id, name: project.name, organizationName: project.organizationName });
      store.selectProject(project.id);
      navigate(returnTo, { replace: true });
    } catch (failure) {
      await store.signOut();
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="narrow">
      <h1>Sign in to Tracewell</h1>
      <div className="card">
        <h2>With your account</h2>
        <p>You sign in on this server's page; the console receives a short-lived token and never sees your password.</p>
        <button type="button" className="primary" onClick={() => void store.beginOAuth(returnTo)}>
          Sign in with your account
        </button>
      </div>
      <form
        className="card"
        aria-labelledby="sso-heading"
        onSubmit={(event) => {
          event.preventDefault();
          void store.beginOAuth(returnTo, ssoEmail.trim());
        }}
      >
        <h2 id="sso-heading">With single sign-on</h2>
        <p>If your organization signs in through its identity provider (Okta, Entra ID, Google, Keycloak…), enter your work email.</p>
        <label htmlFor="sso-email">Work email</label>
        <input id="sso-email" type="email" autoComplete="username" required value={ssoEmail} onChange={(e) => setSsoEmail(e.target.value)} />
        <button type="submit">Continue with SSO</button>
      </form>
      <form className="card" onSubmit={useKey} aria-labelledby="api-key-heading">
        <h2 id="api-key-heading">With an API key</h2>
        <p>For a quick look. The key stays in this tab only and is gone when you close it.</p>
        <label htmlFor="api-key">API key</label>
        <input id="api-key" type="password" autoComplete="off" required value={apiKey} onChange={(e) => setApiKey(e.target.value)} />
        <label htmlFor="api-key-project">Project id (only for organization keys)</label>
        <input id="api-key-project" value={projectId} onChange={(e) => setProjectId(e.target.value)} />
        <button type="submit" disabled={busy}>
          Use API key
        </button>
        <ProblemAlert error={error} />
      </form>
    </section>
  );
}
