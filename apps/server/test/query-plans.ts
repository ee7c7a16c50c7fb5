/**
 * Query-plan tests of the request lists (the market's, the owner's, the admin's): a table of
 * request items shaped like production, and each statement's plan with sequential scans
 * disabled, which asks the planner "can an index serve this?".
 */
import { type SQLWrapper, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from './helpers';

/**
 * 20,000 items shaped like production: most deals finished (3 % open), 200 customers,
 * tags and terms from small vocabularies, so the statistics the planner sees resemble
 * the real table's.
 */
export async function addBulkItems(t: TestApp) {
  const db = t.app.deps.db;
  await db.execute(sql`
    insert into users (id, email, name)
    select gen_random_uuid(), 'bulk-' || g || '@example.jp', '' from generate_series(1, 200) g`);
  await db.execute(sql`
    insert into request_items (id, type, status, creator_id, price_type, price, first_pickup_at,
                               filter_tags, search_terms, search_text, created_at, updated_at)
    select gen_random_uuid(),
           case when g % 5 = 0 then 'WAREHOUSE' else 'DELIVERY' end,
           case when g % 33 = 0 then 'WAITING_APPROVE' when g % 2 = 0 then 'COMPLETED' else 'CANCELLED' end,
           (array(select id from users where email like 'bulk-%'))[1 + g % 200],
           case when g % 5 = 0 then 'PER_UNIT' when g % 3 = 0 then 'ESTIMATION' else 'FIXED' end,
           1000 + g,
           case when g % 5 = 0 then null else now() + ((g % 30) || ' days')::interval end,
           array['V:' || (array['TEN_T_TRUCK','FOUR_T_TRUCK','TWO_T_TRUCK','ONE_T_TRUCK','LIGHT_TRUCK','COOL_TRUCK','VEHICLE_BY_LOAD'])[1 + g % 7],
                 'P:' || (array['東京都','神奈川県','埼玉県','千葉県','大阪府','愛知県','福岡県','北海道','宮城県','広島県'])[1 + g % 10],
                 'D:' || (array['東京都','神奈川県','埼玉県','千葉県','大阪府','愛知県','福岡県','北海道','宮城県','広島県'])[1 + (g / 10) % 10]],
           array[(array['冷凍','冷蔵','家具','精密','機器','食品','衣類','銀座','梅田','新宿'])[1 + g % 10],
                 (array['冷','家','精','機','食','衣','銀','梅','新','東'])[1 + (g / 7) % 10]],
           -- The text those terms come from (the market's keyword postings are read from it).
           (array['冷凍','冷蔵','家具','精密','機器','食品','衣類','銀座','梅田','新宿'])[1 + g % 10] || E'\n' ||
             (array['冷','家','精','機','食','衣','銀','梅','新','東'])[1 + (g / 7) % 10],
           now() - (g || ' minutes')::interval,
           now()
    from generate_series(1, 20000) g`);
}

/** The plan of a query, as text, with sequential scans (and any of `alsoOff`) disabled in its transaction. */
export async function planOf(
  t: TestApp,
  query: SQLWrapper,
  alsoOff: ('enable_bitmapscan' | 'enable_sort')[] = [],
): Promise<string> {
  return t.app.deps.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    for (const setting of alsoOff) await tx.execute(sql.raw(`set local ${setting} = off`));
    const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

/** Read through one of request_items' indexes, never a sequential scan of it. */
export function expectIndexed(plan: string) {
  if (process.env.SHOW_PLANS) console.log(plan);
  expect(plan, plan).not.toMatch(/Seq Scan on request_items/);
  expect(plan, plan).toMatch(/(Index|Index Only|Bitmap Index) Scan (Backward )?(using|on) request_items_\w+/);
}
