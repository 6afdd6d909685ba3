// Test support shared by the tasks' engine tests; read by test files only.

export * from './contract-run';
export * from './soa-contract-run';
export * from './soa-engine-driver';
