/** The pages after a registration, and the started guide. */
import { GUIDE_TEXT, SIGN_UP_TEXT } from '../../texts/sign-up';
import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { PagePanel } from '../../components/ui/page-panel';

function Succeeded({ title, signIn, children }: { title: string; signIn: string; children?: ReactNode }) {
  const t = SIGN_UP_TEXT.succeed;
  return (
    <PagePanel title={title} description={t.signInDescription}>
      <CircleCheck aria-hidden className="mx-auto size-12 text-primary" />
      {children}
      <Button asChild size="lg">
        <Link to={signIn}>{t.toSignIn}</Link>
      </Button>
    </PagePanel>
  );
}

export const CustomerSignUpSucceedPage = () => (
  <Succeeded title={SIGN_UP_TEXT.succeed.customerTitle} signIn="/sign-in/customer" />
);
export const DriverSignUpSucceedPage = () => <Succeeded title={SIGN_UP_TEXT.succeed.driverTitle} signIn="/sign-in/driver" />;

export function StartedGuidePage() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold">{GUIDE_TEXT.title}</h1>
        <p className="text-sm text-muted-foreground">{GUIDE_TEXT.description}</p>
      </div>
      {GUIDE_TEXT.sections.map((section) => (
        <section key={section.role} aria-labelledby={`guide-${section.role}`} className="rounded-lg border bg-card p-4 sm:p-6">
          <h2 id={`guide-${section.role}`} className="mb-3 text-lg font-semibold">
            {section.title}
          </h2>
          <ol className="list-decimal space-y-1.5 pl-5 text-sm">
            {section.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to="/sign-up">{GUIDE_TEXT.signUp}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/sign-in">{GUIDE_TEXT.signIn}</Link>
        </Button>
      </div>
    </div>
  );
}
