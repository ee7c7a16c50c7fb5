import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { listQueriesForPlan } from '/work/main/apps/server/src/modules/request-items/request-items.repository';
import { marketFilter } from '/work/main/apps/server/src/modules/request-items/request-items.service';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/bench', max: 1 });
const db = drizzle(pool);
for (const [name, query, page] of [['plain', {}, 1], ['vp', { vehicleType: ['FOUR_T_TRUCK'], pickupLocation: ['東京都'] }, 1], ['kw', { keyword: '冷凍' }, 1], ['p500', {}, 500]] as const) {
  const pg_ = { limit: 10, offset: (page - 1) * 10 };
  const [stmt] = listQueriesForPlan.market(db as never, marketFilter({ page, limit: 10, ...query } as never, new Date()), pg_);
  const q = (db as any).dialect.sqlToQuery(stmt);
  console.log(name, 'text length', q.sql.length, 'params', JSON.stringify(q.params));
  const c = await pool.connect();
  await c.query(`prepare s_${name} as ` + q.sql);
  const lit = q.params.map((p: unknown) => (Array.isArray(p) ? `array[${p.map((x) => `'${x}'`).join(',')}]` : typeof p === 'string' ? `'${p}'` : String(p)));
  for (let i = 0; i < 8; i++) {
    const r = await c.query(`explain (analyze, summary) execute s_${name}(${lit.join(',')})`);
    const rows = r.rows.map((x: any) => x['QUERY PLAN']);
    if (i === 0 || i >= 6) console.log(' ', i, rows.slice(-2).join(' | '));
  }
  const t0 = performance.now(); for (let i = 0; i < 50; i++) await c.query(q.sql, q.params); const t1 = performance.now();
  for (let i = 0; i < 50; i++) await c.query(`execute s_${name}(${lit.join(',')})`); const t2 = performance.now();
  console.log('  unnamed avg', ((t1 - t0) / 50).toFixed(2), 'ms; prepared avg', ((t2 - t1) / 50).toFixed(2), 'ms');
  c.release();
}
await pool.end();
