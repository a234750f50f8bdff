/**
 * An experiment: a task run over a dataset, scored by evaluators, compared with the baseline.
 *   TRACEWELL_BASE_URL=… TRACEWELL_API_KEY=… [TRACEWELL_DATASET_ID=…] npm run sdk:example:experiment
 * Without TRACEWELL_DATASET_ID it creates a small dataset of capitals and runs twice: a first run,
 * marked as the baseline, and a second one compared with it. Prints the outcome as JSON on its last line.
 */
import { init, type Evaluator } from '@tracewell/sdk';

const tracewell = init({ serviceName: 'capitals-experiment' });
const CAPITALS: Record<string, string> = { France: 'Paris', Japan: 'Tokyo', Kenya: 'Nairobi', Peru: 'Lima', Norway: 'Oslo', Canada: 'Ottawa' };

async function exampleDataset(): Promise<string> {
  const dataset = await tracewell.api.call('createDataset', { body: { name: `capitals ${new Date().toISOString()}` } });
  const content = Object.entries(CAPITALS).map(([country, capital]) => JSON.stringify({ input: { country }, expectedOutput: capital })).join('\n');
  await tracewell.api.call('importDatasetItems', { path: { id: dataset.data!.id }, body: { format: 'jsonl', content } });
  return dataset.data!.id;
}

const exactMatch: Evaluator = ({ output, expectedOutput }) => ({ name: 'exact', value: output === expectedOutput });
const length: Evaluator = ({ output }) => ({ name: 'length', value: String(output).length });

const datasetId = process.env.TRACEWELL_DATASET_ID ?? (await exampleDataset());
const log = (label: string) => ({ reported, total }: { reported: number; total: number }) => console.error(`${label}: reported ${reported}/${total}`);

let baselineRunId: string | undefined;
if (!process.env.TRACEWELL_DATASET_ID) {
  // A first version that forgets one capital, made the dataset's baseline.
  const first = await tracewell.runExperiment({ dataset: datasetId, name: 'v1', task: (input) => ((input as { country: string }).country === 'Canada' ? 'Toronto' : CAPITALS[(input as { country: string }).country]), evaluators: [exactMatch, length], onProgress: log('v1') });
  await tracewell.api.call('updateExperimentRun', { path: { id: datasetId, runId: first.run.id }, body: { baseline: true } });
  baselineRunId = first.run.id;
}

const outcome = await tracewell.runExperiment({
  dataset: datasetId,
  name: 'v2',
  concurrency: 3,
  task: async (input) => CAPITALS[(input as { country: string }).country] ?? 'unknown',
  evaluators: [exactMatch, length],
  onProgress: log('v2'),
});
for (const row of outcome.comparison?.comparisons ?? []) {
  console.error(`${row.score}: baseline ${row.baselineMean} → ${row.candidateMean} (p ${row.pValue}, ${row.direction})`);
}
console.log(JSON.stringify({ datasetId, baselineRunId, runId: outcome.run.id, failedItems: outcome.failedItems, comparison: outcome.comparison }));
await tracewell.shutdown();
