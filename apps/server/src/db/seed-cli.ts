/**
 * `npm run db:seed`: opens the configured database (migrating it), seeds the
 * demo accounts if it is empty, closes it. Running it again does nothing and says so.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../platform/db/database';
import { createPasswordHasher } from '../platform/tokens/passwords';
import { seedDemoData } from './seed';

const config = loadConfig();
const database = await openDatabase(config.databaseUrl, config.dataDir);
try {
  const log = { info: (_obj: object, msg: string) => console.log(msg) };
  await seedDemoData({ config, db: database.db, passwords: createPasswordHasher(config.argon2) }, log);
} catch (err) {
  console.error('demo data: seeding failed', err);
  process.exitCode = 1;
} finally {
  await database.close();
}
