import { useEffect, useRef } from 'react';

/** Placeholder: the next issue puts the Stroop test runner here. */
export default function StroopRunner() {
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The Start button this replaces had focus; keep keyboard users in place.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <section className="stroop-runner" aria-labelledby="stroop-runner-title">
      <h1 id="stroop-runner-title" ref={headingRef} tabIndex={-1}>
        Stroop Test
      </h1>
      <p>The test runner will be available soon.</p>
    </section>
  );
}
