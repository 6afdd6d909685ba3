// One entry for both systems, `?system=cogni` or `?system=jspsych`: each is its own chunk, so a
// page loads only the system it measures.
const system = new URLSearchParams(window.location.search).get('system');
void (system === 'jspsych' ? import('./jspsych') : import('./cogni'));
