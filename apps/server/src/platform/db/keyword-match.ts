/**
 * A keyword search over a table's search columns (decisions 008 and 035): the keyword's
 * unigrams and bigrams narrow through the GIN index of `terms`, and each word longer than two
 * characters is confirmed as an exact substring of the normalized `text`. A word of one or two
 * characters is itself a term, so its term already says it occurs (terms never span two
 * pieces, nor does a word): confirming it again cost a second test per row and halved the
 * planner's estimate of the matches, which then sorted every account holding 田 rather than
 * walking the list's index to the first thousand (decision 087).
 */
import { type Column, type SQL, and, arrayContains, sql } from 'drizzle-orm';

export function keywordMatch(terms: Column, text: Column, keyword: { terms: string[]; words: string[] }): SQL {
  const confirmed = keyword.words.filter((w) => Array.from(w).length > 2);
  return and(arrayContains(terms, keyword.terms), ...confirmed.map((w) => sql`strpos(${text}, ${w}) > 0`))!;
}
