import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';

type ResponseModeChoiceProps = {
  mode: ResponseMode;
  onChange: (mode: ResponseMode) => void;
  /** What the keys are, e.g. 'R, G and B'. */
  keysLabel: string;
  /** The touch mode's name, if it answers with something other than on-screen buttons. */
  touchLabel?: string;
  /** What touch mode answers with, if not on-screen buttons (e.g. 'Tap the screen'). */
  touchHint?: string;
};

/** Before a run: answer with keys or with on-screen buttons (docs/product.md#touch-mode). */
export function ResponseModeChoice({
  mode,
  onChange,
  keysLabel,
  touchLabel,
  touchHint,
}: ResponseModeChoiceProps) {
  const { t } = useLingui();
  const name = useId();
  const options: { value: ResponseMode; label: string; hint: string }[] = [
    {
      value: 'keyboard',
      label: t`Keyboard`,
      hint: t({
        comment: 'keysLabel names the keys, e.g. "R, G and B"',
        message: `Keys ${keysLabel}`,
      }),
    },
    {
      value: 'touch',
      label: touchLabel ?? t`On-screen buttons`,
      hint: touchHint ?? t`Tap large buttons`,
    },
  ];
  return (
    <fieldset className="mode-choice">
      <legend className="mode-choice__legend">
        <Trans>Answer with</Trans>
      </legend>
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
