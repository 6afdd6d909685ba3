// The same cue and stimulus sequence in jsPsych 8, as its documentation sets it up: a cue trial
// that ends after `trial_duration`, then a stimulus trial that ends on R, G or B. jsPsych starts
// its RT clock (performance.now()) right after inserting the HTML, and calls on_load
// synchronously after that, so on_load's performance.now() is its onset. Cue and stimulus are
// blocks: Chromium's Element Timing credits text to its nearest block, as in our stage's flex item.
import HtmlKeyboardResponsePlugin from '@jspsych/plugin-html-keyboard-response';
import { initJsPsych } from 'jspsych';
import { type BenchApi, readSettings, WORDS } from './bench-page';

const { trials, cueMs } = readSettings();

const bench: BenchApi = {
  records: [],
  start: () => {
    const jsPsych = initJsPsych({ display_element: 'stage' });
    const timeline = Array.from({ length: trials }, (_, i) => {
      const word = WORDS[i % 3];
      const ink = WORDS[(i + 1) % 3]?.toLowerCase();
      let onsetMs = 0;
      return [
        {
          type: HtmlKeyboardResponsePlugin,
          stimulus: `<div class="cue" elementtiming="cue-${2 * i + 1}">COLOR</div>`,
          choices: 'NO_KEYS',
          trial_duration: cueMs,
        },
        {
          type: HtmlKeyboardResponsePlugin,
          stimulus: `<div class="stimulus ink-${ink}" elementtiming="stimulus-${2 * i + 2}">${word}</div>`,
          choices: ['r', 'g', 'b'],
          on_load: () => {
            onsetMs = performance.now();
          },
          on_finish: (data: { rt: number }) => {
            bench.records.push({ rtMs: data.rt, onsetMs });
          },
        },
      ];
    }).flat();
    void jsPsych.run(timeline);
  },
};
window.__bench = bench;
