import { and, like, or, sql, type SQL } from 'drizzle-orm';
import { hasArabicLetter } from '@/lib/rules/arabic';
import type { Executor } from '../../db/client';
import { products, searchWords } from '../../db/schema';

/** Word similarity (pg_trgm) from which a dictionary word counts as a misspelling of a search word. */
export const typoThreshold = 0.45;
/** Near spellings looked up per search word, and search words considered. */
const spellingsPerWord = 8;
const wordsPerSearch = 5;

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => '\\' + c);
}

/**
 * `title ILIKE pattern`, tested on the stored lower-cased title (products.title_search): the same rows, since ILIKE
 * lower-cases both sides, without lower-casing every title it tests on every test.
 */
export const titleLike = (pattern: string): SQL => sql`${products.titleSearch} like lower(${pattern})`;

const titleContains = (text: string) => titleLike(`%${escapeLike(text)}%`);

/**
 * The words of a search as title_words() (migration 0003) splits titles: lower-cased, at least two
 * characters with a letter among them.
 */
export function searchTerms(keyword: string): string[] {
  const words = keyword
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2 && /\p{L}/u.test(w));
  return [...new Set(words)].slice(0, wordsPerSearch);
}

/**
 * Near spellings of each search word that no title holds, from the title dictionary (search_words), best
 * first. Runs in the caller's transaction: the similarity threshold is set for it alone, whichever pooled
 * connection runs it.
 */
async function nearSpellings(ex: Executor, terms: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>(terms.map((t) => [t, []]));
  let thresholdSet = false;
  for (const term of terms) {
    // A word some title holds (whole or in part) is taken as typed: "watch" is not corrected to "water".
    const [known] = await ex
      .select({ word: searchWords.word })
      .from(searchWords)
      .where(sql`${searchWords.word} like ${`%${escapeLike(term)}%`}`)
      .limit(1);
    if (known) continue;
    // Set for the first word looked up (a search of known words, the usual one, makes no round trip for it).
    if (!thresholdSet) {
      await ex.execute(
        sql`select set_config('pg_trgm.word_similarity_threshold', ${String(typoThreshold)}, true)`,
      );
      thresholdSet = true;
    }
    const rows = await ex
      .select({ word: searchWords.word })
      .from(searchWords)
      .where(sql`${term} <% ${searchWords.word}`)
      .orderBy(sql`word_similarity(${term}, ${searchWords.word}) desc`, searchWords.word)
      .limit(spellingsPerWord);
    found.set(
      term,
      rows.map((r) => r.word),
    );
  }
  return found;
}

export interface KeywordSearch {
  /** Rows that match: the title holds the search, the description holds its words, or the title holds every
   *  search word (each as typed or as a near spelling of it). */
  where: SQL;
  /** Rank: a title word starting with the search, the title holding it, the description, near spellings. */
  rank: SQL;
  /**
   * The same ranks as conditions, best first: a row's rank is the first one it meets (a later one may hold
   * rows of an earlier one too). Each is one simple condition, so a page can be read rank by rank, each in
   * the sort's order through an index, stopping once it is full (repository.ts, rankedIds).
   */
  tiers: SQL[];
}

/**
 * A ranked keyword search that costs the same at 58 and at 100,000 products: titles by substring through a
 * trigram index (pg_trgm GIN), descriptions by whole words through a full-text index, and a misspelling is
 * corrected against the dictionary of title words, so no similarity is computed per product. A keyword with
 * Arabic letters is looked for in the Arabic titles and descriptions (arabicKeywordSearch) by the same rules.
 */
export async function keywordSearch(ex: Executor, keyword: string): Promise<KeywordSearch> {
  if (hasArabicLetter(keyword)) return arabicKeywordSearch(ex, keyword);
  const inTitle = titleContains(keyword);
  // A title word that starts with the search ("Lamp", not "Clamp") ranks first.
  const titleWordStart = or(titleLike(`${escapeLike(keyword)}%`), titleLike(`% ${escapeLike(keyword)}%`));
  // A description holds the search's words, in order, as whole words (the full-text index serves it).
  const inDescription = sql`${products.descriptionWords} @@ phraseto_tsquery('simple', ${keyword})`;
  const terms = searchTerms(keyword);
  const spellings = await nearSpellings(ex, terms);
  // One search word that the exact test covers already and has no near spelling: nothing to add.
  const single = terms.length === 1 && terms[0] === keyword;
  const useful = single ? (spellings.get(terms[0]!)?.length ?? 0) > 0 : terms.length > 0;
  const everyWord = useful
    ? and(
        ...terms.map((term) =>
          or(
            ...(single ? [] : [titleContains(term)]),
            ...(spellings.get(term) ?? []).map((w) => titleContains(w)),
          ),
        ),
      )
    : undefined;
  // A row that is neither a title match nor a near spelling must be a description match: the description
  // (a whole document to parse) is tested only where it decides between the last two ranks.
  const rank = everyWord
    ? sql`case when ${titleWordStart} then 0 when ${inTitle} then 1 when not (${everyWord}) then 2 when ${inDescription} then 2 else 3 end`
    : sql`case when ${titleWordStart} then 0 when ${inTitle} then 1 else 2 end`;
  return {
    where: or(inTitle, inDescription, everyWord)!,
    rank,
    tiers: [titleWordStart!, inTitle, inDescription, ...(everyWord ? [everyWord] : [])],
  };
}

/** The Arabic article: "الجيتار" is a word starting with "جيتار" as much as "جيتار" is. */
const article = 'ال';

/**
 * The search for a keyword with Arabic letters (already in its search form: lib/rules/arabic.ts), with the
 * English ranks over the Arabic columns: a title word starting with it (after the article, if any), the title
 * holding it, the description holding its words as whole words, then titles holding every word as typed or as a
 * near spelling from the dictionary (which holds the Arabic titles' words too). The columns it reads are in the
 * same search form (title_ar_search, description_ar_words) and indexed the same way. A word without Arabic letters
 * in such a keyword ("جيتار yamaha") may be in either title.
 */
async function arabicKeywordSearch(ex: Executor, keyword: string): Promise<KeywordSearch> {
  const titleAr = products.titleArSearch;
  const inArabic = (text: string) => like(titleAr, `%${escapeLike(text)}%`);
  const inTitle = inArabic(keyword);
  const k = escapeLike(keyword);
  const titleWordStart = or(
    like(titleAr, `${k}%`),
    like(titleAr, `% ${k}%`),
    like(titleAr, `${article}${k}%`),
    like(titleAr, `% ${article}${k}%`),
  );
  const inDescription = sql`${products.descriptionArWords} @@ phraseto_tsquery('simple', ${keyword})`;
  const terms = searchTerms(keyword);
  const spellings = await nearSpellings(ex, terms);
  const single = terms.length === 1 && terms[0] === keyword;
  const useful = single ? (spellings.get(terms[0]!)?.length ?? 0) > 0 : terms.length > 0;
  const inEitherTitle = (term: string, text: string) =>
    hasArabicLetter(term) ? inArabic(text) : or(inArabic(text), titleContains(text))!;
  const everyWord = useful
    ? and(
        ...terms.map((term) =>
          or(
            ...(single ? [] : [inEitherTitle(term, term)]),
            ...(spellings.get(term) ?? []).map((w) => inEitherTitle(term, w)),
          ),
        ),
      )
    : undefined;
  const rank = everyWord
    ? sql`case when ${titleWordStart} then 0 when ${inTitle} then 1 when not (${everyWord}) then 2 when ${inDescription} then 2 else 3 end`
    : sql`case when ${titleWordStart} then 0 when ${inTitle} then 1 else 2 end`;
  return {
    where: or(inTitle, inDescription, everyWord)!,
    rank,
    tiers: [titleWordStart!, inTitle, inDescription, ...(everyWord ? [everyWord] : [])],
  };
}
