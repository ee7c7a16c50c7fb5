/**
 * /my-page/templates: an occurrence of a schedule (定期便) that the posting job decided while the
 * shipper was looking. Its buttons were stale; the refusal says why and the list is read again,
 * over HTTP to a local server answering like the API.
 */
import { ERROR_MESSAGES, type TRequestTemplate, type TScheduleOccurrence, type TScheduleView } from '@logi/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATES_TEXT } from '../../texts/request-templates';
import { sessionUser } from '../../test/session-user';
import { fail, json, openApp, serveApi, signIn, toastShown, until } from '../../test/test-kit';

const S = TEMPLATES_TEXT.schedule;
const TEMPLATE_ID = '0190a1b2-0000-7000-8000-000000000701';
const POSTED_ID = '0190a1b2-0000-7000-8000-000000000702';
const DATE = '2026-12-03';

const schedule = {
  weekdays: [4],
  everyNWeeks: 1,
  pickupTime: '09:00',
  startDate: '2026-11-26',
  endDate: null,
  holidayPolicy: 'SKIP' as const,
  leadDays: 2,
  active: true,
};
const template: TRequestTemplate = {
  id: TEMPLATE_ID,
  name: '毎週木曜 川崎便',
  body: {
    baggageName: '精密機器',
    transports: [
      { transportType: 'PICKUP', prefecture: '東京都', city: '大田区' },
      { transportType: 'DELIVERY', prefecture: '神奈川県', city: '川崎市' },
    ],
  } as unknown as TRequestTemplate['body'],
  schedule,
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
};

let occurrence: TScheduleOccurrence;
// A shipper whose device is set to another zone: the times are still Japan's (lib/format.ts).
beforeAll(() => {
  process.env.TZ = 'America/Los_Angeles';
});
const view = (): TScheduleView => ({ schedule, upcoming: [occurrence], recent: [] });
const api = serveApi(({ route }, res) => {
  if (route === 'GET /api/v1/request-templates') return json(res, { items: [template] });
  if (route === `GET /api/v1/request-templates/${TEMPLATE_ID}/schedule`) return json(res, view());
  if (route === `POST /api/v1/request-templates/${TEMPLATE_ID}/occurrences/${DATE}/skip`) {
    // The job posted it a moment before the shipper's tap reached the server.
    occurrence = { ...occurrence, status: 'POSTED', requestItemId: POSTED_ID };
    return fail(res, 409, 'SCHEDULE_OCCURRENCE_DECIDED');
  }
});

describe('an occurrence decided while the shipper looks at it', () => {
  it('says it was posted or skipped already and shows it as it is now, with its request', async () => {
    occurrence = {
      date: DATE,
      movedFrom: null,
      status: 'PLANNED',
      skipReason: null,
      postOn: '2026-12-01',
      pickupAt: '2026-12-03T00:00:00.000Z',
      requestItemId: null,
      edit: null,
    };
    signIn(sessionUser('CUSTOMER'));
    openApp('/my-page/templates');
    const upcoming = await screen.findByRole('list', { name: S.upcoming });
    const row = within(upcoming).getByTestId('occurrence');
    expect(within(row).getByText(S.status.PLANNED)).toBeInTheDocument();
    // 09:00 in Japan, the schedule's pickup time (16:00 of the day before on the device's clock).
    expect(row).toHaveTextContent('12月3日（木） 09:00');

    await userEvent.click(await within(row).findByRole('button', { name: S.skip }));
    await toastShown(ERROR_MESSAGES.SCHEDULE_OCCURRENCE_DECIDED);
    await until(() => within(row).queryByText(S.status.POSTED) !== null);
    expect(within(row).queryByRole('button', { name: S.skip })).toBeNull();
    expect(within(row).getByRole('link', { name: S.openPosted })).toHaveAttribute(
      'href',
      `/shipping-requests/my-items/detail/${POSTED_ID}`,
    );
    const skips = api.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/skip'));
    expect(skips).toHaveLength(1);
  });
});
