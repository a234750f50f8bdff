import type { components } from '../../generated/openapi.js';
import { mapTool, type AnyToolMapping } from './operation-tool.js';
import { ADDS, OUTPUT_SCHEMAS } from './tool-output-schemas.js';
import { optionalString, requiredString } from './tool-input-readers.js';

type ScoreDataType = components['schemas']['ScoreDataType'];

/** `score_trace` (createScore): an agent records a score on a trace or one of its spans. */
export function evaluationToolMappings(): AnyToolMapping[] {
  return [
    mapTool({
      name: 'score_trace',
      operationId: 'createScore',
      outputSchema: OUTPUT_SCHEMAS.score_trace,
      // Each call records one more score; nothing is overwritten.
      annotations: ADDS,
      description:
        'Record a score on a trace (or one of its spans): a number, true/false, or a category, under a name such as "correctness". The score is stored with source "api" and the caller as author.',
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        required: ['trace_id', 'name', 'value'],
        properties: {
          trace_id: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$' },
          span_id: { type: 'string', minLength: 1, maxLength: 128 },
          name: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$' },
          value: { oneOf: [{ type: 'number' }, { type: 'boolean' }, { type: 'string', minLength: 1, maxLength: 100 }] },
          data_type: { type: 'string', enum: ['numeric', 'boolean', 'categorical'], description: 'Defaults to the type of value.' },
          comment: { type: 'string', maxLength: 2000 },
        },
      },
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
