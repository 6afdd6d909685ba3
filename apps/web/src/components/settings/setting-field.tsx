import type { Setting } from '@cogni/domain';
import { useId } from 'react';
import { describeBounds, getSettingLabel } from '../../lib/settings-form';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';

type SettingFieldProps = {
  name: string;
  spec: Setting;
  value: string | boolean;
  error: string | undefined;
  onChange: (value: string | boolean) => void;
  onBlur: () => void;
};

/** One setting as its kind asks: a number input with bounds, a select, or a checkbox. */
export function SettingField({ name, spec, value, error, onChange, onBlur }: SettingFieldProps) {
  if (spec.kind === 'number') {
    return (
      <TextField
        label={getSettingLabel(spec)}
        name={name}
        type="number"
        inputMode={spec.integer ? 'numeric' : 'decimal'}
        min={spec.min}
        max={spec.max}
        step={spec.integer ? 1 : 'any'}
        value={String(value)}
        hint={`${spec.description} ${describeBounds(spec)}; default ${spec.default}.`}
        error={error}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    );
  }
  if (spec.kind === 'choice') {
    return (
      <SelectField
        label={spec.label}
        name={name}
        value={String(value)}
        hint={`${spec.description} Default: ${spec.default}.`}
        error={error}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        {spec.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </SelectField>
    );
  }
  return (
    <CheckboxField
      label={spec.label}
      name={name}
      checked={value === true}
      hint={`${spec.description} Default: ${spec.default ? 'on' : 'off'}.`}
      error={error}
      onChange={onChange}
      onBlur={onBlur}
    />
  );
}

type CheckboxFieldProps = {
  label: string;
  name: string;
  checked: boolean;
  hint: string;
  error: string | undefined;
  onChange: (checked: boolean) => void;
  onBlur: () => void;
};

/** A yes/no setting: a checkbox with its hint and message tied to it. */
function CheckboxField({
  label,
  name,
  checked,
  hint,
  error,
  onChange,
  onBlur,
}: CheckboxFieldProps) {
  const id = useId();
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={onBlur}
        />
        <span>{label}</span>
      </label>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
