import { describe, expect, it } from 'vitest';
import { PANEL_PRESETS, panelStudyUrl, screenOutUrlOf } from './panels';

const LINK = 'https://cogni.example.org/s/abc123def456';

describe('recruitment panel presets', () => {
  it('writes the study link in each panel’s placeholder syntax', () => {
    expect(
      panelStudyUrl(LINK, {
        panel: 'prolific',
        capturedParams: [...PANEL_PRESETS.prolific.capturedParams],
        panelIdParam: 'PROLIFIC_PID',
      }),
    ).toBe(
      `${LINK}?PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}`,
    );
    // SONA substitutes its one survey code, into the researcher's parameter.
    expect(
      panelStudyUrl(LINK, { panel: 'sona', capturedParams: ['id', 'x'], panelIdParam: 'id' }),
    ).toBe(`${LINK}?id=%SURVEY_CODE%`);
    expect(
      panelStudyUrl(`${LINK}?lang=de`, {
        panel: 'generic',
        capturedParams: ['workerId'],
        panelIdParam: null,
      }),
    ).toBe(`${LINK}?lang=de&workerId={workerId}`);
    expect(panelStudyUrl(LINK, { panel: 'generic', capturedParams: [], panelIdParam: null })).toBe(
      LINK,
    );
  });

  it('sends the turned-away back to Prolific with the screen-out code, and nowhere otherwise', () => {
    expect(
      screenOutUrlOf({ panel: 'prolific', screenOutCode: 'SCR-1' }, { PROLIFIC_PID: 'p' }),
    ).toBe('https://app.prolific.com/submissions/complete?cc=SCR-1');
    expect(screenOutUrlOf({ panel: 'prolific', screenOutCode: null }, {})).toBeNull();
    expect(screenOutUrlOf({ panel: 'sona', screenOutCode: 'X' }, {})).toBeNull();
    expect(screenOutUrlOf({ panel: 'generic', screenOutCode: 'X' }, {})).toBeNull();
  });
});
