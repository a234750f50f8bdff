import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';
import { formatTime } from '../ui/format';

type Summary = Schemas['PromptSummary'];

/** Prompts grouped by folder: the part of the name before its last `/` ('' for the top level). */
export function foldersOf(prompts: Summary[]): { folder: string; prompts: Summary[] }[] {
  const groups = new Map<string, Summary[]>();
  for (const p of prompts) {
    const cut = p.name.lastIndexOf('/');
    const folder = cut === -1 ? '' : p.name.slice(0, cut);
    groups.set(folder, [...(groups.get(folder) ?? []), p]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([folder, list]) => ({ folder, prompts: list }));
}

/** The project's prompts, filtered by name prefix, label and tag, in folders. */
export function PromptListPage() {
  const api = useApi();
  const { session } = useSession();
  const [draft, setDraft] = useState({ namePrefix: '', label: '', tag: '' });
  const [filters, setFilters] = useState(draft);
  const prompts = useQuery({
    queryKey: ['prompts', session?.projectId, filters],
    queryFn: () => api.listPrompts({ limit: 100, namePrefix: filters.namePrefix || undefined, label: filters.label || undefined, tag: filters.tag || undefined }),
  });
  const list = prompts.data?.prompts ?? [];
  return (
    <section>
      <div className="page-head">
        <h1>Prompts</h1>
        <Link className="button primary" to="/playground">
          Open the playground
        </Link>
      </div>
      <form
        className="filters"
        role="search"
        aria-label="Filter prompts"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters(draft);
        }}
      >
        <label>
          Name starts with
          <input value={draft.namePrefix} onChange={(e) => setDraft({ ...draft, namePrefix: e.target.value })} placeholder="support/" />
        </label>
        <label>
          Label
          <input value={draft.label} onChange={(e) => setDraft({ ...draft, label: e.target.value })} placeholder="production" />
        </label>
        <label>
          Tag
          <input value={draft.tag} onChange={(e) => setDraft({ ...draft, tag: e.target.value })} />
        </label>
        <div className="filter-actions">
          <button type="submit">Filter</button>
        </div>
      </form>
      <ProblemAlert error={prompts.error} />
      {prompts.data && list.length === 0 && <p className="empty">No prompts match.</p>}
      {foldersOf(list).map(({ folder, prompts: inFolder }) => (
        <section key={folder} className="prompts-folder" aria-label={folder ? `Folder ${folder}` : 'Top level'}>
          <h2>{folder ? `${folder}/` : 'Top level'}</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="num">Latest version</th>
                <th scope="col">Labels</th>
                <th scope="col">Tags</th>
                <th scope="col">Updated</th>
              </tr>
            </thead>
            <tbody>
              {inFolder.map((p) => (
                <tr key={p.id}>
                  <td>
                    <Link to={`/prompts/${encodeURIComponent(p.name)}`}>{p.name}</Link> <span className="type-tag">{p.type}</span>
                  </td>
                  <td className="num">{p.latestVersion}</td>
                  <td>
                    {Object.entries(p.labels)
                      .sort(([a], [b]) => (a < b ? -1 : 1))
                      .map(([label, version]) => `${label} → v${version}`)
                      .join(', ')}
                  </td>
                  <td>{p.tags.join(', ')}</td>
                  <td>{formatTime(p.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      {prompts.data?.page.nextCursor && <p className="muted">Showing the first 100; narrow the filter to see others.</p>}
    </section>
  );
}
