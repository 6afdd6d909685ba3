import type { SimulatedRun } from '../contract';
import type { TrialEnvelope } from './envelope';

/**
 * A simulated participant's trials as the admin's mock run (SimulatedRun): moved in time so the
 * last trial ends at `endTimeMs`, with their timing records dropped (nothing was measured in a
 * browser). The trials must have an end time, in run order.
 */
export function toSimulatedRun<Trial extends TrialEnvelope & { endTime: string }>(
  seed: string,
  trials: readonly Trial[],
  endTimeMs: number,
): SimulatedRun<Trial> {
  const lastEndMs = Date.parse(trials.at(-1)?.endTime ?? new Date(endTimeMs).toISOString());
  const shiftMs = endTimeMs - lastEndMs;
  const shift = (iso: string) => new Date(Date.parse(iso) + shiftMs).toISOString();
  const shifted = trials.map(({ timing: _timing, ...trial }) => ({
    ...trial,
    startTime: shift(trial.startTime),
    endTime: shift(trial.endTime),
    timing: null,
  })) as unknown as SimulatedRun<Trial>['trials'];
  return {
    seed,
    startTime: shifted[0]?.startTime ?? new Date(endTimeMs).toISOString(),
    endTime: new Date(endTimeMs).toISOString(),
    trials: shifted,
  };
}
