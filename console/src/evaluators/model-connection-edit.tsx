import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';

type ModelConnection = Schemas['ModelConnection'];

/**
 * Changes one connection in place, so its evaluators keep working. Only the fields a person changed are
 * sent; the key field starts empty because the key is never shown, and an empty key means "keep it".
 */
export function ModelConnectionEdit({ connection, onDone }: { connection: ModelConnection; onDone: (changed: boolean) => void }) {
  const api = useApi();
  const [name, setName] = useState(connection.name);
  const [baseUrl, setBaseUrl] = useState(connection.baseUrl);
  const [model, setModel] = useState(connection.model);
  const [apiKey, setApiKey] = useState('');
  const change = {
    ...(name.trim() !== connection.name ? { name: name.trim() } : {}),
    ...(baseUrl.trim() !== connection.baseUrl ? { baseUrl: baseUrl.trim() } : {}),
    ...(model.trim() !== connection.model ? { model: model.trim() } : {}),
    ...(apiKey !== '' ? { apiKey } : {}),
  };
  const save = useMutation({ mutationFn: () => api.updateModelConnection(connection.id, change), onSuccess: () => onDone(true) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(change).length === 0) onDone(false);
    else save.mutate();
  };
  const id = `mce-${connection.id}`;
  return (
    <form onSubmit={submit} className="wide-form" aria-label={`Edit ${connection.name}`}>
      <h3>Edit {connection.name}</h3>
      <label htmlFor={`${id}-name`}>Name</label>
      <input id={`${id}-name`} required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      <label htmlFor={`${id}-url`}>Base URL</label>
      <input id={`${id}-url`} type="url" required maxLength={2048} value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} />
      <label htmlFor={`${id}-model`}>Model</label>
      <input id={`${id}-model`} required maxLength={200} value={model} onChange={(e) => setModel(e.target.value)} />
      <label htmlFor={`${id}-key`}>New API key (leave empty to keep the stored one)</label>
      <input id={`${id}-key`} type="password" maxLength={1000} autoComplete="off" value={apiKey} onChange={(e) => setApiKey(e.target.value)} />
      <button type="submit" disabled={save.isPending}>
        Save changes
      </button>{' '}
      <button type="button" onClick={() => onDone(false)}>
        Cancel
      </button>
      <ProblemAlert error={save.error} />
    </form>
  );
}
