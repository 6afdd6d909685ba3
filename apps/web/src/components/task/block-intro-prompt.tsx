import { type ComponentType, type ReactNode, useId } from 'react';
import { Button } from '../ui/button';

/** The button that closes a prompt: it describes itself by the prompt's message. */
export type PromptActionProps = {
  /** The id of the prompt's message, for aria-describedby. */
  describedBy: string;
  onPress: () => void;
  children: ReactNode;
};

/** The default action: focused at once, so Enter or Space goes on. */
function FocusedButton(props: PromptActionProps) {
  return (
    <Button autoFocus aria-describedby={props.describedBy} onClick={props.onPress}>
      {props.children}
    </Button>
  );
}

/**
 * What stands over the stage before a block or part: a title, the lines that tell what to do
 * (each a paragraph; `children` after them, e.g. a worked example), and the button that goes
 * on, described by those lines for screen readers. The task writes the words.
 */
export function BlockIntroPrompt(props: {
  title: string;
  lines: readonly string[];
  children?: ReactNode;
  actionLabel: string;
  onAction: () => void;
  /** The button; a focused plain button unless the task needs another. */
  Action?: ComponentType<PromptActionProps>;
}) {
  const messageId = useId();
  const Action = props.Action ?? FocusedButton;
  return (
    <div className="task-prompt" data-testid="block-intro">
      <h2>{props.title}</h2>
      <div id={messageId}>
        {props.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {props.children}
      </div>
      <Action describedBy={messageId} onPress={props.onAction}>
        {props.actionLabel}
      </Action>
    </div>
  );
}
