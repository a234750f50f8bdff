import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import { EmptyState } from '../ui/empty-state';
import type { Schemas } from '../api/operation-types';
import { FixActions } from './fix-actions';
import { FixSteps } from './fix-steps';
import { FixEdit } from './fix-edit';
import { FixAssignee, FixDispatch } from './fix-dispatch';

const COLUMNS: { status: Schemas['FixStatus']; title: string }[] = [
  { status: 'draft', title: 'Draft' },
  { status: 'open', title: 'Open' },
  { status: 'in_progress', title: 'In progress' },
  { status: 'resolved', title: 'Resolved' },
  { status: 'archived', title: 'Archived' },
];

/** Fixes by status (`/fixes`); the open card (`/fixes/:fixId`, a deep link) shows the fix with its triage actions, edit form, assignee, dispatch, investigation steps, linked traces and comments. */
export function FixBoardPage() {
  const api = useApi();
  const { session } = useSession();
  const openId = useParams().fixId ?? null;
  const navigate = useNavigate();
  const columns = useQueries({
    queries: COLUMNS.map((c) => ({ queryKey: ['fixes', session?.projectId, c.status], queryFn: () => api.listFixes({ status: c.status, limit: 100 }) })),
  });
  return (
    <section>
      <h1>Fixes</h1>
      <ProblemAlert error={columns.find((c) => c.error)?.error} />
      {columns.every((c) => c.data && c.data.fixes.length === 0) && (
        <EmptyState title="No fixes yet" actions={<Link to="/detections">Set up detections</Link>}>
          <p>A fix opens as a draft when a detection fires on a trace. Accept it to work on it here, from open to resolved.</p>
        </EmptyState>
      )}
      <div className="board">
        {COLUMNS.map((column, i) => {
          const fixes = columns[i].data?.fixes ?? [];
          return (
            <section key={column.status} className="board-column" aria-labelledby={`col-${column.status}`}>
              <h2 id={`col-${column.status}`}>
                {column.title} <span className="count">({fixes.length}{columns[i].data?.page.hasMore ? '+' : ''})</span>
              </h2>
              <ul className="plain">
                {fixes.map((fix) => (
                  <li key={fix.id} className={`fix-card severity-${fix.severity}`}>
                    <button type="button" className="fix-open" aria-expanded={openId === fix.id} onClick={() => navigate(openId === fix.id ? '/fixes' : `/fixes/${fix.id}`)}>
                      <span className="severity">{fix.severity}</span> {fix.title}
                    </button>
                    <p className="muted small">
                      {fix.linkedTraceIds.length} linked trace{fix.linkedTraceIds.length === 1 ? '' : 's'} · confidence {Math.round(fix.confidence * 100)}%
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      {openId && <FixDetail key={openId} fixId={openId} />}
    </section>
  );
}

function FixDetail({ fixId }: { fixId: string }) {
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const fix = useQuery({ queryKey: ['fix', session?.projectId, fixId], queryFn: () => api.getFix(fixId) });
  const [text, setText] = useState('');
  const [editing, setEditing] = useState(false);
  const comment = useMutation({
    mutationFn: () => api.createFixComment(fixId, { text }),
    onSuccess: () => {
      setText('');
      void queryClient.invalidateQueries({ queryKey: ['fix', session?.projectId, fixId] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    comment.mutate();
  };
  const f = fix.data;
  return (
    <section className="card fix-detail" aria-labelledby="fix-title">
      <ProblemAlert error={fix.error} />
      {f && (
        <>
          <div className="page-head">
            <h2 id="fix-title">{f.title}</h2>
            {!editing && (
              <button type="button" onClick={() => setEditing(true)}>
                Edit fix
              </button>
            )}
          </div>
          <p>
            Status <strong>{f.status.replace('_', ' ')}</strong> · severity <strong>{f.severity}</strong> · by {f.creator}
          </p>
          {f.label && <p className="muted">Label: {f.label}</p>}
          {f.description && <p>{f.description}</p>}
          {editing && <FixEdit fix={f} onDone={() => setEditing(false)} />}
          <FixActions fix={f} />
          <div className="fx-people">
            <FixAssignee fixId={f.id} />
            <FixDispatch fix={f} />
          </div>
          <dl className="facts">
            {(
              [
                ['Root cause', f.rootCause],
                ['Recommended action', f.recommendedAction],
                ['Risk', f.riskAssessment],
                ['Verification', f.verification],
                ['Rollback plan', f.rollbackPlan],
                ['Dismissal reason', f.feedback],
              ] as const
            )
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
          <FixSteps fixId={f.id} />
          <h3>Linked traces</h3>
          <ul>
            {f.linkedTraces.map((t) => (
              <li key={t.traceId}>
                <Link to={t.url}>{t.name ?? t.traceId}</Link> (score {t.accuracy})
              </li>
            ))}
          </ul>
          <h3>Comments</h3>
          <ol className="plain comments">
            {f.comments.map((c) => (
              <li key={c.id}>
                <strong>{c.author}</strong> <span className="muted">{new Date(c.createdAt).toLocaleString()}</span>
                <p>{c.text}</p>
              </li>
            ))}
          </ol>
          <form onSubmit={submit}>
            <label htmlFor="fix-comment">Add a comment</label>
            <textarea id="fix-comment" required value={text} onChange={(e) => setText(e.target.value)} />
            <button type="submit" disabled={comment.isPending}>
              Comment
            </button>
            <ProblemAlert error={comment.error} />
          </form>
        </>
      )}
    </section>
  );
}
