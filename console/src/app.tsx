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
import { DatasetsPage } from './datasets/datasets-page';
import { DatasetPage } from './datasets/dataset-page';
import { RunsPage } from './experiments/runs-page';
import { ComparePage } from './experiments/compare-page';

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
            <NavLink to="/annotations">Annotations</NavLink>
            <NavLink to="/datasets">Datasets</NavLink>
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
        <Route path="/annotations" element={<Authenticated><AnnotationsPage /></Authenticated>} />
        <Route path="/annotations/:queueId/:batchId" element={<Authenticated><AnnotationBatchLink /></Authenticated>} />
        <Route path="/datasets" element={<Authenticated><DatasetsPage /></Authenticated>} />
        <Route path="/datasets/:datasetId" element={<Authenticated><DatasetPage /></Authenticated>} />
        <Route path="/datasets/:datasetId/runs" element={<Authenticated><RunsPage /></Authenticated>} />
        <Route path="/datasets/:datasetId/compare" element={<Authenticated><ComparePage /></Authenticated>} />
        <Route path="/settings" element={<Authenticated><SettingsPage /></Authenticated>} />
        <Route path="*" element={<p>There is no page at this address. <NavLink to="/traces">Go to traces</NavLink>.</p>} />
      </Routes>
    </Shell>
  );
}
