import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { draftOfVersion, type Draft } from './draft';

/** Switches a side to another version of the prompt it came from (to compare two versions). */
export function VersionPicker({ draft, onChange }: { draft: Draft & { prompt: NonNullable<Draft['prompt']> }; onChange: (draft: Draft) => void }) {
  const api = useApi();
  const { session } = useSession();
  const id = useId();
  const versions = useQuery({
    queryKey: ['prompts', session?.projectId, 'versions', draft.prompt.name],
    queryFn: () => api.listPromptVersions(draft.prompt.name, { limit: 100 }),
  });
  const list = versions.data?.versions ?? [];
  if (list.length < 2) return null;
  return (
    <p>
      <label htmlFor={`${id}-version`}>Version of {draft.prompt.name}</label>{' '}
      <select
        id={`${id}-version`}
        value={draft.prompt.version}
        onChange={(e) => {
          const chosen = list.find((v) => v.version === Number(e.target.value));
          if (chosen) onChange(draftOfVersion(chosen, draft.connectionId));
        }}
      >
        {list.map((v) => (
          <option key={v.version} value={v.version}>
            v{v.version}
            {v.labels.length ? ` (${v.labels.join(', ')})` : ''}
          </option>
        ))}
      </select>
    </p>
  );
}
