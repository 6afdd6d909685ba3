// @vitest-environment jsdom
import { findTask, type TestType } from '@cogni/domain';
import { cleanup, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { minutesText } from '../lib/minutes-text';
import type { RunSource } from '../lib/task-runtime/run-source';
import { renderWithI18n } from '../lib/testing/render';
import type { TaskPageExpectations } from '../lib/testing/task-page-expectations';
import { WEB_TASKS, type WebTask } from './registry';

// Every registered task's page under a short preview configuration (ADR 039, "One configuration
// source"): it states that run's duration and counts, not the defaults', and a preview whose
// settings do not parse gets an error in place of the start button. A task added to the
// registries is covered once its web folder gives its testing/page-expectations.ts.

afterEach(cleanup);

/** Each task's expectations, by test type, from its web folder's testing/. */
const EXPECTATIONS = new Map(
  Object.values(
    import.meta.glob<{ PAGE_EXPECTATIONS: TaskPageExpectations }>(
      './*/testing/page-expectations.ts',
      { eager: true },
    ),
  ).map(({ PAGE_EXPECTATIONS }) => [PAGE_EXPECTATIONS.testType, PAGE_EXPECTATIONS] as const),
);

function expectationsOf(testType: TestType): TaskPageExpectations {
  const expectations = EXPECTATIONS.get(testType);
  if (!expectations) {
    throw new Error(`${testType}: its web folder has no testing/page-expectations.ts`);
  }
  return expectations;
}

/** The task's page, loaded on demand as the app loads it, once it shows its heading. */
async function renderPage(webTask: WebTask, source: RunSource) {
  const { Page } = webTask;
  renderWithI18n(
    <Suspense fallback={null}>
      <Page source={source} />
    </Suspense>,
  );
  return screen.findByRole('heading', { level: 1 });
}

/** The page's lead paragraph under its heading: what the task measures and how long it takes. */
async function summaryOf(webTask: WebTask, source: RunSource): Promise<string> {
  const heading = await renderPage(webTask, source);
  return heading.nextElementSibling?.textContent ?? '';
}

const startButton = () => screen.queryByRole('button', { name: 'Start Test' });

describe.each([...WEB_TASKS.values()].map((webTask) => [webTask.testType, webTask] as const))(
  'the %s page',
  (testType, webTask) => {
    const task = findTask(testType);
    if (!task) throw new Error(`${testType}: no task definition`);

    it("states a short preview's duration and counts, and a start button", async () => {
      const { shortConfig, shortCountText } = expectationsOf(testType);
      const short = task.settings.schema.parse(shortConfig);
      expect(task.estimateMs(short)).toBeLessThan(task.estimateMs(task.settings.defaults));
      const summary = await summaryOf(webTask, { kind: 'preview', config: shortConfig });
      expect(summary).toContain(`about ${minutesText(task.estimateMs(short))}`);
      expect(document.body.textContent).toContain(shortCountText);
      expect(startButton()).not.toBeNull();
    });

    it("states the defaults' duration in a normal run, without the short preview's count", async () => {
      const { shortCountText } = expectationsOf(testType);
      const summary = await summaryOf(webTask, { kind: 'normal' });
      expect(summary).toContain(`about ${minutesText(task.estimateMs(task.settings.defaults))}`);
      expect(document.body.textContent).not.toContain(shortCountText);
      expect(startButton()).not.toBeNull();
    });

    it.each([
      ['settings that do not parse', { notASetting: 1 }, /settings are not valid/],
      ['no configuration', null, /does not hold a configuration/],
    ] as const)(
      'shows an error and no start button for a preview with %s',
      async (_name, config, error) => {
        await renderPage(webTask, { kind: 'preview', config });
        expect(screen.getByRole('alert').textContent).toMatch(error);
        expect(startButton()).toBeNull();
      },
    );
  },
);
