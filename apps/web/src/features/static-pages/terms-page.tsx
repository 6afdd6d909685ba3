import { PageHeader } from '../../components/ui/page-header';
import { CONTACT_EMAIL } from '../../lib/site';

export function TermsPage() {
  return (
    <article className="prose">
      <PageHeader title="Terms of Service" documentTitle="Terms" />
      <p className="prose__meta">Effective date: [date] · Last updated: [date]</p>
      <h2>Using Cogni</h2>
      <p>
        Cogni offers cognitive tests for self-assessment and training. By creating an account you
        agree to provide accurate information and to keep your password to yourself.
      </p>
      <h2>Not medical advice</h2>
      <p>
        Test results are for information only. They are not a diagnosis and do not replace advice
        from a qualified professional.
      </p>
      <h2>Your account</h2>
      <p>
        You are responsible for activity under your account. We may suspend accounts that misuse the
        service or try to interfere with it.
      </p>
      <h2>Changes</h2>
      <p>
        We may update these terms. The date above shows the latest version; continuing to use Cogni
        after a change means you accept it.
      </p>
      <h2>Contact</h2>
      <p>
        [Company name], [address]. Email: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
      </p>
    </article>
  );
}
