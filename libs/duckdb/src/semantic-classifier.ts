// What a column means to the query generator, read from its type, its cardinality and the shape of
// its values. Simple on purpose: every rule below can be checked by reading a profile.
import type { TypeFamily } from './column-type.js';

export type SemanticType = 'numeric' | 'categorical' | 'text' | 'temporal' | 'boolean' | 'identifier' | 'nested';

export interface ColumnFacts {
  name: string;
  family: TypeFamily;
  rowCount: number;
  nonNullCount: number;
  distinctCount: number;
  /** Text columns only: mean and longest length in characters. */
  avgLength?: number;
  maxLength?: number;
  /** Text columns only: whether any value holds whitespace. */
  hasWhitespace?: boolean;
  /** Text columns only: non-null values that start `YYYY-MM-DD` and read as a timestamp. */
  isoTemporalCount?: number;
}

// Past this share of distinct values (or this many), a text column is no longer a set of labels
// to group by: movies' 175 distributors over 2,969 films are, their 550 directors are not.
const categoricalMaxRatio = 0.1;
const categoricalMaxDistinct = 1_000;
// Labels are short; a column of repeated paragraphs is still text.
const categoricalMaxAvgLength = 100;
// Longest value of a text key (hashes, slugs, e-mail addresses, URLs stay under it).
const identifierMaxLength = 64;

/**
 * The rules, first match wins:
 * 1. nested: STRUCT, LIST, MAP, ARRAY, UNION, JSON.
 * 2. boolean: BOOLEAN.
 * 3. temporal: DATE, TIME, TIMESTAMP[ WITH TIME ZONE]; and text whose every value is an ISO 8601
 *    date or timestamp (read_json already types clean ISO columns; this catches mixed formats).
 * 4. identifier: UUID; an integer or text column named like a key (`id`, `user_id`, `userId`,
 *    `uuid`, `guid`, `… key`), foreign keys included; a text column whose values are all present,
 *    all different and shaped like keys (no whitespace, at most 64 characters).
 * 5. numeric: integers, floats, decimals, intervals. (Low-cardinality numbers such as `Cylinders`
 *    stay numeric; their top values tell the generator they can also be grouped by.)
 * 6. categorical: ENUM; text of short values that repeat, with at most `enumLimit` distinct values,
 *    or at most 10% of its values (and 1,000) distinct.
 * 7. text: any other text (titles, names, descriptions) and binary values.
 */
export function classifyColumn(facts: ColumnFacts, enumLimit: number): SemanticType {
  const { family, nonNullCount } = facts;
  if (family === 'nested') return 'nested';
  if (family === 'boolean') return 'boolean';
  if (family === 'date' || family === 'timestamp' || family === 'timestamptz' || family === 'time') return 'temporal';
  if (family === 'string' && nonNullCount > 0 && facts.isoTemporalCount === nonNullCount) return 'temporal';
  if (family === 'uuid') return 'identifier';
  if ((family === 'integer' || family === 'string') && looksLikeIdName(facts.name)) return 'identifier';
  if (family === 'string' && isKeyShaped(facts)) return 'identifier';
  if (family === 'integer' || family === 'float' || family === 'decimal' || family === 'interval') return 'numeric';
  if (family === 'enum') return 'categorical';
  if (family === 'string' && isCategorical(facts, enumLimit)) return 'categorical';
  return 'text';
}

/** `id`, `ID`, `user_id`, `order-id`, `hotel key`, `userId`, `accountUUID`, `uuid`, `guid`. */
export function looksLikeIdName(name: string): boolean {
  return /^(id|uuid|guid|pk)$/i.test(name) || /[\s_.-](id|uuid|guid|key)$/i.test(name) || /[a-z0-9](Id|ID|Uuid|UUID|Guid|GUID|Key)$/.test(name);
}

function isKeyShaped(facts: ColumnFacts): boolean {
  const unique = facts.rowCount >= 2 && facts.nonNullCount === facts.rowCount && facts.distinctCount === facts.rowCount;
  return unique && facts.hasWhitespace === false && (facts.maxLength ?? Infinity) <= identifierMaxLength;
}

function isCategorical(facts: ColumnFacts, enumLimit: number): boolean {
  const { nonNullCount, distinctCount } = facts;
  if (distinctCount === 0 || distinctCount >= nonNullCount) return false;
  if ((facts.avgLength ?? 0) > categoricalMaxAvgLength) return false;
  return distinctCount <= enumLimit || (distinctCount <= categoricalMaxRatio * nonNullCount && distinctCount <= categoricalMaxDistinct);
}
