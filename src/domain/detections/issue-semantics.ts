import { problems, type FieldError } from '../../errors.js';
import type { IssueSemantics, IssueSemanticsInput } from './detection-types.js';

const POLARITIES = ['problem', 'healthy', 'informational', 'unknown'];
const AUTHORITIES = ['none', 'project_authoritative'];
const LENGTHS = { truth_role: 100, contract_id: 256, contract_version: 100 } as const;
const KNOWN = new Set(['schema_version', 'polarity', 'authority', ...Object.keys(LENGTHS)]);

/**
 * Validates issue semantics exactly as the spec states (the contract says the same for REST callers)
 * and gives the output form: `authority` always present, `none` when not sent.
 */
export function normalizeIssueSemantics(input: IssueSemanticsInput | null | undefined, path = '/body/issueSemantics'): IssueSemantics | null {
  if (input === null || input === undefined) return null;
  const errors: FieldError[] = [];
  const raw = input as Record<string, unknown>;
  for (const key of Object.keys(raw)) if (!KNOWN.has(key)) errors.push({ code: 'additional_properties', message: `unknown property ${key}`.slice(0, 160), path: `${path}/${key}`.slice(0, 160) });
  if (raw.schema_version !== 'detector-issue-semantics-v1') errors.push({ code: 'const', message: 'must be detector-issue-semantics-v1', path: `${path}/schema_version` });
  if (!POLARITIES.includes(raw.polarity as string)) errors.push({ code: 'enum', message: `must be one of ${POLARITIES.join(', ')}`, path: `${path}/polarity` });
  if (raw.authority !== undefined && !AUTHORITIES.includes(raw.authority as string)) errors.push({ code: 'enum', message: `must be one of ${AUTHORITIES.join(', ')}`, path: `${path}/authority` });
  for (const [key, max] of Object.entries(LENGTHS)) {
    const value = raw[key];
    if (value !== undefined && (typeof value !== 'string' || value.length < 1 || value.length > max)) {
      errors.push({ code: 'length', message: `must be a string of 1 to ${max} characters`, path: `${path}/${key}` });
    }
  }
  if (errors.length) throw problems.validation('issueSemantics is invalid; see errors.', errors);
  const output: IssueSemantics = { schema_version: 'detector-issue-semantics-v1', polarity: input.polarity, authority: input.authority ?? 'none' };
  if (input.truth_role !== undefined) output.truth_role = input.truth_role;
  if (input.contract_id !== undefined) output.contract_id = input.contract_id;
  if (input.contract_version !== undefined) output.contract_version = input.contract_version;
  return output;
}
