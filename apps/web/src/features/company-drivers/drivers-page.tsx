/**
 * /manager/drivers: the driver manager's company — its drivers with their status and the
 * jobs each carries now (remove-driver-confirm per driver), and the invitations not yet
 * used (resend, revoke), with the invite-driver dialog.
 */
import {
  AccountStatus,
  type TCompanyDriver,
  type TDriverCurrentJob,
  type TDriverInvitation,
  RequestStatus,
} from '@logi/contract';
import { CARRIER_REGISTER_TEXT } from '../../texts/carrier-register';
import { MANAGER_DRIVERS_TEXT as T } from '../../texts/manager-drivers';
import { useQuery } from '@tanstack/react-query';
import { MailPlus, RotateCw, Trash2, UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useDialog } from '../../components/ui/dialog-registry';
import { EmailAddress } from '../../components/ui/email-address';
import { EmptyState } from '../../components/ui/empty-state';
import { Pagination } from '../../components/ui/pagination';
import { SkeletonRows } from '../../components/ui/skeleton';
import { formatDate, formatDateTime, formatMonthDayWeekday } from '../../lib/format';
import { toast } from '../../lib/toast';
import { companyDriversQuery, invitationsQuery, useResendInvitation, useRevokeInvitation } from './queries';
import { formatPhone } from '../../lib/phone';

function JobLink({ job }: { job: TDriverCurrentJob }) {
  const title = job.baggageName ?? T.warehouseJob;
  return (
    <Link
      to={`/shipping-requests/applied-items/detail/${job.requestItemId}`}
      className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm underline-offset-2 hover:underline"
    >
      <Badge variant={job.status === 'IN_PROGRESS' ? 'warning' : 'success'}>{RequestStatus.labels[job.status]}</Badge>
      <span className="font-medium break-words">{title}</span>
      {job.firstPickupAt && (
        <span className="text-xs text-muted-foreground">{T.pickupAt(formatMonthDayWeekday(job.firstPickupAt))}</span>
      )}
    </Link>
  );
}

function DriverCard({ driver }: { driver: TCompanyDriver }) {
  const dialog = useDialog();
  return (
    <article
      aria-label={driver.name}
      data-testid="company-driver"
      className="flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-xs sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-bold break-words">{driver.name}</h3>
          {driver.nameKana && <span className="text-xs text-muted-foreground">{driver.nameKana}</span>}
          <Badge variant={driver.status === 'ACTIVE' ? 'success' : 'muted'}>{AccountStatus.labels[driver.status]}</Badge>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          <dt className="text-muted-foreground">{T.columns.email}</dt>
          <dd className="min-w-0">
            <EmailAddress email={driver.email} />
          </dd>
          <dt className="text-muted-foreground">{T.columns.phone}</dt>
          <dd className="whitespace-nowrap tabular-nums">{driver.phone ? formatPhone(driver.phone) : '—'}</dd>
        </dl>
        <div className="flex flex-col gap-1">
          <span className="text-xs font-medium text-muted-foreground">{T.columns.jobs}</span>
          {driver.currentJobs.length === 0 ? (
            <span className="text-sm text-muted-foreground">{T.noJobs}</span>
          ) : (
            <ul className="flex flex-col gap-1" aria-label={T.columns.jobs}>
              {driver.currentJobs.map((job) => (
                <li key={job.requestItemId}>
                  <JobLink job={job} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start text-destructive"
        aria-label={T.removeFor(driver.name)}
        onClick={() => dialog.open('remove-driver-confirm', { driverId: driver.id, driverName: driver.name })}
      >
        <Trash2 aria-hidden />
        {T.remove}
      </Button>
    </article>
  );
}

function DriverList() {
  const [page, setPage] = useState(1);
  const drivers = useQuery(companyDriversQuery(page));
  if (drivers.isPending) return <SkeletonRows rowClassName="h-32" />;
  if (drivers.isError) return <EmptyState />;
  if (drivers.data.data.length === 0) return <EmptyState title={T.empty} description={T.emptyHint} />;
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3" aria-label={T.driversHeading}>
        {drivers.data.data.map((driver) => (
          <li key={driver.id}>
            <DriverCard driver={driver} />
          </li>
        ))}
      </ul>
      <Pagination meta={drivers.data.meta} onPageChange={setPage} />
    </div>
  );
}

function InvitationRow({ invitation }: { invitation: TDriverInvitation }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const busy = resend.isPending || revoke.isPending;
  return (
    <li
      data-testid="driver-invitation"
      className="flex flex-col gap-2 rounded-lg border bg-card px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-0.5">
        <EmailAddress email={invitation.email} className="font-medium" />
        <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
          <span>{T.invitationSentAt(formatDateTime(invitation.sentAt))}</span>
          {invitation.isExpired ? (
            <Badge variant="destructive">{T.invitationExpired}</Badge>
          ) : (
            <span>{T.invitationExpiresAt(formatDate(invitation.expiresAt))}</span>
          )}
        </span>
      </div>
      <div className="flex gap-2 self-start sm:self-center">
        <Button
          variant="outline"
          size="sm"
          aria-label={T.resendFor(invitation.email)}
          loading={resend.isPending}
          disabled={busy}
          onClick={() => resend.mutate(invitation.id, { onSuccess: ({ message }) => toast.success(message) })}
        >
          <RotateCw aria-hidden />
          {T.resend}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={T.revokeFor(invitation.email)}
          loading={revoke.isPending}
          disabled={busy}
          onClick={() => revoke.mutate(invitation.id, { onSuccess: ({ message }) => toast.success(message) })}
        >
          <X aria-hidden />
          {T.revoke}
        </Button>
      </div>
    </li>
  );
}

function InvitationList() {
  const [page, setPage] = useState(1);
  const invitations = useQuery(invitationsQuery(page));
  if (invitations.isPending) return <SkeletonRows rows={2} rowClassName="h-16" />;
  if (invitations.isError) return <EmptyState />;
  if (invitations.data.data.length === 0) {
    return (
      <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{T.noInvitations}</p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-2" aria-label={T.invitationsHeading}>
        {invitations.data.data.map((invitation) => (
          <InvitationRow key={invitation.id} invitation={invitation} />
        ))}
      </ul>
      <Pagination meta={invitations.data.meta} onPageChange={setPage} />
    </div>
  );
}

export function ManagerDriversPage() {
  const dialog = useDialog();
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-xl font-bold sm:text-2xl">{T.title}</h1>
          <p className="text-sm text-muted-foreground">{T.description}</p>
        </div>
        {/* Side by side on one line, never stacked beside the description. */}
        <div className="flex flex-wrap gap-2 self-start sm:shrink-0 sm:flex-nowrap sm:self-auto">
          <Button asChild variant="outline">
            <Link to="/carrier-register">{CARRIER_REGISTER_TEXT.openLink}</Link>
          </Button>
          <Button onClick={() => dialog.open('invite-driver')}>
            <UserPlus aria-hidden />
            {T.invite}
          </Button>
        </div>
      </div>
      <section className="flex flex-col gap-3" aria-labelledby="manager-drivers-heading">
        <h2 id="manager-drivers-heading" className="text-lg font-bold">
          {T.driversHeading}
        </h2>
        <DriverList />
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="manager-invitations-heading">
        <div className="flex flex-col gap-0.5">
          <h2 id="manager-invitations-heading" className="flex items-center gap-2 text-lg font-bold">
            <MailPlus aria-hidden className="size-5" />
            {T.invitationsHeading}
          </h2>
          <p className="text-xs text-muted-foreground">{T.invitationsHint}</p>
        </div>
        <InvitationList />
      </section>
    </div>
  );
}
