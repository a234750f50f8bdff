import type { components } from '../../generated/openapi.js';
import { mapTool, type AnyToolMapping } from './operation-tool.js';
import { ADDS } from './tool-annotation-presets.js';
import { field, object } from './contract-fields.js';
import { DATA_TYPE_IMPLIED, TRACE_REQUIRED } from './tool-field-exceptions.js';
import { optionalString, requiredString } from './tool-input-readers.js';

type ScoreDataType = components['schemas']['ScoreDataType'];

/** `score_trace` (createScore): an agent records a score on a trace or one of its spans. */
export function evaluationToolMappings(): AnyToolMapping[] {
  return [
    mapTool({
      name: 'score_trace',
      operationId: 'createScore',
      output: object({
        score_id: field('Score', 'id'),
        trace_id: field('Score', 'traceId'),
        span_id: field('Score', 'spanId'),
        name: field('Score', 'name'),
        data_type: field('Score', 'dataType'),
        value: field('Score', 'value'),
        source: field('Score', 'source'),
        created_at: field('Score', 'createdAt'),
      }),
      // Each call records one more score; nothing is overwritten.
      annotations: ADDS,
      description:
        'Record a score on a trace (or one of its spans): a number, true/false, or a category, under a name such as "correctness". The score is stored with source "api" and the caller as author.',
      input: object({
        trace_id: field('ScoreCreateRequest', 'traceId', TRACE_REQUIRED),
        span_id: field('ScoreCreateRequest', 'spanId'),
        name: field('ScoreCreateRequest', 'name'),
        value: field('ScoreCreateRequest', 'value'),
        data_type: field('ScoreCreateRequest', 'dataType', DATA_TYPE_IMPLIED),
        comment: field('ScoreCreateRequest', 'comment'),
      }),
      toOperation: (input) => ({
        path: {},
        query: {},
        headers: {},
        body: {
          traceId: requiredString(input, 'trace_id', 128),
          spanId: optionalString(input, 'span_id', 128),
          name: requiredString(input, 'name', 100),
          value: input.value as number | boolean | string,
          // Omitted, the operation takes the type the value says.
          dataType: input.data_type as ScoreDataType | undefined,
          comment: optionalString(input, 'comment', 2000),
        },
      }),
      toResult: (score) => ({
        score_id: score.id,
        trace_id: score.traceId,
        span_id: score.spanId,
        name: score.name,
        data_type: score.dataType,
        value: score.value,
        source: score.source,
        created_at: score.createdAt,
      }),
    }),
  ];
}
