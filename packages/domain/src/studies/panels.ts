import { fillRedirectTemplate, type StudyPanel, type StudySettings } from '../schemas/study';
import { englishText } from '../texts';

/**
 * A recruitment panel's conventions (ADR 041): the parameters it puts in the study's link, the
 * one that names its participant, how its own form writes a placeholder for them, and where its
 * participants go back to.
 */
export type PanelPreset = {
  panel: StudyPanel;
  name: string;
  /** The parameters the panel's link carries, in the order its documentation lists them. */
  capturedParams: readonly string[];
  /** The parameter naming the panel's participant: one participation per value. */
  panelIdParam: string | null;
  /** The completion URL template; null where each study has its own (SONA's credit URL). */
  completionUrl: string | null;
  /** How the panel's study form writes the placeholder for `name` in the link it sends. */
  placeholder: (name: string) => string;
};

export const PROLIFIC_COMPLETION_URL =
  'https://app.prolific.com/submissions/complete?cc={COMPLETION_CODE}';

export const PANEL_PRESETS: Record<StudyPanel, PanelPreset> = {
  prolific: {
    panel: 'prolific',
    name: 'Prolific',
    capturedParams: ['PROLIFIC_PID', 'STUDY_ID', 'SESSION_ID'],
    panelIdParam: 'PROLIFIC_PID',
    completionUrl: PROLIFIC_COMPLETION_URL,
    placeholder: (name) => `{{%${name}%}}`,
  },
  sona: {
    panel: 'sona',
    name: 'SONA Systems',
    // SONA replaces %SURVEY_CODE% in the study's URL; the parameter's name is the researcher's.
    capturedParams: ['id'],
    panelIdParam: 'id',
    completionUrl: null,
    placeholder: () => '%SURVEY_CODE%',
  },
  generic: {
    panel: 'generic',
    name: englishText(/*i18n*/ { id: 'studies.panelGeneric', message: 'Another panel or none' }),
    capturedParams: [],
    panelIdParam: null,
    completionUrl: null,
    placeholder: (name) => `{${name}}`,
  },
};

/**
 * The study's link as the panel's form takes it: each captured parameter with the panel's
 * placeholder for it, e.g. `…/s/abc?PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}`.
 * The placeholders stay unencoded: the panel substitutes them before anyone opens the link.
 */
export function panelStudyUrl(
  studyUrl: string,
  settings: Pick<StudySettings, 'panel' | 'capturedParams' | 'panelIdParam'>,
): string {
  const preset = PANEL_PRESETS[settings.panel];
  const names =
    settings.panel === 'sona'
      ? // SONA substitutes one code only: the panel id parameter's.
        settings.panelIdParam === null
        ? []
        : [settings.panelIdParam]
      : settings.capturedParams;
  if (names.length === 0) return studyUrl;
  const query = names
    .map((name) => `${encodeURIComponent(name)}=${preset.placeholder(name)}`)
    .join('&');
  return `${studyUrl}${studyUrl.includes('?') ? '&' : '?'}${query}`;
}

/**
 * Where a participant the study turns away goes (a full study or arm, a panel id that already
 * took part, declined consent): Prolific's completion URL with the study's screen-out code; null
 * when the study has no screen-out code or follows no panel that takes one.
 */
export function screenOutUrlOf(
  settings: Pick<StudySettings, 'panel' | 'screenOutCode'>,
  params: Record<string, string>,
): string | null {
  if (settings.panel !== 'prolific' || settings.screenOutCode === null) return null;
  return fillRedirectTemplate(PROLIFIC_COMPLETION_URL, {
    ...params,
    COMPLETION_CODE: settings.screenOutCode,
  });
}
