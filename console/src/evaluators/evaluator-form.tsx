import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';
import { RuleBuilder, rulesOf, type RuleRow } from '../detections/rule-builder';

type Template = Schemas['EvaluatorTemplate'];
type Variable = Schemas['EvaluatorVariable'];

export const TEMPLATES: readonly { value: Template; label: string }[] = [
  { value: 'hallucination', label: 'Hallucination (answer not supported by the context)' },
  { value: 'answer_relevance', label: 'Answer relevance' },
  { value: 'toxicity', label: 'Toxicity' },
  { value: 'pii_leakage', label: 'PII leakage' },
  { value: 'custom', label: 'Custom prompt' },
];
const VARIABLES: readonly { value: Variable; label: string }[] = [
  { value: 'input', label: 'input (first root span input)' },
  { value: 'output', label: 'output (last root span output)' },
  { value: 'context', label: 'context (retriever outputs)' },
  { value: 'expected_output', label: 'expected_output (trace metadata)' },
];

/** The `{{name}}` placeholders of a custom prompt, in order of first use (the service's own pattern). */
export function placeholdersOf(prompt: string): string[] {
  return [...new Set([...prompt.matchAll(/\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,63})\s*\}\}/g)].map((m) => m[1]))];
}

/**
 * The rule rows as the contract's FilterTreeInput. The contract types its items as bare objects (the
 * service validates each node and answers the failing one's path), so typed rules need this one cast.
 */
export const filterTreeOf = (rows: RuleRow[]): Schemas['FilterTreeInput'] => rulesOf(rows) as unknown as Schemas['FilterTreeInput'];

const optionalNumber = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/** Creates an evaluator of any template; a custom one maps each placeholder of its prompt to a trace field. */
export function CreateEvaluator() {
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const connections = useQuery({ queryKey: ['model-connections', session?.projectId], queryFn: () => api.listModelConnections({ limit: 100 }), retry: false });
  const [name, setName] = useState('');
  const [template, setTemplate] = useState<Template>('hallucination');
  const [prompt, setPrompt] = useState('');
  const [mapping, setMapping] = useState<Record<string, Variable | ''>>({});
  const [scoreName, setScoreName] = useState('');
  const [connectionId, setConnectionId] = useState('');
  const [sampling, setSampling] = useState('1');
  const [usd, setUsd] = useState('');
  const [tokens, setTokens] = useState('');
  const [rules, setRules] = useState<RuleRow[]>([]);
  const placeholders = template === 'custom' ? placeholdersOf(prompt) : [];
  const create = useMutation({
    mutationFn: () => {
      const variables = Object.fromEntries(placeholders.filter((p) => mapping[p]).map((p) => [p, mapping[p] as Variable]));
      const body: Schemas['EvaluatorCreateRequest'] = {
        name: name.trim(),
        template,
        modelConnectionId: connectionId || (connections.data?.modelConnections[0]?.id ?? ''),
        samplingRate: Number(sampling),
        ...(template === 'custom' ? { prompt, variables } : {}),
        ...(scoreName.trim() ? { scoreName: scoreName.trim() } : {}),
        ...(rules.length > 0 ? { filters: filterTreeOf(rules) } : {}),
        ...(optionalNumber(usd) !== undefined ? { dailyBudgetUsd: optionalNumber(usd) } : {}),
        ...(optionalNumber(tokens) !== undefined ? { dailyBudgetTokens: optionalNumber(tokens) } : {}),
      };
      return api.createEvaluator(body);
    },
    onSuccess: () => {
      setName('');
      setPrompt('');
      setMapping({});
      setScoreName('');
      setUsd('');
      setTokens('');
      setRules([]);
      void queryClient.invalidateQueries({ queryKey: ['evaluators'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const list = connections.data?.modelConnections ?? [];
  return (
    <section className="card" aria-labelledby="ev-create-heading">
      <h2 id="ev-create-heading">Add an evaluator</h2>
      {connections.data && list.length === 0 ? (
        <p className="empty">Add a model connection first: an evaluator needs a model to judge with.</p>
      ) : (
        <form onSubmit={submit} className="wide-form">
          <label htmlFor="ev-name">Name</label>
          <input id="ev-name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
          <label htmlFor="ev-template">Template</label>
          <select id="ev-template" value={template} onChange={(e) => setTemplate(e.target.value as Template)}>
            {TEMPLATES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
          {template === 'custom' && (
            <>
              <label htmlFor="ev-prompt">Judge prompt, with {'{{placeholders}}'}; the judge must answer {'{"score": 0..1, "reasoning": "…"}'}</label>
              <textarea id="ev-prompt" required rows={6} maxLength={20000} value={prompt} onChange={(e) => setPrompt(e.target.value)} />
              {placeholders.length > 0 && (
                <fieldset>
                  <legend>Placeholders</legend>
                  {placeholders.map((p) => (
                    <div key={p} className="mon-field">
                      <label htmlFor={`ev-var-${p}`}>{`{{${p}}}`} is</label>
                      <select id={`ev-var-${p}`} value={mapping[p] ?? ''} onChange={(e) => setMapping({ ...mapping, [p]: e.target.value as Variable | '' })}>
                        <option value="">{VARIABLES.some((v) => v.value === p) ? `the trace's ${p}` : 'choose a trace field'}</option>
                        {VARIABLES.map((v) => (
                          <option key={v.value} value={v.value}>
                            {v.label}
                          </option>
                        ))}
                      </select>
                    </div>
                  ))}
                </fieldset>
              )}
            </>
          )}
          <label htmlFor="ev-score">Score name{template === 'custom' ? '' : ' (optional; the template’s by default)'}</label>
          <input id="ev-score" maxLength={100} required={template === 'custom'} value={scoreName} onChange={(e) => setScoreName(e.target.value)} />
          <label htmlFor="ev-connection">Model connection</label>
          <select id="ev-connection" value={connectionId || list[0]?.id || ''} onChange={(e) => setConnectionId(e.target.value)}>
            {list.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.model})
              </option>
            ))}
          </select>
          <label htmlFor="ev-sampling">Sampling rate (0 to 1: the share of new traces evaluated)</label>
          <input id="ev-sampling" type="number" min="0" max="1" step="any" required value={sampling} onChange={(e) => setSampling(e.target.value)} />
          <p className="muted">Only traces matching these rules are evaluated (none: every sampled trace).</p>
          <RuleBuilder idPrefix="ev-rules" rows={rules} onChange={setRules} />
          <label htmlFor="ev-usd">Daily budget in dollars (optional)</label>
          <input id="ev-usd" type="number" min="0" step="any" value={usd} onChange={(e) => setUsd(e.target.value)} />
          <label htmlFor="ev-tokens">Daily budget in tokens (optional)</label>
          <input id="ev-tokens" type="number" min="0" step="1" value={tokens} onChange={(e) => setTokens(e.target.value)} />
          <button type="submit" disabled={create.isPending}>
            Add evaluator
          </button>
          <ProblemAlert error={create.error} />
        </form>
      )}
    </section>
  );
}
