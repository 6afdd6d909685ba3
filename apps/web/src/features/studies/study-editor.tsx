import {
  DEMOGRAPHIC_QUESTIONS,
  type DemographicQuestion,
  findTask,
  STUDY_STEP_KINDS,
  type StudyDetail,
  type StudyStepKind,
  TASKS,
} from '@cogni/domain';
import { type FormEvent, useState } from 'react';
import { SettingField } from '../../components/settings/setting-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { createStudy, saveStudy } from '../../lib/api/studies';
import { isApiError } from '../../lib/api-client';
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

const QUESTION_NAMES: Record<DemographicQuestion, string> = {
  age: 'Age in years',
  gender: 'Gender',
  handedness: 'Handedness',
  firstLanguage: 'First language',
};

const MARKDOWN_HINT = 'Markdown: **bold**, *italic*, lists with -, links as [text](https://…).';

/**
 * The study editor: the settings researchers see (name, cap, the panel's parameters and
 * completion address) and the content participants see (title, description, the steps in
 * order, each task with its own settings). Saving an open study whose participants have started
 * makes the next version; they keep theirs.
 */
export function StudyEditor(props: {
  study: StudyDetail | null;
  onSaved: (s: StudyDetail) => void;
}) {
  const [draft, setDraft] = useState<StudyDraft>(() =>
    props.study ? toStudyDraft(props.study) : newStudyDraft(),
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
      key === 'title' || key === 'description'
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
  const error = (key: string) => errors[key];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const read = readStudyDraft(draft);
    if (!read.ok) {
      setErrors(read.errors);
      setMessage({ kind: 'error', text: 'Some fields need a change: see their messages.' });
      return;
    }
    setIsSaving(true);
    try {
      const saved = props.study
        ? await saveStudy(props.study.id, read.input)
        : await createStudy(read.input);
      setErrors({});
      setMessage({ kind: 'success', text: `Saved: version ${saved.version}.` });
      props.onSaved(saved);
    } catch (failure) {
      if (isApiError(failure)) {
        setErrors(failure.fields);
        setMessage({ kind: 'error', text: failure.message });
      } else setMessage({ kind: 'error', text: 'The study could not be saved. Try again.' });
    } finally {
      setIsSaving(false);
    }
  }

  const stepErrors = Object.entries(errors).filter(([key]) => key.startsWith('content.steps'));
  return (
    <form className="studies-editor" onSubmit={submit} noValidate aria-label="Study">
      <fieldset className="studies-fieldset">
        <legend>For you</legend>
        <TextField
          label="Name"
          hint="Your name for the study; participants see the title below."
          value={draft.name}
          maxLength={200}
          error={error('settings.name')}
          onChange={(e) => set('name', e.target.value)}
        />
        <TextField
          label="Participant cap"
          hint="At most this many participants (your previews aside); empty for no cap."
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
          <span>Show participants their own scores after each task and at the end</span>
        </label>
      </fieldset>

      <StudyPanelFields draft={draft} set={set} error={error} />
      <StudyDatasetFields draft={draft} set={set} error={error} />

      <fieldset className="studies-fieldset">
        <legend>For participants</legend>
        <TextField
          label="Title"
          value={draft.title}
          maxLength={200}
          error={error('content.title')}
          onChange={(e) => set('title', e.target.value)}
        />
        <TextAreaField
          label="Description"
          hint={`On the link's first page. ${MARKDOWN_HINT}`}
          rows={3}
          value={draft.description}
          error={error('content.description')}
          onChange={(e) => set('description', e.target.value)}
        />
      </fieldset>

      <section className="studies-steps" aria-labelledby="studies-steps-title">
        <h2 id="studies-steps-title">Steps</h2>
        {error('content.steps') && <Alert variant="error">{error('content.steps')}</Alert>}
        <ol className="studies-steps__list">
          {draft.steps.map((step, index) => (
            <li key={step.key} className="studies-step card">
              <StepEditor
                step={step}
                index={index}
                count={draft.steps.length}
                errors={errors}
                onChange={(change) => setStep(index, change)}
                onMove={(by) => moveStep(index, by)}
                onRemove={() => removeStep(index)}
              />
            </li>
          ))}
        </ol>
        <div className="studies-steps__add">
          <SelectField
            label="New step"
            value={addKind}
            onChange={(e) => setAddKind(e.target.value as StudyStepKind)}
          >
            {STUDY_STEP_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {STEP_KIND_NAMES[kind]}
              </option>
            ))}
          </SelectField>
          <Button
            variant="secondary"
            onClick={() => set('steps', [...draft.steps, newStep(addKind)])}
          >
            Add step
          </Button>
        </div>
      </section>

      <StudyDesignFields draft={draft} errors={errors} set={set} />

      {message && <Alert variant={message.kind}>{message.text}</Alert>}
      {message?.kind === 'error' && stepErrors.length > 0 && (
        <ul className="studies-errors">
          {stepErrors.map(([key, text]) => (
            <li key={key}>{`${describeErrorKey(key)}: ${text}`}</li>
          ))}
        </ul>
      )}
      <div className="studies-actions">
        <Button type="submit" isBusy={isSaving} disabled={isSaving}>
          {props.study ? 'Save' : 'Create study'}
        </Button>
      </div>
    </form>
  );
}

/** 'content.steps.2.config.soaMs' as 'Step 3, soaMs'. */
function describeErrorKey(key: string): string {
  const [, , index, ...rest] = key.split('.');
  const where = rest.filter((part) => part !== 'config').join(' ');
  return `Step ${Number(index) + 1}${where ? `, ${where}` : ''}`;
}

function StepEditor(props: {
  step: StepDraft;
  index: number;
  count: number;
  errors: DraftErrors;
  onChange: (change: Partial<StepDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { step, index, errors } = props;
  const at = (field: string) => errors[`content.steps.${index}${field ? `.${field}` : ''}`];
  const task = step.kind === 'task' ? findTask(step.testType as never) : undefined;
  return (
    <>
      <div className="studies-step__header">
        <h3>
          Step {index + 1}: {STEP_KIND_NAMES[step.kind]}
        </h3>
        <div className="studies-step__tools">
          <Button variant="secondary" disabled={index === 0} onClick={() => props.onMove(-1)}>
            Move up<span className="visually-hidden">: step {index + 1}</span>
          </Button>
          <Button
            variant="secondary"
            disabled={index === props.count - 1}
            onClick={() => props.onMove(1)}
          >
            Move down<span className="visually-hidden">: step {index + 1}</span>
          </Button>
          <Button variant="secondary" onClick={props.onRemove}>
            Remove<span className="visually-hidden">: step {index + 1}</span>
          </Button>
        </div>
      </div>
      {at('') && <Alert variant="error">{at('')}</Alert>}
      <TextField
        label="Title"
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
          label="Text"
          hint={MARKDOWN_HINT}
          rows={step.kind === 'consent' ? 8 : 4}
          value={step.text}
          error={at('text')}
          onChange={(e) => props.onChange({ text: e.target.value })}
        />
      )}
      {step.kind === 'break' && (
        <TextField
          label="Shortest break (s)"
          inputMode="numeric"
          value={step.minSeconds}
          error={at('minSeconds')}
          onChange={(e) => props.onChange({ minSeconds: e.target.value })}
        />
      )}
      {step.kind === 'demographics' && (
        <fieldset className="studies-questions">
          <legend>Questions (each optional for the participant)</legend>
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
              <span>{QUESTION_NAMES[question]}</span>
            </label>
          ))}
          {at('questions') && <p className="field__error">{at('questions')}</p>}
        </fieldset>
      )}
      {step.kind === 'task' && (
        <>
          <SelectField
            label="Task"
            value={step.testType}
            error={at('testType')}
            onChange={(e) => {
              const next = findTask(e.target.value as never);
              props.onChange({
                testType: e.target.value,
                title: next?.name ?? step.title,
                settings: next ? getDefaultFormValues(next) : {},
              });
            }}
          >
            {TASKS.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </SelectField>
          {task && (
            <details className="studies-task-settings">
              <summary>Settings of {task.name} (defaults unless changed)</summary>
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
