import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link, Navigate, NavLink, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from './auth/session-context';
import { SignInPage } from './auth/sign-in-page';
import { CallbackPage } from './auth/callback-page';
import { ProjectPage, ProjectSwitcher } from './auth/project-picker';
import { ThemeToggle } from './ui/theme-toggle';
import { Skeleton } from './ui/skeleton';
import { EmptyState } from './ui/empty-state';
import { focusSearchWhenShown, useSearchShortcut, wantsSearchFocus } from './ui/search-shortcut';
// In the entry, not a page chunk: the unread count shows in the navigation bar of every page.
import { NotificationsNavLink } from './notifications/unread-count';

/*
 * Each page is its own chunk (React.lazy): signing in loads the shell only, and opening a trace does
 * not pay for the detection form's or the settings' code. The sign-in, callback and project pages
 * stay in the entry, since every session starts on them.
 */
const TraceListPage = lazy(() => import('./traces/trace-list-page').then((m) => ({ default: m.TraceListPage })));
const DashboardsPage = lazy(() => import('./dashboards/dashboards-page').then((m) => ({ default: m.DashboardsPage })));
const DashboardEditorPage = lazy(() => import('./dashboards/dashboard-editor-page').then((m) => ({ default: m.DashboardEditorPage })));
const TracePage = lazy(() => import('./traces/trace-page').then((m) => ({ default: m.TracePage })));
const DetectionsPage = lazy(() => import('./detections/detections-page').then((m) => ({ default: m.DetectionsPage })));
const ClustersPage = lazy(() => import('./detections/clusters-page').then((m) => ({ default: m.ClustersPage })));
const ClusterPage = lazy(() => import('./detections/cluster-page').then((m) => ({ default: m.ClusterPage })));
const DetectionEditPage = lazy(() => import('./detections/detection-edit-page').then((m) => ({ default: m.DetectionEditPage })));
const FixBoardPage = lazy(() => import('./fixes/fix-board-page').then((m) => ({ default: m.FixBoardPage })));
const EmailPreferencesPage = lazy(() => import('./notifications/email-preferences').then((m) => ({ default: m.EmailPreferencesPage })));
const SettingsPage = lazy(() => import('./settings/settings-page').then((m) => ({ default: m.SettingsPage })));
const AnnotationsPage = lazy(() => import('./annotations/annotations-page').then((m) => ({ default: m.AnnotationsPage })));
const AnnotationBatchLink = lazy(() => import('./annotations/annotations-page').then((m) => ({ default: m.AnnotationBatchLink })));
const QueueNewPage = lazy(() => import('./annotations/queue-new-page').then((m) => ({ default: m.QueueNewPage })));
const QueuePage = lazy(() => import('./annotations/queue-page').then((m) => ({ default: m.QueuePage })));
const BatchPage = lazy(() => import('./annotations/batch-page').then((m) => ({ default: m.BatchPage })));
const WebhooksPage = lazy(() => import('./webhooks/webhooks-page').then((m) => ({ default: m.WebhooksPage })));
const ChannelsPage = lazy(() => import('./channels/channels-page').then((m) => ({ default: m.ChannelsPage })));
const WebhookPage = lazy(() => import('./webhooks/webhook-page').then((m) => ({ default: m.WebhookPage })));
const MonitorsPage = lazy(() => import('./monitors/monitors-page').then((m) => ({ default: m.MonitorsPage })));
const MonitorPage = lazy(() => import('./monitors/monitor-page').then((m) => ({ default: m.MonitorPage })));
const NewMonitorPage = lazy(() => import('./monitors/monitor-page').then((m) => ({ default: m.NewMonitorPage })));
const IncidentsPage = lazy(() => import('./monitors/incidents-page').then((m) => ({ default: m.IncidentsPage })));
const IncidentPage = lazy(() => import('./monitors/incidents-page').then((m) => ({ default: m.IncidentPage })));
const EvaluatorsPage = lazy(() => import('./evaluators/evaluators-page').then((m) => ({ default: m.EvaluatorsPage })));
const EvaluatorPage = lazy(() => import('./evaluators/evaluator-page').then((m) => ({ default: m.EvaluatorPage })));
const NotificationsPage = lazy(() => import('./notifications/notifications-page').then((m) => ({ default: m.NotificationsPage })));
const ServiceAccountsPage = lazy(() => import('./service-accounts/service-accounts-page').then((m) => ({ default: m.ServiceAccountsPage })));
const ServiceAccountPage = lazy(() => import('./service-accounts/service-account-page').then((m) => ({ default: m.ServiceAccountPage })));
const SsoPage = lazy(() => import('./identity/sso-page').then((m) => ({ default: m.SsoPage })));
const ScimPage = lazy(() => import('./identity/scim-page').then((m) => ({ default: m.ScimPage })));
const ModelPricesPage = lazy(() => import('./pricing/model-prices-page').then((m) => ({ default: m.ModelPricesPage })));
const PromptListPage = lazy(() => import('./prompts/prompt-list-page').then((m) => ({ default: m.PromptListPage })));
const PromptPage = lazy(() => import('./prompts/prompt-page').then((m) => ({ default: m.PromptPage })));
const PlaygroundPage = lazy(() => import('./playground/playground-page').then((m) => ({ default: m.PlaygroundPage })));
const DatasetsPage = lazy(() => import('./datasets/datasets-page').then((m) => ({ default: m.DatasetsPage })));
const DatasetPage = lazy(() => import('./datasets/dataset-page').then((m) => ({ default: m.DatasetPage })));
const RunsPage = lazy(() => import('./experiments/runs-page').then((m) => ({ default: m.RunsPage })));
const ComparePage = lazy(() => import('./experiments/compare-page').then((m) => ({ default: m.ComparePage })));
const SessionsPage = lazy(() => import('./sessions/sessions-page').then((m) => ({ default: m.SessionsPage })));
const SessionPage = lazy(() => import('./sessions/session-page').then((m) => ({ default: m.SessionPage })));
const UsersPage = lazy(() => import('./sessions/users-page').then((m) => ({ default: m.UsersPage })));
const UserPage = lazy(() => import('./sessions/user-page').then((m) => ({ default: m.UserPage })));

/** Pages that need a credential and a project; anything else goes to sign-in or the project page. */
function Authenticated({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={`/sign-in?returnTo=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (!session.projectId && session.kind === 'oauth') return <Navigate to={`/projects?returnTo=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <Suspense fallback={<Skeleton label="Loading the page…" />}>{children}</Suspense>;
}

function Shell({ children }: { children: ReactNode }) {
  const { session, store } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  useSearchShortcut(session !== null);
  // A new page takes the focus (screen readers start there), unless `/` asked for its search field.
  useEffect(() => {
    if (wantsSearchFocus(location.state)) return focusSearchWhenShown();
    document.getElementById('main')?.focus({ preventScroll: true });
    // On a new path only: a search or filter change on the same page must leave the focus where it is.
  }, [location.pathname]);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link className="brand" to={session ? '/traces' : '/sign-in'}>
          <span className="brand-mark" aria-hidden="true" />
          Tracewell
        </Link>
        {session && (
          <nav aria-label="Main">
            <NavLink to="/traces">Traces</NavLink>
            {/* Dashboards, sessions and users are one section (tabs on its pages), so the header keeps one row. */}
            <NavLink to="/dashboards" className={({ isActive }) => (isActive || /^\/(sessions|users)(\/|$)/.test(location.pathname) ? 'active' : undefined)}>
              Analytics
            </NavLink>
            <NavLink to="/detections">Detections</NavLink>
            <NavLink to="/fixes">Fixes</NavLink>
            {/* The queue pages live under their own path but belong to this section. */}
            <NavLink to="/annotations" className={({ isActive }) => (isActive || location.pathname.startsWith('/annotation-queues') ? 'active' : undefined)}>
              Annotations
            </NavLink>
            <NavLink to="/monitors">Monitors</NavLink>
            <NavLink to="/evaluators">Evaluators</NavLink>
            <NavLink to="/prompts">Prompts</NavLink>
            <NavLink to="/playground">Playground</NavLink>
            <NavLink to="/datasets">Datasets</NavLink>
            <NavLink to="/webhooks">Webhooks</NavLink>
            <NotificationsNavLink />
            <NavLink to="/settings">Settings</NavLink>
          </nav>
        )}
        <div className="topbar-end">
          {session && (
            <span className="shortcut-hint muted">
              <kbd>/</kbd> search
            </span>
          )}
          <ThemeToggle />
          {session && <ProjectSwitcher />}
          {session && (
            <button
              type="button"
              onClick={async () => {
                await store.signOut();
                queryClient.clear();
                navigate('/sign-in');
              }}
            >
              Sign out
            </button>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

function NoSuchPage() {
  return (
    <EmptyState title="There is no page at this address" tone="not-found" actions={<Link to="/traces">Go to traces</Link>}>
      <p>The link may be mistyped, or the page may have moved.</p>
    </EmptyState>
  );
}

export function App() {
  return (
    <Shell>
      <Routes>
        <Route path="/sign-in" element={<SignInPage />} />
        <Route path="/auth/callback" element={<CallbackPage />} />
        <Route path="/projects" element={<ProjectPage />} />
        <Route path="/" element={<Navigate to="/traces" replace />} />
        <Route path="/traces" element={<Authenticated><TraceListPage /></Authenticated>} />
        <Route path="/traces/:traceId" element={<Authenticated><TracePage /></Authenticated>} />
        <Route path="/dashboards" element={<Authenticated><DashboardsPage /></Authenticated>} />
        <Route path="/dashboards/:dashboardId" element={<Authenticated><DashboardsPage /></Authenticated>} />
        <Route path="/dashboards/new" element={<Authenticated><DashboardEditorPage /></Authenticated>} />
        <Route path="/dashboards/:dashboardId/edit" element={<Authenticated><DashboardEditorPage /></Authenticated>} />
        <Route path="/sessions" element={<Authenticated><SessionsPage /></Authenticated>} />
        <Route path="/sessions/:sessionId" element={<Authenticated><SessionPage /></Authenticated>} />
        <Route path="/users" element={<Authenticated><UsersPage /></Authenticated>} />
        <Route path="/users/:userId" element={<Authenticated><UserPage /></Authenticated>} />
        <Route path="/detections" element={<Authenticated><DetectionsPage /></Authenticated>} />
        <Route path="/detections/new" element={<Authenticated><DetectionEditPage /></Authenticated>} />
        <Route path="/detections/clusters" element={<Authenticated><ClustersPage /></Authenticated>} />
        <Route path="/detections/clusters/:clusterId" element={<Authenticated><ClusterPage /></Authenticated>} />
        <Route path="/detections/:detectionId" element={<Authenticated><DetectionEditPage /></Authenticated>} />
        <Route path="/fixes" element={<Authenticated><FixBoardPage /></Authenticated>} />
        <Route path="/fixes/:fixId" element={<Authenticated><FixBoardPage /></Authenticated>} />
        <Route path="/annotations" element={<Authenticated><AnnotationsPage /></Authenticated>} />
        <Route path="/annotations/:queueId/:batchId" element={<Authenticated><AnnotationBatchLink /></Authenticated>} />
        <Route path="/annotation-queues/new" element={<Authenticated><QueueNewPage /></Authenticated>} />
        <Route path="/annotation-queues/:queueId" element={<Authenticated><QueuePage /></Authenticated>} />
        <Route path="/annotation-queues/:queueId/batches/:batchId" element={<Authenticated><BatchPage /></Authenticated>} />
        <Route path="/monitors" element={<Authenticated><MonitorsPage /></Authenticated>} />
        <Route path="/monitors/new" element={<Authenticated><NewMonitorPage /></Authenticated>} />
        <Route path="/monitors/:monitorId" element={<Authenticated><MonitorPage /></Authenticated>} />
        <Route path="/incidents" element={<Authenticated><IncidentsPage /></Authenticated>} />
        <Route path="/incidents/:incidentId" element={<Authenticated><IncidentPage /></Authenticated>} />
        <Route path="/evaluators" element={<Authenticated><EvaluatorsPage /></Authenticated>} />
        <Route path="/evaluators/:evaluatorId" element={<Authenticated><EvaluatorPage /></Authenticated>} />
        <Route path="/prompts" element={<Authenticated><PromptListPage /></Authenticated>} />
        <Route path="/prompts/:name" element={<Authenticated><PromptPage /></Authenticated>} />
        <Route path="/playground" element={<Authenticated><PlaygroundPage /></Authenticated>} />
        <Route path="/datasets" element={<Authenticated><DatasetsPage /></Authenticated>} />
        <Route path="/datasets/:datasetId" element={<Authenticated><DatasetPage /></Authenticated>} />
        <Route path="/datasets/:datasetId/runs" element={<Authenticated><RunsPage /></Authenticated>} />
        <Route path="/datasets/:datasetId/compare" element={<Authenticated><ComparePage /></Authenticated>} />
        <Route path="/webhooks" element={<Authenticated><WebhooksPage /></Authenticated>} />
        <Route path="/webhooks/:webhookId" element={<Authenticated><WebhookPage /></Authenticated>} />
        <Route path="/notifications" element={<Authenticated><NotificationsPage /></Authenticated>} />
        <Route path="/settings" element={<Authenticated><SettingsPage /></Authenticated>} />
        <Route path="/settings/channels" element={<Authenticated><ChannelsPage /></Authenticated>} />
        <Route path="/settings/service-accounts" element={<Authenticated><ServiceAccountsPage /></Authenticated>} />
        <Route path="/settings/service-accounts/:accountId" element={<Authenticated><ServiceAccountPage /></Authenticated>} />
        <Route path="/settings/email" element={<Authenticated><EmailPreferencesPage /></Authenticated>} />
        <Route path="/settings/model-prices" element={<Authenticated><ModelPricesPage /></Authenticated>} />
        <Route path="/settings/sso" element={<Authenticated><SsoPage /></Authenticated>} />
        <Route path="/settings/scim" element={<Authenticated><ScimPage /></Authenticated>} />
        <Route path="*" element={<NoSuchPage />} />
      </Routes>
    </Shell>
  );
}
