import { percentile, round1 } from '../lib';
import type { EventLoopDelay } from './event-loop';

/** The requests a participant makes, by what the browser does with them. */
export const REQUEST_KINDS = [
  'login',
  'session',
  'active',
  'start',
  'trial',
  'complete',
  'progress',
  // A study's participant (ADR 040): the start by the open link, the consent, a page's step
  // done, the finish. Their task step's run is a 'start', its end a 'complete'.
  'join',
  'consent',
  'step',
  'finish',
] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** What one worker saw since it was last asked. */
export type WorkerMetrics = {
  /** Milliseconds of every trial save answered 2xx. */
  trialSaveMs: number[];
  /** Milliseconds of every other request answered 2xx, by kind (rare next to the saves). */
  requestMs: Partial<Record<RequestKind, number[]>>;
  /** Answers of any status, by kind. */
  requests: Record<RequestKind, number>;
  /** Trial saves answered 201: rows the server says it stored. */
  trialsCreated: number;
  /**
   * Trials answered 200 (already saved) after an attempt that got no answer or an error: the
   * server stored the row on an attempt whose answer was lost (a timeout under overload). The
   * browser's outbox counts that as saved, and so do we.
   */
  trialsConfirmedLate: number;
  /** Trials whose last attempt got no 2xx before the participant was stopped: stored or not. */
  trialsUnanswered: number;
  errors: number;
  /** Errors by status; 0: no answer (a timeout or a dropped connection), 503: busy or down. */
  errorsByStatus: Record<string, number>;
  /** The first few errors, to say what went wrong. */
  errorSamples: string[];
  /**
   * How late the worker's event loop ran (p99 and max, ms): a generator that falls behind its
   * own timers adds its delay to every latency it measures. Merged, the worst worker's.
   */
  eventLoopDelay: EventLoopDelay;
};

export function emptyMetrics(): WorkerMetrics {
  return {
    trialSaveMs: [],
    requestMs: {},
    requests: Object.fromEntries(REQUEST_KINDS.map((kind) => [kind, 0])) as Record<
      RequestKind,
      number
    >,
    trialsCreated: 0,
    trialsConfirmedLate: 0,
    trialsUnanswered: 0,
    errors: 0,
    errorsByStatus: {},
    errorSamples: [],
    eventLoopDelay: { p50Ms: 0, p99Ms: 0, maxMs: 0 },
  };
}

export function mergeMetrics(parts: WorkerMetrics[]): WorkerMetrics {
  const merged = emptyMetrics();
  for (const part of parts) {
    for (const ms of part.trialSaveMs) merged.trialSaveMs.push(ms);
    for (const kind of REQUEST_KINDS) merged.requests[kind] += part.requests[kind];
    for (const [kind, ms] of Object.entries(part.requestMs) as [RequestKind, number[]][]) {
      const into = merged.requestMs[kind] ?? [];
      for (const one of ms) into.push(one);
      merged.requestMs[kind] = into;
    }
    merged.trialsCreated += part.trialsCreated;
    merged.trialsConfirmedLate += part.trialsConfirmedLate;
    merged.trialsUnanswered += part.trialsUnanswered;
    merged.errors += part.errors;
    for (const [status, count] of Object.entries(part.errorsByStatus)) {
      merged.errorsByStatus[status] = (merged.errorsByStatus[status] ?? 0) + count;
    }
    merged.errorSamples.push(...part.errorSamples.slice(0, 5 - merged.errorSamples.length));
    merged.eventLoopDelay = {
      p50Ms: Math.max(merged.eventLoopDelay.p50Ms, part.eventLoopDelay.p50Ms),
      p99Ms: Math.max(merged.eventLoopDelay.p99Ms, part.eventLoopDelay.p99Ms),
      maxMs: Math.max(merged.eventLoopDelay.maxMs, part.eventLoopDelay.maxMs),
    };
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
