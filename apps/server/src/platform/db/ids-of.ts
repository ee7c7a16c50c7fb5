/**
 * Ids read as one text: a select of one uuid column, in its order, as `array_to_string`. A
 * search's thousand matches came as a thousand rows, each a message to send and parse and a
 * row object to make (decision 093).
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Database, preparedRowsOf } from './database';

/** The ids `select` answers, in its order, as one comma-separated text. */
export const idsText = (select: SQLWrapper): SQL<string> => sql<string>`array_to_string(array(${select}), ',')`;

/** The ids of an `idsText`. */
export const idList = (text: string): string[] => (text === '' ? [] : text.split(','));

/** The ids `select` answers, in its order, read as one text run prepared. */
export async function idsOf(db: Database, select: SQLWrapper): Promise<string[]> {
  const [row] = await preparedRowsOf<{ ids: string }>(db, sql`select ${idsText(select)} as ids`);
  return idList(row!.ids);
}
