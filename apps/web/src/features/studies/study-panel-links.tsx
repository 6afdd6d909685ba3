import {
  fillRedirectTemplate,
  PANEL_PRESETS,
  PROLIFIC_COMPLETION_URL,
  panelStudyUrl,
  type StudyDetail,
} from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useErrorText } from '../../lib/i18n/error-text';
import { CopyableLink } from './copyable-link';

/** SONA's placeholder for a participant's survey code in the study's URL. */
const SONA_SURVEY_CODE = '%SURVEY_CODE%';
/** How the generic panel's link writes a kept parameter's place. */
const PARAMETER_PLACEHOLDER = '{NAME}';

/**
 * What to paste into the recruitment panel and where (ADR 041): the study's link with the
 * panel's placeholders, and the URLs the panel gives back, as the panel's own forms ask for them.
 */
export function StudyPanelLinks({ study, openLink }: { study: StudyDetail; openLink: string }) {
  const { t } = useLingui();
  const { translateEnglish } = useErrorText();
  const { settings } = study;
  const preset = PANEL_PRESETS[settings.panel];
  const studyUrl = panelStudyUrl(openLink, settings);
  const panelName = translateEnglish(preset.name);
  const { completionCode, screenOutCode } = settings;
  /** The SONA completion URL's place for the survey code: the id parameter's name in braces. */
  const idPlaceholder = `{${settings.panelIdParam ?? 'id'}}`;
  return (
    <section className="card studies-panel" aria-labelledby="panel-links-title">
      <h2 id="panel-links-title">
        {settings.panel === 'generic' ? (
          <Trans>For a recruitment panel</Trans>
        ) : (
          <Trans>For {panelName}</Trans>
        )}
      </h2>
      {settings.panel === 'prolific' && (
        <>
          <p className="studies-note">
            <Trans>
              In Prolific’s study form, paste this as the study URL and keep “URL parameters” on:
              Prolific fills in each participant’s ids.
            </Trans>
          </p>
          <CopyableLink label={t`Study URL for Prolific`} url={studyUrl} />
          <p className="studies-note">
            {completionCode ? (
              <Trans>
                Under “How do you want to confirm participants have completed your study?” choose
                the redirect. Participants who finish come back to Prolific with the completion code{' '}
                <code>{completionCode}</code>:
              </Trans>
            ) : (
              <Trans>
                Under “How do you want to confirm participants have completed your study?” choose
                the redirect. Participants who finish come back to Prolific with the completion code
                you set in the editor (none is set yet):
              </Trans>
            )}
          </p>
          <CopyableLink
            label={t`Completion URL`}
            url={fillRedirectTemplate(PROLIFIC_COMPLETION_URL, {
              COMPLETION_CODE: completionCode ?? '',
            })}
          />
          <p className="studies-note">
            {screenOutCode ? (
              <Trans>
                Those the study turns away (full, already taken part, consent declined) and those
                who stop or withdraw come back with the screen-out code <code>{screenOutCode}</code>
                : add it in Prolific as a second completion code, with the action you want for them.
                Each Prolific id takes part once, on any device.
              </Trans>
            ) : (
              <Trans>
                Set a screen-out code in the editor to send those the study turns away back to
                Prolific. Each Prolific id takes part once, on any device.
              </Trans>
            )}
          </p>
        </>
      )}
      {settings.panel === 'sona' && (
        <>
          <p className="studies-note">
            <Trans>
              In SONA’s study information, paste this as the study URL: SONA puts each participant’s
              survey code where <code>{SONA_SURVEY_CODE}</code> is.
            </Trans>
          </p>
          <CopyableLink label={t`Study URL for SONA`} url={studyUrl} />
          <p className="studies-note">
            {settings.completionUrl ? (
              <Trans>
                Participants who finish go to your client-side completion URL, with their survey
                code in place of <code>{idPlaceholder}</code>; SONA grants the credit. Each survey
                code takes part once.
              </Trans>
            ) : (
              <Trans>
                Copy SONA’s client-side completion URL into the editor’s completion URL, with{' '}
                <code>{idPlaceholder}</code> where it says XXXX, so that SONA grants the credit.
              </Trans>
            )}
          </p>
        </>
      )}
      {settings.panel === 'generic' && (
        <>
          <p className="studies-note">
            <Trans>
              The link with the parameters the study keeps. Replace each{' '}
              <code>{PARAMETER_PLACEHOLDER}</code> with your panel’s placeholder for it (for example
              MTurk’s or your own list’s); a parameter a link leaves out is simply empty.
            </Trans>
          </p>
          <CopyableLink label={t`Study URL with parameters`} url={studyUrl} />
        </>
      )}
    </section>
  );
}
