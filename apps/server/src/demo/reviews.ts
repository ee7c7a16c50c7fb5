/**
 * Reviews on the demo's completed deliveries (decision 105): whatever COMPLETED deliveries the
 * demo holds, each side rates the other through the reviews service as a person would, and the
 * carrier answers the first. Jobs completed by writing rows rather than through the lifecycle get
 * their measured facts recorded here too (once: the facts are kept per job).
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { TReviewTag } from '@logi/contract';
import { requestItems, users } from '../db/schema';
import { createReviewsService, recordJobFinished } from '../modules/reviews/reviews.service';
import type { Deps } from '../platform/deps';

const SHIPPER_SAYS: { rating: number; tags: TReviewTag[]; comment: string }[] = [
  { rating: 5, tags: ['PUNCTUAL', 'CAREFUL'], comment: '時間通りに到着し、荷扱いも丁寧でした。またお願いしたいです。' },
  { rating: 4, tags: ['SMOOTH_CONTACT'], comment: '連絡が早く安心してお任せできました。' },
  { rating: 5, tags: ['PUNCTUAL'], comment: '指定時間より少し早く到着いただきました。' },
  { rating: 3, tags: ['LATE'], comment: '渋滞で集荷が30分ほど遅れましたが、事前に連絡がありました。' },
];
const CARRIER_SAYS: { rating: number; tags: TReviewTag[]; comment: string }[] = [
  { rating: 4, tags: ['SMOOTH_HANDLING'], comment: '荷物の準備ができていて、すぐに積み込めました。' },
  { rating: 2, tags: ['LONG_WAIT'], comment: '到着から荷役開始まで1時間以上待ちました。' },
  { rating: 5, tags: ['CAREFUL', 'SMOOTH_CONTACT'], comment: '受付から積込までスムーズでした。' },
];

export async function seedDemoReviews(deps: Deps): Promise<number> {
  const { db } = deps;
  const jobs = await db
    .select()
    .from(requestItems)
    .where(and(eq(requestItems.type, 'DELIVERY'), eq(requestItems.status, 'COMPLETED'), isNull(requestItems.deletedAt)))
    .orderBy(asc(requestItems.completedAt), asc(requestItems.id));
  const reviews = createReviewsService(deps);
  let written = 0;
  for (const [n, job] of jobs.entries()) {
    if (!job.receiverId) continue;
    await db.transaction((tx) => recordJobFinished(tx, job, 'COMPLETED', job.completedAt ?? new Date()));
    const [receiver] = await db.select().from(users).where(eq(users.id, job.receiverId));
    if (!receiver) continue;
    const shipper = { userId: job.creatorId, role: 'CUSTOMER' as const, familyId: 'demo-seed' };
    const carrier = {
      userId: receiver.id,
      role: receiver.parentId ? ('DRIVER' as const) : ('DRIVER_MANAGER' as const),
      familyId: 'demo-seed',
    };
    const fromShipper = await reviews.write(shipper, { requestItemId: job.id, ...SHIPPER_SAYS[n % SHIPPER_SAYS.length]! });
    // Every other job the carrier rates the shipper back; on the first it thanks the shipper.
    if (n % 2 === 0) await reviews.write(carrier, { requestItemId: job.id, ...CARRIER_SAYS[(n / 2) % CARRIER_SAYS.length]! });
    if (n === 0) await reviews.reply(carrier, fromShipper.id, 'ご利用ありがとうございました。またよろしくお願いいたします。');
    written++;
  }
  return written;
}
