import type { Display } from '@cogni/domain/tasks/flanker';
import { useLingui } from '@lingui/react/macro';
import { ARROW_PATH, ARROW_VIEW_BOX } from './arrow-shape';
import { arrowsLabel } from './labels';

/**
 * Five arrows as the test draws them (runtime/flanker-stage.ts draws the same SVG arrows outside
 * React), for the instructions: one shape, turned round to point left.
 */
export function ArrowRow({ display }: { display: Display }) {
  const { t } = useLingui();
  const middle = display[2] === '<' ? 'left' : 'right';
  const congruency = display[0] === display[2] ? 'congruent' : 'incongruent';
  return (
    <span
      className="flanker-display flanker-display--example"
      role="img"
      aria-label={t(arrowsLabel(middle, congruency))}
    >
      {[...display].map((arrow, i) => (
        <svg
          // The arrows of a display are fixed in number and order.
          // biome-ignore lint/suspicious/noArrayIndexKey: position is the identity here
          key={i}
          viewBox={ARROW_VIEW_BOX}
          className={`flanker-arrow flanker-arrow--${arrow === '<' ? 'left' : 'right'}`}
          aria-hidden="true"
        >
          <path d={ARROW_PATH} />
        </svg>
      ))}
    </span>
  );
}
