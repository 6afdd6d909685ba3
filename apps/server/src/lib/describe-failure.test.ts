import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeFailure } from './describe-failure';

describe('describeFailure', () => {
  it("keeps the database's message of a failed query, never the SQL or its parameters", () => {
    const cause = new Error('duplicate key value violates unique constraint "users_email_key"');
    const failed = new DrizzleQueryError(
      'insert into users values ($1, $2)',
      ['a@b.c', 'scrypt$x'],
      cause,
    );
    expect(describeFailure(failed)).toBe(cause.message);
  });

  it('keeps other messages, cut to 1000 characters, and names a message-less error', () => {
    expect(describeFailure(new Error('x'.repeat(2000)))).toHaveLength(1000);
    expect(describeFailure(new TypeError(''))).toBe('TypeError');
    expect(describeFailure('thrown text')).toBe('thrown text');
    expect(describeFailure(new DrizzleQueryError('select 1', [], undefined as never))).toMatch(
      /^Failed query/,
    );
  });
});
