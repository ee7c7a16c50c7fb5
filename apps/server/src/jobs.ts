/**
 * Every background job of the product, on the one queue (platform/jobs, decision 101): none runs
 * on a timer of its own. Adding one is its name in the contract's `BackgroundJob` (with the back
 * office's label) and one `define` here: when it runs and what it calls.
 */
import type { TBackgroundJobName } from '@logi/contract';
import { createRequestLifecycleService } from './modules/request-lifecycle/request-lifecycle.service';
import { tellDueReminders } from './modules/invoices/invoices.service';
import { tellInsuranceExpiry } from './modules/carrier-verification/carrier-verification.service';
import { pruneStreamLog } from './modules/notifications/notifications.service';
import { refreshLeavingSites } from './modules/reviews/reviews.service';
import { postDueOccurrences } from './modules/request-templates/request-templates.service';
import type { Deps } from './platform/deps';
import type { JobDefinition, JobQueue } from './platform/jobs/job-queue';
import { type MailDispatcher, mailDeliveryJob } from './platform/mail/dispatcher';

/** A periodic sweep that failed is repeated by its next occurrence; the failure stays visible. */
const NEXT_OCCURRENCE_RETRIES = { limit: 0, delaySeconds: 1 };

export function defineJobs(queue: JobQueue, deps: Deps, mail: MailDispatcher) {
  const { config, db } = deps;
  const define = <T extends object>(job: JobDefinition<T> & { name: TBackgroundJobName }) => queue.define(job);

  define(mailDeliveryJob(mail, config.mailPollMs));

  // Open selection (decision 065): the row lock closes each request once, whichever instance runs it.
  const lifecycle = createRequestLifecycleService(deps);
  define({
    name: 'selection.close-due',
    schedule: { everySeconds: config.selectionSweepMs / 1000 },
    retry: NEXT_OCCURRENCE_RETRIES,
    run: async () => void (await lifecycle.closeDueSelections()),
  });

  // The stream's event log keeps what a reconnecting client may ask for (Last-Event-ID), no more.
  define({
    name: 'stream.prune',
    schedule: { cron: '0 * * * *' },
    retry: NEXT_OCCURRENCE_RETRIES,
    run: () => pruneStreamLog(db, config.stream.retentionMs),
  });

  // Invoices falling due or overdue (issue 46): each party told once of each, every morning in Japan.
  define({
    name: 'invoices.due-reminders',
    schedule: { cron: '0 9 * * *' },
    retry: NEXT_OCCURRENCE_RETRIES,
    run: async () => void (await tellDueReminders(deps)),
  });

  // Verified carriers (decision 104): the insurance's reminder 30 days ahead and the lapse on expiry,
  // each once per company per kind, every morning in Japan.
  define({
    name: 'carrier-verifications.insurance-expiry',
    schedule: { cron: '0 9 * * *' },
    retry: NEXT_OCCURRENCE_RETRIES,
    run: async () => void (await tellInsuranceExpiry(deps)),
  });

  // The market's short-wait mark (decision 105): the sites whose stops left the 90-day window today.
  define({
    name: 'sites.short-wait-refresh',
    schedule: { cron: '30 3 * * *' },
    retry: NEXT_OCCURRENCE_RETRIES,
    run: async () => void (await refreshLeavingSites(db)),
  });

  // Scheduled requests (定期便, decision 107): each occurrence posted its lead days ahead, once
  // whichever instance claims its row; one missed while down is skipped and recorded, not posted late.
  define({
    name: 'schedules.post-due',
    schedule: { cron: '* * * * *' },
    retry: NEXT_OCCURRENCE_RETRIES,
    run: async () => void (await postDueOccurrences(deps)),
  });

  // The sandbox's renewals that fell due on its clock (Stripe runs its own in production).
  const sandbox = deps.payments.sandbox;
  if (sandbox) {
    define({
      name: 'billing.sandbox-renewals',
      schedule: { cron: '* * * * *' },
      retry: NEXT_OCCURRENCE_RETRIES,
      run: () => sandbox.tick(),
    });
  }
}
