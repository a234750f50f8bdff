import { useId } from 'react';
import type { Schemas } from '../api/operation-types';
import { ROLES, type Draft, type Role } from './draft';

/** The messages, connection, model and parameters of one side. */
export function DraftEditor({ draft, onChange, connections }: { draft: Draft; onChange: (draft: Draft) => void; connections: Schemas['ModelConnection'][] }) {
  const id = useId();
  const setMessage = (index: number, change: Partial<Draft['messages'][number]>) =>
    onChange({ ...draft, messages: draft.messages.map((m, i) => (i === index ? { ...m, ...change } : m)) });
  const connection = connections.find((c) => c.id === draft.connectionId);
  return (
    <div className="pg-editor">
      <ol className="pg-messages">
        {draft.messages.map((m, i) => (
          <li key={i} className={`message role-${m.role}`}>
            <span>
              <label htmlFor={`${id}-role-${i}`}>Role of message {i + 1}</label>
              <select id={`${id}-role-${i}`} value={m.role} onChange={(e) => setMessage(i, { role: e.target.value as Role })}>
                {ROLES.map((role) => (
                  <option key={role}>{role}</option>
                ))}
              </select>
            </span>
            <span>
              <label htmlFor={`${id}-message-${i}`}>Message {i + 1}</label>
              <textarea id={`${id}-message-${i}`} rows={4} value={m.content} onChange={(e) => setMessage(i, { content: e.target.value })} />
            </span>
            {draft.messages.length > 1 && (
              <button type="button" onClick={() => onChange({ ...draft, messages: draft.messages.filter((_, k) => k !== i) })}>
                Remove message {i + 1}
              </button>
            )}
          </li>
        ))}
      </ol>
      <button type="button" onClick={() => onChange({ ...draft, messages: [...draft.messages, { role: 'user', content: '' }] })}>
        Add message
      </button>
      <div className="pg-settings">
        <label htmlFor={`${id}-connection`}>Model connection</label>
        <select id={`${id}-connection`} value={draft.connectionId} onChange={(e) => onChange({ ...draft, connectionId: e.target.value })}>
          <option value="">Choose…</option>
          {connections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.model})
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-model`}>Model</label>
        <input id={`${id}-model`} value={draft.model} placeholder={connection?.model ?? "the connection's"} onChange={(e) => onChange({ ...draft, model: e.target.value })} />
        <label htmlFor={`${id}-temperature`}>Temperature</label>
        <input id={`${id}-temperature`} inputMode="decimal" value={draft.temperature} onChange={(e) => onChange({ ...draft, temperature: e.target.value })} />
        <label htmlFor={`${id}-max-tokens`}>Max tokens</label>
        <input id={`${id}-max-tokens`} inputMode="numeric" value={draft.maxTokens} onChange={(e) => onChange({ ...draft, maxTokens: e.target.value })} />
      </div>
    </div>
  );
}
