import type { Schemas } from '../api/operation-types';
import type { TraceFilters } from '../traces/trace-filters';

type Dimension = Schemas['MetricsDimensionName'];
type Group = { dimension: string; value: string | number | null; other: boolean };

/**
 * How the trace list narrows to one value of each metrics dimension: the list's address parameter
 * (trace-filters.ts), or null where the list has no such filter. Model, provider and span type are
 * values of spans: the list takes traces some span of which has the value, as the chart counted them.
 * A Record, so a dimension added to the contract fails the console's type check until it is mapped.
 */
export const DIMENSION_PARAM: Record<Dimension, keyof TraceFilters | null> = {
  status: 'status',
  framework: 'framework',
  agent: 'agentName',
  session: 'sessionId',
  user: 'userId',
  environment: 'environment',
  release: 'release',
  tag: 'tag',
  promptName: 'promptName',
  promptVersion: 'promptVersion',
  model: 'model',
  provider: 'provider',
  spanType: 'spanType',
};

/** How a person reads a dimension's name in "the trace list cannot filter by …". */
const DIMENSION_NAME: Record<Dimension, string> = {
  status: 'status',
  framework: 'framework',
  agent: 'agent',
  session: 'session',
  user: 'user',
  environment: 'environment',
  release: 'release',
  tag: 'tag',
  promptName: 'prompt',
  promptVersion: 'prompt version',
  model: 'model',
  provider: 'provider',
  spanType: 'span type',
};

export interface DrillDown {
  /** The trace list of the range, narrowed by every group it can express. */
  href: string;
  /** Every group was expressed: the list holds exactly the traces behind the value. */
  exact: boolean;
  /** What the list could not narrow by, as a person reads it (empty when exact). */
  unfiltered: string[];
}

/** Why a group cannot be a list filter, or null when it can (given the other groups of its row). */
function unexpressible(group: Group, groups: readonly Group[]): string | null {
  const dimension = group.dimension as Dimension;
  const name = DIMENSION_NAME[dimension] ?? group.dimension;
  if (!DIMENSION_PARAM[dimension]) return name;
  // `other` is every value beyond the top ones, and no value is the absence of one: neither is a list filter's one value.
  if (group.other) return `${name} (Other: the values beyond the top ones)`;
  if (group.value === null) return `${name} (none: traces without one)`;
  // The list takes a prompt version only with the prompt's name (a version alone names no prompt).
  if (dimension === 'promptVersion' && !groups.some((g) => g.dimension === 'promptName' && g.value !== null && !g.other)) return name;
  return null;
}

/**
 * The trace list of one point, bar or table value: the traces created in [fromMs, toMs) with the
 * series' dimension values. A group the list cannot express is left out of the address and named
 * in `unfiltered`, so the view can say so rather than offer the wider list as if it were the value's.
 */
export function drillDown(fromMs: number, toMs: number, groups: readonly Group[]): DrillDown {
  const params = new URLSearchParams({ from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString() });
  const unfiltered: string[] = [];
  for (const group of groups) {
    const reason = unexpressible(group, groups);
    if (reason) unfiltered.push(reason);
    else params.set(DIMENSION_PARAM[group.dimension as Dimension]!, String(group.value));
  }
  return { href: `/traces?${params.toString()}`, exact: unfiltered.length === 0, unfiltered };
}

/** The sentence a view shows beside a value whose list cannot be narrowed to it. */
export const unfilteredNote = (unfiltered: readonly string[]): string => `The trace list cannot filter by ${unfiltered.join(' or ')}`;
