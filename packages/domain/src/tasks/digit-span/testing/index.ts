// Test and benchmark support for this task, read as `@cogni/domain/tasks/digit-span/testing` by
// test files, testing/ folders and bench/ only (scripts/check-imports.mjs, rule f).
export * from './fixtures';
export * from './parameter-recovery';
export * from './short-config';
