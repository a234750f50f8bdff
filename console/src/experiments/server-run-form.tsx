import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import type { BodyOf } from '../api/operation-types';

type Task = NonNullable<BodyOf<'createExperimentRun'>['task']>;
type Scorer = NonNullable<Task['scorers']>[number];

const SCORER_KINDS: Scorer['kind'][] = ['exact_match', 'contains', 'valid_json', 'edit_similarity'];

/**
 * "New server-side run": the server runs a registry prompt (by label or version) or a chat template
 * over the dataset on a model connection, then scores (built-in scorers) and judges (evaluators) the
 * results. Every rule (both/neither task forms, unknown references) is the service's: a refusal is
 * shown as its Problem, with the field path.
 */
export function ServerRunForm({ datasetId, onStarted }: { datasetId: string; onStarted: () => void }) {
  const api = useApi();
  const { session } = useSession();
  const id = useId();
  const [name, setName] = useState('');
  const [source, setSource] = useState<'prompt' | 'template'>('prompt');
  const [promptName, setPromptName] = useState('');
  const [selector, setSelector] = useState('production');
  const [template, setTemplate] = useState('{{input}}');
  const [connectionId, setConnectionId] = useState('');
  const [concurrency, setConcurrency] = useState(4);
  const [scorers, setScorers] = useState<Scorer['kind'][]>([]);
  const [evaluatorIds, setEvaluatorIds] = useState<string[]>([]);
  const prompts = useQuery({ queryKey: ['prompts', session?.projectId], queryFn: () => api.listPrompts({ limit: 100 }) });
  const connections = useQuery({ queryKey: ['model-connections', session?.projectId], queryFn: () => api.listModelConnections({ limit: 100 }) });
  const evaluators = useQuery({ queryKey: ['evaluators', session?.projectId], queryFn: () => api.listEvaluators({ limit: 100 }) });
  const start = useMutation({
    mutationFn: () => {
      const task: Task = {
        ...(source === 'prompt'
          ? { prompt: /^\d+$/.test(selector) ? { name: promptName, version: Number(selector) } : { name: promptName, label: selector } }
          : { messages: [{ role: 'user' as const, content: template }] }),
        modelConnectionId: connectionId,
        concurrency,
        ...(scorers.length > 0 ? { scorers: scorers.map((kind) => ({ name: kind, kind, caseSensitive: true })) } : {}),
        ...(evaluatorIds.length > 0 ? { evaluatorIds } : {}),
      };
      return api.createExperimentRun(datasetId, { name: name.trim() || 'server-side run', task });
    },
    onSuccess: onStarted,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate();
  };
  const toggle = <T,>(list: T[], value: T, on: boolean): T[] => (on ? [...list, value] : list.filter((v) => v !== value));

  return (
    <form className="exp-server-run" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>New server-side run</h2>
      <ProblemAlert error={start.error ?? prompts.error ?? connections.error} />
      <label htmlFor={`${id}-name`}>Run name</label>
      <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} placeholder="server-side run" />
      <fieldset>
        <legend>Task</legend>
        <label>
          <input type="radio" name={`${id}-source`} checked={source === 'prompt'} onChange={() => setSource('prompt')} /> Prompt of the registry
        </label>
        <label>
          <input type="radio" name={`${id}-source`} checked={source === 'template'} onChange={() => setSource('template')} /> Template
        </label>
        {source === 'prompt' ? (
          <>
            <label htmlFor={`${id}-prompt`}>Prompt</label>
            <select id={`${id}-prompt`} value={promptName} onChange={(e) => setPromptName(e.target.value)}>
              <option value="">Choose a prompt</option>
              {prompts.data?.prompts.map((p) => (
                <option key={p.id} value={p.name}>
                  {p.name}
                </option>
              ))}
            </select>
            <label htmlFor={`${id}-selector`}>Label or version</label>
            <input id={`${id}-selector`} value={selector} onChange={(e) => setSelector(e.target.value)} />
          </>
        ) : (
          <>
            <label htmlFor={`${id}-template`}>User message ({'{{variables}}'} from each item's input)</label>
            <textarea id={`${id}-template`} value={template} onChange={(e) => setTemplate(e.target.value)} rows={4} />
          </>
        )}
      </fieldset>
      <label htmlFor={`${id}-connection`}>Model connection</label>
      <select id={`${id}-connection`} value={connectionId} onChange={(e) => setConnectionId(e.target.value)}>
        <option value="">Choose a connection</option>
        {connections.data?.modelConnections.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} ({c.model})
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-concurrency`}>Concurrency (1 to 16)</label>
      <input id={`${id}-concurrency`} type="number" min={1} max={16} value={concurrency} onChange={(e) => setConcurrency(Number(e.target.value))} />
      <fieldset>
        <legend>Built-in scorers (on finish)</legend>
        {SCORER_KINDS.map((kind) => (
          <label key={kind}>
            <input type="checkbox" checked={scorers.includes(kind)} onChange={(e) => setScorers(toggle(scorers, kind, e.target.checked))} /> {kind}
          </label>
        ))}
      </fieldset>
      {evaluators.data && evaluators.data.evaluators.length > 0 && (
        <fieldset>
          <legend>Evaluators (LLM-as-judge, before finish)</legend>
          {evaluators.data.evaluators.map((e) => (
            <label key={e.id}>
              <input type="checkbox" checked={evaluatorIds.includes(e.id)} onChange={(ev) => setEvaluatorIds(toggle(evaluatorIds, e.id, ev.target.checked))} /> {e.name}
            </label>
          ))}
        </fieldset>
      )}
      <p>
        <button type="submit" className="primary" disabled={start.isPending}>
          Start run
        </button>
      </p>
    </form>
  );
}
