import { PageHeader } from '../../components/ui/page-header';
import { CONTACT_EMAIL } from '../../lib/site';

export function PrivacyPage() {
  return (
    <article className="prose">
      <PageHeader title="Privacy Policy" documentTitle="Privacy" />
      <p className="prose__meta">Last updated: [date]</p>
      <h2>What we collect</h2>
      <p>
        When you register we store your email address, first and last name, and the dates you
        created your account and last logged in. When you take a test we store your responses,
        reaction times and scores, and basic information about your device (type and screen size).
      </p>
      <h2>How we use it</h2>
      <p>
        We use your data to run the tests, show you your results and keep the service secure. We do
        not sell your data. Error reports help us fix problems and contain no passwords.
      </p>
      <h2>Cookies</h2>
      <p>
        We use one essential cookie to keep you logged in. We do not use advertising or tracking
        cookies.
      </p>
      <h2>Your rights</h2>
      <p>
        You can view and change your name on your profile page. To obtain a copy of your data or to
        have your account deleted, contact us.
      </p>
      <h2>Contact</h2>
      <p>
        [Company name], [address]. Email: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
      </p>
    </article>
  );
}
