// temporary: hits the trust scenarios' endpoints once each against BASE (not committed)
import pg from 'pg';
import { signIn } from './processes';
import { requestsWithBids, trustScenarios } from './trust-scenarios';
const base = process.env.BASE!;
const url = process.env.BENCH_DATABASE_URL!;
const customer = await signIn(base, 'customer-1@bench.example.jp', 'Bench-Passw0rd!', 'CUSTOMER');
const driver = await signIn(base, 'driver-1@bench.example.jp', 'Bench-Passw0rd!', 'DRIVER');
const c = new pg.Client({ connectionString: url });
await c.connect();
const open = (await c.query(`select id from request_items where status='WAITING_APPROVE' and type='DELIVERY' and deleted_at is null order by created_at desc limit 3`)).rows.map((r) => r.id);
await c.end();
const own = (await requestsWithBids(url)).slice(0, 2);
for (const s of trustScenarios(customer, driver, own, open)) {
  const paths = Array.isArray(s.path) ? s.path.slice(0, Number(process.env.N ?? 1)) : [s.path];
  for (const p of paths) {
    const res = await fetch(base + p, { headers: s.headers });
    const body = await res.text();
    console.log(res.status, s.name, p, body.slice(0, Number(process.env.SHOW ?? 200)));
  }
}
