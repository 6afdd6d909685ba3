import { describeApiFuzz } from '../testing/api-fuzz';

// Fuzzing of the system, auth and account operations; the rest is in fuzz-data.test.ts, a file
// of its own so the two halves run in parallel. What is sent and checked: testing/api-fuzz.ts.
describeApiFuzz('accounts');
