import { getTask, type Participation, positionOf, type Run, type StudyDetail } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../db/schema';
import { DEVICE_INFO, MEASUREMENT } from './fixture-run';
import { trialPathUnder } from './participant-api';
import type { TestClient, TestContext } from './test-app';

/** A study's settings for tests: Prolific's parameters and completion URL. */
export const STUDY_SETTINGS = {
  name: 'Memory pilot',
  participantCap: null,
  capturedParams: ['PROLIFIC_PID', 'STUDY_ID'],
  completionUrl:
    'https://app.prolific.com/submissions/complete?cc={COMPLETION_CODE}&pid={PROLIFIC_PID}',
  declineMessage: 'Thank you all the same.',
  declineUrl: null,
  completionCode: 'C0FFEE',
  showScores: false,
};

/** A study of every kind of step, with two short tasks. */
export const STUDY_CONTENT = {
  title: 'Remembering digits',
  description: 'About **ten** minutes.',
  steps: [
    { kind: 'consent', title: 'Consent', text: 'You may stop at any time.' },
    { kind: 'info', title: 'Before you start', text: 'Sit somewhere quiet.' },
    { kind: 'task', title: 'Digits', testType: 'digitSpanTest', config: {} },
    { kind: 'demographics', title: 'About you', questions: ['age', 'handedness'] },
    { kind: 'break', title: 'A break', text: 'Rest a moment.', minSeconds: 0 },
    { kind: 'task', title: 'Go or wait', testType: 'goNoGoTest', config: {} },
    { kind: 'debrief', title: 'Thank you', text: 'The study measures working memory.' },
  ],
};

/** Consent, three tasks for a design to order (steps 1 to 3), a debrief (ADR 041). */
export const THREE_TASK_STEPS = [
  { kind: 'consent', title: 'Consent', text: 'You may stop at any time.' },
  { kind: 'task', title: 'Digits', testType: 'digitSpanTest', config: {} },
  { kind: 'task', title: 'Updating', testType: 'nbackTest', config: {} },
  { kind: 'task', title: 'Inhibition', testType: 'goNoGoTest', config: {} },
  { kind: 'debrief', title: 'Thank you', text: 'Done.' },
];

/** A signed-in researcher's client. */
export async function signUpResearcher(t: TestContext, email: string): Promise<TestClient> {
  const client = await t.signUp({ email });
  await t.database.db.update(users).set({ role: 'researcher' }).where(eq(users.email, email));
  return client;
}

/** A study created by `researcher` and opened. */
export async function openStudy(
  researcher: TestClient,
  body: unknown = { settings: STUDY_SETTINGS, content: STUDY_CONTENT },
): Promise<StudyDetail> {
  const created = await researcher.post<{ study: StudyDetail }>('/api/studies', body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const opened = await researcher.post(`/api/studies/${created.body.study.id}/state`, {
    state: 'open',
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  return created.body.study;
}

/** Where a study's participation API is. */
export const participationPath = (code: string) => `/api/participation/${code}`;

/** A new browser that starts the study by its open link; returns it and its participation. */
export async function joinStudy(
  t: TestContext,
  code: string,
  params: Record<string, string> = {},
): Promise<{ browser: TestClient; participation: Participation }> {
  const browser = t.client();
  const started = await browser.post<{ participation: Participation }>(
    `${participationPath(code)}/start`,
    { params },
  );
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return { browser, participation: started.body.participation };
}

/**
 * Takes task step `index`: starts (or resumes) its run, saves the task's fixture run at a person's pace by
 * the server's clock, and completes it. Answers the completed run.
 */
export async function takeTaskStep(
  t: TestContext,
  browser: TestClient,
  code: string,
  index: number,
): Promise<Run> {
  const base = participationPath(code);
  const started = await browser.post<{ run: Run }>(`${base}/steps/${index}/run`, {
    deviceInfo: DEVICE_INFO,
    measurement: MEASUREMENT,
  });
  // 201 for a new run, 200 for the step's run begun before (a reload).
  expect([200, 201], JSON.stringify(started.body)).toContain(started.status);
  const { run } = started.body;
  const trials = `${base}/runs/${run.id}/trials`;
  for (const { trial, minimumMs } of getTask(run.testType).fixtureRun(run.seed, run.config)) {
    t.clock.offsetMs += minimumMs;
    const { phase, block, trialNumber } = positionOf(trial);
    const saved = await browser.request('PUT', trialPathUnder(trials, phase, block, trialNumber), {
      body: trial,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  }
  const done = await browser.post<{ run: Run }>(`${base}/runs/${run.id}/complete`, {});
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body.run;
}
