import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ConfirmDelete } from '../ui/confirm-delete';
import { FieldError, FieldErrors } from '../ui/field-errors';
import { ProblemAlert } from '../ui/problem-alert';
import { AnalyticsTabs } from './analytics-tabs';
import { draftOf, MAX_WIDGETS, NEW_WIDGET, widgetsOf, type WidgetDraft } from './widget-draft';
import { WidgetForm } from './widget-form';

interface Draft {
  name: string;
  description: string;
  widgets: WidgetDraft[];
}

/**
 * `/dashboards/new` (optionally `?copy=<id>`, e.g. of the read-only built-in) and
 * `/dashboards/:dashboardId/edit`: name, description and the widgets in order. Saving sends the
 * whole list (create, or a PATCH that replaces it); the service's field errors are shown at the
 * fields they name. The built-in dashboard is not editable (the service answers 409): it can be copied.
 */
export function DashboardEditorPage() {
  const api = useApi();
  const { session } = useSession();
  const { dashboardId } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const sourceId = dashboardId ?? params.get('copy');
  // The view's range and zone (kept in the address), to return to the same view.
  const view = (() => {
    const next = new URLSearchParams(params);
    next.delete('copy');
    return next.toString() ? `?${next.toString()}` : '';
  })();
  const source = useQuery({ queryKey: ['dashboard', session?.projectId, sourceId], queryFn: () => api.getDashboard(sourceId!), enabled: !!sourceId });
  const [draft, setDraft] = useState<Draft | null>(sourceId ? null : { name: '', description: '', widgets: [{ ...NEW_WIDGET }] });

  useEffect(() => {
    if (!source.data || draft) return;
    const d = source.data;
    setDraft({ name: dashboardId ? d.name : `Copy of ${d.name}`, description: d.description, widgets: d.widgets.map(draftOf) });
  }, [source.data, draft, dashboardId]);

  const refresh = () => queries.invalidateQueries({ queryKey: ['dashboards'] }).then(() => queries.invalidateQueries({ queryKey: ['dashboard'] }));
  const save = useMutation({
    mutationFn: async (d: Draft) => {
      const body = { name: d.name, description: d.description, widgets: widgetsOf(d.widgets) };
      return dashboardId ? api.updateDashboard(dashboardId, body) : api.createDashboard(body);
    },
    onSuccess: async (saved) => {
      await refresh();
      navigate(`/dashboards/${saved.id}${view}`);
    },
  });
  const remove = useMutation({
    mutationFn: () => api.deleteDashboard(dashboardId!),
    onSuccess: async () => {
      await refresh();
      navigate(`/dashboards${view}`);
    },
  });

  const errors = FieldErrors.of(save.error);
  const builtIn = !!dashboardId && source.data?.builtIn === true;
  const setWidgets = (widgets: WidgetDraft[]) => draft && setDraft({ ...draft, widgets });
  const move = (index: number, delta: -1 | 1) => {
    if (!draft) return;
    const next = [...draft.widgets];
    [next[index], next[index + delta]] = [next[index + delta], next[index]];
    setWidgets(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) save.mutate(draft);
  };

  return (
    <div className="dashboard-editor">
      <AnalyticsTabs />
      <h1>{dashboardId ? `Edit ${source.data?.name ?? 'dashboard'}` : 'New dashboard'}</h1>
      <ProblemAlert error={source.error} />
      {builtIn && (
        <p role="status">
          The built-in dashboard cannot be changed. <Link to={`/dashboards/new?copy=${encodeURIComponent(dashboardId!)}${view ? `&${view.slice(1)}` : ''}`}>Copy it to a new dashboard</Link> to change its widgets.
        </p>
      )}
      {draft && !builtIn && (
        <form onSubmit={submit} noValidate className="dashboard-form">
          <div className="field">
            <label htmlFor="dashboard-name">Name</label>
            <input id="dashboard-name" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} aria-invalid={errors.at('/body/name').length > 0 || undefined} aria-describedby="dashboard-name-error" />
            <FieldError id="dashboard-name-error" messages={errors.at('/body/name')} />
          </div>
          <div className="field">
            <label htmlFor="dashboard-description">Description</label>
            <textarea id="dashboard-description" rows={2} value={draft.description} onChange={(e) => setDraft({ ...draft, description: e.target.value })} aria-describedby="dashboard-description-error" />
            <FieldError id="dashboard-description-error" messages={errors.at('/body/description')} />
          </div>
          <h2>Widgets</h2>
          <FieldError id="dashboard-widgets-error" messages={errors.exactly('/body/widgets')} />
          {draft.widgets.map((widget, i) => (
            <WidgetForm
              key={i}
              index={i}
              count={draft.widgets.length}
              draft={widget}
              errors={errors}
              onChange={(next) => setWidgets(draft.widgets.map((w, j) => (j === i ? next : w)))}
              onMove={(delta) => move(i, delta)}
              onRemove={() => setWidgets(draft.widgets.filter((_, j) => j !== i))}
            />
          ))}
          <p>
            <button type="button" onClick={() => setWidgets([...draft.widgets, { ...NEW_WIDGET }])} disabled={draft.widgets.length >= MAX_WIDGETS}>
              Add widget
            </button>
          </p>
          <div className="dashboard-form-actions">
            <button type="submit" disabled={save.isPending}>
              {dashboardId ? 'Save dashboard' : 'Create dashboard'}
            </button>
            <Link to={`${dashboardId ? `/dashboards/${encodeURIComponent(dashboardId)}` : '/dashboards'}${view}`}>Cancel</Link>
            {dashboardId && <ConfirmDelete question={`Delete the dashboard "${source.data?.name ?? ''}"?`} pending={remove.isPending} onConfirm={() => remove.mutate()} />}
          </div>
          <ProblemAlert error={save.error ?? remove.error} />
        </form>
      )}
    </div>
  );
}
