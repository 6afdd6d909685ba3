import {
  type DemographicsAnswers,
  GENDERS,
  HANDEDNESS,
  type Participation,
  type StudyStep as Step,
} from '@cogni/domain';
import { type FormEvent, Suspense, useEffect, useId, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/select-field';
import { Spinner } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { answerConsent, completeStep, getParticipation } from '../../lib/api/participation';
import { isApiError } from '../../lib/api-client';
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

/** What went wrong with an answer, in words for the participant. */
function failureText(error: unknown): string {
  return isApiError(error) && error.status > 0 && error.status < 500
    ? error.message
    : 'Your answer could not be saved. Check your connection and try again.';
}

/** Sends an answer; shows its failure and keeps the page as it was. */
function useAnswer(props: StepProps) {
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const send = async (request: () => Promise<Participation>) => {
    setIsSending(true);
    setError(null);
    try {
      props.onChange(await request());
    } catch (failure) {
      setError(failureText(failure));
      setIsSending(false);
    }
  };
  return { error, isSending, send };
}

/** The step the participant is on, under "Step k of n" and its title. */
export function StudyStep(props: StepProps) {
  const { participation } = props;
  const index = participation.stepsDone;
  const step = participation.steps[index];
  useDocumentTitle(step ? `${step.title} · ${participation.title}` : participation.title);
  if (!step) return null;
  const header = (
    <p className="study-progress">
      Step {index + 1} of {participation.steps.length}
      {participation.isPreview && <span className="study-preview-badge">Preview</span>}
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
            I agree
          </Button>
          <Button
            variant="secondary"
            className="button--large"
            disabled={answer.isSending}
            onClick={() => void answer.send(() => answerConsent(code, false))}
          >
            I do not agree
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
          {isLast ? 'Finish' : 'Continue'}
        </Button>
      )}
    </>
  );
}

/** A break's Continue, which waits out the break's shortest time. */
function BreakContinue(props: { seconds: number; disabled: boolean; onContinue: () => void }) {
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
      {left > 0 ? `Continue in ${left} s` : 'Continue'}
    </Button>
  );
}

const GENDER_TEXT: Record<(typeof GENDERS)[number], string> = {
  female: 'Female',
  male: 'Male',
  nonBinary: 'Non-binary',
  other: 'Another gender',
  preferNotToSay: 'Prefer not to say',
};
const HANDEDNESS_TEXT: Record<(typeof HANDEDNESS)[number], string> = {
  right: 'Right-handed',
  left: 'Left-handed',
  both: 'Both hands alike',
  preferNotToSay: 'Prefer not to say',
};

/** The built-in questions the step asks; every answer may be left out. */
function Demographics(props: {
  questions: readonly string[];
  error: string | null;
  isSending: boolean;
  onSubmit: (answers: DemographicsAnswers) => void;
}) {
  const [age, setAge] = useState('');
  const [gender, setGender] = useState('');
  const [handedness, setHandedness] = useState('');
  const [language, setLanguage] = useState('');
  const [ageError, setAgeError] = useState<string | undefined>();
  const hintId = useId();
  const asks = (question: string) => props.questions.includes(question);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const answers: DemographicsAnswers = {};
    if (asks('age') && age.trim() !== '') {
      const years = Number(age);
      if (!Number.isInteger(years) || years < 1 || years > 120) {
        setAgeError('Enter your age in whole years, or leave it empty');
        return;
      }
      answers.age = years;
    }
    setAgeError(undefined);
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
        Every question is optional: leave out any you prefer not to answer.
      </p>
      {asks('age') && (
        <TextField
          label="Age in years"
          inputMode="numeric"
          autoComplete="off"
          value={age}
          error={ageError}
          onChange={(event) => setAge(event.target.value)}
        />
      )}
      {asks('gender') && (
        <SelectField label="Gender" value={gender} onChange={(e) => setGender(e.target.value)}>
          <option value="">No answer</option>
          {GENDERS.map((value) => (
            <option key={value} value={value}>
              {GENDER_TEXT[value]}
            </option>
          ))}
        </SelectField>
      )}
      {asks('handedness') && (
        <SelectField
          label="Handedness"
          value={handedness}
          onChange={(e) => setHandedness(e.target.value)}
        >
          <option value="">No answer</option>
          {HANDEDNESS.map((value) => (
            <option key={value} value={value}>
              {HANDEDNESS_TEXT[value]}
            </option>
          ))}
        </SelectField>
      )}
      {asks('firstLanguage') && (
        <TextField
          label="First language"
          autoComplete="off"
          maxLength={100}
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
        />
      )}
      {props.error && <Alert variant="error">{props.error}</Alert>}
      <Button type="submit" className="button--large" disabled={props.isSending}>
        Continue
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
  if (!task) return <Alert variant="error">This step’s test cannot run in this app.</Alert>;
  const { Page } = task;
  return (
    <Suspense fallback={<Spinner label="Loading the test…" />}>
      <Page source={source} />
    </Suspense>
  );
}
