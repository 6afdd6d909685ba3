// What failed in a run of `npm test`, printed by `.ci/run` at the end of its log so that a failed
// CI submission can be read afterwards: the step of the test chain that failed, and each test
// file that failed in the Vitest runs' JSON reports.
// Usage: node scripts/failed-tests.mjs [--status <npm test's exit status>] [--log <file>]
//   [--reports <folder>]   (defaults: status unknown, test-results/ci-run.log, test-results)
//
// The step comes from the log: npm prints `> <package>@<version> <script>` as each script
// starts, and `npm test` chains its steps with `&&`, so when it fails, the last step it started
// is the one that failed. A step that is not a Vitest run (lint, the audit, the type check, the
// build) has no JSON report: the log above the summary says why it failed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Each Vitest step of `npm test` and the JSON report its config writes (the `outputFile` of
 * vitest.config.ts, e2e/vitest.config.ts and faults/vitest.config.ts).
 */
const REPORTS = {
  'test:unit': 'vitest-unit.json',
  'test:e2e': 'vitest-e2e.json',
  'test:faults:servers': 'vitest-faults.json',
};

function readArg(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && index + 1 < process.argv.length ? process.argv[index + 1] : fallback;
}

/** The steps `npm test` chains: `npm run a && npm run b` gives a, b. */
function testSteps(pkg) {
  return pkg.scripts.test
    .split('&&')
    .map((part) => part.trim().match(/^npm run (\S+)$/)?.[1])
    .filter((step) => step !== undefined);
}

/** The last step of `steps` whose npm banner the log shows, or null when none started. */
function lastStartedStep(log, pkg, steps) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ANSI escape is what it strips.
  const plain = log.replace(/\u001b\[[0-9;]*m/g, '');
  const banner = `> ${pkg.name}@${pkg.version} `;
  let last = null;
  for (const line of plain.split('\n')) {
    if (!line.startsWith(banner)) continue;
    const script = line.slice(banner.length).trim();
    if (steps.includes(script)) last = script;
  }
  return last;
}

/** The failed files of one Vitest JSON report: path, failed test names, file-level message. */
function failedFiles(report) {
  return report.testResults
    .filter((file) => file.status === 'failed')
    .map((file) => ({
      file: path.relative(ROOT, file.name),
      tests: file.assertionResults.filter((t) => t.status === 'failed').map((t) => t.fullName),
      message: file.message ?? '',
    }));
}

const status = readArg('status', null);
const logFile = path.resolve(ROOT, readArg('log', 'test-results/ci-run.log'));
const reportsDir = path.resolve(ROOT, readArg('reports', 'test-results'));
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const steps = testSteps(pkg);

const lines = ['', '── npm test: summary ──'];
const failed = status !== null && status !== '0';
if (status !== null) lines.push(`npm test exit status: ${status}`);

const failedStep =
  failed && existsSync(logFile) ? lastStartedStep(readFileSync(logFile, 'utf8'), pkg, steps) : null;
if (failed) {
  if (failedStep === null) {
    lines.push('Failed step: none of the steps started (npm test failed before its first one)');
  } else {
    const kind = REPORTS[failedStep] ? 'a Vitest run' : 'not a Vitest run: see its output above';
    lines.push(`Failed step: ${failedStep} (${pkg.scripts[failedStep]}; ${kind})`);
  }
}

const failures = [];
for (const [step, name] of Object.entries(REPORTS)) {
  const file = path.join(reportsDir, name);
  if (!existsSync(file)) {
    if (step === failedStep) {
      lines.push(`No JSON report from ${step}: Vitest stopped before writing it (see above).`);
    }
    continue;
  }
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    lines.push(`Unreadable JSON report ${path.relative(ROOT, file)}: ${error.message}`);
    continue;
  }
  const files = failedFiles(report);
  for (const f of files) failures.push({ step, ...f });
  if (step === failedStep && files.length === 0) {
    lines.push(
      `${step} failed with no failed test file: an error outside the tests (look above for ` +
        '"Unhandled Errors", a global setup or a config error).',
    );
  }
}

if (failures.length === 0) {
  lines.push('No failed test files');
} else {
  lines.push('Failed test files:');
  for (const f of failures) {
    lines.push(`  ${f.file} (${f.step})`);
    for (const test of f.tests) lines.push(`      ✗ ${test}`);
    if (f.tests.length === 0 && f.message) lines.push(`      ${f.message.split('\n')[0]}`);
  }
}
console.log(lines.join('\n'));
