// The everyday test loop (`npm run test:quick`): lint, the type check, and the unit and API
// test files that a change touches, in a few minutes instead of the whole suite's 25.
// Usage: npm run test:quick [-- <git ref>]
//   no ref: the files changed and not committed (staged, unstaged, untracked);
//   a ref (a commit, a branch, HEAD~3): everything changed since it, committed or not.
// Vitest's `--changed` picks every test file that imports a changed file, directly or not. The
// slow files of scripts/slow-unit-tests.mjs (fuzzing, the server's start-up, rate limits) run
// only when they changed themselves: they import the whole server, so any change reaches them.
// Browser tests are not run here: `npm run build && npx vitest run --config e2e/vitest.config.ts
// e2e/<file>.spec.ts` runs one.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { SLOW_UNIT_TEST_FILES } from './slow-unit-tests.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const since = process.argv[2];
const started = performance.now();

/** Runs a command in the repository with its output on the screen; exits on a failure. */
function run(label, command, args) {
  const stepStarted = performance.now();
  console.log(`\n== ${label}: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  const seconds = ((performance.now() - stepStarted) / 1000).toFixed(0);
  if (result.status !== 0) {
    console.error(`\ntest:quick: ${label} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`== ${label}: passed in ${seconds} s`);
}

/** The repository paths changed since `ref`, or not committed when there is none. */
function changedFiles(ref) {
  const git = (...args) =>
    spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  return [
    ...git('diff', '--name-only', ref ?? 'HEAD'),
    ...git('ls-files', '--others', '--exclude-standard'),
  ];
}

const changed = changedFiles(since);
const slowSkipped = SLOW_UNIT_TEST_FILES.filter(
  (name) => !changed.some((file) => file.endsWith(`/${name}`)),
);

run('lint', 'npm', ['run', 'lint', '--silent']);
run('type check', process.execPath, ['scripts/typecheck.mjs']);
run('unit and API tests of the change', process.execPath, [
  'node_modules/vitest/vitest.mjs',
  'run',
  since ? `--changed=${since}` : '--changed',
  '--passWithNoTests',
  ...slowSkipped.flatMap((name) => ['--exclude', `**/${name}`]),
]);
const total = ((performance.now() - started) / 1000).toFixed(0);
console.log(
  `\ntest:quick: passed in ${total} s (${changed.length} changed files since ${since ?? 'HEAD'})`,
);
