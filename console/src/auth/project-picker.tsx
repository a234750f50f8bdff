import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from './session-context';
import { forgetProject, knownProjects, rememberProject, type KnownProject } from './session';
import { ProblemAlert } from '../ui/problem-alert';

/**
 * The projects to offer: `GET /projects` when the credential may list them; otherwise (a service
 * account, a token without `organization:read`) the projects this browser opened before.
 */
function useProjectChoices(): { projects: KnownProject[]; listed: boolean } {
  const { api, session } = useSession();
  const listing = useQuery({
    queryKey: ['projects', session?.kind],
    enabled: session !== null,
    retry: false,
    staleTime: 60_000,
    queryFn: () => api.listProjects(),
  });
  if (!listing.data) return { projects: knownProjects(), listed: false };
  return { projects: listing.data.projects.map((p) => ({ id: p.id, name: p.name, organizationName: p.organizationName })), listed: true };
}

/**
 * Choosing the project the console works in: the listed projects (or those used before), or any id,
 * checked by asking the service for it.
 */
export function ProjectPage() {
  const { store, api, session } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [projectId, setProjectId] = useState('');
  const [error, setError] = useState<unknown>(null);
  const returnTo = params.get('returnTo') ?? '/traces';
  const { projects, listed } = useProjectChoices();
  if (!session) return <p>Sign in first.</p>;

  const choose = async (id: string) => {
    setError(null);
    const previous = session.projectId;
    store.selectProject(id);
    try {
      const project = await api.getProject();
      rememberProject({ id: project.id, name: project.name, organizationName: project.organizationName });
      queryClient.clear();
      navigate(returnTo, { replace: true });
    } catch (failure) {
      if (previous) store.selectProject(previous);
      setError(failure);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void choose(projectId.trim());
  };

  return (
    <section className="narrow">
      <h1>Choose a project</h1>
      {projects.length > 0 && (
        <ul className="plain">
          {projects.map((p) => (
            <li key={p.id}>
              <button type="button" onClick={() => void choose(p.id)}>
                {p.organizationName} / {p.name}
              </button>{' '}
              {!listed && (
                <button type="button" className="link" aria-label={`Forget ${p.name}`} onClick={() => { forgetProject(p.id); setError(null); setProjectId(''); }}>
                  forget
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form className="card" onSubmit={submit}>
        <label htmlFor="project-id">Project id</label>
        <input id="project-id" required value={projectId} onChange={(e) => setProjectId(e.target.value)} />
        <button type="submit">Open project</button>
        <ProblemAlert error={error} />
      </form>
    </section>
  );
}

/** The header's switcher among the listed projects (or those this browser has used). */
export function ProjectSwitcher() {
  const { session, store } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { projects: choices } = useProjectChoices();
  if (!session) return null;
  // The current project stays selectable even when the listing does not include it (e.g. a known id).
  const current = knownProjects().find((p) => p.id === session.projectId);
  const projects = current && !choices.some((p) => p.id === current.id) ? [current, ...choices] : choices;
  // Grouped by organization, so the closed select shows the project's own name: "Org / Project" did not
  // fit the header's one row at 1400 px and was cut at its right edge.
  const organizations = [...new Set(projects.map((p) => p.organizationName))];
  const chosen = projects.find((p) => p.id === session.projectId);
  return (
    <label className="switcher">
      <span>Project</span>
      <select
        value={session.projectId ?? ''}
        title={chosen ? `${chosen.organizationName} / ${chosen.name}` : undefined}
        onChange={(e) => {
          if (e.target.value === '__add') return navigate('/projects');
          const chosen = projects.find((p) => p.id === e.target.value);
          store.selectProject(e.target.value);
          if (chosen) rememberProject(chosen);
          queryClient.clear();
          navigate('/traces');
        }}
      >
        {!session.projectId && <option value="">Choose…</option>}
        {organizations.map((organization) => (
          <optgroup key={organization} label={organization}>
            {projects
              .filter((p) => p.organizationName === organization)
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
          </optgroup>
        ))}
        {session.kind === 'oauth' && <option value="__add">Another project…</option>}
      </select>
    </label>
  );
}
