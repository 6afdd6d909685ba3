import type { TrialPosition } from '@cogni/domain';
import { type Position, positionKey } from '@cogni/domain/tasks/tower-of-hanoi';

/** Where this browser keeps the problem on screen, so a reload can tell it was begun. */
const openProblemKey = (runId: string) => `cogni.towerOfHanoi.open.${runId}`;

/** The problem this browser has on screen for the run, or null (none, or no storage). */
export function readOpenProblem(runId: string): Position | null {
  try {
    const text = window.localStorage.getItem(openProblemKey(runId));
    const parsed = text ? (JSON.parse(text) as Position) : null;
    return parsed && typeof parsed.trialNumber === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/** Keeps `position` as the run's open problem; null forgets it. */
export function writeOpenProblem(runId: string, position: TrialPosition | null): void {
  try {
    if (position) window.localStorage.setItem(openProblemKey(runId), JSON.stringify(position));
    else window.localStorage.removeItem(openProblemKey(runId));
  } catch {
    // Without storage a reload mid-problem is not flagged; the problem still starts again.
  }
}

/** Forgets the open problem once it is recorded, unless a later problem is open by then. */
export function closeOpenProblem(runId: string, position: Parameters<typeof positionKey>[0]): void {
  const open = readOpenProblem(runId);
  if (open && positionKey(open) === positionKey(position)) {
    writeOpenProblem(runId, null);
  }
}

/**
 * Will the run's next problem, `next`, start again from its beginning: was it presented in
 * this browser and not recorded (a reload in the middle of it)? The engine flags it restarted.
 */
export function isTowerOfHanoiRestartPending(runId: string, next: Position): boolean {
  const open = readOpenProblem(runId);
  return open !== null && positionKey(open) === positionKey(next);
}
