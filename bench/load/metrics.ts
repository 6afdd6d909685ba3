import { percentile, round1 } from '../lib';

/** The requests a participant makes, by what the browser does with them. */
export const REQUEST_KINDS = [
  'login',
  'session',
  'active',
  'start',
  'trial',
  'complete',
  'progress',
] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** What one worker saw since it was last asked. */
export type WorkerMetrics = {
  /** Milliseconds of every trial save answered 2xx. */
  trialSaveMs: number[];
  /** Answers of any status, by kind. */
  requests: Record<RequestKind, number>;
  /** Trial saves answered 201: rows the server says it stored. */
  trialsCreated: number;
  errors: number;
  /** The first few errors, to say what went wrong. */
  errorSamples: string[];
};

export function emptyMetrics(): WorkerMetrics {
  return {
    trialSaveMs: [],
    requests: Object.fromEntries(REQUEST_KINDS.map((kind) => [kind, 0])) as Record<
      RequestKind,
      number
    >,
    trialsCreated: 0,
    errors: 0,
    errorSamples: [],
  };
}

export function mergeMetrics(parts: WorkerMetrics[]): WorkerMetrics {
  const merged = emptyMetrics();
  for (const part of parts) {
    for (const ms of part.trialSaveMs) merged.trialSaveMs.push(ms);
    for (const kind of REQUEST_KINDS) merged.requests[kind] += part.requests[kind];
    merged.trialsCreated += part.trialsCreated;
    merged.errors += part.errors;
    merged.errorSamples.push(...part.errorSamples.slice(0, 5 - merged.errorSamples.length));
  }
  return merged;
}

/** Trial-save latency figures of a measured window. */
export function summarizeLatency(trialSaveMs: number[]) {
  const sorted = Float64Array.from(trialSaveMs).sort();
  const values = Array.from(sorted);
  return {
    p50Ms: round1(percentile(values, 0.5)),
    p90Ms: round1(percentile(values, 0.9)),
    p99Ms: round1(percentile(values, 0.99)),
    maxMs: round1(values.at(-1) ?? Number.NaN),
  };
}
