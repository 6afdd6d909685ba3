import { useId } from 'react';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';

type ResponseModeChoiceProps = {
  mode: ResponseMode;
  onChange: (mode: ResponseMode) => void;
  /** What the keys are, e.g. 'R, G and B'. */
  keysLabel: string;
};

/** Before a run: answer with the keyboard or with on-screen buttons (D25). */
export function ResponseModeChoice({ mode, onChange, keysLabel }: ResponseModeChoiceProps) {
  const name = useId();
  const options: { value: ResponseMode; label: string; hint: string }[] = [
    { value: 'keyboard', label: 'Keyboard', hint: `Keys ${keysLabel}` },
    { value: 'touch', label: 'On-screen buttons', hint: 'Tap large buttons' },
  ];
  return (
    <fieldset className="mode-choice">
      <legend className="mode-choice__legend">Answer with</legend>
      <div className="mode-choice__options">
        {options.map((option) => (
          <label key={option.value} className="mode-choice__option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={mode === option.value}
              onChange={() => onChange(option.value)}
            />
            <span className="mode-choice__label">{option.label}</span>
            <span className="mode-choice__hint">{option.hint}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
