// Test support shared by the tasks' engine tests; read by test files only.
export * from './soa-engine-driver';
