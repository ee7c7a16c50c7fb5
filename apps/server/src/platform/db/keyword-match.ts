/**
 * A keyword search over a table's search columns (decisions 008 and 035): the keyword's
 * unigrams and bigrams narrow through the GIN index of `terms`, and each word is confirmed as an
 * exact substring of the normalized `text`.
 */
import { type Column, type SQL, and, arrayContains, sql } from 'drizzle-orm';

export function keywordMatch(terms: Column, text: Column, keyword: { terms: string[]; words: string[] }): SQL {
  return and(arrayContains(terms, keyword.terms), ...keyword.words.map((w) => sql`strpos(${text}, ${w}) > 0`))!;
}
