import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';

export type ChartsModule = typeof import('./draw-charts');

let chartsModule: Promise<ChartsModule> | null = null;

/** The charts (and Observable Plot with its d3 parts) are fetched when one is first drawn. */
function loadCharts(): Promise<ChartsModule> {
  chartsModule ??= import('./draw-charts');
  return chartsModule;
}

/** Draws a chart at the given width. Must not depend on colour alone to tell marks apart. */
export type DrawChart = (charts: ChartsModule, width: number) => SVGSVGElement | HTMLElement;

/** Narrower than this and tick labels collide; the figure scrolls sideways instead. */
const MIN_WIDTH = 260;

type PlotFigureProps = {
  title: string;
  /** What the chart shows in a few words: its accessible name. */
  label: string;
  /** The chart's content in words, shown under it: its text alternative (not colour-dependent). */
  description: string;
  /** Keep it stable (useCallback): a new function redraws the chart. */
  render: DrawChart;
};

/**
 * A chart drawn with Observable Plot, sized to its container. Screen readers get one image with
 * `label` as its name and `description` (visible text) as its description, not the axis ticks.
 */
export function PlotFigure({ title, label, description, render }: PlotFigureProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const descriptionId = useId();
  const [width, setWidth] = useState<number | null>(null);
  const [charts, setCharts] = useState<ChartsModule | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  // The axes' words are the language's when the chart is drawn: a new language draws it again.
  const { i18n } = useLingui();
  const { locale } = i18n;

  useEffect(() => {
    let isCurrent = true;
    loadCharts().then(
      (module) => isCurrent && setCharts(module),
      () => isCurrent && setLoadFailed(true),
    );
    return () => {
      isCurrent = false;
    };
  }, []);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(MIN_WIDTH, Math.floor(entry.contentRect.width)));
    });
    observer.observe(container);
    return () => observer.disconnect();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `locale` redraws the axes' words.
  useEffect(() => {
    const container = containerRef.current;
    if (!container || !charts || width === null) return;
    const chart = render(charts, width);
    const svg = chart instanceof SVGSVGElement ? chart : chart.querySelector('svg');
    if (svg) {
      // Plot names its mark groups; inside an image they are not exposed, and aria-label on a <g>
      // is not allowed (axe: aria-prohibited-attr). The figure's own name and text say it all.
      for (const named of svg.querySelectorAll('[aria-label], [aria-description]')) {
        named.removeAttribute('aria-label');
        named.removeAttribute('aria-description');
      }
      svg.setAttribute('role', 'img');
      svg.setAttribute('aria-label', label);
      svg.setAttribute('aria-describedby', descriptionId);
    }
    container.replaceChildren(chart);
    return () => chart.remove();
  }, [charts, width, render, label, descriptionId, locale]);

  return (
    <figure className="chart">
      <figcaption className="chart__title">{title}</figcaption>
      {/* Plot's element is put in here, outside React's rendering. */}
      <div ref={containerRef} className="chart__canvas" />
      {loadFailed && (
        <p className="chart__fallback">
          <Trans>The chart could not be loaded.</Trans>
        </p>
      )}
      <p id={descriptionId} className="chart__description">
        {description}
      </p>
    </figure>
  );
}
