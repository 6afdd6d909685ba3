import {
  DEMOGRAPHIC_QUESTIONS,
  type DemographicQuestion,
  findTask,
  isLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  STUDY_STEP_KINDS,
  type StudyDetail,
  type StudyStepKind,
  TASKS,
} from '@cogni/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { SettingField } from '../../components/settings/setting-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { createStudy, saveStudy } from '../../lib/api/studies';
import { isApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/i18n/error-text';
import { getDefaultFormValues } from '../../lib/settings-form';
import { StudyDatasetFields } from './study-dataset-fields';
import { StudyDesignFields } from './study-design-fields';
import {
  type DraftErrors,
  newStep,
  newStudyDraft,
  readStudyDraft,
  STEP_KIND_NAMES,
  type StepDraft,
  type StudyDraft,
  toStudyDraft,
} from './study-form';
import { applyPanelPreset, StudyPanelFields } from './study-panel-fields';
import { TextAreaField } from './text-area-field';

const QUESTION_NAMES: Record<DemographicQuestion, MessageDescriptor> = {
  age: msg`Age in years`,
  gender: msg`Gender`,
  handedness: msg`Handedness`,
  firstLanguage: msg`First language`,
};

/**
 * The study editor: the settings researchers see (name, cap, the panel's parameters and
 * completion address) and the content participants see (title, language, description, the steps
 * in order, each task with its own settings). Saving an open study whose participants have
 * started makes the next version; they keep theirs.
 */
export function StudyEditor(props: {
  study: StudyDetail | null;
  onSaved: (s: StudyDetail) => void;
}) {
  const { t, i18n } = useLingui();
  const { errorText, translateEnglish } = useErrorText();
  const [draft, setDraft] = useState<StudyDraft>(() =>
    props.study ? toStudyDraft(props.study) : newStudyDraft(i18n),
  );
  const [errors, setErrors] = useState<DraftErrors>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [addKind, setAddKind] = useState<StudyStepKind>('task');

  /** Forgets the messages of fields under `prefix` once they change. */
  const clearErrors = (prefix: string) =>
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith(prefix))),
    );
  const set = <K extends keyof StudyDraft>(key: K, value: StudyDraft[K]) => {
    clearErrors(
      key === 'title' || key === 'description' || key === 'language'
        ? `content.${key}`
        : key === 'order' || key === 'arms' || key === 'balanceMapping'
          ? 'content.design'
          : `settings.${key}`,
    );
    setDraft((current) =>
      key === 'panel'
        ? applyPanelPreset(current, value as StudyDraft['panel'])
        : { ...current, [key]: value },
    );
  };
  const setStep = (index: number, change: Partial<StepDraft>) => {
    clearErrors(`content.steps.${index}`);
    setDraft((current) => ({
      ...current,
      steps: current.steps.map((step, i) => (i === index ? { ...step, ...change } : step)),
    }));
  };
  const moveStep = (index: number, by: -1 | 1) =>
    setDraft((current) => {
      const steps = [...current.steps];
      const [moved] = steps.splice(index, 1);
      if (moved) steps.splice(index + by, 0, moved);
      return { ...current, steps };
    });
  const removeStep = (index: number) =>
    setDraft((current) => ({ ...current, steps: current.steps.filter((_, i) => i !== index) }));
  /** A field's problem in the reader's language (the editor's and the server's are English). */
  const error = (key: string) => {
    const problem = errors[key];
    return problem === undefined ? undefined : translateEnglish(problem);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const read = readStudyDraft(draft);
    if (!read.ok) {
      setErrors(read.errors);
      setMessage({ kind: 'error', text: t`Some fields need a change: see their messages.` });
      return;
    }
    setIsSaving(true);
    try {
      const saved = props.study
        ? await saveStudy(props.study.id, read.input)
        : await createStudy(read.input);
      setErrors({});
      const version = saved.version;
      setMessage({ kind: 'success', text: t`Saved: version ${version}.` });
      props.onSaved(saved);
    } catch (failure) {
      if (isApiError(failure)) {
        setErrors(failure.fields);
        setMessage({ kind: 'error', text: errorText(failure) });
      } else setMessage({ kind: 'error', text: t`The study could not be saved. Try again.` });
    } finally {
      setIsSaving(false);
    }
  }

  const stepErrors = Object.entries(errors).filter(([key]) => key.startsWith('content.steps'));
  return (
    <form className="studies-editor" onSubmit={submit} noValidate aria-label={t`Study`}>
      <fieldset className="studies-fieldset">
        <legend>
          <Trans>For you</Trans>
        </legend>
        <TextField
          label={t({ comment: "the study's name, which only researchers see", message: 'Name' })}
          hint={t`Your name for the study; participants see the title below.`}
          value={draft.name}
          maxLength={200}
          error={error('settings.name')}
          onChange={(e) => set('name', e.target.value)}
        />
        <TextField
          label={t`Participant cap`}
          hint={t`At most this many participants (your previews aside); empty for no cap.`}
          inputMode="numeric"
          value={draft.participantCap}
          error={error('settings.participantCap')}
          onChange={(e) => set('participantCap', e.target.value)}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.showScores}
            onChange={(e) => set('showScores', e.target.checked)}
          />
          <span>
            <Trans>Show participants their own scores after each task and at the end</Trans>
          </span>
        </label>
      </fieldset>

      <StudyPanelFields draft={draft} set={set} error={error} />
      <StudyDatasetFields draft={draft} set={set} error={error} />

      <fieldset className="studies-fieldset">
        <legend>
          <Trans>For participants</Trans>
        </legend>
        <TextField
          label={t({ comment: "the study's title, which participants see", message: 'Title' })}
          value={draft.title}
          maxLength={200}
          error={error('content.title')}
          onChange={(e) => set('title', e.target.value)}
        />
        <SelectField
          label={t({
            comment: "the language of the study's pages for its participants",
            message: 'Language',
          })}
          hint={t`Participants’ pages and tasks (a Stroop step’s colour words included) show in this language, so write the study’s own texts (title, consent, information) in it.`}
          value={draft.language}
          error={error('content.language')}
          onChange={(e) => {
            const language = e.target.value;
            if (isLanguage(language)) set('language', language);
          }}
        >
          {LANGUAGES.map((language) => (
            // Each language named in itself, as its speakers look for it.
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t`Description`}
          hint={t({
            comment: 'how to format a text: keep the Markdown marks (**, *, -, [](…)) as they are',
            message:
              "On the link's first page. Markdown: **bold**, *italic*, lists with -, links as [text](https://…).",
          })}
          rows={3}
          value={draft.description}
          error={error('content.description')}
          onChange={(e) => set('description', e.target.value)}
        />
      </fieldset>

      <section className="studies-steps" aria-labelledby="studies-steps-title">
        <h2 id="studies-steps-title">
          <Trans>Steps</Trans>
        </h2>
        {error('content.steps') && <Alert variant="error">{error('content.steps')}</Alert>}
        <ol className="studies-steps__list">
          {draft.steps.map((step, index) => (
            <li key={step.key} className="studies-step card">
              <StepEditor
                step={step}
                index={index}
                count={draft.steps.length}
                error={error}
                onChange={(change) => setStep(index, change)}
                onMove={(by) => moveStep(index, by)}
                onRemove={() => removeStep(index)}
              />
            </li>
          ))}
        </ol>
        <div className="studies-steps__add">
          <SelectField
            label={t`New step`}
            value={addKind}
            onChange={(e) => setAddKind(e.target.value as StudyStepKind)}
          >
            {STUDY_STEP_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(STEP_KIND_NAMES[kind])}
              </option>
            ))}
          </SelectField>
          <Button
            variant="secondary"
            onClick={() => set('steps', [...draft.steps, newStep(addKind, i18n)])}
          >
            <Trans>Add step</Trans>
          </Button>
        </div>
      </section>

      <StudyDesignFields draft={draft} errors={errors} set={set} />

      {message && <Alert variant={message.kind}>{message.text}</Alert>}
      {message?.kind === 'error' && stepErrors.length > 0 && (
        <ul className="studies-errors">
          {stepErrors.map(([key, text]) => (
            <li key={key}>{`${describeErrorKey(key, i18n)}: ${translateEnglish(text)}`}</li>
          ))}
        </ul>
      )}
      <div className="studies-actions">
        <Button type="submit" isBusy={isSaving} disabled={isSaving}>
          {props.study ? <Trans>Save</Trans> : <Trans>Create study</Trans>}
        </Button>
      </div>
    </form>
  );
}

/** 'content.steps.2.config.soaMs' as 'Step 3, soaMs' (a setting by its key, as the data names it). */
function describeErrorKey(key: string, i18n: I18n): string {
  const [, , index, ...rest] = key.split('.');
  const step = Number(index) + 1;
  const field = rest.filter((part) => part !== 'config').join(' ');
  return field ? i18n._(msg`Step ${step}, ${field}`) : i18n._(msg`Step ${step}`);
}

function StepEditor(props: {
  step: StepDraft;
  index: number;
  count: number;
  /** A field's problem by its key, in the reader's language. */
  error: (key: string) => string | undefined;
  onChange: (change: Partial<StepDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const { translateEnglish } = useErrorText();
  const { step, index } = props;
  const at = (field: string) => props.error(`content.steps.${index}${field ? `.${field}` : ''}`);
  const task = step.kind === 'task' ? findTask(step.testType as never) : undefined;
  const number = index + 1;
  const kindName = t(STEP_KIND_NAMES[step.kind]);
  const taskName = task ? translateEnglish(task.name) : '';
  return (
    <>
      <div className="studies-step__header">
        <h3>
          <Trans>
            Step {number}: {kindName}
          </Trans>
        </h3>
        <div className="studies-step__tools">
          <Button variant="secondary" disabled={index === 0} onClick={() => props.onMove(-1)}>
            <Trans>
              Move up<span className="visually-hidden">: step {number}</span>
            </Trans>
          </Button>
          <Button
            variant="secondary"
            disabled={index === props.count - 1}
            onClick={() => props.onMove(1)}
          >
            <Trans>
              Move down<span className="visually-hidden">: step {number}</span>
            </Trans>
          </Button>
          <Button variant="secondary" onClick={props.onRemove}>
            <Trans>
              Remove<span className="visually-hidden">: step {number}</span>
            </Trans>
          </Button>
        </div>
      </div>
      {at('') && <Alert variant="error">{at('')}</Alert>}
      <TextField
        label={t({ comment: "a step's title, which participants see", message: 'Title' })}
        value={step.title}
        maxLength={200}
        error={at('title')}
        onChange={(e) => props.onChange({ title: e.target.value })}
      />
      {(step.kind === 'consent' ||
        step.kind === 'info' ||
        step.kind === 'debrief' ||
        step.kind === 'break') && (
        <TextAreaField
          label={t({ comment: "a step's text, which participants read", message: 'Text' })}
          hint={t({
            comment: 'how to format a text: keep the Markdown marks (**, *, -, [](…)) as they are',
            message: 'Markdown: **bold**, *italic*, lists with -, links as [text](https://…).',
          })}
          rows={step.kind === 'consent' ? 8 : 4}
          value={step.text}
          error={at('text')}
          onChange={(e) => props.onChange({ text: e.target.value })}
        />
      )}
      {step.kind === 'break' && (
        <TextField
          label={t`Shortest break (s)`}
          inputMode="numeric"
          value={step.minSeconds}
          error={at('minSeconds')}
          onChange={(e) => props.onChange({ minSeconds: e.target.value })}
        />
      )}
      {step.kind === 'demographics' && (
        <fieldset className="studies-questions">
          <legend>
            <Trans>Questions (each optional for the participant)</Trans>
          </legend>
          {DEMOGRAPHIC_QUESTIONS.map((question) => (
            <label key={question} className="checkbox">
              <input
                type="checkbox"
                checked={step.questions.includes(question)}
                onChange={(e) =>
                  props.onChange({
                    questions: e.target.checked
                      ? DEMOGRAPHIC_QUESTIONS.filter(
                          (q) => q === question || step.questions.includes(q),
                        )
                      : step.questions.filter((q) => q !== question),
                  })
                }
              />
              <span>{t(QUESTION_NAMES[question])}</span>
            </label>
          ))}
          {at('questions') && <p className="field__error">{at('questions')}</p>}
        </fieldset>
      )}
      {step.kind === 'task' && (
        <>
          <SelectField
            label={t({ comment: 'the cognitive task a study step runs', message: 'Task' })}
            value={step.testType}
            error={at('testType')}
            onChange={(e) => {
              const next = findTask(e.target.value as never);
              props.onChange({
                testType: e.target.value,
                title: next ? translateEnglish(next.name) : step.title,
                settings: next ? getDefaultFormValues(next) : {},
              });
            }}
          >
            {TASKS.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {translateEnglish(candidate.name)}
              </option>
            ))}
          </SelectField>
          {task && (
            <details className="studies-task-settings">
              <summary>
                <Trans>Settings of {taskName} (defaults unless changed)</Trans>
              </summary>
              <div className="studies-settings-grid">
                {Object.entries(task.settings.specs).map(([key, spec]) => (
                  <SettingField
                    key={key}
                    name={`${step.key}-${key}`}
                    spec={spec}
                    value={step.settings[key] ?? ''}
                    error={at(`config.${key}`)}
                    onChange={(value) =>
                      props.onChange({ settings: { ...step.settings, [key]: value } })
                    }
                    onBlur={() => {}}
                  />
                ))}
              </div>
            </details>
          )}
        </>
      )}
    </>
  );
}
