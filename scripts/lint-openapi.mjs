// Lints the API's OpenAPI document with Redocly's `recommended` ruleset, on every `npm test`.
// Usage: node scripts/lint-openapi.mjs
// Builds the document as GET /api/openapi.json serves it (buildOpenApiDocument(), imported
// through tsx: no server, no database), writes it to a temporary file, and runs `redocly lint`
// on it. Exits 1 on any problem, a warning as much as an error: Redocly itself exits 0 on
// warnings, so its JSON report is counted here.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUILDER = path.join(ROOT, 'apps/server/src/openapi/build-openapi-document.ts');
const REDOCLY = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');

const { buildOpenApiDocument } = await tsImport(pathToFileURL(BUILDER).href, import.meta.url);
const dir = mkdtempSync(path.join(tmpdir(), 'cogni-openapi-'));
const file = path.join(dir, 'openapi.json');
let run;
try {
  writeFileSync(file, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
  run = spawnSync(
    process.execPath,
    [
      REDOCLY,
      'lint',
      file,
      '--extends=recommended',
      '--format=json',
      '--max-problems=1000',
      '--lint-config=off',
    ],
    {
      // Run from the temporary folder, so no redocly.yaml of the repository or above it applies:
      // the ruleset is `recommended` and nothing else. No telemetry, no update check (offline).
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// The JSON report is the one object on stdout; Redocly's notices (such as its Node.js version
// banner) go around it.
const start = run.stdout.indexOf('{');
const end = run.stdout.lastIndexOf('}');
let report;
try {
  report = JSON.parse(run.stdout.slice(start, end + 1));
} catch {
  console.error(`redocly lint gave no report (exit ${run.status}):\n${run.stdout}${run.stderr}`);
  process.exit(1);
}

const { totals, problems = [] } = report;
if (typeof totals?.errors !== 'number' || typeof totals?.warnings !== 'number') {
  console.error(`redocly lint's report has no totals:\n${run.stdout}`);
  process.exit(1);
}
for (const problem of problems) {
  const where = problem.location?.[0]?.pointer ?? '';
  console.error(`${problem.severity} ${problem.ruleId} ${where}: ${problem.message}`);
}
console.log(
  `redocly lint (recommended, ${report.version}) of the OpenAPI document: ` +
    `${totals.errors} errors, ${totals.warnings} warnings`,
);
process.exit(totals.errors + totals.warnings === 0 && run.status === 0 ? 0 : 1);
