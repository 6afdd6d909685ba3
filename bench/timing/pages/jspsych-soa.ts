// The SART's digit-and-mask design in jsPsych 8, as its documentation builds a fixed-duration
// trial: one html-keyboard-response trial per digit with `stimulus_duration` (the digit is
// hidden after 250 ms), `trial_duration` (the trial ends after 1150 ms) and
// `response_ends_trial: false`, so a press during the digit or the mask is recorded and does not
// end the trial. The mask is the trial's prompt, shown by CSS as soon as the plugin hides the
// digit (stage.css), so it appears in the very frame the digit goes. jsPsych starts its RT clock
// right after inserting the HTML and calls on_load synchronously after that: on_load's
// performance.now() is its onset.
import HtmlKeyboardResponsePlugin from '@jspsych/plugin-html-keyboard-response';
import { initJsPsych } from 'jspsych';
import { exposeSoaBench, readSoaSettings, type SoaBenchApi } from './soa-page';

const { trials, digitMs, maskMs } = readSoaSettings();
const SIZES = 5;

const bench: SoaBenchApi = {
  records: [],
  start: () => {
    const jsPsych = initJsPsych({ display_element: 'stage' });
    const timeline = Array.from({ length: trials }, (_, i) => {
      let onsetMs = 0;
      const digit = (i % 9) + 1;
      return {
        type: HtmlKeyboardResponsePlugin,
        stimulus: `<div class="soa-digit soa-size-${i % SIZES}" elementtiming="digit-${i}">${digit}</div>`,
        prompt: `<div class="soa-mask" elementtiming="mask-${i}">\u00a0</div>`,
        choices: [' '],
        stimulus_duration: digitMs,
        trial_duration: digitMs + maskMs,
        response_ends_trial: false,
        on_load: () => {
          onsetMs = performance.now();
        },
        on_finish: (data: { rt: number | null }) => {
          bench.records.push({ rtMs: data.rt, onsetMs });
        },
      };
    });
    void jsPsych.run(timeline);
  },
};
exposeSoaBench(bench);
