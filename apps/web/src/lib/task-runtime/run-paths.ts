/**
 * Where each run's routes are: a signed-in user's under /api/results, a study participant's
 * under their study's participation API (ADR 040). A study run registers its path when it starts
 * or resumes; the outbox stores it with each trial, so a trial queued before a reload still goes
 * to the path it was queued for.
 */
export const USER_RUNS_PATH = '/api/results';

const runsPaths = new Map<string, string>();

/** The runs path of a study participant's runs. */
export const studyRunsPath = (code: string) =>
  `/api/participation/${encodeURIComponent(code)}/runs`;

export function setRunsPath(runId: string, path: string): void {
  runsPaths.set(runId, path);
}

/** The runs path of a run: the one registered for it, else the user's. */
export function runsPathOf(runId: string): string {
  return runsPaths.get(runId) ?? USER_RUNS_PATH;
}
