import { ESTIMATE_PROMPT_MS } from '../shared/estimate';
import { type Config, foreperiodRange, type Phase, resolveConfig } from './config';

/** A typical rested reaction time on the PVT, ms. */
const TYPICAL_RT_MS = 300;

/**
 * The whole run at a steady pace, ms (the task contract's estimateMs): the intro, the habituation
 * trials, the test's duration and half a test trial (the one in progress when the time is up is
 * completed). A trial is its mean interval and a typical response, and the feedback where the
 * interval is counted from its end.
 */
export function estimateMs(config: Config): number {
  const params = resolveConfig(config);
  const trialMs = (phase: Phase) => {
    const [shortest, longest] = foreperiodRange(params, phase);
    const feedbackMs = params.intervalFrom === 'feedbackEnd' ? params.feedbackMs : 0;
    return (shortest + longest) / 2 + TYPICAL_RT_MS + feedbackMs;
  };
  return (
    ESTIMATE_PROMPT_MS +
    params.habituationTrials * trialMs('habituation') +
    params.durationMs +
    trialMs('test') / 2
  );
}
