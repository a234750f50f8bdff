/** One rule's outcome, as printed and as written to JUnit. */
export type Outcome = 'PASS' | 'FAIL' | 'SKIP';

export interface RuleResult {
  id: string;
  /** The rule in words, as the contract or spec states it. */
  text: string;
  outcome: Outcome;
  /** Why it failed (with the request, status and body excerpt) or why it was skipped. */
  evidence: string[];
}

export function summaryLine(results: readonly RuleResult[]): string {
  const count = (outcome: Outcome) => results.filter((r) => r.outcome === outcome).length;
  return `${count('PASS')} passed, ${count('FAIL')} failed, ${count('SKIP')} skipped`;
}

export function renderText(results: readonly RuleResult[]): string {
  const lines: string[] = [];
  for (const result of results) {
    lines.push(`${result.outcome} ${result.id}: ${result.text}`);
    const shown = result.outcome === "PASS" ? [] : result.evidence.slice(0, 3);
    for (const line of shown) lines.push(...line.split('\n').map((l) => `     ${l}`));
    if (result.outcome !== 'PASS' && result.evidence.length > shown.length) lines.push(`     … and ${result.evidence.length - shown.length} more`);
  }
  lines.push(summaryLine(results));
  return lines.join('\n');
}

const xml = (text: string): string =>
  text
    .replace(/[^\x09\x0a\x0d\x20-\ud7ff\ue000-\ufffd]/gu, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** JUnit XML: one testcase per rule, so CI systems show each rule. */
export function renderJunit(results: readonly RuleResult[], durationSeconds: number): string {
  const failures = results.filter((r) => r.outcome === 'FAIL').length;
  const skipped = results.filter((r) => r.outcome === 'SKIP').length;
  const cases = results.map((r) => {
    const open = `    <testcase classname="conformance" name="${xml(`${r.id}: ${r.text}`)}">`;
    if (r.outcome === 'PASS') return `${open}</testcase>`;
    if (r.outcome === 'SKIP') return `${open}<skipped message="${xml(r.evidence.join('; '))}"/></testcase>`;
    return `${open}<failure message="${xml(r.evidence[0] ?? 'failed')}">${xml(r.evidence.join('\n\n'))}</failure></testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites tests="${results.length}" failures="${failures}" skipped="${skipped}" time="${durationSeconds.toFixed(3)}">`,
    `  <testsuite name="tracewell-conformance" tests="${results.length}" failures="${failures}" skipped="${skipped}" time="${durationSeconds.toFixed(3)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
