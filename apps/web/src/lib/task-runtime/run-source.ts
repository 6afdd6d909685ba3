import type { TaskSettings } from '@cogni/domain';
import { PREVIEW_PARAM, readPreviewConfig } from '../preview';

/**
 * Where a run's settings come from, read once by the task's route: a normal run (the task's
 * defaults; the server resolves them), or an admin's preview (ADR 028) with the configuration
 * in the page's URL, null when the URL's text is not a configuration at all.
 */
export type RunSource =
  | { kind: 'normal' }
  | { kind: 'preview'; config: Record<string, unknown> | null }
  | StudyRunSource;

/**
 * A study's task step (ADR 040): the run takes the step's settings, is started and resumed
 * through the participation API, and ends in the study's next step, not the task's results.
 */
export type StudyRunSource = {
  kind: 'study';
  /** The study's code: the participation API's path. */
  code: string;
  /** The step's index in the participant's version. */
  step: number;
  config: Record<string, unknown>;
  /** The step's run begun before (a reload), to resume; null to start one. */
  runId: string | null;
  /** Whether the end of the run shows the participant their scores. */
  showScores: boolean;
  /** Called once the run is complete on the server: the study goes on. */
  onDone: () => void;
};

/** The run source of a task page's query string (`location.search`). */
export function readRunSource(search: string): RunSource {
  if (!new URLSearchParams(search).has(PREVIEW_PARAM)) return { kind: 'normal' };
  return { kind: 'preview', config: readPreviewConfig(search) };
}

/**
 * Why a run cannot start with the settings of its source, for the page to say in the reader's
 * language (TaskPage): a study's step whose settings do not parse, a preview link without a
 * configuration, or a preview's settings that do not parse, each problem under the setting's
 * label (as the admin's settings form names it) with the schema's message, both in English as
 * the domain writes them.
 */
export type RunConfigError =
  | { kind: 'studyStep' }
  | { kind: 'noConfig' }
  | { kind: 'invalid'; problems: readonly { label: string; message: string }[] };

/**
 * The settings a run from `source` will have, checked with the task's settings schema (the one
 * the server uses): the defaults for a normal run, the preview's with the defaults filled in;
 * an error to show in place of the start button when the preview's do not parse.
 */
export function resolveRunConfig<Config>(
  settings: Pick<TaskSettings<Config>, 'schema' | 'defaults' | 'specs'>,
  source: RunSource,
): { config: Config; error: null } | { config: null; error: RunConfigError } {
  if (source.kind === 'normal') return { config: settings.defaults, error: null };
  if (source.kind === 'study') {
    // Checked by the server when the study was saved; parsed again for the defaults' types.
    const parsed = settings.schema.safeParse(source.config);
    return parsed.success
      ? { config: parsed.data, error: null }
      : { config: null, error: { kind: 'studyStep' } };
  }
  if (source.config === null) return { config: null, error: { kind: 'noConfig' } };
  const parsed = settings.schema.safeParse(source.config);
  if (parsed.success) return { config: parsed.data, error: null };
  const problems = parsed.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    return { label: settings.specs[key]?.label ?? issue.path.join('.'), message: issue.message };
  });
  return { config: null, error: { kind: 'invalid', problems } };
}

/** What startRun sends for a run from `source`: a preview's configuration, or nothing. */
export function startConfigOf(source: RunSource): Record<string, unknown> | undefined {
  return source.kind === 'preview' && source.config ? source.config : undefined;
}
