/** The registration forms: customer and driver manager (from the sign-up link), driver (from the invite link). */
import {
  ZCustomerRegisterBody,
  ZDriverManagerRegisterBody,
  ZDriverRegisterBody,
  authRoutes,
  type TCustomerRegisterBody,
  type TDriverManagerRegisterBody,
  type TDriverRegisterBody,
} from '@logi/contract';
import { CREDENTIAL_FIELD_TEXT } from '../../texts/sign-in';
import { PROFILE_FIELD_TEXT, SIGN_UP_TEXT } from '../../texts/sign-up';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CompanyFields, Form, FormInput, FormTextArea, PersonFields, applyFieldErrors, useZodForm } from '../../components/form';
import { Button } from '../../components/ui/button';
import { Notice, PagePanel } from '../../components/ui/page-panel';
import { ApiError, api } from '../../lib/api';
import { authStore } from '../../lib/auth-store';
import { toastError } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { PasswordFields } from './company-fields';
import { WithVerifiedToken } from './verify-pages';

const COMPANY_DEFAULTS = {
  firstName: '',
  lastName: '',
  firstNameKana: '',
  lastNameKana: '',
  phone: '',
  companyName: '',
  companyNameKana: '',
  postalCode: '',
  prefecture: '',
  city: '',
  town: '',
  block: '',
  building: '',
  website: '',
  invoiceRegistrationNumber: '',
  note: '',
  password: '',
  confirmPassword: '',
};

function SectionHeading({ children }: { children: string }) {
  return <h2 className="col-span-12 border-b pb-1 text-base font-semibold">{children}</h2>;
}

function CustomerForm({ email, token }: { email: string; token: string }) {
  const t = SIGN_UP_TEXT.customer;
  const navigate = useNavigate();
  const form = useZodForm(ZCustomerRegisterBody, { defaultValues: { ...COMPANY_DEFAULTS, email, token } });
  async function submit(body: TCustomerRegisterBody) {
    try {
      const result = await api.call(authRoutes.customerRegister, { body });
      toast.success(result.message);
      await navigate('/sign-up/customer/succeed', { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError && applyFieldErrors(form, error.details))) toastError(error);
    }
  }
  return (
    <PagePanel title={t.title} description={t.description} width="wide">
      <Form form={form} onSubmit={submit}>
        <SectionHeading>{t.accountHeading}</SectionHeading>
        <FormInput name="email" label={CREDENTIAL_FIELD_TEXT.email} readOnly />
        <PasswordFields />
        <SectionHeading>{t.personHeading}</SectionHeading>
        <PersonFields />
        <SectionHeading>{t.companyHeading}</SectionHeading>
        <CompanyFields />
        <Button type="submit" size="lg" className="col-span-12" loading={form.formState.isSubmitting}>
          {t.submit}
        </Button>
      </Form>
    </PagePanel>
  );
}

export function CustomerSignUpPage() {
  return (
    <WithVerifiedToken title={SIGN_UP_TEXT.customer.title}>
      {(verified, token) => <CustomerForm email={verified.email} token={token} />}
    </WithVerifiedToken>
  );
}

/** The payment step after the registration; the intent code goes along in the query, as /payments/update takes it. */
const driverManagerPaymentPath = (intentCode: string | null) =>
  intentCode
    ? `/sign-up/driver-manager/payment?${new URLSearchParams({ intentCode }).toString()}`
    : '/sign-up/driver-manager/payment';

function DriverManagerForm({ email, token }: { email: string; token: string }) {
  const t = SIGN_UP_TEXT.driverManager;
  const c = SIGN_UP_TEXT.customer;
  const navigate = useNavigate();
  const form = useZodForm(ZDriverManagerRegisterBody, {
    defaultValues: { ...COMPANY_DEFAULTS, generalFreightLicenseNumber: '', lightFreightLicenseNumber: '', email, token },
  });
  async function submit(body: TDriverManagerRegisterBody) {
    try {
      const result = await api.call(authRoutes.driverManagerRegister, { body });
      const intentCode = result.intentCode ?? null;
      // Signed in (an account adding the role): the guard then sends the user to the payment page.
      if (intentCode && authStore.getState().isSignedIn) authStore.setIntentCode(intentCode);
      // Spec §2: the registration continues with the payment step (decision 021). Its message is
      // said on that page, above the heading's next step, not in a toast over its heading.
      await navigate(driverManagerPaymentPath(intentCode), { replace: true, state: { notice: result.message } });
    } catch (error) {
      if (!(error instanceof ApiError && applyFieldErrors(form, error.details))) toastError(error);
    }
  }
  return (
    <PagePanel title={t.title} description={t.description} width="wide">
      <Form form={form} onSubmit={submit}>
        <SectionHeading>{c.accountHeading}</SectionHeading>
        <FormInput name="email" label={CREDENTIAL_FIELD_TEXT.email} readOnly />
        <PasswordFields />
        <SectionHeading>{c.personHeading}</SectionHeading>
        <PersonFields />
        <SectionHeading>{c.companyHeading}</SectionHeading>
        <CompanyFields licenses />
        <Button type="submit" size="lg" className="col-span-12" loading={form.formState.isSubmitting}>
          {t.submit}
        </Button>
      </Form>
    </PagePanel>
  );
}

export function DriverManagerSignUpPage() {
  return (
    <WithVerifiedToken title={SIGN_UP_TEXT.driverManager.title}>
      {(verified, token) => <DriverManagerForm email={verified.email} token={token} />}
    </WithVerifiedToken>
  );
}

export function DriverSignUpPage() {
  const t = SIGN_UP_TEXT.driver;
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const form = useZodForm(ZDriverRegisterBody, {
    defaultValues: {
      firstName: '',
      lastName: '',
      firstNameKana: '',
      lastNameKana: '',
      phone: '',
      note: '',
      password: '',
      confirmPassword: '',
      token,
    },
  });
  async function submit(body: TDriverRegisterBody) {
    try {
      const result = await api.call(authRoutes.driverRegister, { body });
      toast.success(result.message);
      await navigate('/sign-up/driver/succeed', { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError && applyFieldErrors(form, error.details))) toastError(error);
    }
  }
  if (!token) {
    return (
      <PagePanel title={t.title}>
        <Notice tone="error">{t.missingToken}</Notice>
        <Button asChild variant="outline">
          <Link to="/">{SIGN_UP_TEXT.verify.restart}</Link>
        </Button>
      </PagePanel>
    );
  }
  return (
    <PagePanel title={t.title} description={t.description} width="wide">
      <Form form={form} onSubmit={submit}>
        <PersonFields />
        <FormTextArea name="note" label={PROFILE_FIELD_TEXT.note} />
        <PasswordFields />
        <Button type="submit" size="lg" className="col-span-12" loading={form.formState.isSubmitting}>
          {t.submit}
        </Button>
      </Form>
    </PagePanel>
  );
}
