/**
 * The demo invoices (decision 102): with no completed delivery nothing is billed; with three, the
 * first job's invoice is issued and paid, the second issued and open, the third on a monthly
 * statement issued by the carrier company's manager; a second run bills nothing more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInvoiceList } from '@logi/contract';
import type { TestApp } from '../../test/helpers';
import { API, type Party } from '../../test/marketplace-fixtures';
import { type Cast, appWithCast, approvedDelivery, reportInFull, startPickup } from '../../test/scenario';
import { seedDemoInvoices } from './invoices';

let t: TestApp;
let people: Cast;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
});
afterAll(() => t.close());

const list = async (who: Party) => {
  const res = await t.call('GET', '/api/v1/invoices', { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TInvoiceList).data;
};

async function completedJob() {
  const deal = await approvedDelivery(t, people.customer, people.driver);
  await startPickup(t, deal, people.customer, people.driver);
  await reportInFull(t, people.driver, deal.item.id, { pickupTemperature: -18, deliveryTemperature: -17.5 });
  expect((await t.call('PATCH', API.complete(deal.item.id), { token: people.customer.token })).statusCode).toBe(200);
  return deal.item.id;
}

describe('seedDemoInvoices', () => {
  it('does nothing when there is no completed delivery', async () => {
    expect(await seedDemoInvoices(t.app.deps)).toEqual({ invoices: 0, statements: 0 });
    expect(await list(people.admin)).toEqual([]);
  });

  it('bills the completed deliveries through the services: one paid, one open, one monthly statement', async () => {
    const jobs = [await completedJob(), await completedJob(), await completedJob()];
    expect(await seedDemoInvoices(t.app.deps)).toEqual({ invoices: 2, statements: 1 });

    const seen = await list(people.customer);
    const invoices = seen.filter((d) => d.kind === 'INVOICE');
    expect(invoices.map((d) => [d.requestItemIds[0], d.paymentStatus]).sort()).toEqual(
      [
        [jobs[0], 'PAID'],
        [jobs[1], 'OPEN'],
      ].sort(),
    );
    const statements = seen.filter((d) => d.kind === 'MONTHLY_STATEMENT');
    expect(statements).toEqual([expect.objectContaining({ status: 'ISSUED', requestItemIds: [jobs[2]], paymentStatus: 'OPEN' })]);
    // The manager issued the statement: it is in the company's list.
    expect((await list(people.manager)).some((d) => d.id === statements[0]!.id)).toBe(true);

    expect(await seedDemoInvoices(t.app.deps)).toEqual({ invoices: 0, statements: 0 });
    expect((await list(people.customer)).length).toBe(seen.length);
  });
});
