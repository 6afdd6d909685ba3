import {
  getCorrectKey,
  getCue,
  INKS,
  isSwitchTrial,
  type Phase,
  type PlannedTrial,
  planPhase,
  type StroopConfig,
  WORDS,
} from '@cogni/domain';

/**
 * What never changes about a run once it is started: the seed and the settings of its plan, and
 * when it started by the server's clock (each trial's arrival is judged against it).
 */
export type RunFacts = {
  seed: string;
  config: StroopConfig;
  startedAt: Date;
  /**
   * Each phase's stimuli, planned on first use and kept as one byte a trial (word × 3 + ink):
   * planning a phase costs ~0.1 ms, too much to repeat at every save, and whole PlannedTrial
   * objects for thousands of runs would take tens of MB. The rest of a planned trial follows
   * from its number (cue, switch) and its stimulus (the correct key).
   */
  stimuli: Partial<Record<Phase, Uint8Array>>;
};

/** Runs remembered at most (a few hundred bytes each); the least recently used goes first. */
const MAX_RUNS = 20_000;

const runs = new Map<string, RunFacts>();

/**
 * Remembers a run's seed and settings, as its owner's request started it or read it from the
 * database, so later trial saves can be checked against the plan before the database is asked
 * anything. Safe on any number of instances: neither ever changes (services/results/start-run.ts
 * writes them once), and who may write to the run and whether it is finished are still asked of
 * the database each time.
 */
export function rememberRun(
  resultId: string,
  facts: { seed: string; config: StroopConfig; result: { startTime: Date } },
): void {
  runs.delete(resultId);
  runs.set(resultId, {
    seed: facts.seed,
    config: facts.config,
    startedAt: facts.result.startTime,
    stimuli: {},
  });
  if (runs.size > MAX_RUNS) {
    const oldest = runs.keys().next().value;
    if (oldest !== undefined) runs.delete(oldest);
  }
}

export function recallRun(resultId: string): RunFacts | undefined {
  const facts = runs.get(resultId);
  if (facts) {
    // Most recently used last, so a long run is not forgotten while it is being taken.
    runs.delete(resultId);
    runs.set(resultId, facts);
  }
  return facts;
}

/** Trial `trialNumber` of `phase` as planPhase plans it, or undefined past the phase's end. */
export function getPlannedTrial(
  facts: RunFacts,
  phase: Phase,
  trialNumber: number,
): PlannedTrial | undefined {
  let stimuli = facts.stimuli[phase];
  if (!stimuli) {
    const plan = planPhase(facts.seed, phase, facts.config);
    stimuli = Uint8Array.from(
      plan,
      (t) => WORDS.indexOf(t.stimulusWord) * INKS.length + INKS.indexOf(t.stimulusColor),
    );
    facts.stimuli[phase] = stimuli;
  }
  const code = stimuli[trialNumber];
  const word = WORDS[Math.floor((code ?? 0) / INKS.length)];
  const ink = INKS[(code ?? 0) % INKS.length];
  if (code === undefined || !word || !ink) return undefined;
  const cueWord = getCue(trialNumber);
  return {
    phase,
    trialNumber,
    cueWord,
    stimulusWord: word,
    stimulusColor: ink,
    isSwitch: isSwitchTrial(trialNumber),
    isCongruent: false,
    correctKey: getCorrectKey(cueWord, word, ink),
  };
}
