/** /sign-up/verify-email?token= (the mail's link) and /sign-up/role?token=. */
import { Role, type TVerifyEmailTokenResponse } from '@logi/contract';
import { SIGN_UP_TEXT } from '../../texts/sign-up';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmailAddress } from '../../components/ui/email-address';
import { Notice, PagePanel } from '../../components/ui/page-panel';
import { PendingLine } from '../../components/ui/pending-line';
import { errorMessage } from '../../lib/api';
import { verifyEmailTokenQuery } from './verify-query';

/** The sign-up link's token from the query string and what the server says about it. */
export function useSignUpToken() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const query = useQuery(verifyEmailTokenQuery(token));
  return { token, query };
}

/** Renders `children` once the token is known good; otherwise pending or the server's refusal. */
export function WithVerifiedToken({
  title,
  children,
}: {
  title: string;
  children: (verified: TVerifyEmailTokenResponse, token: string) => ReactNode;
}) {
  const { token, query } = useSignUpToken();
  const t = SIGN_UP_TEXT.verify;
  if (token && query.data) return children(query.data, token);
  if (token && query.isPending) {
    return (
      <PagePanel title={title}>
        <PendingLine>{t.checking}</PendingLine>
      </PagePanel>
    );
  }
  return (
    <PagePanel title={t.failedTitle} description={t.failedDescription}>
      <Notice tone="error">{query.error ? errorMessage(query.error) : SIGN_UP_TEXT.role.missingToken}</Notice>
      <Button asChild variant="outline">
        <Link to="/sign-up">{t.restart}</Link>
      </Button>
    </PagePanel>
  );
}

const withToken = (path: string, token: string) => `${path}?${new URLSearchParams({ token }).toString()}`;

export function SignUpVerifyEmailPage() {
  const t = SIGN_UP_TEXT.verify;
  return (
    <WithVerifiedToken title={t.title}>
      {(verified, token) => {
        const open = verified.rolesVerified.some((r) => !r.emailVerified);
        return (
          <PagePanel title={t.title}>
            <Notice tone="success">
              <span className="flex items-center gap-2">
                <CircleCheck aria-hidden className="size-4 shrink-0 text-primary" />
                {verified.message}
              </span>
            </Notice>
            <p className="text-sm font-medium">
              <EmailAddress email={verified.email} />
            </p>
            <section aria-labelledby="roles-heading" className="flex flex-col gap-2">
              <h2 id="roles-heading" className="text-sm font-semibold">
                {t.rolesHeading}
              </h2>
              <ul className="flex flex-col divide-y rounded-md border">
                {verified.rolesVerified.map((r) => (
                  <li key={r.role} className="flex items-center justify-between px-3 py-2 text-sm">
                    <span>{Role.labels[r.role]}</span>
                    <Badge variant={r.emailVerified ? 'default' : 'outline'}>
                      {r.emailVerified ? t.registered : t.notRegistered}
                    </Badge>
                  </li>
                ))}
              </ul>
            </section>
            {open ? (
              <Button asChild size="lg">
                <Link to={withToken('/sign-up/role', token)}>{t.next}</Link>
              </Button>
            ) : (
              <Notice>{t.allRegistered}</Notice>
            )}
          </PagePanel>
        );
      }}
    </WithVerifiedToken>
  );
}

export function SignUpRolePage() {
  const t = SIGN_UP_TEXT.role;
  return (
    <WithVerifiedToken title={t.title}>
      {(verified, token) => {
        const held = (role: string) => verified.rolesVerified.some((r) => r.role === role && r.emailVerified);
        const choices = [
          { role: 'CUSTOMER', path: '/sign-up/customer', label: t.customer, description: t.customerDescription },
          {
            role: 'DRIVER_MANAGER',
            path: '/sign-up/driver-manager',
            label: t.driverManager,
            description: t.driverManagerDescription,
          },
        ];
        return (
          <PagePanel title={t.title} description={t.description}>
            <ul className="flex flex-col gap-3">
              {choices.map((c) => (
                <li key={c.role}>
                  {held(c.role) ? (
                    <div aria-disabled className="flex items-center gap-3 rounded-md border bg-muted px-4 py-3 opacity-70">
                      <span className="flex flex-1 flex-col">
                        <span className="font-semibold">{c.label}</span>
                        <span className="text-xs text-muted-foreground">{c.description}</span>
                      </span>
                      <Badge variant="outline">{t.alreadyRegistered}</Badge>
                    </div>
                  ) : (
                    <Link
                      to={withToken(c.path, token)}
                      className="flex items-center gap-3 rounded-md border bg-card px-4 py-3 transition-colors hover:bg-accent"
                    >
                      <span className="flex flex-1 flex-col">
                        <span className="font-semibold">{c.label}</span>
                        <span className="text-xs text-muted-foreground">{c.description}</span>
                      </span>
                      <ChevronRight aria-hidden className="size-4 text-muted-foreground" />
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </PagePanel>
        );
      }}
    </WithVerifiedToken>
  );
}
