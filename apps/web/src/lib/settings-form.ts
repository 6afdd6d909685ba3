import type { AnyTask, NumberSetting, Setting } from '@cogni/domain';

/**
 * The values of the Task preview form: a number setting as typed (text), a choice as its
 * option, a yes/no setting as a boolean.
 */
export type PreviewFormValues = Record<string, string | boolean>;

/** What the form holds for a configuration (the task's defaults when the form opens). */
export function toPreviewFormValues(
  task: AnyTask,
  config: Readonly<Record<string, unknown>>,
): PreviewFormValues {
  return Object.fromEntries(
    Object.entries(task.settings.specs).map(([key, spec]) => {
      const value = config[key] ?? spec.default;
      return [key, spec.kind === 'boolean' ? value === true : String(value)];
    }),
  );
}

/** The task's defaults as form values. */
export function getDefaultFormValues(task: AnyTask): PreviewFormValues {
  return toPreviewFormValues(task, task.settings.defaults as Record<string, unknown>);
}

/** '1–1000 trials', '0–10000 ms', '0.5–0.95': a number setting's bounds with its unit. */
export function describeBounds(spec: NumberSetting): string {
  const unit = spec.unit === 'proportion' ? '' : ` ${spec.unit}`;
  return `${spec.min}–${spec.max}${unit}`;
}

/** A setting's value with its unit: '1400 ms', '4 trials', '1 trial', '0.8', 'letters-PR'. */
export function formatSettingValue(spec: Setting | undefined, value: unknown): string {
  if (spec?.kind === 'boolean') return value ? 'on' : 'off';
  if (spec?.kind !== 'number' || spec.unit === 'proportion') return String(value);
  const unit = value === 1 && spec.unit.endsWith('s') ? spec.unit.slice(0, -1) : spec.unit;
  return `${String(value)} ${unit}`;
}

/**
 * The label of a setting, with its unit where the label does not already say it: 'Cue duration
 * (ms)', but 'Test trials'.
 */
export function getSettingLabel(spec: Setting): string {
  if (spec.kind !== 'number' || spec.label.toLowerCase().includes(spec.unit.toLowerCase())) {
    return spec.label;
  }
  return `${spec.label} (${spec.unit})`;
}

/** The message of a number missing, outside its bounds or not whole: what is allowed. */
function describeNumberProblem(spec: NumberSetting): string {
  return `Enter ${spec.integer ? 'a whole number' : 'a number'} from ${describeBounds(spec).replace('–', ' to ')}`;
}

export type PreviewFormResult =
  | { ok: true; config: Record<string, unknown> }
  | { ok: false; errors: Record<string, string> };

/**
 * The configuration the form describes, validated with the task's settings schema (the one the
 * server validates it with: bounds, whole numbers, options and the task's cross-field checks), or
 * a message per setting. A number out of bounds or not whole gets a message that says what is
 * allowed; the task's own checks keep their messages.
 */
export function readPreviewForm(task: AnyTask, values: PreviewFormValues): PreviewFormResult {
  const errors: Record<string, string> = {};
  const raw: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(task.settings.specs)) {
    const value = values[key];
    if (spec.kind === 'boolean') raw[key] = value === true;
    else if (spec.kind === 'choice') raw[key] = String(value ?? spec.default);
    else {
      const text = typeof value === 'string' ? value.trim() : '';
      const number = text === '' ? Number.NaN : Number(text);
      if (Number.isFinite(number)) raw[key] = number;
      else errors[key] = describeNumberProblem(spec);
    }
  }
  // A setting that is not a number yet is left to its own message: the schema checks the rest.
  const parsed = task.settings.schema.safeParse(
    Object.fromEntries(Object.entries(raw).filter(([key]) => errors[key] === undefined)),
  );
  if (parsed.success && Object.keys(errors).length === 0) {
    return { ok: true, config: parsed.data as Record<string, unknown> };
  }
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (errors[key] !== undefined) continue;
      const spec = task.settings.specs[key];
      const isBoundsProblem =
        issue.code === 'too_small' || issue.code === 'too_big' || issue.code === 'invalid_type';
      errors[key] =
        spec?.kind === 'number' && isBoundsProblem ? describeNumberProblem(spec) : issue.message;
    }
  }
  return { ok: false, errors };
}
