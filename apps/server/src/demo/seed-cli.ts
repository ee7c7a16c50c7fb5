/**
 * `npm run db:seed`: builds the app without listening (opening and migrating the
 * configured database), seeds the demo data if it is empty, closes it. Running it
 * again does nothing and says so. The whole app, because the demo requests and
 * applications go through the services with their notifications.
 */
import { buildApp } from '../app';
import { loadConfigOrExit } from '../config';
import { seedDemoData } from './seed';

const config = loadConfigOrExit();
const app = await buildApp(config);
try {
  const log = { info: (_obj: object, msg: string) => console.log(msg) };
  await seedDemoData(app.deps, log);
} catch (err) {
  console.error('demo data: seeding failed', err);
  process.exitCode = 1;
} finally {
  await app.close();
}
