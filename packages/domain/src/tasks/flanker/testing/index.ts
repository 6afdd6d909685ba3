// Test and benchmark support for this task, read as `@cogni/domain/tasks/flanker/testing` by
// test files, testing/ folders and bench/ only (scripts/check-imports.mjs, rule f).
export * from './parameter-recovery';
export * from './short-config';
