import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TASKS, type TaskCard, TEST_CATALOG } from '@cogni/domain';
import { describe, expect, it } from 'vitest';
import type { WebTask } from './contract';
import { WEB_TASKS } from './registry';

// Keeps the "Adding a task" checklist of docs/architecture.md true: every task folder, in the
// domain package and in the web app, is registered, every registered task has its folders, its
// card and its scoring document, and the checklist names paths that exist. It lives in the web
// app, which sees both registries; the domain package's type check has no Node modules.

const REPO = fileURLToPath(new URL('../../../..', import.meta.url));
const DOMAIN_TASKS = 'packages/domain/src/tasks';
const WEB_TASKS_DIR = 'apps/web/src/tasks';

/** The folders holding one task each (all but the code the tasks share), by name. */
function taskFolders(dir: string): string[] {
  return readdirSync(path.join(REPO, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
    .map((entry) => entry.name)
    .sort();
}

const folders = taskFolders(DOMAIN_TASKS);

/** The values a module exports. */
async function exportsOf(file: string): Promise<unknown[]> {
  // A path known only at run time: Vite need not (and cannot) resolve it ahead.
  const module: Record<string, unknown> = await import(
    /* @vite-ignore */ pathToFileURL(path.join(REPO, file)).href
  );
  return Object.values(module);
}

describe('the task folders and the registries', () => {
  it('finds the same task folders in the domain package and the web app', () => {
    expect(folders.length).toBeGreaterThan(0);
    expect(taskFolders(WEB_TASKS_DIR)).toEqual(folders);
  });

  it("registers in TASKS exactly each domain folder's task", async () => {
    const registered: string[] = [];
    for (const folder of folders) {
      const file = `${DOMAIN_TASKS}/${folder}/definition.ts`;
      const tasks = (await exportsOf(file)).filter((value) => TASKS.some((t) => t === value));
      expect(tasks, `${file}: one task of TASKS`).toHaveLength(1);
      registered.push(...TASKS.filter((task) => tasks.includes(task)).map((task) => task.id));
    }
    expect(registered.sort()).toEqual(TASKS.map((task) => task.id).sort());
  });

  it("registers in WEB_TASKS exactly each web folder's task, for the same test type", async () => {
    const registered = [...WEB_TASKS.values()];
    const found: WebTask[] = [];
    for (const folder of folders) {
      const file = `${WEB_TASKS_DIR}/${folder}/web-task.ts`;
      const tasks = (await exportsOf(file)).filter((value) => registered.some((t) => t === value));
      expect(tasks, `${file}: one task of WEB_TASKS`).toHaveLength(1);
      found.push(...registered.filter((task) => tasks.includes(task)));
    }
    expect(new Set(found).size).toBe(registered.length);
    expect([...WEB_TASKS.keys()].sort()).toEqual(TASKS.map((task) => task.id).sort());
  });

  it("shows each domain folder's card, enabled, for the folder's task", async () => {
    for (const folder of folders) {
      const definition = await exportsOf(`${DOMAIN_TASKS}/${folder}/definition.ts`);
      const task = TASKS.find((t) => definition.includes(t));
      const cards = (await exportsOf(`${DOMAIN_TASKS}/${folder}/card.ts`)) as TaskCard[];
      expect(cards, `${folder}/card.ts: one card`).toHaveLength(1);
      expect(cards[0]?.testType, folder).toBe(task?.id);
      expect(TEST_CATALOG, folder).toContainEqual({ ...cards[0], isEnabled: true });
    }
  });

  it('exports each domain task folder as its own subpath, and none from the package root', async () => {
    const index = readFileSync(path.join(REPO, 'packages/domain/src/index.ts'), 'utf8');
    for (const folder of folders) {
      expect(index, folder).not.toContain(`./tasks/${folder}'`);
      const subpath = await import(/* @vite-ignore */ `@cogni/domain/tasks/${folder}`);
      const definition = await exportsOf(`${DOMAIN_TASKS}/${folder}/definition.ts`);
      expect(Object.values(subpath), folder).toEqual(expect.arrayContaining(definition));
    }
  });

  it('has a scoring document for every task, and none for another', () => {
    const documents = readdirSync(path.join(REPO, 'docs/scoring'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => name.slice(0, -'.md'.length))
      .sort();
    expect(documents).toEqual(folders);
  });
});

describe("docs/architecture.md's checklist for adding a task", () => {
  const document = readFileSync(path.join(REPO, 'docs/architecture.md'), 'utf8');
  const start = document.indexOf('\n## Adding a task\n');
  const end = document.indexOf('\n## ', start + 1);
  const checklist = document.slice(start, end === -1 ? undefined : end);
  /** The repository paths the checklist names in backticks; `<id>` stands for a task folder. */
  const paths = [...checklist.matchAll(/`((?:packages|apps|docs|e2e|scripts)\/[^`\s]*)`/g)].map(
    ([, named]) => named as string,
  );

  it('is there, and names the folders, the registries and the scoring document', () => {
    expect(start).toBeGreaterThan(-1);
    expect(paths).toEqual(
      expect.arrayContaining([
        `${DOMAIN_TASKS}/<id>/`,
        `${DOMAIN_TASKS}/registry.ts`,
        `${DOMAIN_TASKS}/cards.ts`,
        `${WEB_TASKS_DIR}/<id>/`,
        `${WEB_TASKS_DIR}/registry.ts`,
        'docs/scoring/<id>.md',
      ]),
    );
  });

  it('names only paths that exist, for every task', () => {
    for (const named of paths) {
      for (const folder of named.includes('<id>') ? folders : ['']) {
        const resolved = named.replaceAll('<id>', folder);
        if (!resolved.includes('*')) {
          expect(existsSync(path.join(REPO, resolved)), resolved).toBe(true);
          continue;
        }
        // A pattern in the last part of the path: at least one file matches it.
        const dir = path.join(REPO, path.dirname(resolved));
        const [before = '', after = ''] = path.basename(resolved).split('*');
        const matches = existsSync(dir)
          ? readdirSync(dir).filter((file) => file.startsWith(before) && file.endsWith(after))
          : [];
        expect(matches.length, resolved).toBeGreaterThan(0);
      }
    }
  });
});
