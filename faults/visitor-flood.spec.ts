import { describe, expect, it } from 'vitest';
import { runVisitorFlood } from './support/visitor-flood';

/**
 * Anonymous requests that each write an error-log entry cannot fill the table or the disk, and
 * do not keep people out: 10,000 logins with 60 KB bodies of unknown fields, each a different
 * email, against a real server on the embedded database (whose data folder is what fills).
 */
describe('a flood of anonymous bad logins (pglite)', () => {
  it('leaves the error log and the data folder bounded and the site usable', async () => {
    const figures = await runVisitorFlood({ requests: 10_000, connections: 16, keys: 60 });
    expect(figures.statuses).toEqual({ 400: 10_000 });
    // 30 entries a minute from one address (RATE_LIMIT_VISITOR_LOGS_PER_IP), each a few hundred
    // bytes, plus one entry that counts the rest.
    const minutes = Math.ceil(figures.floodMs / 60_000);
    expect(figures.errorLogEntries).toBeLessThanOrEqual(30 * minutes + 2);
    expect(figures.suppressedCount).toBe(10_000 - (figures.errorLogEntries - 1));
    expect(figures.dataBytesAfter - figures.dataBytesBefore).toBeLessThan(8 * 1024 * 1024);
    expect(figures.userLoginStatus).toBe(200);
    expect(figures.adminPageStatus).toBe(200);
    expect(figures.adminPageMs).toBeLessThan(1_000);
    expect(figures.adminPageBytes).toBeLessThan(100_000);
  });
});
