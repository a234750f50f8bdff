/** The payload could not be decoded as an ExportTraceServiceRequest: OTLP's 400 with a Status. */
export class OtlpDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OtlpDecodeError';
  }
}

/**
 * Attribute values nested deeper than this (arrays of key-value lists of arrays…) make the request
 * undecodable, in protobuf and JSON alike, rather than being recursed into.
 */
export const MAX_VALUE_DEPTH = 32;

export const tooDeep = (): OtlpDecodeError =>
  new OtlpDecodeError(`The body is not a valid ExportTraceServiceRequest: attribute values nest deeper than ${MAX_VALUE_DEPTH} levels.`);
