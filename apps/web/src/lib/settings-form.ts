import type { AnyTask, NumberSetting, Setting } from '@cogni/domain';
import { msg } from '@lingui/core/macro';
import { formatPlainNumber } from './format';
import { translateEnglish } from './i18n/error-text';
import { i18n } from './i18n/i18n';

// A setting's label, description, unit and its schema's messages are the domain's English
// texts: they show in the reader's language where the catalogs have them (ADR 042).
const translate = (english: string) => translateEnglish(i18n, english);

/** Units that are symbols, the same in the singular: '1 ms', not '1 m'. */
const SYMBOL_UNITS = new Set(['ms', 's']);

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
  const bounds = `${formatPlainNumber(spec.min)}–${formatPlainNumber(spec.max)}`;
  return spec.unit === 'proportion' ? bounds : `${bounds} ${translate(spec.unit)}`;
}

/** A setting's value with its unit: '1400 ms', '4 trials', '1 trial', '0.8', 'letters-PR'. */
export function formatSettingValue(spec: Setting | undefined, value: unknown): string {
  if (spec?.kind === 'boolean') {
    return value
      ? i18n._(msg({ comment: "A yes/no setting's value", message: 'on' }))
      : i18n._(msg({ comment: "A yes/no setting's value", message: 'off' }));
  }
  // A choice's option is a value the data holds, shown as it is.
  if (spec?.kind !== 'number') return String(value);
  const number = typeof value === 'number' ? formatPlainNumber(value) : String(value);
  if (spec.unit === 'proportion') return number;
  const isSingular = value === 1 && spec.unit.endsWith('s') && !SYMBOL_UNITS.has(spec.unit);
  return `${number} ${translate(isSingular ? spec.unit.slice(0, -1) : spec.unit)}`;
}

/**
 * The label of a setting, with its unit where the label does not already say it: 'Cue duration
 * (ms)', but 'Test trials'.
 */
export function getSettingLabel(spec: Setting): string {
  if (spec.kind !== 'number' || spec.label.toLowerCase().includes(spec.unit.toLowerCase())) {
    return translate(spec.label);
  }
  return `${translate(spec.label)} (${translate(spec.unit)})`;
}

/** The message of a number missing, outside its bounds or not whole: what is allowed. */
function describeNumberProblem(spec: NumberSetting): string {
  const min = formatPlainNumber(spec.min);
  const max = formatPlainNumber(spec.max);
  if (spec.unit === 'proportion') {
    return spec.integer
      ? i18n._(msg`Enter a whole number from ${min} to ${max}`)
      : i18n._(msg`Enter a number from ${min} to ${max}`);
  }
  const unit = translate(spec.unit);
  return spec.integer
    ? i18n._(msg`Enter a whole number from ${min} to ${max} ${unit}`)
    : i18n._(msg`Enter a number from ${min} to ${max} ${unit}`);
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
        spec?.kind === 'number' && isBoundsProblem
          ? describeNumberProblem(spec)
          : translate(issue.message);
    }
  }
  return { ok: false, errors };
}
