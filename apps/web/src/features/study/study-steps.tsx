import {
  type DemographicsAnswers,
  GENDERS,
  HANDEDNESS,
  type Participation,
  type StudyStep as Step,
} from '@cogni/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, Suspense, useEffect, useId, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/select-field';
import { Spinner } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { answerConsent, completeStep, getParticipation } from '../../lib/api/participation';
import { isApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/i18n/error-text';
import type { StudyRunSource } from '../../lib/task-runtime/run-source';
import { useDocumentTitle } from '../../lib/use-document-title';
import { getWebTask } from '../../tasks/registry';
import { Markdown } from './markdown';
import { StopControl } from './stop-control';

type StepProps = {
  code: string;
  participation: Participation;
  onChange: (participation: Participation) => void;
};

/** Sends an answer; shows its failure, in words for the participant, and keeps the page. */
function useAnswer(props: StepProps) {
  const { t } = useLingui();
  const { errorText } = useErrorText();
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [isSending, setIsSending] = useState(false);
  const send = async (request: () => Promise<Participation>) => {
    setIsSending(true);
    setFailure(null);
    try {
      props.onChange(await request());
    } catch (error) {
      setFailure({ error });
      setIsSending(false);
    }
  };
  const error =
    failure === null
      ? null
      : isApiError(failure.error) && failure.error.status > 0 && failure.error.status < 500
        ? errorText(failure.error)
        : t`Your answer could not be saved. Check your connection and try again.`;
  return { error, isSending, send };
}

/** The step the participant is on, under "Step k of n" and its title. */
export function StudyStep(props: StepProps) {
  const { participation } = props;
  const index = participation.stepsDone;
  const step = participation.steps[index];
  useDocumentTitle(step ? `${step.title} · ${participation.title}` : participation.title);
  if (!step) return null;
  const stepNumber = index + 1;
  const steps = participation.steps.length;
  const header = (
    <p className="study-progress">
      <Trans>
        Step {stepNumber} of {steps}
      </Trans>
      {participation.isPreview && (
        <span className="study-preview-badge">
          <Trans comment="a badge: the researcher is trying the study out">Preview</Trans>
        </span>
      )}
    </p>
  );
  if (step.kind === 'task') {
    // The way out sits above the task, outside its stage: a participant may leave in the middle
    // of a long task, and the task's keys never reach a control it does not hold the focus of.
    return (
      <div className="study-task">
        <div className="study-task__header">
          {header}
          <StopControl {...props} isBesideTask />
        </div>
        <TaskStep key={index} {...props} step={step} index={index} />
      </div>
    );
  }
  return (
    <section className="study-card card" aria-labelledby="study-step-title">
      {header}
      <h1 id="study-step-title" tabIndex={-1}>
        {step.title}
      </h1>
      <PageStep key={index} {...props} step={step} index={index} />
      <StopControl {...props} />
    </section>
  );
}

function PageStep(props: StepProps & { step: Exclude<Step, { kind: 'task' }>; index: number }) {
  const { step, index, code } = props;
  const answer = useAnswer(props);
  if (step.kind === 'consent') {
    return (
      <>
        <Markdown text={step.text} />
        {answer.error && <Alert variant="error">{answer.error}</Alert>}
        <div className="study-actions">
          <Button
            className="button--large"
            disabled={answer.isSending}
            onClick={() => void answer.send(() => answerConsent(code, true))}
          >
            <Trans>I agree</Trans>
          </Button>
          <Button
            variant="secondary"
            className="button--large"
            disabled={answer.isSending}
            onClick={() => void answer.send(() => answerConsent(code, false))}
          >
            <Trans>I do not agree</Trans>
          </Button>
        </div>
      </>
    );
  }
  if (step.kind === 'demographics') {
    return (
      <Demographics
        questions={step.questions}
        error={answer.error}
        isSending={answer.isSending}
        onSubmit={(answers) => void answer.send(() => completeStep(code, index, answers))}
      />
    );
  }
  const isLast = step.kind === 'debrief';
  return (
    <>
      {step.text && <Markdown text={step.text} />}
      {answer.error && <Alert variant="error">{answer.error}</Alert>}
      {step.kind === 'break' && step.minSeconds > 0 ? (
        <BreakContinue
          seconds={step.minSeconds}
          disabled={answer.isSending}
          onContinue={() => void answer.send(() => completeStep(code, index))}
        />
      ) : (
        <Button
          className="button--large"
          disabled={answer.isSending}
          onClick={() => void answer.send(() => completeStep(code, index))}
          autoFocus
        >
          {isLast ? <Trans>Finish</Trans> : <Trans>Continue</Trans>}
        </Button>
      )}
    </>
  );
}

/** A break's Continue, which waits out the break's shortest time. */
function BreakContinue(props: { seconds: number; disabled: boolean; onContinue: () => void }) {
  const { t } = useLingui();
  const [left, setLeft] = useState(props.seconds);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return (
    <Button
      className="button--large"
      disabled={props.disabled || left > 0}
      onClick={props.onContinue}
    >
      {left > 0 ? t`Continue in ${left} s` : t`Continue`}
    </Button>
  );
}

const GENDER_TEXT: Record<(typeof GENDERS)[number], MessageDescriptor> = {
  female: msg`Female`,
  male: msg`Male`,
  nonBinary: msg`Non-binary`,
  other: msg`Another gender`,
  preferNotToSay: msg`Prefer not to say`,
};
const HANDEDNESS_TEXT: Record<(typeof HANDEDNESS)[number], MessageDescriptor> = {
  right: msg`Right-handed`,
  left: msg`Left-handed`,
  both: msg`Both hands alike`,
  preferNotToSay: msg`Prefer not to say`,
};

/** The built-in questions the step asks; every answer may be left out. */
function Demographics(props: {
  questions: readonly string[];
  error: string | null;
  isSending: boolean;
  onSubmit: (answers: DemographicsAnswers) => void;
}) {
  const { t } = useLingui();
  const [age, setAge] = useState('');
  const [gender, setGender] = useState('');
  const [handedness, setHandedness] = useState('');
  const [language, setLanguage] = useState('');
  const [isAgeInvalid, setIsAgeInvalid] = useState(false);
  const hintId = useId();
  const asks = (question: string) => props.questions.includes(question);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const answers: DemographicsAnswers = {};
    if (asks('age') && age.trim() !== '') {
      const years = Number(age);
      if (!Number.isInteger(years) || years < 1 || years > 120) {
        setIsAgeInvalid(true);
        return;
      }
      answers.age = years;
    }
    setIsAgeInvalid(false);
    if (asks('gender') && gender) answers.gender = gender as DemographicsAnswers['gender'];
    if (asks('handedness') && handedness) {
      answers.handedness = handedness as DemographicsAnswers['handedness'];
    }
    if (asks('firstLanguage') && language.trim()) answers.firstLanguage = language.trim();
    props.onSubmit(answers);
  };
  return (
    <form className="study-form" onSubmit={submit} noValidate aria-describedby={hintId}>
      <p id={hintId} className="study-note">
        <Trans>Every question is optional: leave out any you prefer not to answer.</Trans>
      </p>
      {asks('age') && (
        <TextField
          label={t`Age in years`}
          inputMode="numeric"
          autoComplete="off"
          value={age}
          error={isAgeInvalid ? t`Enter your age in whole years, or leave it empty` : undefined}
          onChange={(event) => setAge(event.target.value)}
        />
      )}
      {asks('gender') && (
        <SelectField label={t`Gender`} value={gender} onChange={(e) => setGender(e.target.value)}>
          <option value="">{t`No answer`}</option>
          {GENDERS.map((value) => (
            <option key={value} value={value}>
              {t(GENDER_TEXT[value])}
            </option>
          ))}
        </SelectField>
      )}
      {asks('handedness') && (
        <SelectField
          label={t`Handedness`}
          value={handedness}
          onChange={(e) => setHandedness(e.target.value)}
        >
          <option value="">{t`No answer`}</option>
          {HANDEDNESS.map((value) => (
            <option key={value} value={value}>
              {t(HANDEDNESS_TEXT[value])}
            </option>
          ))}
        </SelectField>
      )}
      {asks('firstLanguage') && (
        <TextField
          label={t`First language`}
          autoComplete="off"
          maxLength={100}
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
        />
      )}
      {props.error && <Alert variant="error">{props.error}</Alert>}
      <Button type="submit" className="button--large" disabled={props.isSending}>
        <Trans>Continue</Trans>
      </Button>
    </form>
  );
}

/**
 * A task step: the task's own page (how it works, keyboard or touch, start) with the step's
 * settings; when its run is complete on the server, the study goes on.
 */
function TaskStep(props: StepProps & { step: Extract<Step, { kind: 'task' }>; index: number }) {
  const { step, index, code, participation } = props;
  const { t } = useLingui();
  const task = getWebTask(step.testType);
  const [source] = useState<StudyRunSource>(() => ({
    kind: 'study',
    code,
    step: index,
    config: step.config,
    runId: participation.runs.find((run) => run.step === index && !run.completed)?.runId ?? null,
    showScores: participation.showScores,
    onDone: () => {
      getParticipation(code)
        .then(props.onChange)
        .catch(() => window.location.reload());
    },
  }));
  if (!task) {
    return (
      <Alert variant="error">
        <Trans>This step’s test cannot run in this app.</Trans>
      </Alert>
    );
  }
  const { Page } = task;
  return (
    <Suspense fallback={<Spinner label={t`Loading the test…`} />}>
      <Page source={source} />
    </Suspense>
  );
}
