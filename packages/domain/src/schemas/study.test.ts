import { describe, expect, it } from 'vitest';
import { SETTINGS as DIGIT_SPAN_SETTINGS } from '../tasks/digit-span/config';
import {
  fillRedirectTemplate,
  type StudyContent,
  StudyContentSchema,
  StudySettingsSchema,
} from './study';

const content = (steps: unknown[]) => ({ title: 'Memory', description: '', steps });

const messagesOf = (input: unknown) => {
  const parsed = StudyContentSchema.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('a study content', () => {
  it('resolves each task step with its task settings, the defaults filled in', () => {
    const parsed: StudyContent = StudyContentSchema.parse(
      content([
        { kind: 'consent', title: 'Consent', text: 'You may stop at any time.' },
        { kind: 'task', title: 'Digits', testType: 'digitSpanTest', config: {} },
        { kind: 'demographics', title: 'About you', questions: ['age', 'handedness'] },
        { kind: 'break', title: 'Rest', text: '', minSeconds: 30 },
        { kind: 'debrief', title: 'Thank you', text: 'The study measured memory.' },
      ]),
    );
    const task = parsed.steps[1];
    expect(task?.kind === 'task' && task.config).toEqual(DIGIT_SPAN_SETTINGS.defaults);
  });

  it('names a task setting out of its bounds by its step and setting', () => {
    const messages = messagesOf(
      content([{ kind: 'task', title: 'Digits', testType: 'digitSpanTest', config: { nope: 1 } }]),
    );
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((m) => m.startsWith('steps.0.config'))).toBe(true);
  });

  it('keeps consent first and the debrief last, and refuses unknown kinds and tasks', () => {
    expect(
      messagesOf(
        content([
          { kind: 'debrief', title: 'Bye', text: 'Thanks' },
          { kind: 'consent', title: 'Consent', text: 'Agree?' },
        ]),
      ),
    ).toEqual([
      'steps.0: The debrief must be the last step',
      'steps.1: Consent must be the first step',
    ]);
    expect(messagesOf(content([{ kind: 'video', title: 'x' }]))[0]).toMatch(/^steps\.0/);
    expect(
      messagesOf(content([{ kind: 'task', title: 'x', testType: 'chessTest', config: {} }]))[0],
    ).toMatch(/^steps\.0\.testType/);
    expect(messagesOf(content([]))).toEqual(['steps: A study needs at least one step']);
  });

  it('refuses control characters, empty titles and a question asked twice', () => {
    expect(messagesOf({ ...content([{ kind: 'info', title: ' ', text: 'x' }]) })).toEqual([
      'steps.0.title: title is required',
    ]);
    expect(messagesOf({ ...content([{ kind: 'info', title: 'a\u0007', text: 'x' }]) })).toEqual([
      'steps.0.title: title contains invalid characters',
    ]);
    expect(
      messagesOf(content([{ kind: 'demographics', title: 'You', questions: ['age', 'age'] }])),
    ).toEqual(['steps.0.questions: A question is listed twice']);
  });
});

describe('a study’s settings', () => {
  const settings = {
    name: 'Pilot',
    participantCap: 100,
    capturedParams: ['PROLIFIC_PID', 'STUDY_ID'],
    completionUrl: 'https://app.prolific.com/submissions/complete?cc=C1234',
    declineMessage: 'Thank you for your time.',
    declineUrl: null,
  };

  it('takes http and https URL templates and parameter names, and nothing else', () => {
    // Left out: a completion code of each participant's own, no scores at the end, freed
    // slots refilled, an hour of activity counted, no panel and an empty dataset description.
    expect(StudySettingsSchema.parse(settings)).toEqual({
      ...settings,
      completionCode: null,
      showScores: false,
      refill: true,
      activeMinutes: 60,
      panel: 'generic',
      panelIdParam: null,
      screenOutCode: null,
      dataset: { authors: [], license: '', keywords: [] },
    });
    for (const activeMinutes of [4, 10_081, 1.5, '60']) {
      expect(StudySettingsSchema.safeParse({ ...settings, activeMinutes }).success).toBe(false);
    }
    for (const completionCode of ['', 'has space', 'x'.repeat(65), '<b>']) {
      expect(StudySettingsSchema.safeParse({ ...settings, completionCode }).success).toBe(false);
    }
    expect(
      StudySettingsSchema.parse({ ...settings, completionCode: 'C0DE-1_x' }).completionCode,
    ).toBe('C0DE-1_x');
    for (const completionUrl of ['javascript:alert(1)', 'ftp://x.org', '/relative', 'x']) {
      expect(StudySettingsSchema.safeParse({ ...settings, completionUrl }).success).toBe(false);
    }
    for (const name of ['1ID', 'a-b', '', 'x'.repeat(65), 'a b']) {
      expect(StudySettingsSchema.safeParse({ ...settings, capturedParams: [name] }).success).toBe(
        false,
      );
    }
    expect(StudySettingsSchema.safeParse({ ...settings, capturedParams: ['A', 'A'] }).success).toBe(
      false,
    );
  });

  it('takes a panel, its id parameter only among the captured ones, and a dataset description', () => {
    const prolific = {
      ...settings,
      panel: 'prolific',
      panelIdParam: 'PROLIFIC_PID',
      screenOutCode: 'SCR33N',
      dataset: { authors: [' A. Author '], license: 'CC-BY-4.0', keywords: ['attention'] },
    };
    expect(StudySettingsSchema.parse(prolific)).toMatchObject({
      panel: 'prolific',
      panelIdParam: 'PROLIFIC_PID',
      dataset: { authors: ['A. Author'], license: 'CC-BY-4.0', keywords: ['attention'] },
    });
    const notCaptured = StudySettingsSchema.safeParse({ ...prolific, panelIdParam: 'SONA_ID' });
    expect(notCaptured.error?.issues).toEqual([
      expect.objectContaining({
        path: ['panelIdParam'],
        message: 'The panel id parameter SONA_ID must be one of the captured parameters',
      }),
    ]);
    for (const bad of [
      { panel: 'mturk' },
      { screenOutCode: 'has space' },
      { dataset: { authors: [''] } },
      { dataset: { keywords: ['x'.repeat(101)] } },
      { dataset: { license: 'x'.repeat(201) } },
      { dataset: { extra: 1 } },
    ]) {
      expect(
        StudySettingsSchema.safeParse({ ...prolific, ...bad }).success,
        JSON.stringify(bad),
      ).toBe(false);
    }
  });

  it('fills a template with the captured values, encoded, and empty for one not captured', () => {
    expect(
      fillRedirectTemplate('https://x.sona-systems.com/credit?survey_code={SC}&id={PID}', {
        SC: '12 34&',
      }),
    ).toBe('https://x.sona-systems.com/credit?survey_code=12%2034%26&id=');
  });
});
