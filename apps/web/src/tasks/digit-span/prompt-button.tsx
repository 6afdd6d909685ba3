import { type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';

/** A prompt's button takes no press for this long after the prompt appears, ms. */
export const PROMPT_SETTLE_MS = 500;

/**
 * The button of an intro or of feedback. It has the focus, so Enter or Space goes on, but only a
 * fresh press once the prompt has been up PROMPT_SETTLE_MS: a quick second Enter after the last
 * answer, a held key's auto-repeat, or a second tap never skip what the prompt shows (the right
 * answer, the next part's instructions). `data-armed` says when it takes presses.
 */
export function PromptButton(props: {
  describedBy: string;
  onPress: () => void;
  children: ReactNode;
}) {
  const [isArmed, setIsArmed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setIsArmed(true), PROMPT_SETTLE_MS);
    return () => clearTimeout(timer);
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // An auto-repeat never presses the button (Enter presses it on keydown).
    if (event.repeat) event.preventDefault();
  };
  return (
    <Button
      autoFocus
      aria-describedby={props.describedBy}
      data-armed={isArmed}
      onKeyDown={onKeyDown}
      onClick={() => {
        if (isArmed) props.onPress();
      }}
    >
      {props.children}
    </Button>
  );
}
