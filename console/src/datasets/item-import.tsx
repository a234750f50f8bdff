import { useState, type ChangeEvent } from 'react';
import { parseItemText, type ParsedLine } from '../../../src/cli/dataset-lines';
import type { ApiClient } from '../api/client';
import { ApiProblem } from '../api/problem';

interface Outcome {
  imported: number;
  errors: { line: number; message: string }[];
}

const rejection = (error: unknown): string =>
  error instanceof ApiProblem ? `${error.code ?? error.title}: ${error.fieldErrors.length > 0 ? error.fieldErrors.map((e) => `${e.path}: ${e.message}`).join('; ') : error.detail}` : String(error);

/** Import a JSONL or CSV file: each line becomes an item; lines that fail are listed with their number and reason. */
export function ItemImport({ api, datasetId, onDone }: { api: ApiClient; datasetId: string; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setBusy(true);
    setOutcome(null);
    const lines: ParsedLine[] = parseItemText(await file.text(), file.name.toLowerCase().endsWith('.csv') ? 'csv' : 'jsonl');
    const result: Outcome = { imported: 0, errors: [] };
    let done = 0;
    for (const parsed of lines) {
      if ('error' in parsed) result.errors.push({ line: parsed.line, message: parsed.error });
      else {
        try {
          await api.createDatasetItem(datasetId, parsed.item);
          result.imported += 1;
        } catch (error) {
          result.errors.push({ line: parsed.line, message: rejection(error) });
        }
      }
      done += 1;
      setProgress(`${done} of ${lines.length} lines`);
    }
    setOutcome(result);
    setBusy(false);
    setProgress('');
    event.target.value = '';
    onDone();
  };

  return (
    <section className="card ds-import" aria-labelledby="import-heading">
      <h2 id="import-heading">Import items</h2>
      <p className="muted small">
        JSONL (one <code>{'{"input": …, "expectedOutput": …, "metadata": {…}}'}</code> per line) or CSV with a header row (<code>input</code>, <code>expectedOutput</code>,{' '}
        <code>metadata</code>; other columns become metadata). Cells that parse as JSON are JSON.
      </p>
      <label htmlFor="import-file">File (.jsonl or .csv)</label>
      <input id="import-file" type="file" accept=".jsonl,.json,.csv,.txt" disabled={busy} onChange={(e) => void importFile(e)} />
      {busy && <p role="status">Importing… {progress}</p>}
      {outcome && (
        <div role="status">
          <p>
            Imported {outcome.imported} item{outcome.imported === 1 ? '' : 's'}; {outcome.errors.length} line{outcome.errors.length === 1 ? '' : 's'} failed.
          </p>
          {outcome.errors.length > 0 && (
            <ul className="ds-import-errors">
              {outcome.errors.map((e) => (
                <li key={e.line}>
                  Line {e.line}: {e.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
