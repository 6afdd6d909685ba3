import { type AnyTask, TASKS } from '@cogni/domain';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SettingField } from '../../components/settings/setting-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/select-field';
import { useErrorText } from '../../lib/i18n/error-text';
import { getPreviewUrl } from '../../lib/preview';
import {
  getDefaultFormValues,
  type PreviewFormValues,
  readPreviewForm,
} from '../../lib/settings-form';
import { getTestTypeSlug } from '../../lib/test-type-names';
import { getWebTask } from '../../tasks/registry';

/**
 * Task preview (ADR 028): an admin picks a task, sets any of its settings (a form built from the
 * task's settings, checked with the same schema the server uses) and starts it on the task's
 * page. The run is marked as a preview and kept out of reports and progress.
 */
export function TaskPreview() {
  const { t } = useLingui();
  const { translateEnglish } = useErrorText();
  const [taskId, setTaskId] = useState(TASKS[0]?.id ?? '');
  const task = TASKS.find((candidate) => candidate.id === taskId);

  return (
    <>
      <div className="admin-section__header">
        <h2>
          <Trans>Task preview</Trans>
        </h2>
      </div>
      <p className="admin-lead">
        <Trans>
          Try a task with settings of your own, for example a short version, before using it. You
          take the run yourself; it is marked as a preview, left out of reports and progress, and
          listed in Test Results when previews are included.
        </Trans>
      </p>
      {TASKS.length === 0 || !task ? (
        <p className="empty-state">
          <Trans>No task can be taken yet.</Trans>
        </p>
      ) : (
        <>
          <SelectField
            className="admin-preview__task"
            label={t`Task`}
            value={task.id}
            onChange={(event) => setTaskId(event.target.value as AnyTask['id'])}
          >
            {TASKS.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {translateEnglish(candidate.name)}
              </option>
            ))}
          </SelectField>
          {/* A new form for each task: its settings, prefilled with its defaults. */}
          <PreviewForm key={task.id} task={task} />
        </>
      )}
    </>
  );
}

function PreviewForm({ task }: { task: AnyTask }) {
  const { t } = useLingui();
  const { translateEnglish } = useErrorText();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<PreviewFormValues>(() => getDefaultFormValues(task));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [isSubmitted, setIsSubmitted] = useState(false);
  const result = readPreviewForm(task, values);
  const errors = result.ok ? {} : result.errors;
  /** A setting's message once the admin has left it (or submitted), in the reader's language. */
  const shownError = (key: string) => {
    const error = isSubmitted || touched.has(key) ? errors[key] : undefined;
    return error === undefined ? undefined : translateEnglish(error);
  };
  const hasPage = getWebTask(task.id) !== undefined;
  const specs = Object.entries(task.settings.specs);
  const formError = isSubmitted ? errors[''] : undefined;
  const errorCount = Object.keys(errors).length;
  const taskName = translateEnglish(task.name);

  const setValue = (key: string, value: string | boolean) =>
    setValues((current) => ({ ...current, [key]: value }));
  const touch = (key: string) =>
    setTouched((current) => (current.has(key) ? current : new Set(current).add(key)));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSubmitted(true);
    if (!result.ok) {
      // The first setting with a problem, in form order, takes the focus.
      const first = specs.find(([key]) => errors[key] !== undefined)?.[0];
      const input = first && formRef.current?.elements.namedItem(first);
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    navigate(getPreviewUrl(getTestTypeSlug(task.id), result.config));
  }

  function handleReset() {
    setValues(getDefaultFormValues(task));
    setTouched(new Set());
    setIsSubmitted(false);
  }

  return (
    <form
      ref={formRef}
      className="admin-preview"
      onSubmit={handleSubmit}
      noValidate
      aria-label={t`${taskName} preview settings`}
    >
      <p className="admin-note">{translateEnglish(task.description)}</p>
      {isSubmitted && errorCount > 0 && (
        <Alert variant="error">
          {formError !== undefined
            ? translateEnglish(formError)
            : t`${plural(errorCount, {
                one: 'One setting needs a change: see its message below.',
                other: '# settings need a change: see their messages below.',
              })}`}
        </Alert>
      )}
      <div className="admin-preview__fields">
        {specs.map(([key, spec]) => (
          <SettingField
            key={key}
            name={key}
            spec={spec}
            value={values[key] ?? ''}
            error={shownError(key)}
            onChange={(value) => setValue(key, value)}
            onBlur={() => touch(key)}
          />
        ))}
      </div>
      {!hasPage && (
        <p className="admin-note">
          <Trans>The {taskName} page is not built yet: it cannot be started.</Trans>
        </p>
      )}
      <div className="admin-preview__actions">
        <Button type="submit" disabled={!hasPage}>
          <Trans>Start preview</Trans>
        </Button>
        <Button variant="secondary" onClick={handleReset}>
          <Trans>Reset to defaults</Trans>
        </Button>
      </div>
    </form>
  );
}
