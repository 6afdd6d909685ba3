// @vitest-environment jsdom
import { type AnyTask, defineSettings, TASKS } from '@cogni/domain';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { readPreviewConfig } from '../../lib/preview';
import { getDefaultFormValues, readPreviewForm } from '../../lib/settings-form';
import { renderWithI18n } from '../../lib/testing/render';
import { TaskPreview } from './task-preview';

afterEach(cleanup);

function TaskPage() {
  const location = useLocation();
  return <p data-testid="task-page">{`${location.pathname}${location.search}`}</p>;
}

function renderPreview() {
  return renderWithI18n(
    <MemoryRouter initialEntries={['/admin?tab=task-preview']}>
      <Routes>
        <Route path="/admin" element={<TaskPreview />} />
        <Route path="/cognitive-tests/:slug" element={<TaskPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** The texts an input is described by (its hint and its message), by aria-describedby. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '');

describe('Task Preview', () => {
  const stroop = TASKS.find((task) => task.id === 'stroopTest') as AnyTask;

  it("builds the form from the task's settings, prefilled with the defaults, with bounds and hints", () => {
    renderPreview();
    expect((screen.getByLabelText('Task') as HTMLSelectElement).value).toBe('stroopTest');
    const testTrials = input('Test trials');
    expect(testTrials.type).toBe('number');
    expect(testTrials.value).toBe('144');
    expect([testTrials.min, testTrials.max, testTrials.step]).toEqual(['1', '1000', '1']);
    expect(descriptionOf(testTrials)[0]).toContain('1–1000 trials; default 144.');
    expect(input('Cue duration (ms)').step).toBe('any');
    for (const spec of Object.values(stroop.settings.specs)) {
      expect(screen.getByText(spec.description, { exact: false })).toBeTruthy();
    }
  });

  it("shows each setting's message tied to its field, and starts nothing until they are fixed", () => {
    renderPreview();
    const testTrials = input('Test trials');
    fireEvent.change(testTrials, { target: { value: '0' } });
    fireEvent.blur(testTrials);
    expect(testTrials.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(testTrials)).toContain('Enter a whole number from 1 to 1000 trials');
    const sample = input('Sample trials');
    fireEvent.change(sample, { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start preview' }));
    expect(screen.getByRole('alert').textContent).toContain('2 settings need a change');
    // The first setting with a problem, in form order, has the focus.
    expect(document.activeElement).toBe(sample);
    expect(screen.queryByTestId('task-page')).toBeNull();
  });

  it('resets to the defaults', () => {
    renderPreview();
    const testTrials = input('Test trials');
    fireEvent.change(testTrials, { target: { value: '0' } });
    fireEvent.blur(testTrials);
    fireEvent.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(testTrials.value).toBe('144');
    expect(testTrials.getAttribute('aria-invalid')).toBeNull();
  });

  it("opens the task's page with the whole configuration in the URL", () => {
    renderPreview();
    fireEvent.change(input('Test trials'), { target: { value: '4' } });
    fireEvent.change(input('Sample trials'), { target: { value: '1' } });
    fireEvent.change(input('Practice trials'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start preview' }));
    const url = screen.getByTestId('task-page').textContent ?? '';
    expect(url.startsWith('/cognitive-tests/stroop-test?preview=')).toBe(true);
    expect(readPreviewConfig(url.slice(url.indexOf('?')))).toEqual({
      ...(stroop.settings.defaults as object),
      testTrials: 4,
      sampleTrials: 1,
      practiceTrials: 1,
    });
  });
});

describe("the preview form's validation", () => {
  // A task of its own: a choice, a yes/no setting and a cross-field check.
  const settings = defineSettings({
    windowMs: {
      kind: 'number',
      default: 500,
      min: 100,
      max: 2000,
      unit: 'ms',
      label: 'Window',
      description: 'Response window.',
    },
    soaMs: {
      kind: 'number',
      default: 1000,
      min: 300,
      max: 3000,
      unit: 'ms',
      label: 'SOA',
      description: 'Onset to onset.',
    },
    stimuli: {
      kind: 'choice',
      default: 'shapes',
      options: ['shapes', 'letters'],
      label: 'Stimuli',
      description: 'What is shown.',
    },
    sound: { kind: 'boolean', default: false, label: 'Sound', description: 'Beep.' },
  });
  const task = {
    ...TASKS[0],
    settings: {
      ...settings,
      schema: settings.schema.superRefine((config, ctx) => {
        if (config.windowMs >= config.soaMs) {
          ctx.addIssue({
            code: 'custom',
            message: 'The window must be shorter than the SOA',
            path: ['windowMs'],
          });
        }
      }),
    },
  } as unknown as AnyTask;

  it('reads numbers, choices and yes/no settings into a configuration the schema accepts', () => {
    const values = { ...getDefaultFormValues(task), stimuli: 'letters', sound: true };
    expect(values).toMatchObject({ windowMs: '500', soaMs: '1000', sound: true });
    expect(readPreviewForm(task, values)).toEqual({
      ok: true,
      config: { windowMs: 500, soaMs: 1000, stimuli: 'letters', sound: true },
    });
  });

  it('names each setting with a problem: not a number, out of bounds, or the cross-field check', () => {
    const defaults = getDefaultFormValues(task);
    expect(readPreviewForm(task, { ...defaults, windowMs: '', soaMs: '5000' })).toEqual({
      ok: false,
      errors: {
        windowMs: 'Enter a number from 100 to 2000 ms',
        soaMs: 'Enter a number from 300 to 3000 ms',
      },
    });
    expect(readPreviewForm(task, { ...defaults, windowMs: '1500' })).toEqual({
      ok: false,
      errors: { windowMs: 'The window must be shorter than the SOA' },
    });
    expect(readPreviewForm(task, { ...defaults, stimuli: 'colours' })).toMatchObject({
      ok: false,
      errors: { stimuli: expect.any(String) },
    });
  });
});
