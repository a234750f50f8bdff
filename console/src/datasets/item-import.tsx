import { useState, type ChangeEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import { ApiProblem } from '../api/problem';
import { ProblemAlert } from '../ui/problem-alert';

/**
 * Import a JSONL or CSV file in one change. The service takes the file whole or not at all and names
 * every bad line (`/body/content/lines/<n>`); those are listed one per line so the file can be fixed.
 */
export function ItemImport({ api, datasetId, onDone }: { api: ApiClient; datasetId: string; onDone: () => void }) {
  const [fileName, setFileName] = useState('');
  const run = useMutation({
    mutationFn: async (file: File) => api.importDatasetItems(datasetId, { format: file.name.toLowerCase().endsWith('.csv') ? 'csv' : 'jsonl', content: await file.text() }),
    onSuccess: onDone,
  });
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setFileName(file.name);
    run.mutate(file);
    event.target.value = '';
  };
  const badLines = run.error instanceof ApiProblem ? run.error.fieldErrors.filter((e) => e.path.startsWith('/body/content/lines/')) : [];

  return (
    <section className="card ds-import" aria-labelledby="import-heading">
      <h2 id="import-heading">Import items</h2>
      <p className="muted small">
        JSONL (one <code>{'{"input": …, "expectedOutput": …, "metadata": {…}}'}</code> per line) or CSV with a header row (<code>input</code>, <code>expected_output</code>,{' '}
        <code>metadata</code>, <code>source_trace_id</code>, <code>source_span_id</code>). All or nothing: one bad line imports nothing.
      </p>
      <label htmlFor="import-file">File (.jsonl or .csv)</label>
      <input id="import-file" type="file" accept=".jsonl,.json,.csv,.txt" disabled={run.isPending} onChange={choose} />
      {run.isPending && <p role="status">Importing {fileName}…</p>}
      {run.data && (
        <p role="status">
          Imported {run.data.imported} item{run.data.imported === 1 ? '' : 's'} from {fileName}; the dataset is now at version {run.data.datasetVersion}.
        </p>
      )}
      {badLines.length > 0 ? (
        <div role="alert" className="problem">
          <strong>Nothing was imported from {fileName}: fix these lines and import it again.</strong>
          <ul className="ds-import-errors">
            {badLines.map((e) => (
              <li key={e.path}>{e.message}</li>
            ))}
          </ul>
        </div>
      ) : (
        <ProblemAlert error={run.error} />
      )}
    </section>
  );
}
