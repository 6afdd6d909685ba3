import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from '../testing/capture-log';
import { createTestContext, type TestContext } from '../testing/test-app';

/** A client-chosen string that tries to end the record and forge another one. */
const FORGED = 'x\n{"level":60,"msg":"forged record"}\r\n\u2028\u2029\u001b[31mred\u0000';

describe('log lines are safe from injection (ASVS 16.4.1)', () => {
  it('keeps newlines, forged records and terminal escapes inside one JSON line', () => {
    const log = captureLog();
    log.logger.info({ email: FORGED, nested: { note: FORGED } }, FORGED);
    const lines = log.lines();
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0] ?? '');
    // The values come back exactly, so nothing was lost to the escaping either.
    expect(record.msg).toBe(FORGED);
    expect(record.email).toBe(FORGED);
    expect(record.nested.note).toBe(FORGED);
    // Control characters are escaped (\r as \\r, ESC as \\u001b). U+2028/2029 stay as they
    // are, which JSON allows: log shippers split records on \n only.
    const controlCharacters = [...(lines[0] ?? '')].filter((c) => (c.codePointAt(0) ?? 0) < 0x20);
    expect(controlCharacters).toEqual([]);
  });

  it('never writes passwords or tokens, wherever a caller puts them', () => {
    const log = captureLog();
    log.logger.info(
      { password: 'hunter2 hunter2', user: { password: 'p', token: 't' }, token: 'abc' },
      'sign-in',
    );
    const [line] = log.lines();
    expect(line).not.toMatch(/hunter2|"p"|"t"|"abc"/);
    expect(JSON.parse(line ?? '').user.password).toBe('[redacted]');
  });

  describe('through HTTP', () => {
    const log = captureLog();
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestContext('pglite', {}, { logger: log.logger });
    });
    afterAll(() => t.close());

    it('logs a refused admin request whose path carries a forged record as one line', async () => {
      const user = await t.signUp();
      const before = log.lines().length;
      const response = await user.patch(`/api/admin/users/${encodeURIComponent(FORGED)}/role`, {
        role: 'admin',
      });
      expect(response.status).toBe(403);
      const written = log.lines().slice(before);
      expect(written).toHaveLength(1);
      const record = JSON.parse(written[0] ?? '');
      expect(record.msg).toBe('admin route refused');
      expect(record.level).toBe(40);
      expect(written.join('\n')).not.toContain('"msg":"forged record"');
    });
  });
});
