/**
 * `npm run db:backfill-lanes`: writes the lane facts of every completed delivery that has none
 * (decision 092), on the configured database (migrated first). Jobs completed before the facts
 * existed, or while the completion did not yet record them; running it again writes nothing new.
 */
import { loadConfigOrExit } from '../../config';
import { openDatabase } from '../../platform/db/database';
import { backfillLaneFacts } from './standard-fares.service';

const config = loadConfigOrExit();
const database = await openDatabase(config.databaseUrl, config.dataDir);
try {
  const written = await backfillLaneFacts(database.db);
  console.log(`lane facts: ${written.toLocaleString()} completed deliveries recorded`);
} catch (err) {
  console.error('lane facts: backfill failed', err);
  process.exitCode = 1;
} finally {
  await database.close();
}
