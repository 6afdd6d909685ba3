import { Trans, useLingui } from '@lingui/react/macro';
import { type ComponentType, type ReactNode, Suspense, useState } from 'react';
import { useErrorText } from '../../lib/i18n/error-text';
import { type ResponseMode, useResponseMode } from '../../lib/task-runtime/response-mode';
import type { RunConfigError, RunSource } from '../../lib/task-runtime/run-source';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { PageHeader } from '../ui/page-header';
import { Spinner } from '../ui/spinner';
import { ResponseModeChoice } from './response-mode-choice';
import './task.css';

type TaskPageProps = {
  title: string;
  /** One or two sentences under the title: what the test measures and how long it takes. */
  summary: ReactNode;
  /** The keys of keyboard mode, e.g. "R, G and B". */
  keysLabel: string;
  /** The touch mode's name, if it answers with something other than on-screen buttons. */
  touchLabel?: string;
  /** What touch mode answers with, if not on-screen buttons (e.g. "Tap the screen"). */
  touchHint?: string;
  /** The instructions for the chosen response mode: a list, examples. */
  instructions: (mode: ResponseMode) => ReactNode;
  /** The task's runner, loaded on demand (React.lazy), and a way to start loading it early. */
  Runner: ComponentType<{ mode: ResponseMode; source: RunSource }>;
  preloadRunner: () => unknown;
  /** Where the run's settings come from, handed to the runner. */
  source: RunSource;
  /** Why no run can start with these settings (a preview's that do not parse): no start button. */
  configError?: RunConfigError | null;
};

/** Why no run can start, in the reader's language. */
function ConfigErrorText({ error }: { error: RunConfigError }) {
  const { t } = useLingui();
  const { translateEnglish } = useErrorText();
  switch (error.kind) {
    case 'studyStep':
      return t`This step of the study cannot run.`;
    case 'noConfig':
      return t`This preview link does not hold a configuration.`;
    case 'invalid': {
      const problems = error.problems
        .map(({ label, message }) => {
          const setting = translateEnglish(label);
          const problem = translateEnglish(message);
          return setting
            ? t({
                comment: "A preview's setting that is not valid: its label, then what is wrong",
                message: `${setting}: ${problem}`,
              })
            : problem;
        })
        .join('; ');
      return t`This preview's settings are not valid: ${problems}.`;
    }
  }
}

/**
 * A task's page before the run: how it works, keyboard or on-screen buttons, and a start
 * button; then the runner with the chosen mode. The runner's code loads while the participant
 * reads (on the button's focus or hover), so the start is quick.
 */
export function TaskPage(props: TaskPageProps) {
  const { t } = useLingui();
  const [hasStarted, setHasStarted] = useState(false);
  const [mode, setMode] = useResponseMode();
  const { Runner } = props;

  if (hasStarted) {
    return (
      <Suspense fallback={<Spinner label={t`Loading the test…`} />}>
        <Runner mode={mode} source={props.source} />
      </Suspense>
    );
  }

  return (
    <div className="task-intro">
      {/* A study's step keeps its own tab title (the step's, which may not name the task). */}
      <PageHeader
        title={props.title}
        documentTitle={props.source.kind === 'study' ? null : undefined}
      >
        {props.summary}
      </PageHeader>
      <section className="card task-instructions" aria-labelledby="task-instructions-title">
        <h2 id="task-instructions-title">
          <Trans>How it works</Trans>
        </h2>
        {props.instructions(mode)}
        {props.configError ? (
          <Alert variant="error">
            <ConfigErrorText error={props.configError} />
          </Alert>
        ) : (
          <>
            <ResponseModeChoice
              mode={mode}
              onChange={setMode}
              keysLabel={props.keysLabel}
              touchLabel={props.touchLabel}
              touchHint={props.touchHint}
            />
            <Button
              className="button--large"
              onClick={() => setHasStarted(true)}
              onFocus={() => void props.preloadRunner()}
              onPointerEnter={() => void props.preloadRunner()}
            >
              <Trans>Start Test</Trans>
            </Button>
          </>
        )}
      </section>
    </div>
  );
}
