import { useEffect, type ReactNode } from 'react';
import { Navigate, NavLink, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from './auth/session-context';
import { SignInPage } from './auth/sign-in-page';
import { CallbackPage } from './auth/callback-page';
import { ProjectPage, ProjectSwitcher } from './auth/project-picker';
import { TraceListPage } from './traces/trace-list-page';
import { TracePage } from './traces/trace-page';
import { DetectionsPage } from './detections/detections-page';
import { DetectionEditPage } from './detections/detection-edit-page';
import { FixBoardPage } from './fixes/fix-board-page';
import { SettingsPage } from './settings/settings-page';
import { AnnotationBatchLink, AnnotationsPage } from './annotations/annotations-page';
import { WebhooksPage } from './webhooks/webhooks-page';
import { WebhookPage } from './webhooks/webhook-page';
import { MonitorsPage } from './monitors/monitors-page';
import { MonitorPage, NewMonitorPage } from './monitors/monitor-page';
import { IncidentPage, IncidentsPage } from './monitors/incidents-page';
import { EvaluatorsPage } from './evaluators/evaluators-page';
import { EvaluatorPage } from './evaluators/evaluator-page';
import { NotificationsPage } from './notifications/notifications-page';
import { NotificationsNavLink } from './notifications/unread-count';
import { QueueNewPage } from './annotations/queue-new-page';
import { QueuePage } from './annotations/queue-page';
import { BatchPage } from './annotations/batch-page';
import { ServiceAccountsPage } from './service-accounts/service-accounts-page';
import { ServiceAccountPage } from './service-accounts/service-account-page';
import { ModelPricesPage } from './pricing/model-prices-page';
import { PromptListPage } from './prompts/prompt-list-page';
import { PromptPage } from './prompts/prompt-page';
import { PlaygroundPage } from './playground/playground-page';

/** Pages that need a credential and a project; anything else goes to sign-in or the project page. */
function Authenticated({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={`/sign-in?returnTo=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (!session.projectId && session.kind === 'oauth') return <Navigate to={`/projects?returnTo=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <>{children}</>;
}

function Shell({ children }: { children: ReactNode }) {
  const { session, store } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  useEffect(() => {
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [location.pathname]);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="brand">Tracewell</span>
        {session && (
          <nav aria-label="Main">
            <NavLink to="/traces">Traces</NavLink>
            <NavLink to="/detections">Detections</NavLink>
            <NavLink to="/fixes">Fixes</NavLink>
            {/* The queue pages live under their own path but belong to this section. */}
            <NavLink to="/annotations" className={({ isActive }) => (isActive || location.pathname.startsWith('/annotation-queues') ? 'active' : undefined)}>
              Annotations
            </NavLink>
            <NavLink to="/monitors">Monitors</NavLink>
            <NavLink to="/evaluators">Evaluators</NavLink>
            <NavLink to="/webhooks">Webhooks</NavLink>
            <NotificationsNavLink />
            <NavLink to="/prompts">Prompts</NavLink>
            <NavLink to="/playground">Playground</NavLink>
            <NavLink to="/settings">Settings</NavLink>
          </nav>
        )}
        <div className="topbar-end">
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
        <Route path="/detections" element={<Authenticated><DetectionsPage /></Authenticated>} />
        <Route path="/detections/new" element={<Authenticated><DetectionEditPage /></Authenticated>} />
        <Route path="/detections/:detectionId" element={<Authenticated><DetectionEditPage /></Authenticated>} />
        <Route path="/fixes" element={<Authenticated><FixBoardPage /></Authenticated>} />
        <Route path="/fixes/:fixId" element={<Authenticated><FixBoardPage /></Authenticated>} />
        <Route path="/annotations" element={<Authenticated><AnnotationsPage /></Authenticated>} />
        <Route path="/annotations/:queueId/:batchId" element={<Authenticated><AnnotationBatchLink /></Authenticated>} />
        <Route path="/annotation-queues/new" element={<Authenticated><QueueNewPage /></Authenticated>} />
        <Route path="/annotation-queues/:queueId" element={<Authenticated><QueuePage /></Authenticated>} />
        <Route path="/annotation-queues/:queueId/batches/:batchId" element={<Authenticated><BatchPage /></Authenticated>} />
        <Route path="/prompts" element={<Authenticated><PromptListPage /></Authenticated>} />
        <Route path="/prompts/:name" element={<Authenticated><PromptPage /></Authenticated>} />
        <Route path="/playground" element={<Authenticated><PlaygroundPage /></Authenticated>} />
        <Route path="/settings" element={<Authenticated><SettingsPage /></Authenticated>} />
        <Route path="/webhooks" element={<Authenticated><WebhooksPage /></Authenticated>} />
        <Route path="/webhooks/:webhookId" element={<Authenticated><WebhookPage /></Authenticated>} />
        <Route path="/monitors" element={<Authenticated><MonitorsPage /></Authenticated>} />
        <Route path="/monitors/new" element={<Authenticated><NewMonitorPage /></Authenticated>} />
        <Route path="/monitors/:monitorId" element={<Authenticated><MonitorPage /></Authenticated>} />
        <Route path="/incidents" element={<Authenticated><IncidentsPage /></Authenticated>} />
        <Route path="/incidents/:incidentId" element={<Authenticated><IncidentPage /></Authenticated>} />
        <Route path="/evaluators" element={<Authenticated><EvaluatorsPage /></Authenticated>} />
        <Route path="/evaluators/:evaluatorId" element={<Authenticated><EvaluatorPage /></Authenticated>} />
        <Route path="/notifications" element={<Authenticated><NotificationsPage /></Authenticated>} />
        <Route path="/settings/service-accounts" element={<Authenticated><ServiceAccountsPage /></Authenticated>} />
        <Route path="/settings/service-accounts/:accountId" element={<Authenticated><ServiceAccountPage /></Authenticated>} />
        <Route path="/settings/model-prices" element={<Authenticated><ModelPricesPage /></Authenticated>} />
        <Route path="*" element={<p>There is no page at this address. <NavLink to="/traces">Go to traces</NavLink>.</p>} />
      </Routes>
    </Shell>
  );
}
