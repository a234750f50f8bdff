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

/*
 * Each page is its own chunk (React.lazy): signing in loads the shell only, and opening a trace does
 * not pay for the detection form's or the settings' code. The sign-in, callback and project pages
 * stay in the entry, since every session starts on them.
 */
const TraceListPage = lazy(() => import('./traces/trace-list-page').then((m) => ({ default: m.TraceListPage })));
const TracePage = lazy(() => import('./traces/trace-page').then((m) => ({ default: m.TracePage })));
const DetectionsPage = lazy(() => import('./detections/detections-page').then((m) => ({ default: m.DetectionsPage })));
const DetectionEditPage = lazy(() => import('./detections/detection-edit-page').then((m) => ({ default: m.DetectionEditPage })));
const FixBoardPage = lazy(() => import('./fixes/fix-board-page').then((m) => ({ default: m.FixBoardPage })));
const SettingsPage = lazy(() => import('./settings/settings-page').then((m) => ({ default: m.SettingsPage })));
const AnnotationsPage = lazy(() => import('./annotations/annotations-page').then((m) => ({ default: m.AnnotationsPage })));
const AnnotationBatchLink = lazy(() => import('./annotations/annotations-page').then((m) => ({ default: m.AnnotationBatchLink })));

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
            <NavLink to="/detections">Detections</NavLink>
            <NavLink to="/fixes">Fixes</NavLink>
            <NavLink to="/annotations">Annotations</NavLink>
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
        <Route path="/detections" element={<Authenticated><DetectionsPage /></Authenticated>} />
        <Route path="/detections/new" element={<Authenticated><DetectionEditPage /></Authenticated>} />
        <Route path="/detections/:detectionId" element={<Authenticated><DetectionEditPage /></Authenticated>} />
        <Route path="/fixes" element={<Authenticated><FixBoardPage /></Authenticated>} />
        <Route path="/annotations" element={<Authenticated><AnnotationsPage /></Authenticated>} />
        <Route path="/annotations/:queueId/:batchId" element={<Authenticated><AnnotationBatchLink /></Authenticated>} />
        <Route path="/settings" element={<Authenticated><SettingsPage /></Authenticated>} />
        <Route path="*" element={<NoSuchPage />} />
      </Routes>
    </Shell>
  );
}
