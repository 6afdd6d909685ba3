import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The import rules of ADR 027 (scripts/check-imports.mjs, run by `npm run lint`). The root
// vitest config does not read scripts/, so the checker's test lives beside the code it guards.

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const CHECKER = path.join(REPO, 'scripts/check-imports.mjs');
const roots: string[] = [];

function check(root?: string) {
  const args = root === undefined ? [CHECKER] : [CHECKER, root];
  const run = spawnSync(process.execPath, args, { encoding: 'utf8' });
  const output = `${run.stdout}${run.stderr}`;
  const problems = [...output.matchAll(/^(\S+:\d+) {2}rule \(([a-g])\)/gm)].map(
    ([, at, rule]) => `${at} ${rule}`,
  );
  return { status: run.status, output, problems: problems.sort() };
}

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'cogni-check-imports-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** Imports every rule allows: within a folder, to lib/ and components/, to the registry, to shared. */
const ALLOWED = {
  'apps/web/src/lib/x.ts': 'export const x = 1;\n',
  'apps/web/src/features/b/b.ts': 'export const b = 1;\n',
  'apps/web/src/features/a/ok.tsx': [
    "import { x } from '../../lib/x';",
    "import { getWebTask } from '../../tasks/registry';",
    "import type { WebTask } from '../../tasks/registry.ts';",
    "import { a } from './a';",
    '// import { b } from "../b/b";',
    '/* export * from "../b/b"; */',
    `const text = "import('../b/b')";`,
    'const pattern = /import "..\\/b\\/b"/;',
    '',
  ].join('\n'),
  'apps/web/src/app/routes.ts': "export { WEB_TASKS } from '../tasks/registry';\n",
  'apps/web/src/lib/preview.ts': 'export const readPreviewConfig = () => null;\n',
  'apps/web/src/lib/run-source.ts': "import { readPreviewConfig } from './preview';\n",
  'apps/web/src/tasks/registry.ts': [
    "import type { WebTask } from './contract';",
    "import { t1 } from './t1/web-task';",
    "import { t2 } from './t2/web-task';",
    '',
  ].join('\n'),
  'apps/web/src/tasks/contract.ts': 'export type WebTask = {};\n',
  'apps/web/src/tasks/t1/web-task.ts': [
    "import type { WebTask } from '../contract';",
    "import { x } from '../../lib/x';",
    "export const Page = () => import('./page');",
    '',
  ].join('\n'),
  'apps/web/src/tasks/t2/web-task.ts': 'export const t2 = 2;\n',
  'packages/domain/src/tasks/contract.ts': 'export type TaskDefinition = {};\n',
  'packages/domain/src/tasks/registry.ts': "export { t1 } from './t1';\n",
  'packages/domain/src/tasks/shared/random.ts': 'export const random = 1;\n',
  'packages/domain/src/tasks/t1/index.ts': [
    "import { random } from '../shared/random';",
    "import type { TaskDefinition } from '../contract';",
    "export { plan } from './plan';",
    '',
  ].join('\n'),
  'packages/domain/src/tasks/t2/index.ts': "import { random } from '../shared/random';\n",
  'packages/domain/src/tasks/t1/testing/index.ts': "export { plan } from '../plan';\n",
  'packages/domain/src/tasks/t1/plan.test.ts': "import { helper } from './testing';\n",
  'packages/domain/src/index.ts': "export { TASKS } from './tasks/registry';\n",
  // A web task reads the root and its own subpath; tests and testing/ folders read any.
  'apps/web/src/tasks/t1/page.tsx': [
    "import { TASKS } from '@cogni/domain';",
    "import { plan } from '@cogni/domain/tasks/t1';",
    '',
  ].join('\n'),
  'apps/web/src/tasks/t1/page.test.tsx':
    "import { helper } from '@cogni/domain/tasks/t1/testing';\n",
  'apps/web/src/features/a/a.test.tsx': "import { plan } from '@cogni/domain/tasks/t2';\n",
  'apps/web/src/lib/testing/runs.ts': "import { helper } from '@cogni/domain/tasks/t1/testing';\n",
  'apps/server/src/routes/results.ts': "import { TASKS } from '@cogni/domain';\n",
  'apps/server/src/routes/results.test.ts': [
    "import { plan } from '@cogni/domain/tasks/t1';",
    "import { app } from '../testing/test-app';",
    '',
  ].join('\n'),
  // Built output and dependencies are not read.
  'apps/web/dist/assets/index.js': "import '../../src/tasks/t1/web-task.js';\n",
  'apps/web/node_modules/dep/index.js': "import '../../src/features/a/ok';\n",
};

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe('the import rules (scripts/check-imports.mjs)', () => {
  it('passes a tree that keeps them, comments and strings included', () => {
    const result = check(tree(ALLOWED));
    expect(result.output).toContain('no broken import rules');
    expect(result.status).toBe(0);
  });

  it('reports each broken rule as file:line and fails', () => {
    const result = check(
      tree({
        ...ALLOWED,
        'apps/web/src/features/a/a.ts': "import { b } from '../b/b';\n",
        'apps/web/src/features/a/lazy.ts': [
          'export const load = () =>',
          "  import('../../features/b/b');",
          '',
        ].join('\n'),
        'apps/web/src/features/a/scores.tsx': "import { Scores } from '../../tasks/t1/scores';\n",
        'apps/web/src/app/routes.ts': [
          "export { WEB_TASKS } from '../tasks/registry';",
          "export * from '../tasks/t1/web-task';",
          "import '../tasks/contract';",
          '',
        ].join('\n'),
        'apps/web/vite.config.ts': "import { Page } from './src/tasks/t2/web-task';\n",
        'apps/web/src/tasks/t1/page.tsx': [
          "import { t2 } from '../t2/web-task';",
          "import '../../features/b/b';",
          '',
        ].join('\n'),
        'packages/domain/src/tasks/t1/plan.ts': [
          "import { random } from '../shared/random';",
          'import {',
          '  t2,',
          "} from '../t2';",
          "import { helper } from './testing';",
          "import { other } from '@cogni/domain/tasks/t2';",
          '',
        ].join('\n'),
        'apps/web/src/tasks/t2/web-task.ts': [
          "import { plan } from '@cogni/domain/tasks/t1';",
          "import { helper } from '@cogni/domain/tasks/t2/testing';",
          '',
        ].join('\n'),
        'apps/web/src/features/b/b.ts': "import { plan } from '@cogni/domain/tasks/t1';\n",
        'apps/web/src/tasks/t1/page-config.ts':
          "import { readPreviewConfig } from '../../lib/preview';\n",
        'apps/server/src/routes/results.ts': [
          "import { TASKS } from '@cogni/domain';",
          "import { plan } from '@cogni/domain/tasks/t1';",
          "import { app } from '../testing/test-app';",
          '',
        ].join('\n'),
      }),
    );
    expect(result.status).toBe(1);
    expect(result.problems).toEqual(
      [
        'apps/web/src/features/a/a.ts:1 a',
        'apps/web/src/features/a/lazy.ts:2 a',
        'apps/web/src/features/a/scores.tsx:1 b',
        'apps/web/src/app/routes.ts:2 b',
        'apps/web/src/app/routes.ts:3 b',
        'apps/web/vite.config.ts:1 b',
        'apps/web/src/tasks/t1/page.tsx:1 c',
        'apps/web/src/tasks/t1/page.tsx:2 c',
        'packages/domain/src/tasks/t1/plan.ts:4 d',
        'packages/domain/src/tasks/t1/plan.ts:5 f',
        'packages/domain/src/tasks/t1/plan.ts:6 d',
        'apps/web/src/tasks/t2/web-task.ts:1 e',
        'apps/web/src/tasks/t2/web-task.ts:2 f',
        'apps/web/src/features/b/b.ts:1 e',
        'apps/server/src/routes/results.ts:2 e',
        'apps/server/src/routes/results.ts:3 f',
        'apps/web/src/tasks/t1/page-config.ts:1 g',
      ].sort(),
    );
  });

  it('passes the repository', () => {
    const result = check();
    expect(result.output).toContain('no broken import rules');
    expect(result.status).toBe(0);
  });
});
