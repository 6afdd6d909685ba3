// Type checks every TypeScript project of the repository, as many at once as the machine has
// cores: each `tsc` is one thread, so on two cores this takes about half the time of one after
// the other. Each project's errors are printed together, and the exit code is 1 if any failed.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const PROJECTS = ['apps/web', 'apps/server', 'packages/domain', 'e2e', 'faults'];
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');

/** Runs `tsc -p project`; resolves with its exit code and everything it printed. */
function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSC, '-p', project], { cwd: ROOT });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ project, code: code ?? 1, output }));
  });
}

const queue = [...PROJECTS];
const results = [];
async function lane() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const result = await check(project);
    process.stdout.write(
      `${result.code === 0 ? 'ok' : 'FAILED'}  tsc -p ${project}\n${result.output}`,
    );
    results.push(result);
  }
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), PROJECTS.length) }, lane));
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
