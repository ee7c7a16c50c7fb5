/**
 * /dashboard/settings: the admin's second factor (decision 053). Off: start an enrolment,
 * scan the QR code (or type the setup key), confirm with the app's code; then the recovery
 * codes, shown this once. On: its state, and disabling with the password and a current code.
 */
import {
  ZTotpConfirmBody,
  ZTotpDisableBody,
  twoFactorRoutes,
  type TTotpConfirmBody,
  type TTotpDisableBody,
  type TTotpEnrolment,
} from '@logi/contract';
import { TOTP_SETTINGS_TEXT as T } from '../../texts/two-factor';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, FormInput, FormInputPassword, applyFieldErrors, useZodForm } from '../../components/form';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/page-panel';
import { PendingLine } from '../../components/ui/pending-line';
import { ApiError, api } from '../../lib/api';
import { toastError } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';

const statusQuery = {
  queryKey: ['auth', 'totp'],
  queryFn: () => api.call(twoFactorRoutes.status),
};

const fail = (form: { setError: (...args: never[]) => void }, error: unknown) => {
  if (!(error instanceof ApiError && applyFieldErrors(form as never, error.details))) toastError(error);
};

export function TwoFactorPanel() {
  return (
    <section aria-label={T.title} className="flex flex-col gap-4">
      <TwoFactorContent />
    </section>
  );
}

function TwoFactorContent() {
  const status = useQuery(statusQuery);
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<TTotpEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: statusQuery.queryKey });

  async function start() {
    setStarting(true);
    try {
      setEnrolment(await api.call(twoFactorRoutes.startEnrolment));
    } catch (error) {
      toastError(error);
    } finally {
      setStarting(false);
    }
  }

  if (recoveryCodes) {
    return (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={() => {
          setRecoveryCodes(null);
          void refresh();
        }}
      />
    );
  }
  if (enrolment) {
    return (
      <EnrolmentStep
        enrolment={enrolment}
        onCancel={() => setEnrolment(null)}
        onEnabled={(codes) => {
          setEnrolment(null);
          setRecoveryCodes(codes);
        }}
      />
    );
  }
  if (!status.data) return <PendingLine>{T.title}</PendingLine>;
  if (!status.data.enabled) {
    return (
      <div className="flex flex-col gap-4">
        <StateLine enabled={false} />
        <p className="text-sm text-muted-foreground">{T.intro}</p>
        <Button type="button" size="lg" loading={starting} onClick={() => void start()}>
          {T.start}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <StateLine enabled />
      <ul className="text-sm text-muted-foreground">
        {status.data.enabledAt && <li>{T.enabledSince(formatDateTime(status.data.enabledAt))}</li>}
        <li>{T.recoveryRemaining(status.data.recoveryCodesRemaining)}</li>
      </ul>
      <DisableForm onDisabled={() => void refresh()} />
    </div>
  );
}

function StateLine({ enabled }: { enabled: boolean }) {
  return (
    <p className="text-sm">
      <span className="text-muted-foreground">{T.stateLabel}：</span>
      <span data-testid="totp-state" className="font-semibold">
        {enabled ? T.enabledState : T.disabledState}
      </span>
    </p>
  );
}

function EnrolmentStep({
  enrolment,
  onCancel,
  onEnabled,
}: {
  enrolment: TTotpEnrolment;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const form = useZodForm(ZTotpConfirmBody, { defaultValues: { code: '' } });
  async function submit(body: TTotpConfirmBody) {
    try {
      const result = await api.call(twoFactorRoutes.confirmEnrolment, { body });
      toast.success(result.message);
      onEnabled(result.recoveryCodes);
    } catch (error) {
      fail(form, error);
    }
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">{T.scan}</p>
      <img src={enrolment.qrCodeDataUrl} alt={T.qrAlt} width={240} height={240} className="self-center rounded-md border" />
      <p className="text-sm text-muted-foreground">{T.manualEntry}</p>
      <p className="text-sm">
        <span className="text-muted-foreground">{T.secretLabel}：</span>
        <code data-testid="totp-secret" className="font-mono break-all select-all">
          {enrolment.secret}
        </code>
      </p>
      <Form form={form} onSubmit={submit}>
        <FormInput name="code" label={T.confirmCode} inputMode="numeric" autoComplete="one-time-code" maxLength={6} required />
        <Button type="submit" size="lg" className="col-span-12" loading={form.formState.isSubmitting}>
          {T.confirm}
        </Button>
      </Form>
      <Button type="button" variant="ghost" onClick={onCancel}>
        {T.cancel}
      </Button>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <h3 className="font-semibold">{T.recoveryTitle}</h3>
      <Notice tone="info">{T.recoveryNote}</Notice>
      <ul aria-label={T.recoveryListLabel} className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="rounded border bg-muted px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <Button type="button" size="lg" onClick={onDone}>
        {T.recoveryDone}
      </Button>
    </div>
  );
}

function DisableForm({ onDisabled }: { onDisabled: () => void }) {
  const empty = { password: '', code: '' };
  const form = useZodForm(ZTotpDisableBody, { defaultValues: empty });
  async function submit(body: TTotpDisableBody) {
    try {
      const result = await api.call(twoFactorRoutes.disable, { body });
      toast.success(result.message);
      form.reset(empty);
      onDisabled();
    } catch (error) {
      fail(form, error);
    }
  }
  return (
    <section aria-labelledby="totp-disable-heading" className="flex flex-col gap-2">
      <h3 id="totp-disable-heading" className="font-semibold">
        {T.disableTitle}
      </h3>
      <p className="text-sm text-muted-foreground">{T.disableNote}</p>
      <Form form={form} onSubmit={submit}>
        <FormInputPassword name="password" label={T.password} autoComplete="current-password" required />
        <FormInput name="code" label={T.confirmCode} inputMode="numeric" autoComplete="one-time-code" maxLength={6} required />
        <Button type="submit" variant="destructive" size="lg" className="col-span-12" loading={form.formState.isSubmitting}>
          {T.disable}
        </Button>
      </Form>
    </section>
  );
}
