import type { ResultInput } from './experiment-task.js';
import type { Comparison } from './comparison-table.js';
import { differenceCell, formatP } from './comparison-table.js';

/** XML 1.0 text and attribute escaping; characters XML cannot carry at all are dropped. */
function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const seconds = (ms: number | undefined): string => ((ms ?? 0) / 1000).toFixed(3);

export interface JunitInput {
  datasetId: string;
  runId: string;
  runName: string;
  results: ResultInput[];
  comparison: Comparison | null;
}

/**
 * JUnit XML as CI systems read it: suite "items" has one testcase per dataset item (failed when the
 * task threw), suite "comparison" one per score comparison (failed on a significant regression).
 */
export function junitXml(input: JunitInput): string {
  const itemCases = input.results.map((result) => {
    const open = `    <testcase classname="dataset.${escapeXml(input.datasetId)}" name="item ${escapeXml(result.itemId)}" time="${seconds(result.latencyMs)}"`;
    return result.error === undefined ? `${open}/>` : `${open}>\n      <failure message="${escapeXml(result.error)}" type="task_error">${escapeXml(result.error)}</failure>\n    </testcase>`;
  });
  const rows = input.comparison?.comparisons ?? [];
  const comparisonCases = rows.map((row) => {
    const summary = `${row.score}: ${row.direction}, difference ${differenceCell(row)}, p ${formatP(row.pValue)}, adjusted p ${formatP(row.adjustedPValue)}, ${row.pairs} pairs`;
    const open = `    <testcase classname="comparison.${escapeXml(row.candidateRunId)}" name="${escapeXml(row.score)}" time="0"`;
    return row.significant && row.direction === 'regressed'
      ? `${open}>\n      <failure message="${escapeXml(`significant regression: ${summary}`)}" type="significant_regression">${escapeXml(summary)}</failure>\n    </testcase>`
      : `${open}>\n      <system-out>${escapeXml(summary)}</system-out>\n    </testcase>`;
  });
  const itemFailures = input.results.filter((result) => result.error !== undefined).length;
  const regressions = rows.filter((row) => row.significant && row.direction === 'regressed').length;
  const suite = (name: string, cases: string[], failures: number): string =>
    `  <testsuite name="${escapeXml(name)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="0">\n${cases.map((c) => `${c}\n`).join('')}  </testsuite>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(`experiment ${input.runName}`)}" tests="${itemCases.length + comparisonCases.length}" failures="${itemFailures + regressions}">`,
    suite(`${input.runName} items`, itemCases, itemFailures),
    suite(`${input.runName} comparison`, comparisonCases, regressions),
    '</testsuites>',
    '',
  ].join('\n');
}
