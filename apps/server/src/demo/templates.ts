/**
 * The demo customer's template and weekly 定期便 (decision 107): one of its completed jobs (the
 * catalogues to 山下町, at a fixed price) saved under a name, with a schedule of Monday pickups,
 * posted three days ahead, holidays moved to the next working day. Made through the service, as
 * the my-page's calls make them. The schedule starts on the Monday at least a week ahead, so a
 * fresh demo shows what is coming and nothing is posted for days (the demo's open market, and
 * the journeys run against it, stay as seeded).
 */
import { type TScheduleBody, addDays, japanDay } from '@logi/contract';
import { createRequestTemplateService } from '../modules/request-templates/request-templates.service';
import type { Deps } from '../platform/deps';
import { DEMO_COMPLETED_JOBS } from './completed-jobs';

export const DEMO_TEMPLATE_NAME = '毎週月曜 東雲→山下町（販促物）';
const SOURCE_BAGGAGE = '販促物（カタログ・パンフレット）';

/** Mondays from the Monday at least seven days after `today` (a Japan day), for half a year. */
export function demoSchedule(today: string): TScheduleBody {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const startDate = addDays(today, 7 + ((8 - weekday) % 7));
  return {
    weekdays: [1],
    everyNWeeks: 1,
    pickupTime: '07:00',
    startDate,
    endDate: addDays(startDate, 182),
    holidayPolicy: 'NEXT_WORKING_DAY',
    leadDays: 3,
  };
}

/** `completedIds`: the completed jobs' ids in DEMO_COMPLETED_JOBS' order. */
export async function seedDemoTemplate(deps: Deps, customerId: string, completedIds: readonly string[], now = new Date()) {
  const auth = { userId: customerId, role: 'CUSTOMER' as const, familyId: 'demo-seed' };
  const requestItemId = completedIds[DEMO_COMPLETED_JOBS.findIndex((j) => j.body.baggageName === SOURCE_BAGGAGE)]!;
  const templates = createRequestTemplateService(deps);
  const template = await templates.create(auth, { name: DEMO_TEMPLATE_NAME, requestItemId });
  await templates.setSchedule(auth, template.id, demoSchedule(japanDay(now)));
}
