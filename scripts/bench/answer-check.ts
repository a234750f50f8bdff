/**
 * A bare statement measured beside the service must return the service's answer, or its ratio
 * compares two different questions (issue #61 item 0: the bench's bare top 50 of a common word on
 * PostgreSQL and of a prefix on both adapters was another 50, and nothing checked it). Each check
 * throws a BareAnswerMismatch, which fails the run.
 */
export class BareAnswerMismatch extends Error {
  constructor(label: string, detail: string) {
    super(`bare SQL does not return the service's answer for ${label}: ${detail}`);
    this.name = 'BareAnswerMismatch';
  }
}

const shown = (ids: readonly string[]) => (ids.length > 6 ? `${ids.slice(0, 6).join(', ')}, … (${ids.length})` : ids.join(', '));

/** Same ids, same order, same count. */
export function checkSameIds(label: string, service: readonly string[], bare: readonly string[]): void {
  if (service.length !== bare.length) throw new BareAnswerMismatch(label, `the service returned ${service.length} ids, bare ${bare.length} (service: ${shown(service)}; bare: ${shown(bare)})`);
  const at = service.findIndex((id, i) => id !== bare[i]);
  if (at < 0) return;
  const sameSet = new Set(service).size === new Set([...service, ...bare]).size;
  throw new BareAnswerMismatch(label, `${sameSet ? 'the same ids in another order' : 'different ids'}; first difference at position ${at + 1}: service ${service[at]}, bare ${bare[at]}`);
}

/**
 * The service's total_count from the bare capped count: counted to one past the bound, the service
 * reports the bound and total_count_exact false past it (TraceSearchService.search).
 */
export function checkSameCount(label: string, service: { total: number | null; exact: boolean | null }, bareCounted: number, bound: number): void {
  const exact = bareCounted <= bound;
  const total = exact ? bareCounted : bound;
  if (service.total !== total || service.exact !== exact) {
    throw new BareAnswerMismatch(label, `the service counted ${service.total} (exact: ${service.exact}), bare ${bareCounted} counted to ${bound + 1}, i.e. ${total} (exact: ${exact})`);
  }
}
