import { useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';
import { formatTime } from '../ui/format';
import { lineDiff } from './line-diff';
import { PromptUsage } from './prompt-usage';

type Version = Schemas['PromptVersion'];

/** A version as the text its diff compares: the template (chat: one `[role]` block per entry), then its config. */
export function versionText(version: Version): string {
  const template =
    typeof version.template === 'string'
      ? version.template
      : version.template.map((entry) => (entry.type === 'placeholder' ? `[placeholder ${entry.name}]` : `[${entry.role}]\n${entry.content}`)).join('\n');
  return `${template}\n--- config ---\n${JSON.stringify(version.config, null, 2)}`;
}

/** One prompt: its versions, their labels (moved here), and a diff between any two versions. */
export function PromptPage() {
  const { name = '' } = useParams();
  const api = useApi();
  const { session } = useSession();
  const versions = useQuery({ queryKey: ['prompts', session?.projectId, 'versions', name], queryFn: () => api.listPromptVersions(name, { limit: 100 }) });
  const protectedLabels = useQuery({ queryKey: ['prompt-protected-labels', session?.projectId], queryFn: () => api.getPromptProtectedLabels() });
  const list = versions.data?.versions ?? [];
  const isProtected = (label: string) => protectedLabels.data?.labels.includes(label) ?? false;

  return (
    <section>
      <p>
        <Link to="/prompts">All prompts</Link>
      </p>
      <h1>{name}</h1>
      <ProblemAlert error={versions.error} />
      <table>
        <caption className="visually-hidden">Versions of {name}, newest first</caption>
        <thead>
          <tr>
            <th scope="col" className="num">Version</th>
            <th scope="col">Labels</th>
            <th scope="col">Commit message</th>
            <th scope="col">Author</th>
            <th scope="col">Created</th>
            <th scope="col">Playground</th>
          </tr>
        </thead>
        <tbody>
          {list.map((v) => (
            <tr key={v.id}>
              <td className="num">v{v.version}</td>
              <td>
                {v.labels.map((label) => (
                  <span key={label} className="prompts-label">
                    {label}
                    {isProtected(label) && <span className="muted"> (protected)</span>}
                  </span>
                ))}
              </td>
              <td>{v.commitMessage ?? <span className="muted">—</span>}</td>
              <td>{v.author}</td>
              <td>{formatTime(v.createdAt)}</td>
              <td>
                <Link to={`/playground?prompt=${encodeURIComponent(name)}&version=${v.version}`}>
                  Open v{v.version} in playground
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.length > 0 && <PromptUsage name={name} />}
      {list.length > 0 && <LabelMover name={name} versions={list} isProtected={isProtected} />}
      {list.length > 1 && <VersionDiff versions={list} />}
    </section>
  );
}

/** Puts a label on a version (moving it from the version that had it). */
function LabelMover({ name, versions, isProtected }: { name: string; versions: Version[]; isProtected: (label: string) => boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [label, setLabel] = useState('production');
  const [target, setTarget] = useState(versions[0]!.version);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const id = useId();
  return (
    <section className="card" aria-labelledby="labels-heading">
      <h2 id="labels-heading">Move a label</h2>
      <form
        className="inline"
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          setDone(null);
          const version = versions.find((v) => v.version === target)!;
          const labels = [...new Set([...version.labels.filter((l) => l !== 'latest'), label.trim()])];
          try {
            await api.setPromptVersionLabels(name, target, { labels });
            setDone(`${label.trim()} now names v${target}.`);
            await queryClient.invalidateQueries({ queryKey: ['prompts'] });
          } catch (failure) {
            setError(failure);
          }
        }}
      >
        <label>
          Label
          <input required value={label} onChange={(e) => setLabel(e.target.value)} />
        </label>
        <label htmlFor={`${id}-version`}>Version</label>
        <select id={`${id}-version`} value={target} onChange={(e) => setTarget(Number(e.target.value))}>
            {versions.map((v) => (
              <option key={v.version} value={v.version}>
                v{v.version}
              </option>
            ))}
        </select>
        <button type="submit">Move label</button>
      </form>
      {isProtected(label.trim()) && <p className="muted">{label.trim()} is protected: only an admin may move it.</p>}
      <ProblemAlert error={error} />
      {done && <p role="status">{done}</p>}
    </section>
  );
}

/** The line diff between two chosen versions (older on the left by default). */
function VersionDiff({ versions }: { versions: Version[] }) {
  const [from, setFrom] = useState(versions[1]!.version);
  const [to, setTo] = useState(versions[0]!.version);
  const id = useId();
  const a = versions.find((v) => v.version === from);
  const b = versions.find((v) => v.version === to);
  const lines = a && b ? lineDiff(versionText(a), versionText(b)) : [];
  const changed = lines.filter((l) => l.kind !== 'same').length;
  return (
    <section className="card" aria-labelledby="diff-heading">
      <h2 id="diff-heading">Compare versions</h2>
      <div className="inline">
        <label htmlFor={`${id}-from`}>From</label>
        <select id={`${id}-from`} value={from} onChange={(e) => setFrom(Number(e.target.value))}>
          {versions.map((v) => (
            <option key={v.version} value={v.version}>
              v{v.version}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-to`}>To</label>
        <select id={`${id}-to`} value={to} onChange={(e) => setTo(Number(e.target.value))}>
          {versions.map((v) => (
            <option key={v.version} value={v.version}>
              v{v.version}
            </option>
          ))}
        </select>
      </div>
      <p className="muted">{changed === 0 ? 'No differences.' : `${changed} changed line${changed === 1 ? '' : 's'}.`}</p>
      <table className="prompts-diff" aria-label={`Differences from v${from} to v${to}`}>
        <tbody>
          {lines.map((line, i) => (
            <tr key={i} className={`prompts-diff-${line.kind}`}>
              <td className="num">{line.oldLine ?? ''}</td>
              <td className="num">{line.newLine ?? ''}</td>
              <td>
                <span className="visually-hidden">{line.kind === 'same' ? 'unchanged' : line.kind}: </span>
                <code aria-hidden="true">{line.kind === 'same' ? ' ' : line.kind === 'removed' ? '−' : '+'}</code> <code>{line.text}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
