import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import { formatTime } from '../ui/format';
import { ModelConnectionEdit } from './model-connection-edit';

/**
 * The OpenAI-compatible endpoints evaluators call. The API key is write-only: typed into a password
 * field, sent once, never shown back (the service does not return it). Editing changes a connection in
 * place (a new key replaces the sealed one), so its evaluators keep working.
 */
export function ModelConnections() {
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const connections = useQuery({ queryKey: ['model-connections', session?.projectId], queryFn: () => api.listModelConnections({ limit: 100 }), retry: false });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['model-connections'] });
    void queryClient.invalidateQueries({ queryKey: ['evaluators'] });
  };
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [model, setModel] = useState('');
  const [apiKey, setApiKey] = useState('');
  const create = useMutation({
    mutationFn: () => api.createModelConnection({ name: name.trim(), baseUrl: baseUrl.trim(), model: model.trim(), apiKey }),
    onSuccess: () => {
      setName('');
      setBaseUrl('');
      setModel('');
      setApiKey('');
      refresh();
    },
  });
  const [confirming, setConfirming] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const remove = useMutation({ mutationFn: (id: string) => api.deleteModelConnection(id), onSuccess: refresh });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const list = connections.data?.modelConnections ?? [];
  const editingConnection = list.find((c) => c.id === editing);
  return (
    <section className="card" aria-labelledby="ev-conn-heading">
      <h2 id="ev-conn-heading">Model connections</h2>
      <ProblemAlert error={connections.error ?? remove.error} />
      {connections.data && list.length === 0 && <p className="empty">No model connections yet. Add one below: evaluators need a model to judge with.</p>}
      {list.length > 0 && (
        <table>
          <caption className="visually-hidden">Model connections</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Base URL</th>
              <th scope="col">Model</th>
              <th scope="col">API key</th>
              <th scope="col">Created</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.map((c) => (
              <tr key={c.id}>
                <td>{c.name}</td>
                <td>
                  <code>{c.baseUrl}</code>
                </td>
                <td>{c.model}</td>
                <td className="muted">stored, never shown</td>
                <td>{formatTime(c.createdAt)}</td>
                <td>
                  {confirming === c.id ? (
                    <>
                      <span>Its evaluators are deleted too.</span>{' '}
                      <button type="button" disabled={remove.isPending} onClick={() => remove.mutate(c.id)}>
                        Yes, delete {c.name}
                      </button>{' '}
                      <button type="button" onClick={() => setConfirming(null)}>
                        Keep it
                      </button>
                    </>
                  ) : (
                    <>
                      <button type="button" onClick={() => setEditing(c.id)}>
                        Edit<span className="visually-hidden"> {c.name}</span>
                      </button>{' '}
                      <button type="button" onClick={() => setConfirming(c.id)}>
                        Delete<span className="visually-hidden"> {c.name}</span>
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editingConnection && (
        <ModelConnectionEdit
          key={editingConnection.id}
          connection={editingConnection}
          onDone={(changed) => {
            setEditing(null);
            if (changed) refresh();
          }}
        />
      )}
      <form onSubmit={submit} className="wide-form">
        <h3>Add a model connection</h3>
        <label htmlFor="mc-name">Name</label>
        <input id="mc-name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        <label htmlFor="mc-url">Base URL (requests go to its /chat/completions)</label>
        <input id="mc-url" type="url" required maxLength={2048} placeholder="https://api.openai.com/v1" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} />
        <label htmlFor="mc-model">Model</label>
        <input id="mc-model" required maxLength={200} placeholder="gpt-4o-mini" value={model} onChange={(e) => setModel(e.target.value)} />
        <label htmlFor="mc-key">API key (stored sealed; never shown again)</label>
        <input id="mc-key" type="password" required maxLength={1000} autoComplete="off" value={apiKey} onChange={(e) => setApiKey(e.target.value)} />
        <button type="submit" disabled={create.isPending}>
          Add model connection
        </button>
        <ProblemAlert error={create.error} />
      </form>
    </section>
  );
}
