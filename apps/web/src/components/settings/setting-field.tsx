import type { Setting } from '@cogni/domain';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { formatPlainNumber } from '../../lib/format';
import { useErrorText } from '../../lib/i18n/error-text';
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
  const { t } = useLingui();
  const { translateEnglish } = useErrorText();
  // The domain's English texts, in the reader's language where the catalogs have them.
  const label = translateEnglish(spec.label);
  const description = translateEnglish(spec.description);
  if (spec.kind === 'number') {
    const bounds = describeBounds(spec);
    const defaultValue = formatPlainNumber(spec.default);
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
        hint={t`${description} ${bounds}; default ${defaultValue}.`}
        error={error}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    );
  }
  if (spec.kind === 'choice') {
    // An option is a value the data holds (a stimulus set's name), shown as it is.
    const defaultOption = spec.default;
    return (
      <SelectField
        label={label}
        name={name}
        value={String(value)}
        hint={t`${description} Default: ${defaultOption}.`}
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
      label={label}
      name={name}
      checked={value === true}
      hint={spec.default ? t`${description} Default: on.` : t`${description} Default: off.`}
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
