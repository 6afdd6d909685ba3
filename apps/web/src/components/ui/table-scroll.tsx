import type { ReactNode } from 'react';

type TableScrollProps = { label: string; children: ReactNode };

/**
 * A frame for a table that may be wider than the screen: it scrolls sideways, and can be focused
 * so keyboard users can scroll it too (WCAG 2.1.1); the label names it for screen readers.
 */
export function TableScroll({ label, children }: TableScrollProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled by keyboard.
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
