/** /email-sent: a mail with a link is on its way. */
import { EMAIL_SENT_TEXT } from '../../texts/account-recovery';
import { MailCheck } from 'lucide-react';
import { PagePanel } from '../../components/ui/page-panel';

export function EmailSentPage() {
  return (
    <PagePanel title={EMAIL_SENT_TEXT.title} description={EMAIL_SENT_TEXT.description}>
      <MailCheck aria-hidden className="mx-auto size-12 text-primary" />
    </PagePanel>
  );
}
