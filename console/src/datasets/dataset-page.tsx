import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';
import { formatCount } from '../ui/format';
import { fieldText, fieldValue, preview } from './json-field';
import { ItemImport } from './item-import';

type Item = Schemas['DatasetItem'];

/** The add/edit form of one item: input and expected output as JSON or plain text. */
function ItemForm({ item, busy, onSave, onCancel }: { item?: Item; busy: boolean; onSave: (input: unknown, expected: unknown) => void; onCancel?: () => void }) {
  const [input, setInput] = useState(item ? fieldText(item.input) : '');
  const [expected, setExpected] = useState(item ? fieldText(item.expectedOutput) : '');
  const prefix = item ? `edit-${item.id}` : 'new-item';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(fieldValue(input), expected.trim() === '' ? null : fieldValue(expected));
  };
  return (
    <form className="ds-item-form" onSubmit={submit}>
      <label htmlFor={`${prefix}-input`}>Input</label>
      <textarea id={`${prefix}-input`} value={input} onChange={(e) => setInput(e.target.value)} required />
      <label htmlFor={`${prefix}-expected`}>Expected output</label>
      <textarea id={`${prefix}-expected`} value={expected} onChange={(e) => setExpected(e.target.value)} />
      <p>
        <button type="submit" className="primary" disabled={busy || input.trim() === ''}>
          {item ? 'Save item' : 'Add item'}
        </button>{' '}
        {onCancel && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </p>
    </form>
  );
}

/** `/datasets/:datasetId` — items (add, edit, archive, restore), import, and any earlier version read-only. */
export function DatasetPage() {
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const { datasetId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<string | null>(null);
  const [includeArchived, setIncludeArchived] = useState(false);
  const requestedVersion = params.get('version');

  const dataset = useQuery({ queryKey: ['dataset', session?.projectId, datasetId], queryFn: () => api.getDataset(datasetId) });
  const current = dataset.data?.version;
  const version = requestedVersion !== null && /^\d+$/.test(requestedVersion) ? Number(requestedVersion) : current;
  const readOnly = version !== undefined && current !== undefined && version !== current;
  const items = useQuery({
    queryKey: ['dataset-items', session?.projectId, datasetId, version, includeArchived],
    enabled: version !== undefined,
    queryFn: async () => {
      const all: Item[] = [];
      let cursor: string | undefined;
      do {
        const page = await api.listDatasetItems(datasetId, { version, includeArchived, limit: 100, ...(cursor ? { cursor } : {}) });
        all.push(...page.items);
        cursor = page.page.nextCursor ?? undefined;
      } while (cursor);
      return all;
    },
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['dataset', session?.projectId, datasetId] });
    void queryClient.invalidateQueries({ queryKey: ['dataset-items', session?.projectId, datasetId] });
  };
  const add = useMutation({ mutationFn: (body: { input: unknown; expectedOutput: unknown }) => api.createDatasetItem(datasetId, body), onSuccess: refresh });
  const change = useMutation({
    mutationFn: (args: { itemId: string; body: Parameters<typeof api.updateDatasetItem>[2] }) => api.updateDatasetItem(datasetId, args.itemId, args.body),
    onSuccess: () => {
      setEditing(null);
      refresh();
    },
  });
  const [formKey, setFormKey] = useState(0);
  const d = dataset.data;

  return (
    <div className="ds-page">
      <p>
        <Link to="/datasets">← Datasets</Link>
      </p>
      <ProblemAlert error={dataset.error} />
      {d && (
        <>
          <header className="page-head">
            <h1>{d.name}</h1>
            <Link className="button" to={`/datasets/${d.id}/runs`}>
              Experiment runs
            </Link>
          </header>
          {d.description && <p>{d.description}</p>}
          <p>
            Version {d.version} · {formatCount(d.itemCount)} active item{d.itemCount === 1 ? '' : 's'}
          </p>
          <div className="toolbar">
            <form className="inline" onSubmit={(e) => e.preventDefault()}>
              <label htmlFor="ds-version">Show version</label>
              <select id="ds-version" value={version} onChange={(e) => setParams(Number(e.target.value) === d.version ? {} : { version: e.target.value })}>
                {Array.from({ length: d.version + 1 }, (_, v) => d.version - v).map((v) => (
                  <option key={v} value={v}>
                    {v === d.version ? `${v} (current)` : v}
                  </option>
                ))}
              </select>
            </form>
            <label className="inline">
              <input type="checkbox" checked={includeArchived} onChange={(e) => setIncludeArchived(e.target.checked)} /> Show archived items
            </label>
          </div>
          {readOnly && <p role="note" className="ds-readonly">You are reading version {version}, as it was then. Edits apply to the current version.</p>}
          <ProblemAlert error={items.error ?? change.error} />
          {items.data && items.data.length === 0 && <p className="empty">No items at this version.</p>}
          {items.data && items.data.length > 0 && (
            <table className="ds-items">
              <thead>
                <tr>
                  <th scope="col">Input</th>
                  <th scope="col">Expected output</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">Written at version</th>
                  <th scope="col">Source</th>
                  {!readOnly && <th scope="col">Actions</th>}
                </tr>
              </thead>
              <tbody>
                {items.data.map((item) =>
                  editing === item.id ? (
                    <tr key={item.id}>
                      <td colSpan={6}>
                        <ItemForm item={item} busy={change.isPending} onSave={(input, expectedOutput) => change.mutate({ itemId: item.id, body: { input, expectedOutput } })} onCancel={() => setEditing(null)} />
                      </td>
                    </tr>
                  ) : (
                    <tr key={item.id} className={item.status === 'archived' ? 'ds-archived' : undefined}>
                      <td>{preview(item.input)}</td>
                      <td>{preview(item.expectedOutput)}</td>
                      <td>{item.status}</td>
                      <td className="num">{item.version}</td>
                      <td>{item.sourceTraceId ? <Link to={`/traces/${encodeURIComponent(item.sourceTraceId)}${item.sourceSpanId ? `?span=${encodeURIComponent(item.sourceSpanId)}` : ''}`}>trace</Link> : '—'}</td>
                      {!readOnly && (
                        <td className="ds-actions">
                          <button type="button" onClick={() => setEditing(item.id)} aria-label={`Edit item ${preview(item.input, 40)}`}>
                            Edit
                          </button>{' '}
                          {item.status === 'active' ? (
                            <button type="button" disabled={change.isPending} onClick={() => change.mutate({ itemId: item.id, body: { status: 'archived' } })} aria-label={`Archive item ${preview(item.input, 40)}`}>
                              Archive
                            </button>
                          ) : (
                            <button type="button" disabled={change.isPending} onClick={() => change.mutate({ itemId: item.id, body: { status: 'active' } })} aria-label={`Restore item ${preview(item.input, 40)}`}>
                              Restore
                            </button>
                          )}
                        </td>
                      )}
                    </tr>
                  ),
                )}
              </tbody>
            </table>
          )}
          {!readOnly && (
            <>
              <section className="card wide-form" aria-labelledby="add-item-heading">
                <h2 id="add-item-heading">Add an item</h2>
                <p className="muted small">Text that parses as JSON is stored as JSON; anything else as text.</p>
                <ProblemAlert error={add.error} />
                <ItemForm
                  key={formKey}
                  busy={add.isPending}
                  onSave={(input, expectedOutput) => add.mutate({ input, expectedOutput }, { onSuccess: () => setFormKey((k) => k + 1) })}
                />
              </section>
              <ItemImport api={api} datasetId={datasetId} onDone={refresh} />
            </>
          )}
        </>
      )}
    </div>
  );
}
