import {
  fillRedirectTemplate,
  PANEL_PRESETS,
  PROLIFIC_COMPLETION_URL,
  panelStudyUrl,
  type StudyDetail,
} from '@cogni/domain';
import { CopyableLink } from './copyable-link';

/**
 * What to paste into the recruitment panel and where (ADR 041): the study's link with the
 * panel's placeholders, and the URLs the panel gives back, as the panel's own forms ask for them.
 */
export function StudyPanelLinks({ study, openLink }: { study: StudyDetail; openLink: string }) {
  const { settings } = study;
  const preset = PANEL_PRESETS[settings.panel];
  const studyUrl = panelStudyUrl(openLink, settings);
  return (
    <section className="card studies-panel" aria-labelledby="panel-links-title">
      <h2 id="panel-links-title">
        {settings.panel === 'generic' ? 'For a recruitment panel' : `For ${preset.name}`}
      </h2>
      {settings.panel === 'prolific' && (
        <>
          <p className="studies-note">
            In Prolific’s study form, paste this as the study URL and keep “URL parameters” on:
            Prolific fills in each participant’s ids.
          </p>
          <CopyableLink label="Study URL for Prolific" url={studyUrl} />
          <p className="studies-note">
            Under “How do you want to confirm participants have completed your study?” choose the
            redirect. Participants who finish come back to Prolific with
            {settings.completionCode ? (
              <>
                {' '}
                the completion code <code>{settings.completionCode}</code>:
              </>
            ) : (
              ' the completion code you set in the editor (none is set yet):'
            )}
          </p>
          <CopyableLink
            label="Completion URL"
            url={fillRedirectTemplate(PROLIFIC_COMPLETION_URL, {
              COMPLETION_CODE: settings.completionCode ?? '',
            })}
          />
          <p className="studies-note">
            {settings.screenOutCode ? (
              <>
                Those the study turns away (full, already taken part, consent declined) and those
                who stop or withdraw come back with the screen-out code{' '}
                <code>{settings.screenOutCode}</code>: add it in Prolific as a second completion
                code, with the action you want for them.
              </>
            ) : (
              'Set a screen-out code in the editor to send those the study turns away back to Prolific.'
            )}{' '}
            Each Prolific id takes part once, on any device.
          </p>
        </>
      )}
      {settings.panel === 'sona' && (
        <>
          <p className="studies-note">
            In SONA’s study information, paste this as the study URL: SONA puts each participant’s
            survey code where <code>%SURVEY_CODE%</code> is.
          </p>
          <CopyableLink label="Study URL for SONA" url={studyUrl} />
          <p className="studies-note">
            {settings.completionUrl ? (
              <>
                Participants who finish go to your client-side completion URL, with their survey
                code in place of <code>{`{${settings.panelIdParam ?? 'id'}}`}</code>; SONA grants
                the credit. Each survey code takes part once.
              </>
            ) : (
              <>
                Copy SONA’s client-side completion URL into the editor’s completion URL, with{' '}
                <code>{`{${settings.panelIdParam ?? 'id'}}`}</code> where it says XXXX, so that SONA
                grants the credit.
              </>
            )}
          </p>
        </>
      )}
      {settings.panel === 'generic' && (
        <>
          <p className="studies-note">
            The link with the parameters the study keeps. Replace each <code>{'{NAME}'}</code> with
            your panel’s placeholder for it (for example MTurk’s or your own list’s); a parameter a
            link leaves out is simply empty.
          </p>
          <CopyableLink label="Study URL with parameters" url={studyUrl} />
        </>
      )}
    </section>
  );
}
