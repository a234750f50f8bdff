import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import { versionRequestOf, type Draft } from './draft';

/** Saves a side's messages, model and parameters as a new version of a prompt (a new prompt when the name is new). */
export function SaveVersionForm({ draft, onSaved }: { draft: Draft; onSaved: (name: string, version: number) => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [name, setName] = useState(draft.prompt?.name ?? '');
  const [message, setMessage] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState<{ name: string; version: number } | null>(null);
  return (
    <details className="pg-save">
      <summary>Save as a new version</summary>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setSaving(true);
          setError(null);
          setSaved(null);
          try {
            const version = await api.createPromptVersion(versionRequestOf(draft, name.trim(), message));
            setSaved({ name: version.name, version: version.version });
            onSaved(version.name, version.version);
            await queryClient.invalidateQueries({ queryKey: ['prompts'] });
          } catch (failure) {
            setError(failure);
          } finally {
            setSaving(false);
          }
        }}
      >
        <label>
          Prompt name
          <input required value={name} onChange={(e) => setName(e.target.value)} placeholder="folder/name" />
        </label>
        <label>
          Commit message
          <input value={message} onChange={(e) => setMessage(e.target.value)} />
        </label>
        <button type="submit" disabled={saving}>
          Save version
        </button>
      </form>
      <ProblemAlert error={error} />
      {saved && (
        <p role="status">
          Saved as <Link to={`/prompts/${encodeURIComponent(saved.name)}`}>{saved.name}</Link> version {saved.version}.
        </p>
      )}
    </details>
  );
}
