/**
 * `npm run conformance -- --base-url URL --api-key KEY [--project ID] [--token TOKEN] [--junit FILE]
 * [--seed N] [--fuzz-runs N] [--include-rate-limit] [--max-rate-wait-seconds N]`: checks a deployment against the contract and
 * the spec over HTTP, prints one line per rule and `N passed, N failed, N skipped`; exit 1 on any FAIL.
 */
import { writeFileSync } from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import { ContractModel, DEFAULT_CONTRACT } from './contract-model.js';
import { renderJunit, renderText } from './report.js';
import { runConformance } from './run.js';

const integer = (value: string): number => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidArgumentError('expected a non-negative integer');
  return n;
};

const program = new Command('conformance')
  .description('Check a Tracewell deployment against contract/openapi.yaml and the spec, over HTTP.')
  .requiredOption('--base-url <url>', 'the deployment, e.g. http://127.0.0.1:8080')
  .requiredOption('--api-key <key>', 'a project API key (tw_pk_…)')
  .option('--project <id>', 'the project id (for organization keys and tokens)')
  .option('--token <token>', 'an OAuth or service-account token, for operations API keys cannot call')
  .option('--junit <file>', 'also write a JUnit XML report')
  .option('--seed <n>', 'fuzzing seed (printed on every run; replays a failure)', integer)
  .option('--fuzz-runs <n>', 'generated requests per operation (0: no fuzzing)', integer, 25)
  .option('--cursor-lifetime-seconds <n>', 'the deployment runs with this short cursor lifetime (≤ 120 s): wait it out and check expiry', integer)
  .option('--webhook-url <url>', 'destination for the webhooks the kit creates (must be one the deployment accepts)')
  .option('--max-rate-wait-seconds <n>', 'the most the run waits for rate-limit windows in total (pacing and Retry-After)', integer, 900)
  .option('--include-rate-limit', 'also check the tool server 60/min budget (spends the key’s tool budget for a minute)', false)
  .option('--contract <file>', 'the contract to check against', DEFAULT_CONTRACT)
  .parse();

const opts = program.opts<{
  baseUrl: string;
  apiKey: string;
  project?: string;
  token?: string;
  junit?: string;
  seed?: number;
  fuzzRuns: number;
  includeRateLimit: boolean;
  webhookUrl?: string;
  cursorLifetimeSeconds?: number;
  maxRateWaitSeconds: number;
  contract: string;
}>();

const seed = opts.seed ?? Math.floor(Math.random() * 2 ** 31);
const run = await runConformance(
  {
    baseUrl: opts.baseUrl,
    apiKey: opts.apiKey,
    project: opts.project,
    token: opts.token,
    seed,
    fuzzRuns: opts.fuzzRuns,
    includeRateLimit: opts.includeRateLimit,
    webhookUrl: opts.webhookUrl,
    maxRateWaitSeconds: opts.maxRateWaitSeconds,
    cursorLifetimeSeconds: opts.cursorLifetimeSeconds !== undefined && opts.cursorLifetimeSeconds <= 120 ? opts.cursorLifetimeSeconds : undefined,
    log: (line) => console.error(line),
  },
  ContractModel.load(opts.contract),
);
console.log(renderText(run.results));
if (opts.junit) writeFileSync(opts.junit, renderJunit(run.results, run.durationSeconds));
console.error(`fuzz seed ${seed} (replay: --seed ${seed}); ${run.durationSeconds.toFixed(1)} s, of which ${run.rateWaitSeconds.toFixed(1)} s waiting for rate-limit windows`);
process.exitCode = run.results.some((r) => r.outcome === 'FAIL') ? 1 : 0;
