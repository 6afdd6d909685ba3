// Test and benchmark support for this task, read as `@cogni/domain/tasks/go-no-go/testing` by
// test files, testing/ folders and bench/ only (scripts/check-imports.mjs, rule f).
export * from './short-config';
