import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { savedTrialWithFields } from '../shared/envelope';
import { type Config, foreperiodRange, resolveConfig, SETTINGS } from './config';
import { plan, plannedDraws } from './plan';
import { findChainBreak } from './plausibility';
import { endsTest, RUN_ORDER_FIELDS } from './run-order';
import { findTrialProblems } from './trial';
import { runVirtualSession } from './virtual-runtime';

/** Valid configurations: settings within their bounds, kept when the schema accepts them. */
const configArbitrary: fc.Arbitrary<Config> = fc
  .record({
    variant: fc.constantFrom('PVT-10' as const, 'PVT-B' as const),
    intervalFrom: fc.constantFrom('response' as const, 'feedbackEnd' as const),
    durationS: fc.oneof(fc.constant(0), fc.integer({ min: 30, max: 240 })),
    foreperiodMinMs: fc.oneof(fc.constant(0), fc.integer({ min: 500, max: 6000 })),
    foreperiodMaxMs: fc.oneof(fc.constant(0), fc.integer({ min: 500, max: 12_000 })),
    lapseThresholdMs: fc.oneof(fc.constant(0), fc.integer({ min: 150, max: 900 })),
    falseStartMs: fc.integer({ min: 0, max: 140 }),
    maxRtMs: fc.integer({ min: 1000, max: 3000 }),
    feedbackMs: fc.integer({ min: 500, max: 2000 }),
    habituationTrials: fc.integer({ min: 0, max: 6 }),
  })
  .map((partial) => SETTINGS.schema.safeParse(partial))
  .filter((parsed) => parsed.success)
  .map((parsed) => parsed.data as Config);

describe('planPvt (property tests)', () => {
  it('draws whole-ms foreperiods within each phase range, as many as the phase can use', () => {
    fc.assert(
      fc.property(configArbitrary, fc.string({ maxLength: 24 }), (config, seed) => {
        const params = resolveConfig(config);
        const planned = plan(seed, config);
        for (const phase of ['habituation', 'test'] as const) {
          const [min, max] = foreperiodRange(params, phase);
          const draws = planned[phase];
          expect(draws).toHaveLength(plannedDraws(params, phase));
          // A Uint16Array holds whole numbers only: the bounds are what a draw can break.
          expect(Math.min(...draws)).toBeGreaterThanOrEqual(min);
          expect(Math.max(...draws)).toBeLessThanOrEqual(max);
        }
        expect(plan(seed, { ...config })).toEqual(planned);
      }),
      { numRuns: 300 },
    );
  });

  it('plays any participant through the engine into trials the server accepts, ending on time', () => {
    fc.assert(
      fc.property(
        configArbitrary,
        fc.string({ maxLength: 12 }),
        fc.array(
          fc.record({
            falseStart: fc.option(fc.double({ min: 0, max: 0.99, noNaN: true }), {
              nil: undefined,
            }),
            rtMs: fc.option(fc.double({ min: 0, max: 2500, noNaN: true }), { nil: null }),
            lateMs: fc.oneof(
              fc.double({ min: 0, max: 30, noNaN: true }),
              fc.double({ min: 0, max: 400, noNaN: true }),
            ),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        (config, seed, behaviours) => {
          const params = resolveConfig(config);
          const planned = plan(seed, config);
          let n = 0;
          const session = runVirtualSession({
            config,
            plan: planned,
            timeOriginMs: 1_795_000_000_000,
            startMs: 0,
            introMs: 500,
            behave: ({ waitMs, attempt }) => {
              const b = behaviours[n++ % behaviours.length] as (typeof behaviours)[number];
              return {
                // At most three false starts in a row, so every trial ends.
                falseStartAfterMs:
                  b.falseStart === undefined || attempt >= 3 ? undefined : b.falseStart * waitMs,
                rtMs: b.rtMs,
                onsetLateMs: b.lateMs,
              };
            },
          });
          expect(session.state.kind).toBe('finished');
          const test = session.trials.filter((t) => t.phase === 'test');
          const last = test.at(-1);
          expect(last).toBeDefined();
          if (last) expect(endsTest(params, last)).toBe(true);
          for (const t of test.slice(0, -1)) expect(endsTest(params, t)).toBe(false);
          for (const trial of session.trials) {
            expect(findTrialProblems(trial, planned, config)).toEqual([]);
            // A counter far from its due time marks its trial interrupted.
            const { stimulusOnsetMs, foreperiodStartMs } = trial.timing;
            if (stimulusOnsetMs - foreperiodStartMs - trial.foreperiodMs > 100) {
              expect(trial.timing.wasInterrupted).toBe(true);
            }
          }
          // Each trial follows the one before: draws and time on task.
          const arrived = session.trials.map((t) => ({
            ...savedTrialWithFields(t, RUN_ORDER_FIELDS),
            startTime: null,
            endTime: null,
            arrivedAt: new Date(0),
          }));
          expect(findChainBreak(params, arrived)).toBeNull();
        },
      ),
      { numRuns: 60 },
    );
  });
});
