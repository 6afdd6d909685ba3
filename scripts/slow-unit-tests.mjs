// The unit and API test files that take longest, the longest first. The whole suite starts them
// first (vitest.config.ts); the quick tier (scripts/test-quick.mjs) runs them only when they
// changed themselves, as most of them depend on the whole server.
export const SLOW_UNIT_TEST_FILES = [
  'fuzz-data.test.ts',
  'fuzz-accounts.test.ts',
  'fuzz-studies.test.ts',
  'main.test.ts',
  'rate-limits.test.ts',
  'create-admin.test.ts',
];
