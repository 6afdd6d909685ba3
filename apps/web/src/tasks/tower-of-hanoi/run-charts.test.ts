// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import * as charts from '../../components/charts/draw-charts';
import { drawExcessChart } from './chart-data';

describe('the excess-moves chart', () => {
  it('runs its axis over every problem, so a solved problem after unsolved ones is drawn in the frame', () => {
    // Problems 1 and 5 of 5 solved (2-4 given up): problem 5 belongs at the right of the frame.
    const points = [
      { position: 1, level: 0, isCorrect: true },
      { position: 5, level: 2, isCorrect: false },
    ];
    const width = 400;
    const svg = drawExcessChart(points, 5)(charts, width);
    const ticks = [...svg.querySelectorAll('[aria-label="x-axis tick label"] text')];
    const xOf = (label: string) => {
      const tick = ticks.find((t) => t.textContent === label);
      const transform = tick?.getAttribute('transform') ?? '';
      return Number(/translate\(([-\d.]+)/.exec(transform)?.[1]);
    };
    expect(ticks.map((t) => t.textContent)).toEqual(['1', '5']);
    expect(xOf('1')).toBeGreaterThan(0);
    expect(xOf('5')).toBeGreaterThan(xOf('1'));
    expect(xOf('5')).toBeLessThan(width);
  });
});
