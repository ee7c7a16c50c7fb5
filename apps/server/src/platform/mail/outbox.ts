/**
 * The transactional outbox: a mail is a row written in the same transaction as
 * the event that causes it; the dispatcher delivers it after commit.
 */
import { mailOutbox } from '../../db/schema';
import type { Database } from '../db/database';
import type { MailContent } from './templates';

export async function enqueueMail(db: Database, to: string, content: MailContent): Promise<void> {
  await db.insert(mailOutbox).values({ to, ...content });
}
