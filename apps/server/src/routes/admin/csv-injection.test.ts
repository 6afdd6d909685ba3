import { RESEARCH_EXPORT_COLUMNS, type Run } from '@cogni/domain';
import * as stroop from '@cogni/domain/tasks/stroop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAdmin } from '../../testing/admin-fixtures';
import { DEVICE_INFO, START_RUN } from '../../testing/fixture-run';
import { parseCsv } from '../../testing/parse-csv';
import { createTestContext, type TestClient, type TestContext } from '../../testing/test-app';
import { TEST_DATABASE_KINDS } from '../../testing/test-database';

/**
 * Text a participant controls (here the browser's user agent, stored with the run) that a
 * spreadsheet would run as a formula once it skips the leading blank or reads a full-width sign.
 */
const FORMULAS = [
  '\u00a0=HYPERLINK("https://example.org/x","open")',
  ' +cmd|" /C calc"!A0',
  '\u200b@SUM(A1:A9)',
  '\n-2+3',
  '\uff1dHYPERLINK("https://example.org/x")',
];

describe.each(TEST_DATABASE_KINDS)('research export formula escaping on %s', (kind) => {
  let t: TestContext;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestContext(kind);
    admin = await signUpAdmin(t, { email: 'admin@example.com' });
  });
  afterAll(() => t.close());

  it('writes participant text that could run as a formula as text', async () => {
    for (const [i, userAgent] of FORMULAS.entries()) {
      const participant = await t.signUp({ email: `p${i}@example.com` });
      const started = await participant.post<{ run: Run }>('/api/results', {
        ...START_RUN,
        deviceInfo: { ...DEVICE_INFO, userAgent },
      });
      expect(started.status).toBe(201);
      const { run } = started.body;
      const [first] = stroop.planPhase(run.seed, 'sample', stroop.ConfigSchema.parse(run.config));
      if (!first) throw new Error('no sample trial planned');
      const saved = await participant.request('PUT', `/api/results/${run.id}/trials/sample/0`, {
        body: stroop.answerTrial(first, first.correctKey, 650),
      });
      expect(saved.status).toBe(201);
    }
    const res = await admin.get<string>('/api/admin/export?format=csv');
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(res.body);
    const column = header?.indexOf('device_user_agent') ?? -1;
    expect(column).toBe(RESEARCH_EXPORT_COLUMNS.findIndex((c) => c.name === 'device_user_agent'));
    // Each cell is the text as typed behind an apostrophe, which spreadsheets show, not run.
    expect(rows.map((row) => row[column]).sort()).toEqual(FORMULAS.map((f) => `'${f}`).sort());
  });
});
