/**
 * The ids a select of one uuid column answers, in its order, read as one text run prepared: a
 * search's thousand matches came as a thousand rows, each a message to send and parse and a row
 * object to make (decision 090).
 */
import { type SQLWrapper, sql } from 'drizzle-orm';
import { type Database, preparedRowsOf } from './database';

export async function idsOf(db: Database, select: SQLWrapper): Promise<string[]> {
  const [row] = await preparedRowsOf<{ ids: string }>(db, sql`select array_to_string(array(${select}), ',') as ids`);
  return row!.ids === '' ? [] : row!.ids.split(',');
}
