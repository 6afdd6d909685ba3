import { z } from 'zod';

/** A numeric setting: its default, bounds and unit. */
export type NumberSetting = {
  kind: 'number';
  default: number;
  min: number;
  max: number;
  /** Whole numbers only (counts). */
  integer?: boolean;
  /** 'ms', 'trials', 'proportion', ... as shown beside the value. */
  unit: string;
  label: string;
  description: string;
  /**
   * Other settings the largest value needs, where a rule across settings refuses it beside the
   * defaults (the PVT's feedback must fit in its shortest interval): a configuration with these
   * and `max` is valid. The description says the rule.
   */
  maxNeeds?: Readonly<Record<string, unknown>>;
};

/** A setting that takes one of a list of values. */
export type ChoiceSetting<T extends string = string> = {
  kind: 'choice';
  default: T;
  options: readonly [T, ...T[]];
  unit?: undefined;
  label: string;
  description: string;
};

export type BooleanSetting = {
  kind: 'boolean';
  default: boolean;
  unit?: undefined;
  label: string;
  description: string;
};

export type Setting = NumberSetting | ChoiceSetting | BooleanSetting;

type ValueOf<S extends Setting> = S extends NumberSetting
  ? number
  : S extends ChoiceSetting<infer T>
    ? T
    : boolean;

/** The configuration object a settings list describes. */
export type ConfigOf<Specs extends Record<string, Setting>> = {
  [K in keyof Specs]: ValueOf<Specs[K]>;
};

function settingSchema(spec: Setting) {
  if (spec.kind === 'boolean') return z.boolean().default(spec.default);
  if (spec.kind === 'choice') return z.enum(spec.options).default(spec.default);
  const base = spec.integer ? z.number().int() : z.number();
  return base.min(spec.min).max(spec.max).default(spec.default);
}

/**
 * A task's settings: the one place each setting's default, unit, bounds and description are
 * written. The config schema is built from it (strict: an unknown setting is refused), so what
 * the documentation and the admin preview form show is what validation enforces.
 */
export function defineSettings<Specs extends Record<string, Setting>>(specs: Specs) {
  const shape = Object.fromEntries(
    Object.entries(specs).map(([key, spec]) => [key, settingSchema(spec)]),
  );
  const schema = z.strictObject(shape) as unknown as z.ZodType<
    ConfigOf<Specs>,
    Partial<ConfigOf<Specs>>
  >;
  return { specs, schema, defaults: schema.parse({}) };
}

export type TaskSettings<Config> = {
  specs: Readonly<Record<string, Setting>>;
  schema: z.ZodType<Config, Partial<Config>>;
  defaults: Config;
};

/** A problem with a whole configuration, and the setting it is reported on. */
export type ConfigIssue<Config> = { setting: keyof Config & string; message: string };

/**
 * Settings whose schema also refuses configurations that are within every setting's own bounds
 * but cannot be run (`findIssues`: e.g. a stimulus longer than the SOA), each issue on the
 * setting concerned, so the server and the admin preview refuse them when they validate.
 */
export function refineSettings<Config>(
  settings: TaskSettings<Config>,
  findIssues: (config: Config) => readonly ConfigIssue<Config>[],
): TaskSettings<Config> {
  return {
    specs: settings.specs,
    schema: settings.schema.superRefine((config, ctx) => {
      // The refinement runs even when a setting failed its own bounds: check only whole configs.
      if (!settings.schema.safeParse(config).success) return;
      for (const issue of findIssues(config)) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: [issue.setting] });
      }
    }),
    defaults: settings.defaults,
  };
}
