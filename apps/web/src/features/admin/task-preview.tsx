import { type AnyTask, TASKS } from '@cogni/domain';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SettingField } from '../../components/settings/setting-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/select-field';
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
  const [taskId, setTaskId] = useState(TASKS[0]?.id ?? '');
  const task = TASKS.find((candidate) => candidate.id === taskId);

  return (
    <>
      <div className="admin-section__header">
        <h2>Task preview</h2>
      </div>
      <p className="admin-lead">
        Try a task with settings of your own, for example a short version, before using it. You take
        the run yourself; it is marked as a preview, left out of reports and progress, and listed in
        Test Results when previews are included.
      </p>
      {TASKS.length === 0 || !task ? (
        <p className="empty-state">No task can be taken yet.</p>
      ) : (
        <>
          <SelectField
            className="admin-preview__task"
            label="Task"
            value={task.id}
            onChange={(event) => setTaskId(event.target.value as AnyTask['id'])}
          >
            {TASKS.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
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
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<PreviewFormValues>(() => getDefaultFormValues(task));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [isSubmitted, setIsSubmitted] = useState(false);
  const result = readPreviewForm(task, values);
  const errors = result.ok ? {} : result.errors;
  const shownError = (key: string) => (isSubmitted || touched.has(key) ? errors[key] : undefined);
  const hasPage = getWebTask(task.id) !== undefined;
  const specs = Object.entries(task.settings.specs);
  const formError = isSubmitted ? errors[''] : undefined;
  const errorCount = Object.keys(errors).length;

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
      aria-label={`${task.name} preview settings`}
    >
      <p className="admin-note">{task.description}</p>
      {isSubmitted && errorCount > 0 && (
        <Alert variant="error">
          {formError ??
            (errorCount === 1
              ? 'One setting needs a change: see its message below.'
              : `${errorCount} settings need a change: see their messages below.`)}
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
        <p className="admin-note">The {task.name} page is not built yet: it cannot be started.</p>
      )}
      <div className="admin-preview__actions">
        <Button type="submit" disabled={!hasPage}>
          Start preview
        </Button>
        <Button variant="secondary" onClick={handleReset}>
          Reset to defaults
        </Button>
      </div>
    </form>
  );
}
