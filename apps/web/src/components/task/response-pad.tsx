import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { ResponseButtons } from '../../lib/task-runtime/response-input';

export type PadButton = {
  /** The task's response id the button answers. */
  response: string;
  label: string;
  /** Extra class, e.g. the ink of a colour answer. */
  className?: string;
};

type ResponsePadProps = {
  buttons: readonly PadButton[];
  /** The run's input; the buttons answer through it on pointerdown. */
  input: ResponseButtons | null;
  /** Off between trials: the buttons stay in place but say they are not taking answers. */
  isActive: boolean;
};

/**
 * Touch mode's answer buttons (docs/product.md#touch-mode): large (at least 10 mm), side by side at
 * the bottom of the screen where a thumb reaches them in portrait, answering on pointerdown with
 * the event's own timestamp. Keyboard users answer with the keys; the buttons are not in the tab
 * order.
 */
export function ResponsePad({ buttons, input, isActive }: ResponsePadProps) {
  const refs = useRef(new Map<string, HTMLButtonElement>());
  useEffect(() => {
    if (!input) return;
    const attached = [...refs.current.entries()];
    for (const [response, element] of attached) input.attachButton(element, response);
    return () => {
      for (const [, element] of attached) input.detachButton(element);
    };
  }, [input]);
  return (
    <fieldset className="response-pad" data-active={isActive} data-testid="response-pad">
      <legend className="visually-hidden">
        <Trans>Answer buttons</Trans>
      </legend>
      {buttons.map((button) => (
        <button
          key={button.response}
          type="button"
          tabIndex={-1}
          className={`response-pad__button${button.className ? ` ${button.className}` : ''}`}
          aria-disabled={!isActive}
          data-response={button.response}
          ref={(element) => {
            if (element) refs.current.set(button.response, element);
            else refs.current.delete(button.response);
          }}
          onContextMenu={(event) => event.preventDefault()}
        >
          {button.label}
        </button>
      ))}
    </fieldset>
  );
}
