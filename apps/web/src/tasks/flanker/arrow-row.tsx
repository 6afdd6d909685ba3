import type { Display } from '@cogni/domain/tasks/flanker';
import { ARROW_PATH, ARROW_VIEW_BOX } from './arrow-shape';

/**
 * Five arrows as the test draws them (runtime/flanker-stage.ts draws the same SVG arrows outside
 * React), for the instructions: one shape, turned round to point left.
 */
export function ArrowRow({ display }: { display: Display }) {
  const middle = display[2] === '<' ? 'left' : 'right';
  const others = display[0] === display[2] ? 'the same way' : 'the other way';
  return (
    <span
      className="flanker-display flanker-display--example"
      role="img"
      aria-label={`Five arrows; the middle one points ${middle}, the others ${others}`}
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
