/** /sign-in (choose a role) and /sign-in/{driver,driver-manager,customer,admin} (spec §2). */
import { Role, ZLoginBody, ZTotpLoginBody, authRoutes, type TLoginResult } from '@logi/contract';
import { CREDENTIAL_FIELD_TEXT, SIGN_IN_TEXT, ROLE_SLUGS, TOTP_SIGN_IN_TEXT, type TRoleSlug } from '../../texts/sign-in';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Notice, PagePanel } from '../../components/ui/page-panel';
import { api } from '../../lib/api';
import { authStore } from '../../lib/auth-store';
import { landingAfterSignIn, roleOfSlug } from './sign-in';
import { TextField } from './text-field';
import { usePlainForm } from './use-plain-form';

export function SignInPage() {
  const { role: slug } = useParams();
  const role = roleOfSlug(slug);
  return role && slug ? <SignInForm key={slug} slug={slug} /> : <SignInChooser />;
}

function SignInChooser() {
  const t = SIGN_IN_TEXT;
  return (
    <PagePanel title={t.chooserTitle}>
      <ul className="flex flex-col gap-2">
        {(Object.keys(ROLE_SLUGS) as TRoleSlug[]).map((s) => (
          <li key={s}>
            <Link
              to={`/sign-in/${s}`}
              className="flex items-center gap-3 rounded-md border bg-card px-4 py-3 transition-colors hover:bg-accent"
            >
              <span className="flex-1 font-semibold">{t.title(Role.labels[ROLE_SLUGS[s]])}</span>
              <span aria-hidden className="text-muted-foreground">
                ›
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="text-center text-sm">
        {t.noAccount}{' '}
        <Link to="/sign-up" className="font-medium text-primary underline-offset-4 hover:underline">
          {t.signUp}
        </Link>
      </p>
    </PagePanel>
  );
}

function SignInForm({ slug }: { slug: string }) {
  const role = roleOfSlug(slug)!;
  const navigate = useNavigate();
  const t = SIGN_IN_TEXT;
  const form = usePlainForm(ZLoginBody, { email: '', password: '' });
  // Set when the account asks for its second factor (decision 053): the code step replaces the form.
  const [challengeToken, setChallengeToken] = useState<string | null>(null);

  const signedIn = async (result: TLoginResult) => {
    authStore.signIn(result);
    await navigate(landingAfterSignIn(result), { replace: true });
  };

  const submit = form.onSubmit(
    async (body) => {
      const result = await api.call(authRoutes.login, { body });
      if ('totpRequired' in result) setChallengeToken(result.challengeToken);
      else await signedIn(result);
    },
    { role },
  );

  if (challengeToken) {
    return <TotpStep challengeToken={challengeToken} onSignedIn={signedIn} onRestart={() => setChallengeToken(null)} />;
  }

  return (
    <PagePanel title={t.title(Role.labels[role])}>
      {/* POST: submitted before the app runs (a painted page, decision 072), a password never goes into a URL. */}
      <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-5">
        {form.formError && <Notice tone="error">{form.formError}</Notice>}
        <TextField label={CREDENTIAL_FIELD_TEXT.email} type="email" autoComplete="username" required {...form.field('email')} />
        <TextField
          label={CREDENTIAL_FIELD_TEXT.password}
          type="password"
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
        <Button type="submit" size="lg" loading={form.submitting}>
          {t.submit}
        </Button>
      </form>
      <div className="flex flex-col items-center gap-2 text-sm">
        {role !== 'ADMIN' && (
          <Link to={`/forgot-password/${slug}`} className="text-primary underline-offset-4 hover:underline">
            {t.forgotPassword}
          </Link>
        )}
        <Link to="/sign-in" className="text-muted-foreground underline-offset-4 hover:underline">
          {t.otherRole}
        </Link>
      </div>
    </PagePanel>
  );
}

/** The second step for an account with its second factor on: the app's code or a recovery code. */
function TotpStep({
  challengeToken,
  onSignedIn,
  onRestart,
}: {
  challengeToken: string;
  onSignedIn: (result: TLoginResult) => Promise<void>;
  onRestart: () => void;
}) {
  const t = TOTP_SIGN_IN_TEXT;
  const form = usePlainForm(ZTotpLoginBody, { code: '' });
  const submit = form.onSubmit(
    async (body) => {
      await onSignedIn(await api.call(authRoutes.loginTotp, { body }));
    },
    { challengeToken },
  );
  return (
    <PagePanel title={t.title}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <p className="text-sm text-muted-foreground">{t.description}</p>
        {form.formError && <Notice tone="error">{form.formError}</Notice>}
        <TextField label={t.code} autoComplete="one-time-code" required {...form.field('code')} />
        <Button type="submit" size="lg" loading={form.submitting}>
          {t.submit}
        </Button>
      </form>
      <div className="flex flex-col items-center gap-2 text-sm">
        <button type="button" onClick={onRestart} className="text-muted-foreground underline-offset-4 hover:underline">
          {t.restart}
        </button>
      </div>
    </PagePanel>
  );
}
