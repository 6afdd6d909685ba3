import { findTask, ORDER_SCHEMES, type OrderScheme, williamsRows } from '@cogni/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { SettingField } from '../../components/settings/setting-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { useErrorText } from '../../lib/i18n/error-text';
import {
  type ArmDraft,
  type DraftErrors,
  mappedSteps,
  newArm,
  type StepDraft,
  type StudyDraft,
} from './study-form';

type Props = {
  draft: StudyDraft;
  errors: DraftErrors;
  set: <K extends keyof StudyDraft>(key: K, value: StudyDraft[K]) => void;
};

const ORDER_NAMES: Record<OrderScheme, MessageDescriptor> = {
  fixed: msg`Fixed: every participant in the order above`,
  random: msg`Random: a new order for each participant`,
  latinSquare: msg`Balanced Latin square: each step before each other equally often`,
};

/** The steps of a group in the draft's order, or null when its ends are not steps any more. */
function groupOf(draft: StudyDraft): StepDraft[] | null {
  const first = draft.steps.findIndex((step) => step.key === draft.order.firstKey);
  const last = draft.steps.findIndex((step) => step.key === draft.order.lastKey);
  if (first < 0 || last <= first) return null;
  return draft.steps.slice(first, last + 1);
}

/** '2. Stroop Test': a step by its number and title. */
function stepName(draft: StudyDraft, step: StepDraft, i18n: I18n): string {
  const number = draft.steps.indexOf(step) + 1;
  const title = step.title || i18n._(msg`(untitled)`);
  return `${number}. ${title}`;
}

/** n!: the number of orders a random order of n steps draws from. */
function orderCount(n: number): number {
  let product = 1;
  for (let i = 2; i <= n; i++) product *= i;
  return product;
}

/**
 * The study's design (ADR 041): the order of a group of its steps, its arms (between-subject
 * conditions) with their weights, targets, left-out steps and settings, and whether the tasks'
 * response mappings are balanced; the Latin square's rows are listed as participants will get
 * them.
 */
export function StudyDesignFields({ draft, errors, set }: Props) {
  const { t, i18n } = useLingui();
  const { translateEnglish } = useErrorText();
  const designErrors = Object.entries(errors).filter(([key]) => key.startsWith('content.design'));
  const group = groupOf(draft);
  const setArm = (id: string, change: Partial<ArmDraft>) =>
    set(
      'arms',
      draft.arms.map((arm) => (arm.id === id ? { ...arm, ...change } : arm)),
    );
  const mapped = mappedSteps(draft.steps);
  const cells =
    Math.max(1, draft.arms.length) *
    (draft.order.scheme === 'latinSquare' && group ? williamsRows(group.length).length : 1) *
    (draft.balanceMapping && mapped.length > 0 ? 2 : 1);
  const stepCount = group?.length ?? 0;
  const orders = orderCount(stepCount);
  const ordersText = i18n.number(orders);
  const mappedTasks = new Intl.ListFormat(i18n.locales ?? i18n.locale, {
    type: 'conjunction',
  }).format([
    ...new Set(
      mapped.map((step) => translateEnglish(findTask(step.testType as never)?.name ?? '')),
    ),
  ]);
  const cellsText = i18n.number(cells);
  const activeMinutesError = errors['settings.activeMinutes'];
  return (
    <section className="studies-design card" aria-labelledby="studies-design-title">
      <h2 id="studies-design-title">
        <Trans>Design</Trans>
      </h2>
      {designErrors.length > 0 && (
        <Alert variant="error">
          <ul className="studies-errors">
            {designErrors.map(([key, message]) => (
              <li key={key}>
                {describeDesignKey(key, i18n)}: {translateEnglish(message)}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <fieldset className="studies-fieldset">
        <legend>
          <Trans>Order of the steps</Trans>
        </legend>
        <SelectField
          label={t`Order`}
          value={draft.order.scheme}
          onChange={(e) => {
            const scheme = e.target.value as OrderScheme;
            const tasks = draft.steps.filter((step) => step.kind === 'task');
            set('order', {
              scheme,
              firstKey: draft.order.firstKey || (tasks[0]?.key ?? ''),
              lastKey: draft.order.lastKey || (tasks.at(-1)?.key ?? ''),
            });
          }}
        >
          {ORDER_SCHEMES.map((scheme) => (
            <option key={scheme} value={scheme}>
              {t(ORDER_NAMES[scheme])}
            </option>
          ))}
        </SelectField>
        {draft.order.scheme !== 'fixed' && (
          <div className="studies-design__group">
            <SelectField
              label={t`From step`}
              value={draft.order.firstKey}
              onChange={(e) => set('order', { ...draft.order, firstKey: e.target.value })}
            >
              {draft.steps.map((step) => (
                <option key={step.key} value={step.key}>
                  {stepName(draft, step, i18n)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t`To step`}
              value={draft.order.lastKey}
              onChange={(e) => set('order', { ...draft.order, lastKey: e.target.value })}
            >
              {draft.steps.map((step) => (
                <option key={step.key} value={step.key}>
                  {stepName(draft, step, i18n)}
                </option>
              ))}
            </SelectField>
          </div>
        )}
        {draft.order.scheme !== 'fixed' && !group && (
          <p className="field__error">
            <Trans>Choose a first step before the last one.</Trans>
          </p>
        )}
        {draft.order.scheme === 'random' && group && (
          <p className="studies-note">
            {orders > 1_000_000 ? (
              <Trans>
                Each participant takes these {stepCount} steps in one of their more than a million
                orders, drawn at random; the steps around them stay in place.
              </Trans>
            ) : (
              <Trans>
                Each participant takes these {stepCount} steps in one of their {ordersText} orders,
                drawn at random; the steps around them stay in place.
              </Trans>
            )}
          </p>
        )}
        {draft.order.scheme === 'latinSquare' && group && (
          <LatinSquareRows draft={draft} group={group} />
        )}
      </fieldset>

      <fieldset className="studies-fieldset">
        <legend>
          <Trans>Arms (between-subject conditions)</Trans>
        </legend>
        <p className="studies-note">
          <Trans>
            Without arms every participant takes the same steps. Each arm can leave steps out and
            give a task other settings; new participants go to the least-filled arm for its weight.
          </Trans>
        </p>
        {draft.arms.map((arm, index) => (
          <ArmFields
            key={arm.id}
            arm={arm}
            index={index}
            draft={draft}
            errors={errors}
            onChange={(change) => setArm(arm.id, change)}
            onRemove={() =>
              set(
                'arms',
                draft.arms.filter((other) => other.id !== arm.id),
              )
            }
          />
        ))}
        <Button
          variant="secondary"
          onClick={() => set('arms', [...draft.arms, newArm(draft.arms, i18n)])}
        >
          <Trans>Add an arm</Trans>
        </Button>
      </fieldset>

      <fieldset className="studies-fieldset">
        <legend>
          <Trans>Balance</Trans>
        </legend>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.balanceMapping && mapped.length > 0}
            disabled={mapped.length === 0}
            onChange={(e) => set('balanceMapping', e.target.checked)}
          />
          <span>
            {mapped.length > 0 ? (
              <Trans>
                Balance the response mapping: half the participants get mapping A, half B, in{' '}
                {mappedTasks}
              </Trans>
            ) : (
              <Trans>
                Balance the response mapping: half the participants get mapping A, half B, in the
                tasks that have one (N-back, Go/No-Go; none in this study)
              </Trans>
            )}
          </span>
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.refill}
            onChange={(e) => set('refill', e.target.checked)}
          />
          <span>
            <Trans>
              Refill: a participant who leaves (declined, stopped, withdrew or inactive too long)
              frees their place for the next one
            </Trans>
          </span>
        </label>
        <TextField
          label={t`Inactive after (minutes)`}
          hint={t`A participant who has not finished counts towards the balance for this long after they were last seen (5 minutes to 7 days).`}
          inputMode="numeric"
          value={draft.activeMinutes}
          error={activeMinutesError && translateEnglish(activeMinutesError)}
          onChange={(e) => set('activeMinutes', e.target.value)}
        />
        <p className="studies-note">
          {cells === 1 ? (
            <Trans>One cell: every participant gets the same design.</Trans>
          ) : (
            <Trans>
              {cellsText} cells (arms × orders × mappings): each new participant goes to one of the
              least-filled cells, at random.
            </Trans>
          )}
        </p>
      </fieldset>
    </section>
  );
}

/** The rows of the balanced Latin square over `group`, by the steps' titles. */
function LatinSquareRows({ draft, group }: { draft: StudyDraft; group: StepDraft[] }) {
  const { i18n } = useLingui();
  const rows = williamsRows(group.length);
  const rowCount = rows.length;
  return (
    <>
      <p className="studies-note">
        {group.length % 2 === 1 ? (
          <Trans>
            {rowCount} orders, used in turn so that each is taken equally often (an odd number of
            steps needs the square and its mirror):
          </Trans>
        ) : (
          <Trans>{rowCount} orders, used in turn so that each is taken equally often:</Trans>
        )}
      </p>
      <ol className="studies-design__rows">
        {rows.map((row) => (
          <li key={row.join('-')}>
            {row.map((position) => stepName(draft, group[position] as StepDraft, i18n)).join(' → ')}
          </li>
        ))}
      </ol>
    </>
  );
}

function ArmFields(props: {
  arm: ArmDraft;
  index: number;
  draft: StudyDraft;
  errors: DraftErrors;
  onChange: (change: Partial<ArmDraft>) => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useLingui();
  const { translateEnglish } = useErrorText();
  const { arm, index, draft, errors } = props;
  const at = (field: string) => {
    const problem = errors[`content.design.arms.${index}.${field}`];
    return problem === undefined ? undefined : translateEnglish(problem);
  };
  const tasks = draft.steps.filter((step) => step.kind === 'task');
  const number = index + 1;
  return (
    <div className="studies-arm">
      <div className="studies-step__header">
        <h3>
          <Trans>Arm {number}</Trans>
        </h3>
        <Button variant="secondary" onClick={props.onRemove}>
          <Trans>
            Remove<span className="visually-hidden">: arm {number}</span>
          </Trans>
        </Button>
      </div>
      <div className="studies-arm__fields">
        <TextField
          label={t({ comment: "an arm's name, for the researcher", message: 'Label' })}
          value={arm.label}
          maxLength={100}
          error={at('label')}
          onChange={(e) => props.onChange({ label: e.target.value })}
        />
        <TextField
          label={t`Key (in the data)`}
          value={arm.key}
          maxLength={32}
          error={at('key')}
          onChange={(e) => props.onChange({ key: e.target.value })}
        />
        <TextField
          label={t({ comment: "an arm's share of the participants", message: 'Weight' })}
          hint={t`Its share: weight 2 gets twice weight 1.`}
          inputMode="numeric"
          value={arm.weight}
          error={at('weight')}
          onChange={(e) => props.onChange({ weight: e.target.value })}
        />
        <TextField
          label={t({ comment: 'the number of participants an arm aims for', message: 'Target' })}
          hint={t`At most this many participants; empty: no limit.`}
          inputMode="numeric"
          value={arm.target}
          error={at('target')}
          onChange={(e) => props.onChange({ target: e.target.value })}
        />
      </div>
      <fieldset className="studies-questions">
        <legend>
          <Trans>Steps this arm leaves out</Trans>
        </legend>
        {draft.steps.map((step) => (
          <label key={step.key} className="checkbox">
            <input
              type="checkbox"
              checked={arm.omitKeys.includes(step.key)}
              onChange={(e) =>
                props.onChange({
                  omitKeys: e.target.checked
                    ? [...arm.omitKeys, step.key]
                    : arm.omitKeys.filter((key) => key !== step.key),
                })
              }
            />
            <span>{stepName(draft, step, i18n)}</span>
          </label>
        ))}
        {at('omitSteps') && <p className="field__error">{at('omitSteps')}</p>}
      </fieldset>
      {tasks.map((step) => (
        <ArmTaskSettings
          key={step.key}
          arm={arm}
          armIndex={index}
          step={step}
          stepIndex={draft.steps.indexOf(step)}
          name={stepName(draft, step, i18n)}
          errors={errors}
          onChange={props.onChange}
        />
      ))}
    </div>
  );
}

/** Whether the arm gives a task step settings of its own, and those settings. */
function ArmTaskSettings(props: {
  arm: ArmDraft;
  armIndex: number;
  step: StepDraft;
  stepIndex: number;
  name: string;
  errors: DraftErrors;
  onChange: (change: Partial<ArmDraft>) => void;
}) {
  const { translateEnglish } = useErrorText();
  const { arm, step, name } = props;
  const task = findTask(step.testType as never);
  if (!task) return null;
  const own = arm.settings[step.key];
  const at = (setting: string) => {
    const problem =
      props.errors[`content.design.arms.${props.armIndex}.settings.${props.stepIndex}.${setting}`];
    return problem === undefined ? undefined : translateEnglish(problem);
  };
  const mappingSetting = task.responseMapping?.setting;
  return (
    <div className="studies-arm__task">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={own !== undefined}
          onChange={(e) => {
            // The arm's settings start from the step's own.
            const settings = { ...arm.settings };
            if (e.target.checked) settings[step.key] = { ...step.settings };
            else delete settings[step.key];
            props.onChange({ settings });
          }}
        />
        <span>
          <Trans>Other settings of step {name} in this arm</Trans>
        </span>
      </label>
      {own && (
        <div className="studies-settings-grid">
          {Object.entries(task.settings.specs).map(([key, spec]) => (
            <SettingField
              key={key}
              name={`${arm.id}-${step.key}-${key}`}
              spec={spec}
              value={own[key] ?? ''}
              error={at(key)}
              onChange={(value) =>
                props.onChange({
                  settings: { ...arm.settings, [step.key]: { ...own, [key]: value } },
                })
              }
              onBlur={() => {}}
            />
          ))}
          {mappingSetting && (
            <p className="studies-note">
              <Trans>
                With the response mapping balanced, the study sets {mappingSetting} for each
                participant.
              </Trans>
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** 'content.design.arms.1.weight' as 'Arm 2, weight' (a field by its key, as the data names it). */
function describeDesignKey(key: string, i18n: I18n): string {
  const parts = key.split('.').slice(2);
  if (parts[0] === 'arms') {
    const number = Number(parts[1]) + 1;
    const field = parts.slice(2).join(' ');
    return field ? i18n._(msg`Arm ${number}, ${field}`) : i18n._(msg`Arm ${number}`);
  }
  if (parts[0] === 'order') return i18n._(msg`Order`);
  if (parts[0] === 'factors') return i18n._(msg`Balance`);
  return i18n._(msg`Design`);
}
