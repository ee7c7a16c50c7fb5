/**
 * Each domain event → the notifications, recipients, links and e-mails of
 * docs/decisions/009-notifications.md, written in the caller's transaction.
 * The request lifecycle calls do not exist yet: the events are recorded here the
 * way those services will record them, through withEvents.
 */
import type { TNotificationType } from '@logi/contract';
import { NOTIFICATION_TEXTS, requestReference } from '@logi/contract';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications, streamEvents, userNotifications } from '../../db/schema';
import type { DomainEvent } from '../../domain/events';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { makeManagerWithDrivers, makeUser } from '../../../test/fixtures';
import { API, NEW_PASSWORD, customerForm, driverForm, invite, newEmail, signUp } from '../registration/registration.test-support';
import { recordEvent, withEvents } from './notifications.service';

let t: TestApp;
let customer: Awaited<ReturnType<typeof makeUser>>;
let otherCustomer: Awaited<ReturnType<typeof makeUser>>;
let manager: Awaited<ReturnType<typeof makeUser>>;
let driverA: Awaited<ReturnType<typeof makeUser>>;
let driverB: Awaited<ReturnType<typeof makeUser>>;
let admin: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  t = await createTestApp();
  customer = await makeUser(t, ['CUSTOMER']);
  otherCustomer = await makeUser(t, ['CUSTOMER']);
  const team = await makeManagerWithDrivers(t, 2);
  manager = team.manager;
  [driverA, driverB] = team.drivers as [typeof manager, typeof manager];
  admin = await makeUser(t, ['ADMIN']);
});
afterAll(() => t.close());

const record = (event: DomainEvent) => withEvents(t.app.deps, (tx) => recordEvent(tx, event));

/** Who received the notifications, with what. */
async function received(notificationIds: string[]) {
  if (notificationIds.length === 0) return [];
  return t.app.deps.db
    .select({
      userId: userNotifications.userId,
      kind: userNotifications.kind,
      isRead: userNotifications.isRead,
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      link: notifications.link,
    })
    .from(userNotifications)
    .innerJoin(notifications, eq(notifications.id, userNotifications.notificationId))
    .where(inArray(userNotifications.notificationId, notificationIds));
}

async function notificationMails(emails: string[]) {
  return t.app.deps.db
    .select({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.to, emails), like(mailOutbox.template, 'notification-%')));
}

/** The stream log's entry of a notification. */
async function loggedFor(notificationId: string) {
  const rows = await t.app.deps.db
    .select()
    .from(streamEvents)
    .where(sql`${streamEvents.data}->>'id' = ${notificationId}`);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const requestItemId = uuidv7();
const talkroomId = uuidv7();
/** A notice about one request names it: its subject and reference before the fixed message. */
const naming = (key: keyof typeof NOTIFICATION_TEXTS, subject: string) => ({
  title: NOTIFICATION_TEXTS[key].title,
  message: `${subject}（依頼番号 ${requestReference(requestItemId)}）: ${NOTIFICATION_TEXTS[key].message}`,
});

interface Case {
  name: string;
  event: () => DomainEvent;
  type: TNotificationType;
  text: keyof typeof NOTIFICATION_TEXTS | { title: string; message: string };
  kind?: 'EVENT_NOTIFICATION' | 'SYSTEM_NOTIFICATION';
  recipients: () => string[];
  link: string;
  byMail: boolean;
}

const cases: Case[] = [
  {
    name: 'a driver applies to a delivery → the customer',
    event: () => ({
      type: 'CANDIDATE_APPLIED',
      requestType: 'DELIVERY',
      requestItemId,
      subject: '冷凍食品（水産加工品）',
      candidateUserId: driverA.id,
      customerId: customer.id,
    }),
    type: 'PICKUP_REQUEST_RECEIVED',
    text: naming('PICKUP_REQUEST_RECEIVED', '冷凍食品（水産加工品）'),
    recipients: () => [customer.id],
    link: `/shipping-requests/my-items/detail/${requestItemId}/candidates/delivery`,
    byMail: false,
  },
  {
    name: 'a manager applies to a warehouse → the customer',
    event: () => ({
      type: 'CANDIDATE_APPLIED',
      requestType: 'WAREHOUSE',
      requestItemId,
      subject: '東京都江東区',
      candidateUserId: manager.id,
      customerId: customer.id,
    }),
    type: 'WAREHOUSE_USE_REQUEST_RECEIVED',
    text: naming('WAREHOUSE_USE_REQUEST_RECEIVED', '東京都江東区'),
    recipients: () => [customer.id],
    link: `/shipping-requests/my-items/detail/${requestItemId}/candidates/warehouse`,
    byMail: false,
  },
  {
    name: 'the customer approves a delivery candidate → the driver, by mail, linking the talkroom',
    event: () => ({
      type: 'CANDIDATE_APPROVED',
      requestType: 'DELIVERY',
      requestItemId,
      talkroomId,
      customerId: customer.id,
      approvedUserId: driverA.id,
    }),
    type: 'PICKUP_REQUEST_APPROVED',
    text: 'PICKUP_REQUEST_APPROVED',
    recipients: () => [driverA.id],
    link: `/shipping-requests/detail/${requestItemId}/talkrooms/${talkroomId}`,
    byMail: true,
  },
  {
    name: 'the customer approves a warehouse candidate → the applicant, by mail',
    event: () => ({
      type: 'CANDIDATE_APPROVED',
      requestType: 'WAREHOUSE',
      requestItemId,
      talkroomId: null,
      customerId: customer.id,
      approvedUserId: manager.id,
    }),
    type: 'WAREHOUSE_USE_REQUEST_APPROVED',
    text: 'WAREHOUSE_USE_REQUEST_APPROVED',
    recipients: () => [manager.id],
    link: `/shipping-requests/applied-items/detail/${requestItemId}`,
    byMail: true,
  },
  {
    name: 'the other delivery candidates were not chosen → each of them once, by mail',
    event: () => ({
      type: 'CANDIDATES_NOT_CHOSEN',
      requestType: 'DELIVERY',
      requestItemId,
      userIds: [driverB.id, manager.id, driverB.id],
    }),
    type: 'PICKUP_REQUEST_RESULT',
    text: 'PICKUP_REQUEST_RESULT',
    recipients: () => [driverB.id, manager.id],
    link: `/shipping-requests/applied-items/detail/${requestItemId}`,
    byMail: true,
  },
  {
    name: 'the other warehouse candidates were not chosen → each of them, by mail',
    event: () => ({ type: 'CANDIDATES_NOT_CHOSEN', requestType: 'WAREHOUSE', requestItemId, userIds: [driverB.id] }),
    type: 'WAREHOUSE_USE_REQUEST_RESULT',
    text: 'WAREHOUSE_USE_REQUEST_RESULT',
    recipients: () => [driverB.id],
    link: `/shipping-requests/applied-items/detail/${requestItemId}`,
    byMail: true,
  },
  {
    name: 'a talkroom message → the other participant, not the sender',
    event: () => ({
      type: 'TALKROOM_MESSAGE_POSTED',
      requestItemId,
      talkroomId,
      messageId: uuidv7(),
      senderId: customer.id,
      senderName: '山田 太郎',
      subject: '冷凍食品（水産加工品）',
      participantIds: [customer.id, driverA.id],
      content: '明日の集荷は9時でお願いします。\n荷台の予冷を忘れずにお願いします。到着の30分前にお電話ください。',
      fileIds: [],
      createdAt: new Date(),
    }),
    type: 'NEW_MESSAGE',
    // Who wrote, on which request, and the start of the message (40 characters).
    text: {
      title: '山田 太郎さんからメッセージ',
      message: '冷凍食品（水産加工品）: 明日の集荷は9時でお願いします。 荷台の予冷を忘れずにお願いします。到着の30分…',
    },
    recipients: () => [driverA.id],
    link: `/shipping-requests/detail/${requestItemId}/talkrooms/${talkroomId}`,
    byMail: false,
  },
  {
    name: 'the customer presses meeting complete → the driver',
    event: () => ({
      type: 'MEETING_COMPLETE_PRESSED',
      requestItemId,
      talkroomId,
      actorId: customer.id,
      recipientIds: [driverA.id],
    }),
    type: 'MEETING_COMPLETE_BUTTON_PRESSED',
    text: 'MEETING_COMPLETE_BUTTON_PRESSED',
    recipients: () => [driverA.id],
    link: `/shipping-requests/detail/${requestItemId}/talkrooms/${talkroomId}`,
    byMail: false,
  },
  {
    name: 'the customer cancels a delivery → the driver and applicants (never the actor), by mail',
    event: () => ({
      type: 'REQUEST_CANCELLED',
      requestType: 'DELIVERY',
      requestItemId,
      actorId: customer.id,
      recipientIds: [driverA.id, driverB.id, customer.id],
    }),
    type: 'DELIVERY_CANCELLED',
    text: 'DELIVERY_CANCELLED',
    recipients: () => [driverA.id, driverB.id],
    link: `/shipping-requests/applied-items/detail/${requestItemId}`,
    byMail: true,
  },
  {
    name: 'the customer cancels a warehouse request → the applicants, by mail',
    event: () => ({
      type: 'REQUEST_CANCELLED',
      requestType: 'WAREHOUSE',
      requestItemId,
      actorId: customer.id,
      recipientIds: [manager.id],
    }),
    type: 'DELIVERY_CANCELLED',
    text: 'WAREHOUSE_CANCELLED',
    recipients: () => [manager.id],
    link: `/shipping-requests/applied-items/detail/${requestItemId}`,
    byMail: true,
  },
  {
    name: 'the driver submits the delivery report → the customer',
    event: () => ({ type: 'DELIVERY_REPORT_SUBMITTED', requestItemId, driverId: driverA.id, customerId: customer.id }),
    type: 'DELIVERY_COMPLETE_REPORT',
    text: 'DELIVERY_COMPLETE_REPORT',
    recipients: () => [customer.id],
    link: `/shipping-requests/my-items/detail/${requestItemId}`,
    byMail: false,
  },
  {
    name: 'the customer posts a closed request again → everyone who applied (never the customer), linking the new one',
    event: () => ({
      type: 'REQUEST_REPOSTED',
      requestItemId,
      subject: '冷凍食品（水産加工品）',
      customerId: customer.id,
      applicantIds: [driverA.id, manager.id, driverA.id, customer.id],
    }),
    type: 'REQUEST_REPOSTED',
    text: naming('REQUEST_REPOSTED', '冷凍食品（水産加工品）'),
    recipients: () => [driverA.id, manager.id],
    link: `/shipping-requests/detail/${requestItemId}`,
    byMail: false,
  },
  {
    name: 'the customer approves the report → the driver, by mail',
    event: () => ({ type: 'DELIVERY_COMPLETION_APPROVED', requestItemId, customerId: customer.id, driverId: driverA.id }),
    type: 'DELIVERY_COMPLETE_APPROVED',
    text: 'DELIVERY_COMPLETE_APPROVED',
    recipients: () => [driverA.id],
    link: `/shipping-requests/applied-items/detail/${requestItemId}`,
    byMail: true,
  },
  {
    name: 'a registration completes → the account',
    event: () => ({ type: 'REGISTRATION_COMPLETED', userId: otherCustomer.id, role: 'CUSTOMER' }),
    type: 'REGISTRATION_COMPLETE',
    text: 'REGISTRATION_COMPLETE',
    // The welcome is about the account: filed under お知らせ.
    kind: 'SYSTEM_NOTIFICATION',
    recipients: () => [otherCustomer.id],
    link: '/my-page',
    byMail: false,
  },
  {
    name: 'a subscription renewal fails → the manager, by mail, linking the payment update',
    event: () => ({ type: 'SUBSCRIPTION_PAYMENT_FAILED', userId: manager.id, intentCode: 'pi_123' }),
    type: 'SUBSCRIPTION_PAYMENT_FAILED',
    text: 'SUBSCRIPTION_PAYMENT_FAILED',
    recipients: () => [manager.id],
    link: '/payments/update?intentCode=pi_123',
    byMail: true,
  },
];

describe('recordEvent: each event notifies the right users and no one else', () => {
  const everyone = () => [customer, otherCustomer, manager, driverA, driverB, admin];

  for (const c of cases) {
    it(c.name, async () => {
      const mailsBefore = await notificationMails(everyone().map((u) => u.email));
      const { notificationIds } = await record(c.event());
      expect(notificationIds).toHaveLength(1);

      const rows = await received(notificationIds);
      expect(rows.map((r) => r.userId).sort()).toEqual([...c.recipients()].sort());
      const { title, message } = typeof c.text === 'string' ? NOTIFICATION_TEXTS[c.text] : c.text;
      for (const row of rows) {
        const kind = c.kind ?? 'EVENT_NOTIFICATION';
        expect(row).toMatchObject({ kind, type: c.type, title, message, link: c.link, isRead: false });
      }

      // The important ones go by mail to exactly the recipients.
      const mailsAfter = await notificationMails(everyone().map((u) => u.email));
      const seen = new Set(mailsBefore.map((m) => m.id));
      const newMails = mailsAfter.filter((m) => !seen.has(m.id));
      const recipientEmails = everyone()
        .filter((u) => c.recipients().includes(u.id))
        .map((u) => u.email);
      if (c.byMail) {
        expect(newMails.map((m) => m.to).sort()).toEqual(recipientEmails.sort());
        for (const mail of newMails) {
          expect(mail.subject).toBe(`【物流マーケット】${title}`);
          expect(mail.text).toContain(message);
          expect(mail.text).toContain(`http://app.test${c.link}`);
        }
      } else {
        expect(newMails).toEqual([]);
      }

      // One stream event, addressed to the recipients.
      const logged = await loggedFor(notificationIds[0]!);
      expect(logged.notificationId).toBe(notificationIds[0]);
      expect(logged.userIds!.sort()).toEqual([...c.recipients()].sort());
      expect(logged.data).toMatchObject({ id: notificationIds[0], type: c.type, title, link: c.link });
    });
  }

  it('a talkroom message is also logged for the stream, to both participants', async () => {
    const messageId = uuidv7();
    await record({
      type: 'TALKROOM_MESSAGE_POSTED',
      requestItemId,
      talkroomId,
      messageId,
      senderId: driverA.id,
      senderName: 'ドライバーA',
      subject: '冷凍食品',
      participantIds: [customer.id, driverA.id],
      content: '了解しました。',
      fileIds: [],
      createdAt: new Date('2026-11-23T01:00:00Z'),
    });
    const [logged] = await t.app.deps.db
      .select()
      .from(streamEvents)
      .where(sql`${streamEvents.data}->'message'->>'id' = ${messageId}`);
    expect(logged!.userIds!.sort()).toEqual([customer.id, driverA.id].sort());
    expect(logged!.data).toEqual({
      requestItemId,
      talkroomId,
      message: {
        id: messageId,
        talkroomId,
        senderId: driverA.id,
        content: '了解しました。',
        fileIds: [],
        createdAt: '2026-11-23T01:00:00.000Z',
      },
    });
  });

  it('a broadcast reaches every account holding a target role, once, and no one else', async () => {
    const both = await makeUser(t, ['CUSTOMER', 'DRIVER_MANAGER']);
    const { notificationIds } = await record({
      type: 'SYSTEM_BROADCAST',
      actorId: admin.id,
      targetRoles: ['CUSTOMER', 'DRIVER_MANAGER'],
      title: '年末年始の営業について',
      message: '12月29日から1月3日まではサポートをお休みします。',
      fileIds: [],
    });
    const rows = await received(notificationIds);
    const expected = [customer.id, otherCustomer.id, manager.id, both.id];
    // Other test files' users do not share this database: the recipients are exactly these.
    expect(rows.map((r) => r.userId).sort()).toEqual(expected.sort());
    expect(rows[0]).toMatchObject({
      kind: 'SYSTEM_NOTIFICATION',
      type: 'SYSTEM_NOTIFICATION',
      title: '年末年始の営業について',
      link: `/notifications/detail/${notificationIds[0]}`,
    });
    // One stream event for the whole audience, addressed to the notification's recipients.
    const logged = await loggedFor(notificationIds[0]!);
    expect(logged.userIds).toBeNull();
    expect(logged.notificationId).toBe(notificationIds[0]);
    // No mail for announcements.
    expect(await t.app.deps.db.$count(mailOutbox, like(mailOutbox.subject, '%年末年始%'))).toBe(0);
  });

  it('an event in a transaction that fails writes and logs nothing', async () => {
    const before = await t.app.deps.db.$count(notifications);
    const streamBefore = await t.app.deps.db.$count(streamEvents);
    await expect(
      withEvents(t.app.deps, async (_tx, emit) => {
        await emit({ type: 'DELIVERY_COMPLETION_APPROVED', requestItemId, customerId: customer.id, driverId: driverA.id });
        throw new Error('the lifecycle rule failed after the event');
      }),
    ).rejects.toThrow('the lifecycle rule failed');
    expect(await t.app.deps.db.$count(notifications)).toBe(before);
    expect(await t.app.deps.db.$count(streamEvents)).toBe(streamBefore);
  });

  it('recordEvent refuses a transaction that withEvents did not open', async () => {
    await expect(
      t.app.deps.db.transaction((tx) =>
        recordEvent(tx, { type: 'REGISTRATION_COMPLETED', userId: customer.id, role: 'CUSTOMER' }),
      ),
    ).rejects.toThrow('withEvents');
  });

  it('stream ids follow commit order', async () => {
    const a = await record({ type: 'REGISTRATION_COMPLETED', userId: customer.id, role: 'CUSTOMER' });
    const b = await record({ type: 'REGISTRATION_COMPLETED', userId: customer.id, role: 'CUSTOMER' });
    // Read in stream-id order, as a resuming client does (the table's physical order is no order:
    // PostgreSQL reuses space that pruning freed).
    const logged = await t.app.deps.db
      .select()
      .from(streamEvents)
      .where(eq(streamEvents.event, 'notification'))
      .orderBy(streamEvents.id);
    const ids = logged.map((l) => (l.data as { id: string }).id);
    expect(ids.indexOf(a.notificationIds[0]!)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(b.notificationIds[0]!)).toBe(ids.indexOf(a.notificationIds[0]!) + 1);
  });

  it('registering a customer or an invited driver notifies the new account (REGISTRATION_COMPLETE)', async () => {
    const loginAs = async (email: string, role: string) =>
      (await t.call('POST', API.login, { body: { email, password: NEW_PASSWORD, role } })).json().accessToken as string;
    const listed = async (token: string) =>
      (await t.call('GET', '/api/v1/notifications', { token }))
        .json()
        .data.map((d: { notification: { type: string; link: string } }) => [d.notification.type, d.notification.link]);

    const email = newEmail('notified');
    const token = await signUp(t, email);
    expect((await t.call('POST', API.customerRegister, { body: customerForm(email, token) })).statusCode).toBe(201);
    expect(await listed(await loginAs(email.toLowerCase(), 'CUSTOMER'))).toEqual([['REGISTRATION_COMPLETE', '/my-page']]);

    const managerToken = (
      await t.call('POST', API.login, { body: { email: manager.email, password: manager.password, role: 'DRIVER_MANAGER' } })
    ).json().accessToken as string;
    const driverEmail = newEmail('invited');
    const inviteToken = await invite(t, managerToken, driverEmail);
    expect((await t.call('POST', API.driverRegister, { body: driverForm(inviteToken) })).statusCode).toBe(201);
    expect(await listed(await loginAs(driverEmail.toLowerCase(), 'DRIVER'))).toEqual([['REGISTRATION_COMPLETE', '/my-page']]);
  });
});
