import { Trans, useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../components/ui/page-header';
import { CONTACT_EMAIL } from '../../lib/site';

export function TermsPage() {
  const { t } = useLingui();
  return (
    <article className="prose">
      <PageHeader title={t`Terms of Service`} documentTitle={t`Terms`} />
      <p className="prose__meta">
        <Trans>Effective date: [date] · Last updated: [date]</Trans>
      </p>
      <h2>
        <Trans>Using Cogni</Trans>
      </h2>
      <p>
        <Trans>
          Cogni offers cognitive tests for self-assessment and training. By creating an account you
          agree to provide accurate information and to keep your password to yourself.
        </Trans>
      </p>
      <h2>
        <Trans>Not medical advice</Trans>
      </h2>
      <p>
        <Trans>
          Test results are for information only. They are not a diagnosis and do not replace advice
          from a qualified professional.
        </Trans>
      </p>
      <h2>
        <Trans>Your account</Trans>
      </h2>
      <p>
        <Trans>
          You are responsible for activity under your account. We may suspend accounts that misuse
          the service or try to interfere with it.
        </Trans>
      </p>
      <h2>
        <Trans>Changes</Trans>
      </h2>
      <p>
        <Trans>
          We may update these terms. The date above shows the latest version; continuing to use
          Cogni after a change means you accept it.
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
