// One entry for every page, `?system=cogni|jspsych&design=stroop|soa|pvt`: each is its own chunk,
// so a page loads only the system and design it measures. The PVT's running counter has no
// jsPsych counterpart (no plugin draws one), so it is Cogni's only.
const params = new URLSearchParams(window.location.search);
const system = params.get('system');
const design = params.get('design') ?? 'stroop';
const pages: Record<string, () => Promise<unknown>> = {
  'jspsych-stroop': () => import('./jspsych'),
  'cogni-stroop': () => import('./cogni'),
  'jspsych-soa': () => import('./jspsych-soa'),
  'cogni-soa': () => import('./cogni-soa'),
  'cogni-pvt': () => import('./cogni-pvt'),
};
const load = pages[`${system}-${design}`];
if (!load) throw new Error(`no timing page for ${system} ${design}`);
void load();
