/** /my-page and its profile, update-email and update-password pages. */
import {
  Role,
  SUCCESS_MESSAGES,
  ZChangePasswordBody,
  ZProfileBody,
  ZRequestEmailUpdateBody,
  authRoutes,
  type TChangePasswordBody,
  type TProfileBody,
  type TSessionUser,
} from '@logi/contract';
import { PASSWORD_FIELD_TEXT } from '../../texts/account-recovery';
import { MY_PAGE_TEXT } from '../../texts/my-page';
import { TEMPLATES_TEXT } from '../../texts/request-templates';
import { CREDENTIAL_FIELD_TEXT } from '../../texts/sign-in';
import { PROFILE_FIELD_TEXT as F } from '../../texts/sign-up';
import { TOTP_SETTINGS_TEXT } from '../../texts/two-factor';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import {
  CompanyFields,
  Form,
  FormInput,
  FormInputPassword,
  FormTextArea,
  PersonFields,
  applyFieldErrors,
  useZodForm,
} from '../../components/form';
import { Button } from '../../components/ui/button';
import { EmailAddress } from '../../components/ui/email-address';
import { PagePanel } from '../../components/ui/page-panel';
import { PendingLine } from '../../components/ui/pending-line';
import { ApiError, api } from '../../lib/api';
import { authStore, useAuth } from '../../lib/auth-store';
import { toastError } from '../../lib/errors';
import { sessionQuery } from '../../lib/session-query';
import { toast } from '../../lib/toast';
import { BankAccountSection } from './bank-account-form';
import { PaymentTermsSection } from './payment-terms-form';
import { TwoFactorPanel } from './two-factor-panel';
import { VerificationState, verificationQuery } from './verification-page';
import { CARRIER_VERIFICATION_TEXT } from '../../texts/carrier-verification';

const fail = (form: { setError: (...args: never[]) => void }, error: unknown) => {
  if (!(error instanceof ApiError && applyFieldErrors(form as never, error.details))) toastError(error);
};

const BackLink = () => (
  <Link to="/my-page" className="text-center text-sm text-primary underline-offset-4 hover:underline">
    {MY_PAGE_TEXT.backToMyPage}
  </Link>
);

export function MyPage() {
  const { user, role, isDriverManager, isCustomer } = useAuth();
  const links = [
    { to: '/my-page/profile', label: MY_PAGE_TEXT.links.profile },
    { to: '/my-page/update-email', label: MY_PAGE_TEXT.links.updateEmail },
    { to: '/my-page/update-password', label: MY_PAGE_TEXT.links.updatePassword },
    { to: '/my-page/invoices', label: MY_PAGE_TEXT.links.invoices },
    ...(isCustomer ? [{ to: '/my-page/places', label: MY_PAGE_TEXT.links.places }] : []),
    ...(isDriverManager ? [{ to: '/my-page/credit-card', label: MY_PAGE_TEXT.links.creditCard }] : []),
    ...(isDriverManager && role === 'DRIVER_MANAGER' && !user.parentId
      ? [{ to: '/my-page/verification', label: CARRIER_VERIFICATION_TEXT.link }]
      : []),
    ...(isCustomer ? [{ to: '/my-page/templates', label: TEMPLATES_TEXT.title }] : []),
  ];
  const fullName = [user.lastName, user.firstName].filter(Boolean).join(' ') || user.name;
  return (
    <PagePanel title={MY_PAGE_TEXT.title} description={MY_PAGE_TEXT.description}>
      <section aria-labelledby="account-heading" className="flex flex-col gap-2">
        <h2 id="account-heading" className="text-sm font-semibold">
          {MY_PAGE_TEXT.accountHeading}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{F.displayName}</dt>
          <dd data-testid="my-page-name">{fullName}</dd>
          <dt className="text-muted-foreground">{CREDENTIAL_FIELD_TEXT.email}</dt>
          <dd className="min-w-0">
            <EmailAddress email={user.email} />
          </dd>
          <dt className="text-muted-foreground">{MY_PAGE_TEXT.role}</dt>
          <dd>{Role.labels[role]}</dd>
        </dl>
      </section>
      <ul className="flex flex-col gap-2">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="flex items-center gap-3 rounded-md border px-4 py-3 transition-colors hover:bg-accent">
              <span className="flex-1 font-medium">{l.label}</span>
              <ChevronRight aria-hidden className="size-4 text-muted-foreground" />
            </Link>
          </li>
        ))}
      </ul>
    </PagePanel>
  );
}

export function ProfilePage() {
  const session = useQuery(sessionQuery);
  const role = useAuth((s) => s.role);
  // The billing profile is the company owner's: its 振込先 as a carrier, its payment terms as a shipper.
  const ownCompanyId = session.data?.company && !session.data.parentId ? session.data.company.id : null;
  return (
    <PagePanel title={MY_PAGE_TEXT.profile.title} width="wide">
      {session.data ? <ProfileForm user={session.data} /> : <PendingLine>{MY_PAGE_TEXT.profile.title}</PendingLine>}
      {ownCompanyId && role === 'DRIVER_MANAGER' && <ProfileVerification companyId={ownCompanyId} />}
      {ownCompanyId && role === 'DRIVER_MANAGER' && <BankAccountSection companyId={ownCompanyId} />}
      {ownCompanyId && role === 'CUSTOMER' && <PaymentTermsSection companyId={ownCompanyId} />}
      <BackLink />
    </PagePanel>
  );
}

function ProfileForm({ user }: { user: TSessionUser }) {
  const queryClient = useQueryClient();
  const { company } = user;
  const location = company?.location;
  const form = useZodForm(ZProfileBody, {
    defaultValues: {
      lastName: user.lastName ?? '',
      firstName: user.firstName ?? '',
      lastNameKana: user.lastNameKana ?? '',
      firstNameKana: user.firstNameKana ?? '',
      phone: user.phone ?? '',
      note: user.note ?? '',
      ...(company && {
        companyName: company.name,
        companyNameKana: company.nameKana,
        website: company.website ?? '',
        invoiceRegistrationNumber: company.invoiceRegistrationNo ?? '',
        generalFreightLicenseNumber: company.generalFreightLicenseNumber ?? '',
        lightFreightLicenseNumber: company.lightFreightLicenseNumber ?? '',
        postalCode: location?.postalCode ?? '',
        prefecture: location?.prefecture ?? '',
        city: location?.city ?? '',
        town: location?.town ?? '',
        block: location?.block ?? '',
        building: location?.building ?? '',
      }),
    },
  });
  async function submit(body: TProfileBody) {
    try {
      const updated = await api.call(authRoutes.profile, { body });
      authStore.setUser(updated);
      queryClient.setQueryData(sessionQuery.queryKey, updated);
      form.reset(form.getValues());
      toast.success(SUCCESS_MESSAGES.profileUpdated);
    } catch (error) {
      fail(form, error);
    }
  }
  // A driver's company is its manager's: only customers and managers edit one here.
  const editsCompany = Boolean(company) && !user.roles.some((r) => r.role === 'DRIVER');
  return (
    <Form form={form} onSubmit={submit}>
      <PersonFields />
      {editsCompany ? (
        <CompanyFields licenses={user.roles.some((r) => r.role === 'DRIVER_MANAGER')} />
      ) : (
        <FormTextArea name="note" label={F.note} />
      )}
      <Button type="submit" size="lg" className="col-span-12" loading={form.formState.isSubmitting}>
        {MY_PAGE_TEXT.profile.submit}
      </Button>
    </Form>
  );
}

export function UpdateEmailPage() {
  const email = useAuth((s) => s.user.email);
  const t = MY_PAGE_TEXT.updateEmail;
  const form = useZodForm(ZRequestEmailUpdateBody, { defaultValues: { email: '' } });
  async function submit(body: { email: string }) {
    try {
      const result = await api.call(authRoutes.requestEmailUpdate, { body });
      toast.success(result.message);
      form.reset({ email: '' });
    } catch (error) {
      fail(form, error);
    }
  }
  return (
    <PagePanel title={t.title} description={t.description}>
      <p className="text-sm">
        <span className="text-muted-foreground">{t.current}：</span>
        <EmailAddress email={email} />
      </p>
      <Form form={form} onSubmit={submit}>
        <FormInput name="email" type="email" label={t.newEmail} autoComplete="email" required />
        <Button type="submit" size="lg" className="col-span-12" loading={form.formState.isSubmitting}>
          {t.submit}
        </Button>
      </Form>
      <BackLink />
    </PagePanel>
  );
}

function PasswordForm() {
  const t = MY_PAGE_TEXT.updatePassword;
  const empty = { currentPassword: '', newPassword: '', confirmNewPassword: '' };
  const form = useZodForm(ZChangePasswordBody, { defaultValues: empty });
  // The confirmation is checked against the new password: re-check it when that changes, so a
  // stale パスワードが一致しません。 goes as soon as the two match (once the person has been there).
  const newPassword = form.watch('newPassword');
  useEffect(() => {
    if (form.getFieldState('confirmNewPassword').isTouched) void form.trigger('confirmNewPassword');
  }, [form, newPassword]);
  async function submit(body: TChangePasswordBody) {
    try {
      const result = await api.call(authRoutes.changePassword, { body });
      toast.success(result.message);
      form.reset(empty);
    } catch (error) {
      fail(form, error);
    }
  }
  return (
    <Form form={form} onSubmit={submit}>
      <FormInputPassword name="currentPassword" label={PASSWORD_FIELD_TEXT.currentPassword} required />
      <FormInputPassword
        name="newPassword"
        label={PASSWORD_FIELD_TEXT.newPassword}
        description={PASSWORD_FIELD_TEXT.passwordHint}
        autoComplete="new-password"
        required
      />
      <FormInputPassword
        name="confirmNewPassword"
        label={PASSWORD_FIELD_TEXT.confirmNewPassword}
        autoComplete="new-password"
        required
      />
      <Button type="submit" size="lg" className="col-span-12" loading={form.formState.isSubmitting}>
        {t.submit}
      </Button>
    </Form>
  );
}

export function UpdatePasswordPage() {
  return (
    <PagePanel title={MY_PAGE_TEXT.updatePassword.title}>
      <PasswordForm />
      <BackLink />
    </PagePanel>
  );
}

/** /dashboard/settings: the admin's own profile, password and second factor, on one page. */
export function AccountSettingsPage() {
  const session = useQuery(sessionQuery);
  return (
    <div className="flex flex-col gap-6">
      <PagePanel title={MY_PAGE_TEXT.profile.title} width="wide">
        {session.data ? <ProfileForm user={session.data} /> : <PendingLine>{MY_PAGE_TEXT.profile.title}</PendingLine>}
      </PagePanel>
      <PagePanel title={MY_PAGE_TEXT.updatePassword.title}>
        <PasswordForm />
      </PagePanel>
      <PagePanel title={TOTP_SETTINGS_TEXT.title}>
        <TwoFactorPanel />
      </PagePanel>
    </div>
  );
}

/** The carrier company's verification on its profile (decision 104): 認証済み, or where it stands and a link. */
function ProfileVerification({ companyId }: { companyId: string }) {
  const verification = useQuery(verificationQuery(companyId));
  if (!verification.data) return null;
  return (
    <section aria-label={CARRIER_VERIFICATION_TEXT.title} className="flex flex-wrap items-center gap-3 border-t pt-6 text-sm">
      <span className="font-semibold">{CARRIER_VERIFICATION_TEXT.title}</span>
      <VerificationState verification={verification.data} />
      <Link to="/my-page/verification" className="text-primary underline-offset-4 hover:underline">
        {CARRIER_VERIFICATION_TEXT.link}
      </Link>
    </section>
  );
}
