import { describeApiFuzz } from '../testing/api-fuzz';

// Fuzzing of the results, progress and admin operations; the rest is in fuzz-accounts.test.ts,
// a file of its own so the two halves run in parallel. What is sent and checked:
// testing/api-fuzz.ts.
describeApiFuzz('data');
