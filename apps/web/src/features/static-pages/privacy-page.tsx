import { Trans, useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../components/ui/page-header';
import { CONTACT_EMAIL } from '../../lib/site';

export function PrivacyPage() {
  const { t } = useLingui();
  return (
    <article className="prose">
      <PageHeader title={t`Privacy Policy`} documentTitle={t`Privacy`} />
      <p className="prose__meta">
        <Trans>Last updated: [date]</Trans>
      </p>
      <h2>
        <Trans>What we collect</Trans>
      </h2>
      <p>
        <Trans>
          When you register we store your email address, first and last name, and the dates you
          created your account and last logged in. When you take a test we store your responses,
          reaction times and scores, and basic information about your device (type and screen size).
        </Trans>
      </p>
      <h2>
        <Trans>How we use it</Trans>
      </h2>
      <p>
        <Trans>
          We use your data to run the tests, show you your results and keep the service secure. We
          do not sell your data. Error reports help us fix problems and contain no passwords.
        </Trans>
      </p>
      <h2>
        <Trans>Cookies</Trans>
      </h2>
      <p>
        <Trans>
          We use one essential cookie to keep you logged in. We do not use advertising or tracking
          cookies.
        </Trans>
      </p>
      <h2>
        <Trans>Your rights</Trans>
      </h2>
      <p>
        <Trans>
          You can view and change your name on your profile page. To obtain a copy of your data or
          to have your account deleted, contact us.
        </Trans>
      </p>
      <h2>
        <Trans>Contact</Trans>
      </h2>
      <p>
        <Trans>
          [Company name], [address]. Email: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
        </Trans>
      </p>
    </article>
  );
}
