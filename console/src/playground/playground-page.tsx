import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';
import { draftOfSpan, draftOfVersion, emptyDraft, variablesOf, type Draft, type SpanHandOff } from './draft';
import { DraftEditor } from './draft-editor';
import { RunOutput, useRun } from './run-output';
import { SaveVersionForm } from './save-version-form';
import { VersionPicker } from './version-picker';

/**
 * The playground: a prompt (opened from a version, from an LLM span, or written here) run against
 * one of the project's model connections, its answer streamed in; "Compare" adds a second side to
 * run another version or another model on the same variables.
 */
export function PlaygroundPage() {
  const api = useApi();
  const { session } = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  const connections = useQuery({ queryKey: ['model-connections', session?.projectId], queryFn: () => api.listModelConnections({ limit: 100 }) });
  const firstConnection = connections.data?.modelConnections[0]?.id ?? '';

  const promptName = params.get('prompt');
  const promptVersion = Number(params.get('version'));
  const opened = useQuery({
    queryKey: ['prompt-version', session?.projectId, promptName, promptVersion],
    enabled: promptName !== null && Number.isInteger(promptVersion) && promptVersion >= 1,
    queryFn: () => api.getPromptVersion(promptName!, promptVersion),
  });
  const handOff = (location.state as { fromSpan?: SpanHandOff } | null)?.fromSpan ?? null;

  const [left, setLeft] = useState<Draft | null>(null);
  const [right, setRight] = useState<Draft | null>(null);
  const [variables, setVariables] = useState<Record<string, string>>({});
  const runA = useRun();
  const runB = useRun();

  // The first draft, once its source (a version, a span or nothing) and the connections are known.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !connections.data) return;
    if (promptName !== null && !opened.data && !opened.error) return;
    started.current = true;
    if (opened.data) setLeft(draftOfVersion(opened.data, firstConnection));
    else if (handOff) setLeft(draftOfSpan(handOff, firstConnection));
    else setLeft({ ...emptyDraft(), connectionId: firstConnection });
  }, [connections.data, opened.data, opened.error, promptName, handOff, firstConnection]);

  if (!left) {
    return (
      <section>
        <h1>Playground</h1>
        <ProblemAlert error={connections.error ?? opened.error} />
        {!connections.error && !opened.error && <p className="muted">Loading…</p>}
      </section>
    );
  }

  const names = variablesOf(right ? [left, right] : [left]);
  const connectionList: Schemas['ModelConnection'][] = connections.data?.modelConnections ?? [];

  return (
    <section className="pg-page">
      <div className="page-head">
        <h1>Playground</h1>
        {right ? (
          <button type="button" onClick={() => setRight(null)}>
            Stop comparing
          </button>
        ) : (
          <button type="button" onClick={() => setRight({ ...left, messages: left.messages.map((m) => ({ ...m })), notes: [] })}>
            Compare side by side
          </button>
        )}
      </div>
      {connectionList.length === 0 && (
        <p className="problem" role="status">
          This project has no model connection yet: add one (an OpenAI-compatible endpoint) under evaluators, or with <code>POST /api/v1/public/model-connections</code>.
        </p>
      )}
      {names.length > 0 && (
        <fieldset className="card pg-variables">
          <legend>Variables</legend>
          {names.map((name) => (
            <label key={name}>
              {name}
              <textarea rows={2} value={variables[name] ?? ''} onChange={(e) => setVariables({ ...variables, [name]: e.target.value })} />
            </label>
          ))}
        </fieldset>
      )}
      {right && (
        <p>
          <button
            type="button"
            className="primary"
            disabled={runA.running || runB.running}
            onClick={() => {
              void runA.start(api, left, variables);
              void runB.start(api, right, variables);
            }}
          >
            Run both
          </button>
        </p>
      )}
      <div className={right ? 'pg-sides pg-compare' : 'pg-sides'}>
        <Side label={right ? 'A' : null} draft={left} onChange={setLeft} connections={connectionList} run={runA} variables={variables} />
        {right && <Side label="B" draft={right} onChange={setRight} connections={connectionList} run={runB} variables={variables} />}
      </div>
    </section>
  );
}

function Side(props: {
  label: string | null;
  draft: Draft;
  onChange: (draft: Draft) => void;
  connections: Schemas['ModelConnection'][];
  run: ReturnType<typeof useRun>;
  variables: Record<string, string>;
}) {
  const { label, draft, onChange, connections, run, variables } = props;
  const api = useApi();
  const title = label ? `Side ${label}` : 'Prompt';
  return (
    <section className="card pg-side" aria-label={title}>
      <h2>
        {title}
        {draft.prompt && (
          <span className="muted">
            {' '}
            — <Link to={`/prompts/${encodeURIComponent(draft.prompt.name)}`}>{draft.prompt.name}</Link> v{draft.prompt.version}
          </span>
        )}
      </h2>
      {draft.notes.map((note) => (
        <p key={note} className="muted">
          {note}
        </p>
      ))}
      {draft.prompt && <VersionPicker draft={{ ...draft, prompt: draft.prompt }} onChange={onChange} />}
      <DraftEditor draft={draft} onChange={onChange} connections={connections} />
      <p>
        <button type="button" className="primary" disabled={run.running} onClick={() => void run.start(api, draft, variables)}>
          {run.running ? 'Running…' : label ? `Run ${label}` : 'Run'}
        </button>
        {run.running && (
          <button type="button" onClick={run.stop}>
            Stop
          </button>
        )}
      </p>
      <RunOutput run={run} />
      <SaveVersionForm draft={draft} onSaved={(name, version) => onChange({ ...draft, prompt: { name, version } })} />
    </section>
  );
}
