import type { Participation, Run } from '@cogni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_INFO, MEASUREMENT, START_RUN } from '../testing/fixture-run';
import {
  joinStudy,
  openStudy,
  participationPath,
  STUDY_CONTENT,
  STUDY_SETTINGS,
  signUpResearcher,
} from '../testing/study-fixtures';
import { createTestContext, type TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

describe.each(TEST_DATABASE_KINDS)('the language of a user’s pages on %s', (kind) => {
  let t: TestContext;
  let ada: TestClient;
  beforeAll(async () => {
    t = await createTestContext(kind);
    ada = await t.signUp({ email: 'ada@example.com' });
  });
  afterAll(() => t.close());

  it('is none until chosen, for the session and the profile', async () => {
    expect((await ada.get('/api/session')).body).toMatchObject({ language: null });
    expect((await ada.get('/api/me')).body.profile.language).toBeNull();
    expect((await t.client().get('/api/session')).body).toEqual({ user: null, language: null });
  });

  it('is kept in the profile and answered with the session', async () => {
    const res = await ada.put('/api/me/language', { language: 'de' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ language: 'de' });
    expect((await ada.get('/api/session')).body.language).toBe('de');
    expect((await ada.get('/api/me')).body.profile.language).toBe('de');
    expect((await ada.put('/api/me/language', { language: null })).body).toEqual({
      language: null,
    });
    expect((await ada.get('/api/session')).body.language).toBeNull();
  });

  it.each([
    ['a language Cogni does not speak', { language: 'fr' }],
    ['a region', { language: 'de-AT' }],
    ['no language', {}],
    ['another field', { language: 'es', role: 'admin' }],
    ['a number', { language: 7 }],
  ])('refuses %s and changes nothing', async (_what, body) => {
    await ada.put('/api/me/language', { language: 'es' });
    const res = await ada.put('/api/me/language', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('BAD_REQUEST');
    expect((await ada.get('/api/session')).body.language).toBe('es');
  });

  it('refuses a visitor', async () => {
    expect((await t.client().put('/api/me/language', { language: 'de' })).status).toBe(401);
  });
});

describe.each(TEST_DATABASE_KINDS)('the language of runs and studies on %s', (kind) => {
  let t: TestContext;
  let ada: TestClient;
  beforeAll(async () => {
    t = await createTestContext(kind);
    ada = await t.signUp({ email: 'ada@example.com' });
  });
  afterAll(() => t.close());

  it('stores the language a run is started in, English when none is given', async () => {
    const german = await ada.post<{ run: Run }>('/api/results', { ...START_RUN, language: 'de' });
    expect(german.status).toBe(201);
    expect(german.body.run.language).toBe('de');
    expect(
      (await ada.get<{ run: Run }>(`/api/results/${german.body.run.id}`)).body.run.language,
    ).toBe('de');
    const english = await ada.post<{ run: Run }>('/api/results', START_RUN);
    expect(english.body.run.language).toBe('en');
    const refused = await ada.post('/api/results', { ...START_RUN, language: 'fr' });
    expect(refused.status).toBe(400);
  });

  it('runs a study in its own language, whatever the browser asks', async () => {
    const researcher = await signUpResearcher(t, 'rosa@example.com');
    const study = await openStudy(researcher, {
      settings: { ...STUDY_SETTINGS, name: 'Auf Deutsch' },
      content: { ...STUDY_CONTENT, language: 'de' },
    });
    const landing = await t.client().get(participationPath(study.code));
    expect(landing.body.study.language).toBe('de');
    const { browser, participation } = await joinStudy(t, study.code);
    expect((participation as Participation).language).toBe('de');
    const base = participationPath(study.code);
    expect((await browser.post(`${base}/consent`, { agree: true })).status).toBe(200);
    expect((await browser.post(`${base}/steps/1/done`, {})).status).toBe(200);
    const started = await browser.post<{ run: Run }>(`${base}/steps/2/run`, {
      deviceInfo: DEVICE_INFO,
      measurement: MEASUREMENT,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body.run.language).toBe('de');
  });

  it('reads a study stored before languages as English', async () => {
    const researcher = await signUpResearcher(t, 'otto@example.com');
    const study = await openStudy(researcher);
    expect((await t.client().get(participationPath(study.code))).body.study.language).toBe('en');
  });
});
