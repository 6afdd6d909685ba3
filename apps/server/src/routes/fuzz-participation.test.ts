import { describeApiFuzz } from '../testing/api-fuzz';

// Fuzzing of the participation operations (ADR 040), a file of its own so it runs beside the
// other groups. What is sent and checked: testing/api-fuzz.ts.
describeApiFuzz('participation');
