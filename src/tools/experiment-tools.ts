import type { components } from '../../generated/openapi.js';
import { READS, STARTS_MODEL_CALLS } from './tool-annotation-presets.js';
import { bodyField, field, listField, object, pathParameter, queryParameter } from './contract-fields.js';
import { clampedLimit, TASK_REQUIRED } from './tool-field-exceptions.js';
import { mapTool, type AnyToolMapping } from './operation-tool.js';
import { optionalInteger, requiredString } from './tool-input-readers.js';

type Schemas = components['schemas'];

const runView = (r: Schemas['ExperimentRun']) => ({
  run_id: r.id,
  name: r.name,
  status: r.status,
  baseline: r.baseline,
  dataset_version: r.datasetVersion,
  item_count: r.itemCount,
  result_count: r.resultCount,
  metadata: r.metadata,
  created_at: r.createdAt,
  completed_at: r.completedAt,
});

const comparisonView = (c: Schemas['ScoreComparison']) => ({
  score: c.score,
  candidate_run_id: c.candidateRunId,
  data_type: c.dataType,
  pairs: c.pairs,
  baseline_only: c.baselineOnly,
  candidate_only: c.candidateOnly,
  baseline_mean: c.baselineMean,
  candidate_mean: c.candidateMean,
  mean_difference: c.meanDifference,
  confidence_interval: c.confidenceInterval,
  primary_test: c.primaryTest,
  p_value: c.pValue,
  adjusted_p_value: c.adjustedPValue,
  effect_size: c.effectSize,
  significant: c.significant,
  direction: c.direction,
});

/**
 * `list_datasets`, `get_dataset_items`, `list_experiment_runs`, `compare_experiment_runs`: an agent
 * reads what a dataset holds and whether a change helped (docs/experiments.md); with
 * `start_experiment_run` it starts a server-side run of a prompt or template over a dataset. Other
 * writes stay REST.
 */
export function experimentToolMappings(): AnyToolMapping[] {
  return [
    mapTool({
      name: 'start_experiment_run',
      operationId: 'createExperimentRun',
      // Each call starts one more run (nothing is overwritten), whose items go to a model endpoint outside.
      annotations: STARTS_MODEL_CALLS,
      description:
        'Start a server-side experiment run: the server calls a model connection of the project once per item of the dataset and records each output with its latency, tokens and cost. task needs modelConnectionId and either prompt ({name, label or version} from the prompt registry) or messages (a chat template whose {{variables}} are filled from each item\'s input; {{input}} is the whole input). Optional: scorers (built-in, applied on finish), evaluatorIds (LLM-as-judge on every result before finish), concurrency (1 to 16, default 4), parameters, model. Returns the run (status running); follow its progress with list_experiment_runs and compare it with compare_experiment_runs when completed.',
      input: object({
        dataset_id: pathParameter('createExperimentRun', 'id'),
        name: bodyField('createExperimentRun', 'name'),
        task: bodyField('createExperimentRun', 'task', TASK_REQUIRED),
        dataset_version: bodyField('createExperimentRun', 'datasetVersion'),
        baseline: bodyField('createExperimentRun', 'baseline'),
      }),
      output: object({
        run_id: field('ExperimentRun', 'id'),
        name: field('ExperimentRun', 'name'),
        status: field('ExperimentRun', 'status'),
        dataset_version: field('ExperimentRun', 'datasetVersion'),
        item_count: field('ExperimentRun', 'itemCount'),
        result_count: field('ExperimentRun', 'resultCount'),
        task: field('ExperimentRun', 'task'),
        created_at: field('ExperimentRun', 'createdAt'),
      }),
      // The arguments were validated against these same contract schemas before this runs.
      toOperation: (input) => ({
        path: { id: requiredString(input, 'dataset_id', 64) },
        query: {},
        headers: {},
        body: {
          name: requiredString(input, 'name', 255),
          task: input.task as Schemas['ExperimentTaskInput'],
          datasetVersion: typeof input.dataset_version === 'number' ? input.dataset_version : undefined,
          baseline: typeof input.baseline === 'boolean' ? input.baseline : undefined,
        },
      }),
      toResult: (r) => ({
        run_id: r.id,
        name: r.name,
        status: r.status,
        dataset_version: r.datasetVersion,
        item_count: r.itemCount,
        result_count: r.resultCount,
        task: r.task,
        created_at: r.createdAt,
      }),
    }),
    mapTool({
      name: 'list_datasets',
      operationId: 'listDatasets',
      annotations: READS,
      description: 'List the datasets of the project (newest first, at most 100) with their current version and number of active items.',
      input: object({ limit: queryParameter('listDatasets', 'limit', clampedLimit(100, 20)) }),
      output: object({
        datasets: listField(
          'DatasetList',
          'datasets',
          object({
            dataset_id: field('Dataset', 'id'),
            name: field('Dataset', 'name'),
            description: field('Dataset', 'description'),
            version: field('Dataset', 'version'),
            item_count: field('Dataset', 'itemCount'),
            updated_at: field('Dataset', 'updatedAt'),
          }),
        ),
        has_more: field('Page', 'hasMore'),
      }),
      toOperation: (input) => ({ path: {}, headers: {}, body: undefined, query: { limit: optionalInteger(input, 'limit', 20, 1, 100) } }),
      toResult: (data) => ({
        datasets: data.datasets.map((d) => ({ dataset_id: d.id, name: d.name, description: d.description, version: d.version, item_count: d.itemCount, updated_at: d.updatedAt })),
        has_more: data.page.hasMore,
      }),
    }),
    mapTool({
      name: 'get_dataset_items',
      operationId: 'listDatasetItems',
      annotations: READS,
      description: 'Read the items of a dataset (oldest first, at most 100): input, expected output, metadata and source trace — at the current version or as of an earlier version number.',
      input: object({
        dataset_id: pathParameter('listDatasetItems', 'id'),
        version: queryParameter('listDatasetItems', 'version'),
        limit: queryParameter('listDatasetItems', 'limit', clampedLimit(100, 20)),
      }),
      output: object({
        dataset_version: field('DatasetItemList', 'datasetVersion'),
        items: listField(
          'DatasetItemList',
          'items',
          object({
            item_id: field('DatasetItem', 'id'),
            input: field('DatasetItem', 'input'),
            expected_output: field('DatasetItem', 'expectedOutput'),
            metadata: field('DatasetItem', 'metadata'),
            source_trace_id: field('DatasetItem', 'sourceTraceId'),
            status: field('DatasetItem', 'status'),
          }),
        ),
        has_more: field('Page', 'hasMore'),
      }),
      toOperation: (input) => ({
        path: { id: requiredString(input, 'dataset_id', 64) },
        headers: {},
        body: undefined,
        query: { version: typeof input.version === 'number' ? input.version : undefined, limit: optionalInteger(input, 'limit', 20, 1, 100) },
      }),
      toResult: (data) => ({
        dataset_version: data.datasetVersion,
        items: data.items.map((i) => ({ item_id: i.id, input: i.input, expected_output: i.expectedOutput, metadata: i.metadata, source_trace_id: i.sourceTraceId, status: i.status })),
        has_more: data.page.hasMore,
      }),
    }),
    mapTool({
      name: 'list_experiment_runs',
      operationId: 'listExperimentRuns',
      annotations: READS,
      description: 'List the experiment runs of a dataset (newest first, at most 100): status, whether it is the baseline, the pinned dataset version and progress (results of items).',
      input: object({
        dataset_id: pathParameter('listExperimentRuns', 'id'),
        limit: queryParameter('listExperimentRuns', 'limit', clampedLimit(100, 20)),
      }),
      output: object({
        runs: listField(
          'ExperimentRunList',
          'runs',
          object({
            run_id: field('ExperimentRun', 'id'),
            name: field('ExperimentRun', 'name'),
            status: field('ExperimentRun', 'status'),
            baseline: field('ExperimentRun', 'baseline'),
            dataset_version: field('ExperimentRun', 'datasetVersion'),
            item_count: field('ExperimentRun', 'itemCount'),
            result_count: field('ExperimentRun', 'resultCount'),
            metadata: field('ExperimentRun', 'metadata'),
            created_at: field('ExperimentRun', 'createdAt'),
            completed_at: field('ExperimentRun', 'completedAt'),
          }),
        ),
        has_more: field('Page', 'hasMore'),
      }),
      toOperation: (input) => ({ path: { id: requiredString(input, 'dataset_id', 64) }, headers: {}, body: undefined, query: { limit: optionalInteger(input, 'limit', 20, 1, 100) } }),
      toResult: (data) => ({ runs: data.runs.map(runView), has_more: data.page.hasMore }),
    }),
    mapTool({
      name: 'compare_experiment_runs',
      operationId: 'compareExperimentRuns',
      annotations: READS,
      description:
        'Compare candidate runs (1 to 5) with a baseline run of the same dataset, per score: paired items, means, the mean difference with a 95% bootstrap interval, the paired test (Wilcoxon signed-rank for numbers, exact McNemar for booleans), Holm-adjusted p-value, effect size, and whether the change is significant (improved / regressed / unchanged).',
      input: object({
        dataset_id: pathParameter('compareExperimentRuns', 'id'),
        baseline: queryParameter('compareExperimentRuns', 'baseline'),
        candidate: queryParameter('compareExperimentRuns', 'candidate'),
        alpha: queryParameter('compareExperimentRuns', 'alpha'),
      }),
      output: object({
        alpha: field('ExperimentComparison', 'alpha'),
        seed: field('ExperimentComparison', 'seed'),
        comparisons: listField(
          'ExperimentComparison',
          'comparisons',
          object({
            score: field('ScoreComparison', 'score'),
            candidate_run_id: field('ScoreComparison', 'candidateRunId'),
            data_type: field('ScoreComparison', 'dataType'),
            pairs: field('ScoreComparison', 'pairs'),
            baseline_only: field('ScoreComparison', 'baselineOnly'),
            candidate_only: field('ScoreComparison', 'candidateOnly'),
            baseline_mean: field('ScoreComparison', 'baselineMean'),
            candidate_mean: field('ScoreComparison', 'candidateMean'),
            mean_difference: field('ScoreComparison', 'meanDifference'),
            confidence_interval: field('ScoreComparison', 'confidenceInterval'),
            primary_test: field('ScoreComparison', 'primaryTest'),
            p_value: field('ScoreComparison', 'pValue'),
            adjusted_p_value: field('ScoreComparison', 'adjustedPValue'),
            effect_size: field('ScoreComparison', 'effectSize'),
            significant: field('ScoreComparison', 'significant'),
            direction: field('ScoreComparison', 'direction'),
          }),
        ),
        skipped: field('ExperimentComparison', 'skipped'),
      }),
      toOperation: (input) => ({
        path: { id: requiredString(input, 'dataset_id', 64) },
        headers: {},
        body: undefined,
        query: {
          baseline: requiredString(input, 'baseline', 64),
          candidate: Array.isArray(input.candidate) ? input.candidate.map(String) : [requiredString(input, 'candidate', 64)],
          alpha: typeof input.alpha === 'number' ? input.alpha : undefined,
        },
      }),
      toResult: (data) => ({ alpha: data.alpha, seed: data.seed, comparisons: data.comparisons.map(comparisonView), skipped: data.skipped }),
    }),
  ];
}
