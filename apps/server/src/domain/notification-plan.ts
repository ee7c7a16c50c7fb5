/**
 * Who is told what: a domain event → the notifications it produces (type, kind,
 * recipients, Japanese title and message, the web route to open, whether it also
 * goes by e-mail) and, for a talkroom message, the live message itself.
 * Pure: the notifications service writes what this returns.
 * The table is in docs/decisions/009-notifications.md.
 */
import {
  INVOICE_ISSUED_TEXTS,
  CARRIER_VERIFICATION_TEXTS,
  INVOICE_REMINDER_TEXTS,
  SCHEDULE_NOTICE_TEXTS,
  NOTIFICATION_TEXTS,
  type NotificationTextKey,
  newMessageText,
  requestNoticeText,
  temperatureAlertText,
  type TNotificationType,
  type TRequestType,
  type TRole,
} from '@logi/contract';
import type { DomainEvent } from './events';
import { japaneseDay } from './invoice-document';

/** Users by id, or every account holding one of the roles (a broadcast). */
export type Audience = { userIds: string[] } | { roles: TRole[] };

export interface PlannedNotification {
  kind: 'EVENT_NOTIFICATION' | 'SYSTEM_NOTIFICATION';
  type: TNotificationType;
  title: string;
  message: string;
  /** The web route to open; null → the notification's own detail page (it needs the id). */
  link: string | null;
  fileIds: string[];
  audience: Audience;
  /** Important ones also go out by e-mail (approval, result, cancellation, payment failure). */
  byMail: boolean;
  requestItemId: string | null;
  senderId: string | null;
  targetUserId: string | null;
}

/** A talkroom message as the stream carries it (SSE event `talkroom-message`). */
export interface PlannedTalkroomMessage {
  userIds: string[];
  data: {
    requestItemId: string;
    talkroomId: string;
    message: { id: string; talkroomId: string; senderId: string; content: string; fileIds: string[]; createdAt: string };
  };
}

export interface NotificationPlan {
  notifications: PlannedNotification[];
  talkroomMessage: PlannedTalkroomMessage | null;
}

/** Routes of the web app (spec §2) that a notification opens. */
export const webLinks = {
  candidates: (requestItemId: string, type: TRequestType) =>
    `/shipping-requests/my-items/detail/${requestItemId}/candidates/${type === 'DELIVERY' ? 'delivery' : 'warehouse'}`,
  myItem: (requestItemId: string) => `/shipping-requests/my-items/detail/${requestItemId}`,
  appliedItem: (requestItemId: string) => `/shipping-requests/applied-items/detail/${requestItemId}`,
  /** An open request in the market, where a carrier applies. */
  marketItem: (requestItemId: string) => `/shipping-requests/detail/${requestItemId}`,
  talkroom: (requestItemId: string, talkroomId: string) => `/shipping-requests/detail/${requestItemId}/talkrooms/${talkroomId}`,
  myPage: () => '/my-page',
  /** A driver manager's verification form and its state (decision 104). */
  carrierVerification: () => '/my-page/verification',
  /** A job's invoice, as the shipper (my-items) or the carrier (applied-items) opens it. */
  shipperInvoice: (requestItemId: string) => `/shipping-requests/my-items/detail/${requestItemId}/invoice`,
  carrierInvoice: (requestItemId: string) => `/shipping-requests/applied-items/detail/${requestItemId}/invoice`,
  /** One document's page (a monthly statement's, for both parties). */
  invoiceDocument: (documentId: string) => `/my-page/invoices/${documentId}`,
  paymentUpdate: (intentCode: string | null) =>
    intentCode ? `/payments/update?${new URLSearchParams({ intentCode }).toString()}` : '/my-page/credit-card',
  notificationDetail: (notificationId: string) => `/notifications/detail/${notificationId}`,
  /** The shipper's templates and schedules (定期便) on its my-page. */
  templates: () => '/my-page/templates',
} as const;

/** 「14:05」: an instant's time of day in Japan. */
const japanTime = (at: Date) => new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(11, 16);

/** Distinct recipients, without the one who caused the event. */
const recipients = (ids: string[], actorId?: string) => [...new Set(ids)].filter((id) => id !== actorId);

function eventNotification(
  type: TNotificationType,
  text: NotificationTextKey | { title: string; message: string },
  userIds: string[],
  link: string,
  requestItemId: string | null,
  byMail = false,
): PlannedNotification[] {
  if (userIds.length === 0) return [];
  return [
    {
      // The welcome and the verification are news about the account, not about a request: お知らせ.
      kind: type === 'REGISTRATION_COMPLETE' || type === 'CARRIER_VERIFICATION' ? 'SYSTEM_NOTIFICATION' : 'EVENT_NOTIFICATION',
      type,
      ...(typeof text === 'string' ? NOTIFICATION_TEXTS[text] : text),
      link,
      fileIds: [],
      audience: { userIds },
      byMail,
      requestItemId,
      senderId: null,
      targetUserId: null,
    },
  ];
}

const isDelivery = (t: TRequestType) => t === 'DELIVERY';

export function planNotifications(event: DomainEvent): NotificationPlan {
  const only = (notifications: PlannedNotification[]): NotificationPlan => ({ notifications, talkroomMessage: null });
  switch (event.type) {
    case 'CANDIDATE_APPLIED': {
      const type = isDelivery(event.requestType) ? 'PICKUP_REQUEST_RECEIVED' : 'WAREHOUSE_USE_REQUEST_RECEIVED';
      return only(
        eventNotification(
          type,
          requestNoticeText(type, event.subject, event.requestItemId),
          recipients([event.customerId], event.candidateUserId),
          webLinks.candidates(event.requestItemId, event.requestType),
          event.requestItemId,
        ),
      );
    }
    case 'CANDIDATE_APPROVED': {
      const type = isDelivery(event.requestType) ? 'PICKUP_REQUEST_APPROVED' : 'WAREHOUSE_USE_REQUEST_APPROVED';
      const link =
        isDelivery(event.requestType) && event.talkroomId
          ? webLinks.talkroom(event.requestItemId, event.talkroomId)
          : webLinks.appliedItem(event.requestItemId);
      return only(
        eventNotification(type, type, recipients([event.approvedUserId], event.customerId), link, event.requestItemId, true),
      );
    }
    case 'CANDIDATES_NOT_CHOSEN': {
      const type = isDelivery(event.requestType) ? 'PICKUP_REQUEST_RESULT' : 'WAREHOUSE_USE_REQUEST_RESULT';
      return only(
        eventNotification(
          type,
          type,
          recipients(event.userIds),
          webLinks.appliedItem(event.requestItemId),
          event.requestItemId,
          true,
        ),
      );
    }
    case 'TALKROOM_MESSAGE_POSTED': {
      const everyone = recipients([...event.participantIds, event.senderId]);
      return {
        notifications: eventNotification(
          'NEW_MESSAGE',
          newMessageText(event.senderName, event.subject, event.content),
          recipients(event.participantIds, event.senderId),
          webLinks.talkroom(event.requestItemId, event.talkroomId),
          event.requestItemId,
        ),
        talkroomMessage: {
          userIds: everyone,
          data: {
            requestItemId: event.requestItemId,
            talkroomId: event.talkroomId,
            message: {
              id: event.messageId,
              talkroomId: event.talkroomId,
              senderId: event.senderId,
              content: event.content,
              fileIds: event.fileIds,
              createdAt: event.createdAt.toISOString(),
            },
          },
        },
      };
    }
    case 'MEETING_COMPLETE_PRESSED':
      return only(
        eventNotification(
          'MEETING_COMPLETE_BUTTON_PRESSED',
          'MEETING_COMPLETE_BUTTON_PRESSED',
          recipients(event.recipientIds, event.actorId),
          webLinks.talkroom(event.requestItemId, event.talkroomId),
          event.requestItemId,
        ),
      );
    case 'REQUEST_CANCELLED':
      return only(
        eventNotification(
          'DELIVERY_CANCELLED',
          isDelivery(event.requestType) ? 'DELIVERY_CANCELLED' : 'WAREHOUSE_CANCELLED',
          recipients(event.recipientIds, event.actorId),
          webLinks.appliedItem(event.requestItemId),
          event.requestItemId,
          true,
        ),
      );
    case 'DELIVERY_REPORT_SUBMITTED':
      return only(
        eventNotification(
          'DELIVERY_COMPLETE_REPORT',
          'DELIVERY_COMPLETE_REPORT',
          recipients([event.customerId], event.driverId),
          webLinks.myItem(event.requestItemId),
          event.requestItemId,
        ),
      );
    case 'TEMPERATURE_OUT_OF_RANGE': {
      // Each side opens the job from its own page; both hear of it by e-mail too.
      const text = temperatureAlertText(event.subject, event.range, event.readings, event.custom);
      const alert = (userIds: string[], link: string) =>
        eventNotification('TEMPERATURE_OUT_OF_RANGE', text, recipients(userIds, event.actorId), link, event.requestItemId, true);
      return only([
        ...alert([event.customerId], webLinks.myItem(event.requestItemId)),
        ...alert(event.carrierIds, webLinks.appliedItem(event.requestItemId)),
      ]);
    }
    case 'SELECTION_DEADLINE_PASSED':
      return only([
        ...eventNotification(
          'SELECTION_DEADLINE_PASSED',
          requestNoticeText('SELECTION_DEADLINE_PASSED_OWNER', event.subject, event.requestItemId),
          [event.customerId],
          webLinks.myItem(event.requestItemId),
          event.requestItemId,
          true,
        ),
        ...eventNotification(
          'SELECTION_DEADLINE_PASSED',
          requestNoticeText('SELECTION_DEADLINE_PASSED', event.subject, event.requestItemId),
          recipients(event.applicantIds),
          webLinks.appliedItem(event.requestItemId),
          event.requestItemId,
          true,
        ),
      ]);
    case 'REQUEST_REPOSTED':
      // Named by the new request's reference, linked to where a carrier applies to it.
      return only(
        eventNotification(
          'REQUEST_REPOSTED',
          requestNoticeText('REQUEST_REPOSTED', event.subject, event.requestItemId),
          recipients(event.applicantIds, event.customerId),
          webLinks.marketItem(event.requestItemId),
          event.requestItemId,
        ),
      );
    case 'DELIVERY_COMPLETION_APPROVED':
      return only(
        eventNotification(
          'DELIVERY_COMPLETE_APPROVED',
          'DELIVERY_COMPLETE_APPROVED',
          recipients([event.driverId], event.customerId),
          webLinks.appliedItem(event.requestItemId),
          event.requestItemId,
          true,
        ),
      );
    case 'REVIEW_RECEIVED':
      return only(
        eventNotification(
          'REVIEW_RECEIVED',
          'REVIEW_RECEIVED',
          recipients(event.recipientIds, event.authorId),
          event.asShipper ? webLinks.myItem(event.requestItemId) : webLinks.appliedItem(event.requestItemId),
          event.requestItemId,
        ),
      );
    case 'DRIVER_ASSIGNED':
      return only(
        eventNotification(
          'PICKUP_REQUEST_APPROVED',
          'DRIVER_ASSIGNED',
          recipients([event.driverId], event.managerId),
          webLinks.appliedItem(event.requestItemId),
          event.requestItemId,
          true,
        ),
      );
    case 'REGISTRATION_COMPLETED':
      return only(eventNotification('REGISTRATION_COMPLETE', 'REGISTRATION_COMPLETE', [event.userId], webLinks.myPage(), null));
    case 'SUBSCRIPTION_PAYMENT_FAILED':
      return only(
        eventNotification(
          'SUBSCRIPTION_PAYMENT_FAILED',
          'SUBSCRIPTION_PAYMENT_FAILED',
          [event.userId],
          webLinks.paymentUpdate(event.intentCode),
          null,
          true,
        ),
      );
    case 'INVOICE_PAYMENT_DUE': {
      const text = INVOICE_REMINDER_TEXTS[event.reminder](event.number, japaneseDay(event.dueDate));
      const told = (userId: string, link: string) =>
        eventNotification('INVOICE_PAYMENT_DUE', text, [userId], link, event.requestItemId, true);
      return only([
        ...told(event.shipperId, webLinks.shipperInvoice(event.requestItemId)),
        ...told(event.carrierId, webLinks.carrierInvoice(event.requestItemId)),
      ]);
    }
    case 'INVOICE_ISSUED': {
      const text = INVOICE_ISSUED_TEXTS[event.statement ? 'STATEMENT' : 'INVOICE'](event.number);
      const link =
        event.statement || !event.requestItemId
          ? webLinks.invoiceDocument(event.documentId)
          : webLinks.shipperInvoice(event.requestItemId);
      return only(eventNotification('INVOICE_ISSUED', text, [event.shipperId], link, event.requestItemId, true));
    }
    case 'CARRIER_VERIFICATION_NOTICE': {
      const day = japaneseDay(event.insuranceExpiresOn);
      const text =
        event.notice === 'VERIFIED'
          ? CARRIER_VERIFICATION_TEXTS.VERIFIED()
          : event.notice === 'RETURNED'
            ? CARRIER_VERIFICATION_TEXTS.RETURNED(event.reason ?? '')
            : CARRIER_VERIFICATION_TEXTS[event.notice](day);
      return only(eventNotification('CARRIER_VERIFICATION', text, [event.managerId], webLinks.carrierVerification(), null, true));
    }
    case 'SCHEDULED_REQUEST_POSTED':
      return only(
        eventNotification(
          'SCHEDULED_REQUEST_POSTED',
          SCHEDULE_NOTICE_TEXTS.posted(event.templateName, japaneseDay(event.date)),
          [event.userId],
          webLinks.myItem(event.requestItemId),
          event.requestItemId,
        ),
      );
    case 'SCHEDULED_REQUEST_SKIPPED':
      return only(
        eventNotification(
          'SCHEDULED_REQUEST_SKIPPED',
          SCHEDULE_NOTICE_TEXTS.skipped(event.templateName, japaneseDay(event.date)),
          [event.userId],
          webLinks.templates(),
          null,
        ),
      );
    case 'TRANSPORT_STOP_EVENT':
      return only(
        eventNotification(
          'TRANSPORT_STOP_EVENT',
          SCHEDULE_NOTICE_TEXTS.stop(
            event.subject,
            event.stopLabel,
            event.event === 'ARRIVED' ? '到着' : '出発',
            japanTime(event.occurredAt),
          ),
          [event.customerId],
          webLinks.myItem(event.requestItemId),
          event.requestItemId,
        ),
      );
    case 'SYSTEM_BROADCAST':
    case 'SYSTEM_MESSAGE':
      return only([
        {
          kind: 'SYSTEM_NOTIFICATION',
          type: 'SYSTEM_NOTIFICATION',
          title: event.title,
          message: event.message,
          link: null,
          fileIds: event.fileIds,
          audience: event.type === 'SYSTEM_BROADCAST' ? { roles: [...new Set(event.targetRoles)] } : { userIds: [event.userId] },
          byMail: false,
          requestItemId: null,
          senderId: event.actorId,
          targetUserId: event.type === 'SYSTEM_MESSAGE' ? event.userId : null,
        },
      ]);
  }
}
