import type { ResultTrial } from '@cogni/domain';
import { describe, expect, it } from 'vitest';
import { getDisplayedTrialPoints } from '../../lib/charts/chart-data';
import {
  describeSartRtChart,
  describeSartSpreadChart,
  getSartOmissionPositions,
  getSartRtSeries,
  getSartRtSpread,
} from './chart-data';

/** A stored trial from a short code, as in the scoring tests: 'g400', 'o', 'w', 'c300'. */
function trial(
  code: string,
  trialNumber: number,
  phase = 'test',
  exclusions: string[] = [],
): ResultTrial {
  const kind = code[0];
  const rt = kind === 'g' || kind === 'c' ? Number(code.slice(1)) : null;
  const isNogo = kind === 'w' || kind === 'c';
  const responseType = { g: 'go_success', o: 'omission', w: 'nogo_success', c: 'commission' }[
    kind as 'g' | 'o' | 'w' | 'c'
  ];
  return {
    phase,
    block: 0,
    trialNumber,
    response: rt === null ? null : 'space',
    reactionTime: rt,
    isCorrect: isNogo === (rt === null),
    inputModality: 'keyboard',
    exclusions,
    digit: isNogo ? 3 : 5,
    isNogo,
    fontSizeIndex: 0,
    fontSizePx: 80,
    devicePixelRatio: 1,
    responded: rt !== null,
    latencyType: 0,
    responseType,
    nExtraResponses: 0,
  };
}

const TRIALS: ResultTrial[] = [
  trial('g999', 0, 'practice'),
  ...['g400', 'g380', 'g360', 'g340', 'c300', 'o', 'g90', 'g420', 'g410', 'g450', 'w', 'g500'].map(
    (code, i) => trial(code, i, 'test', code === 'g90' ? ['anticipation'] : []),
  ),
  trial('g600', 12, 'test', ['interrupted']),
];

describe('SART chart data', () => {
  it('plots the test’s presses in order, commissions as errors, omissions apart', () => {
    expect(getSartRtSeries(TRIALS).map((p) => `${p.position}:${p.rtMs}:${p.isCorrect}`)).toEqual([
      '1:400:true',
      '2:380:true',
      '3:360:true',
      '4:340:true',
      '5:300:false',
      '7:90:true',
      '8:420:true',
      '9:410:true',
      '10:450:true',
      '12:500:true',
      '13:600:true',
    ]);
    expect(getSartOmissionPositions(TRIALS)).toEqual([6]);
  });

  it('spreads valid go RTs, the runs before a commission and a withhold, and commissions', () => {
    const spread = getSartRtSpread(TRIALS);
    expect(spread.map((cell) => [cell.key, cell.rtsMs])).toEqual([
      // 90 (anticipation) and 600 (interrupted) are left out, as in the scores.
      ['go', [400, 380, 360, 340, 420, 410, 450, 500]],
      ['before-commission', [400, 380, 360, 340]],
      // Trials 6-9 (90 420 410 450) hold an anticipation: no run, as in the scores.
      ['before-withhold', []],
      ['commission', [300]],
    ]);
    expect(describeSartSpreadChart(spread)).toContain(
      'Before a commission: mean 370 ms over 4 presses',
    );
  });

  it('describes the RT chart in words', () => {
    const { points, cutOffMs } = getDisplayedTrialPoints(getSartRtSeries(TRIALS));
    expect(describeSartRtChart(points, [6], cutOffMs, 13)).toBe(
      'Circles: the reaction times of the 10 presses for go digits over the 13 test trials, from 90 ms to 600 ms. Crosses: 1 commission (presses for the no-go digit), at trial 5. Dashed lines: 1 missed go digit, at trial 6.',
    );
    expect(describeSartRtChart([], [], null, 0)).toBe('No test trials were recorded.');
  });
});
