// Reads the parts of a question that do not depend on any program: family cues, numbers with their
// comparison words, limits, sort direction, intervals, dates (chrono-node plus bare years) and
// search terms. Each part keeps its character span so a candidate can be charged for what it ignores.
import * as chrono from 'chrono-node';
import type { ProgramFamily } from '../generation/index.js';
import { courseVerb } from './text-terms.js';

export type Span = readonly [number, number];

export interface Comparison {
  span: Span;
  /** The unit of time written after its number ("more than 2 hours"), which a slot counted in another converts from. */
  unit?: TimeUnit;
  /** A unit of mass, length or volume written after its number ("heavier than 5 kg"), which a column named in another converts from. */
  measure?: MeasureUnit;
  /** Inclusive bounds; a strict word ("more than") is recorded in `strict*` for integer slots. */
  min: number | null;
  max: number | null;
  strictMin: boolean;
  strictMax: boolean;
  /** Its numbers were written as percentages ("above 18%", "50 percent"). */
  percent?: boolean;
  /** Stated by a sign ("a negative anomaly", "positive growth"): no bound where the word is a value. */
  sign?: boolean;
  /** Stated as freezing ("below freezing"): 0 of a temperature in °C, 32 of one in °F, of no other column. */
  freezing?: boolean;
  /** Stated as none ("with no hurricanes", "never had an incident"; not "zero"): zero of a column known to hold zero, of no other. */
  none?: boolean;
  /** Stated by a side of a latitude or longitude ("south of latitude 31", "east of -75"). */
  compass?: boolean;
}

export interface DateBounds {
  span: Span;
  from: string | null;
  to: string | null;
  /** A day written without its year ("September 17"): the year is the reference date's, until the data says which. */
  floating?: boolean;
}

export interface ParsedQuestion {
  text: string;
  lower: string;
  families: Map<ProgramFamily, number>;
  comparisons: Comparison[];
  limit: { value: number; span: Span } | null;
  order: 'asc' | 'desc' | null;
  interval: { value: string; span: Span } | null;
  dates: DateBounds[];
  /** Free text to search for ("containing love", "titled 'Alien'"). */
  searchTerms: { value: string; span: Span }[];
  /** Quoted text and code-like tokens ("LAX", "N123"): candidates for a lookup key. */
  keyTokens: { value: string; span: Span }[];
  /** Asks for the extreme of a measure ("hottest", "the most"): only a program that ranks rows or groups answers it. */
  superlative: boolean;
  /**
   * Asks for the one row at an extreme, with no count stated ("which car has the highest
   * horsepower", "what is the longest flight"): a ranking's count is then 1.
   */
  single: boolean;
  /**
   * Asks which periods rank first ("which month had the most flights", "which year had the highest
   * precipitation"): a time series answers with its first periods, by their count (`by` null) or by
   * the measure column `by` names. Only then does a series take `n`, `order` and `rank_by`.
   * `tables`: the data whose series answer (whose rows are counted, or that have the measure).
   */
  rankedPeriods?: { by: string | null; tables: string[] };
  /**
   * Asks for an average per period ("how many orders a day on average", "the average daily
   * revenue", "average github count per hour"): one figure over the periods, not the series.
   * ("By month", "each month" break the average down: the series' averages.)
   */
  periodAverage: boolean;
  /** Asks for rows by their time ("the latest", "the oldest"): the word, and the order it asks for. */
  timeOrder: { word: string; order: 'asc' | 'desc'; only?: boolean } | null;
  /**
   * Words that may be a data value the router has no list for: proper-noun-like runs ("Japan", "New
   * Zealand"; not the question's first word) and single words after in/for/of/from ("in japan").
   * The router drops the ones that are known words (programs, columns, values, tables).
   */
  valueTokens: { value: string; span: Span; proper: boolean }[];
  /** Asks to change data; no read-only program answers that. */
  destructive: boolean;
  /** Asks for a cause or an explanation ("why did …", "what caused …"): no query over the data answers that. */
  explanatory: boolean;
  /** Spans of numbers already explained (limits, dates), not to be read again as comparisons. */
  usedSpans: Span[];
}

const smallNumbers: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, fifty: 50, hundred: 100, dozen: 12,
};

// A number as people write it: 1,000  2.5  $3m  40k  2 million  ten.
const numberPattern = String.raw`(?:\$\s?)?(?:-?\d{1,3}(?:,\d{3})+|-?\d+(?:\.\d+)?|\.\d+|${Object.keys(smallNumbers).join('|')})(?:\s?(?:k|m|bn|b|thousand|million|billion|mln)\b)?`;
const scaleWords: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, million: 1e6, mln: 1e6, b: 1e9, bn: 1e9, billion: 1e9 };

export function parseNumber(text: string): number | null {
  const match = /^\$?\s?([-\d.,]+|[a-z]+)\s?([a-z]+)?$/.exec(text.trim());
  if (!match) return null;
  const base = smallNumbers[match[1] ?? ''] ?? Number((match[1] ?? '').replaceAll(',', ''));
  if (!Number.isFinite(base)) return null;
  const scale = match[2] ? scaleWords[match[2]] : 1;
  return scale === undefined ? null : base * scale;
}

/** A question asking for a number of things ("how many", "number of"). */
export const howMany = /\b(how many|number of)\b/;

const lowerWords = String.raw`more than|greater than|larger than|bigger than|higher than|longer than|heavier than|older than|taller than|wider than|deeper than|faster than|hotter than|warmer than|over|above|exceeding|exceeds|exceeded|exceed|at least|no less than|not less than|min(?:imum)?(?: of)?|from|since|after|>=|>|starting at`;
const upperWords = String.raw`less than|fewer than|smaller than|lower than|shorter than|lighter than|younger than|narrower than|slower than|colder than|cooler than|cheaper than|under|below|at most|no more than|not more than|up to|max(?:imum)?(?: of)?|until|till|before|<=|<`;
const strictWords = /^(more|greater|larger|bigger|higher|longer|heavier|older|taller|wider|deeper|faster|hotter|warmer|over|above|exceed|after|>|less|fewer|smaller|lower|shorter|lighter|younger|narrower|slower|colder|cooler|cheaper|under|below|before|<)/;

// "the maximum wind speed" is the highest, as is "max x value" opening a question; "maximum 5",
// "average minimum temperature" (a column) are not.
// "The peak construction employment" is the highest too, as is "peak unemployment in construction"
// opening a question, or "what was peak …"; "peak hours", "how many peak readings",
// "readings that are peak" are not.
// ("When did construction unemployment peak": a verb that ends the question, as "peaked".)
const superlative = /\b(?:(?<=^|\bthe\s)(?:max(?:imum)?|min(?:imum)?)(?!\s*(?:of\s+)?[-$\d.])|northernmost|southernmost|easternmost|westernmost|top|highest|most|largest|biggest|greatest|best|longest|heaviest|fastest|quickest|strongest|hottest|warmest|wettest|windiest|oldest|eldest|latest|newest|earliest|tallest|priciest|richest|lowest|least|smallest|fewest|worst|shortest|lightest|slowest|coldest|cheapest|weakest|driest|youngest|poorest|shallowest|narrowest|coolest|deepest|widest|busiest|quietest|bottom|(?<=^\s*|\bthe\s|\bwhat\s(?:was|is|were)\s)peak(?=\s+[a-z])(?!\s+(?:hours?|times?|season|days?|periods?)\b)|peaked|(?<!\b(?:are|is|was|were|be|been|being)\s+)peak(?=\s*(?:(?:in|during|before|after|since)\s+[\w-]+\s*)?[?.!]*\s*$))\b/;
const ascending = /\b(?:(?<=^|\bthe\s)min(?:imum)?(?!\s*(?:of\s+)?[-$\d.])|southernmost|westernmost|lowest|least|smallest|fewest|worst|shortest|lightest|slowest|coldest|cheapest|weakest|driest|youngest|poorest|shallowest|narrowest|coolest|quietest|bottom|ascending)\b/;

// An average per period: the average word, and a period said as a rate ("per day", "a day",
// "daily") or as one typical period ("on an average day").
const averageWord = /\b(?:average|avg|mean|typical|typically)\b/;
const averagedPeriod = /\b(?:per (?:hour|day|week|month|quarter|year)|an hour|a (?:day|week|month|quarter|year)|hourly|daily|weekly|monthly|quarterly|yearly|annual|annually|per annum|an? (?:average|typical) (?:hour|day|week|month|quarter|year))\b/;

const intervals: [RegExp, string][] = [
  [/\b(hourly|per hour|by hour|each hour|every hour|hour by hour|hour-by-hour|an hour|an? (?:average|typical) hour)\b/, 'hour'],
  [/\b(daily|per day|by day|each day|every day|day by day|day-by-day|a day|an? (?:average|typical) day)\b/, 'day'],
  [/\b(weekly|per week|by week|each week|every week|week by week|a week|an? (?:average|typical) week)\b/, 'week'],
  [/\b(monthly|per month|by month|each month|every month|month by month|month-by-month|a month|an? (?:average|typical) month)\b/, 'month'],
  [/\b(quarterly|per quarter|by quarter|each quarter|an? (?:average|typical) quarter)\b/, 'quarter'],
  [/\b(yearly|annually|annual|per year|by year|each year|every year|year by year|year-over-year|a year|per annum|an? (?:average|typical) year)\b/, 'year'],
  [/\b(?:per|by|each|every|in each) decades?\b|\bdecade by decade\b|\bdecade-by-decade\b/, 'decade'],
  [/\b(?:per|by|each|every|in each) (?:century|centuries)\b|\bcentury by century\b/, 'century'],
];

// A request to change data: an imperative at the start ("delete all rows", "please update the
// price…", "can you remove…") or a statement of SQL ("drop table cars"). The same words inside a
// question about the data are nouns or past facts: "the biggest drop in jobs", "rows updated in May".
const changeVerb = String.raw`(?:delete|drop|truncate|insert|update|remove|alter|erase|wipe|overwrite|modify|change|rename)`;
const destructive = new RegExp(
  String.raw`^\s*(?:(?:please|now|then|ok(?:ay)?)[\s,]+)?(?:(?:can|could|would|will) you\s+(?:please\s+)?)?${changeVerb}\b(?!\s+(?:in|of|from|over|between|during)\b)|\b(?:drop|truncate|alter)\s+table\b|\bdelete\s+from\b|\binsert\s+into\b|\bupdate\s+\w+\s+set\b`,
);
// An action on one record, asked as a command: "close ticket TCK-10023", "cancel order 1234", "mark
// invoice 7 as paid", "assign ticket 12 to Lena", "create a new ticket", "give alan a 10% raise". Only with what names a
// record (a code with digits, or "as"/"to" after it) or a new one: "open tickets by agent" and
// "close prices of IBM" are questions.
const recordAction = /^\s*(?:(?:please|now|then|ok(?:ay)?)[\s,]+)?(?:(?:can|could|would|will) you\s+(?:please\s+)?)?(?:(?:close|reopen|cancel|assign|reassign|approve|reject|refund|archive|unarchive|restore|mark|edit|escalate|resolve)\s+(?:the\s+|this\s+|that\s+|my\s+|our\s+)?[a-z]+\s+(?:#?[a-z]*-?\d[\w-]*|[\w-]+\s+(?:as|to)\b)|(?:create|add|open|file|submit|book)\s+(?:a|an)\s+(?:new\s+)?[a-z]+|(?:give|grant|award)\s+(?!(?:me|us)\b)(?:(?!(?:of|for|with|from|in|on)\b)[\w'-]+\s+){1,3}?(?:a|an)\s+(?:\d+(?:\.\d+)?\s*%\s+)?[a-z]+)/;

const explanatory = /^\s*(?:(?:and|so|but)\s+)?(?:why\b|how come\b|what (?:caused|causes|led to|leads to|made)\b|explain\b|what is the reason|what was the reason|what are the reasons)/;

export type TimeUnit = 'millisecond' | 'second' | 'minute' | 'hour' | 'day' | 'week';

const secondsPer: Record<TimeUnit, number> = { millisecond: 0.001, second: 1, minute: 60, hour: 3600, day: 86_400, week: 604_800 };

/** The unit of time a word names ("mins", "hours", "hr"), or undefined. */
export function timeUnitOf(word: string): TimeUnit | undefined {
  // (Milliseconds as a latency's column writes them, `latency_ms`.)
  if (/^(?:ms|msec|millis|milliseconds?)$/.test(word.toLowerCase())) return 'millisecond';
  // (A night is a day of a stay: `nights` of bookings.)
  const match = /^(?:(sec|second)|(min|minute)|(hr|hour)|(day|night)|(week))s?$/.exec(word.toLowerCase());
  if (!match) return undefined;
  return match[1] ? 'second' : match[2] ? 'minute' : match[3] ? 'hour' : match[4] ? 'day' : 'week';
}

/** A duration in one unit in another ("an hour" of a column of minutes is 60). */
export function convertTime(value: number, from: TimeUnit, to: TimeUnit): number {
  return (value * secondsPer[from]) / secondsPer[to];
}

/** A unit of mass, length or volume, with its size in grams, metres or litres. */
export interface MeasureUnit {
  dimension: 'mass' | 'length' | 'volume' | 'area';
  size: number;
}

// Units as a question writes them after a number, and as a column's name ends (`body_mass_g`,
// `flipper_length_mm`, `weight_in_lbs`, `distance_km`). A bare `m` (minutes? millions?) and `in`
// (a preposition) are read only as a column's last word, and `m` there only as metres.
const measureUnits: readonly [RegExp, MeasureUnit][] = [
  [/^(?:mg|milligrams?)$/, { dimension: 'mass', size: 0.001 }],
  [/^(?:g|grams?|gr)$/, { dimension: 'mass', size: 1 }],
  [/^(?:kg|kgs|kilos?|kilograms?)$/, { dimension: 'mass', size: 1000 }],
  [/^(?:tonnes?)$/, { dimension: 'mass', size: 1_000_000 }],
  [/^(?:lbs?|pounds?)$/, { dimension: 'mass', size: 453.59237 }],
  [/^(?:oz|ounces?)$/, { dimension: 'mass', size: 28.349523125 }],
  [/^(?:mm|millimet(?:er|re)s?)$/, { dimension: 'length', size: 0.001 }],
  [/^(?:cm|centimet(?:er|re)s?)$/, { dimension: 'length', size: 0.01 }],
  [/^(?:met(?:er|re)s?)$/, { dimension: 'length', size: 1 }],
  [/^(?:km|kms|kilomet(?:er|re)s?)$/, { dimension: 'length', size: 1000 }],
  [/^(?:inch|inches)$/, { dimension: 'length', size: 0.0254 }],
  [/^(?:ft|foot|feet)$/, { dimension: 'length', size: 0.3048 }],
  [/^(?:mi|miles?)$/, { dimension: 'length', size: 1609.344 }],
  [/^(?:ml|millilit(?:er|re)s?)$/, { dimension: 'volume', size: 0.001 }],
  [/^(?:l|lit(?:er|re)s?)$/, { dimension: 'volume', size: 1 }],
  [/^(?:gal|gallons?)$/, { dimension: 'volume', size: 3.785411784 }],
  // (Areas as one word: "square metres", "sq ft" are made so first, and "m²" is "m2".)
  [/^(?:sqm|m2|sqmt|square met(?:er|re)s?|sq\.? ?m)$/, { dimension: 'area', size: 1 }],
  [/^(?:sqft|ft2|square f(?:ee|oo)t|sq\.? ?ft)$/, { dimension: 'area', size: 0.09290304 }],
  [/^(?:km2|square kilomet(?:er|re)s?|sq\.? ?km)$/, { dimension: 'area', size: 1_000_000 }],
  [/^(?:ha|hectares?)$/, { dimension: 'area', size: 10_000 }],
  [/^(?:acres?)$/, { dimension: 'area', size: 4046.8564224 }],
];

/** The unit of mass, length or volume a word names ("kg", "miles"); `column` also reads `m` and `in` (a column's last word). */
export function measureUnitOf(word: string, column = false): MeasureUnit | undefined {
  const lower = word.toLowerCase();
  if (column && lower === 'm') return { dimension: 'length', size: 1 };
  if (column && lower === 'in') return { dimension: 'length', size: 0.0254 };
  return measureUnits.find(([pattern]) => pattern.test(lower))?.[1];
}

/** A measure in one unit in another of the same dimension ("5 kg" of a column of grams is 5000); undefined across dimensions. */
export function convertMeasure(value: number, from: MeasureUnit, to: MeasureUnit): number | undefined {
  if (from.dimension !== to.dimension) return undefined;
  return (value * from.size) / to.size;
}

// "more than an hour", "under half an hour": a unit of time with no number is one of it (half: 0.5).
const spelledDuration = /\b(more than|less than|fewer than|longer than|shorter than|over|under|above|below|at least|at most|within|up to|exceeding)\s+(half\s+)?(?:an?|one)\s+(second|minute|hour|day|week)\b/gi;

export function parseQuestion(question: string, now: Date): ParsedQuestion {
  // "furthest west", "most northern": one word, as the extremes of a coordinate are named.
  const text = question
    .trim()
    .replace(/\b(?:furthest|farthest|most)\s+(north|south|east|west)(?:ern)?\b/gi, (_whole, direction: string) => `${direction.toLowerCase()}ernmost`)
    .replace(spelledDuration, (_whole, comparison: string, half: string | undefined, unit: string) => `${comparison} ${half ? '0.5' : '1'} ${unit}`);
  const lower = text.toLowerCase();
  const usedSpans: Span[] = [];
  const parsed: ParsedQuestion = {
    text,
    lower,
    families: familyCues(lower),
    comparisons: [],
    limit: null,
    order: null,
    interval: null,
    dates: [],
    searchTerms: [],
    keyTokens: [],
    superlative: false,
    single: false,
    timeOrder: null,
    periodAverage: averageWord.test(lower) && averagedPeriod.test(lower),
    valueTokens: valueTokens(text),
    destructive: destructive.test(lower) || recordAction.test(lower),
    explanatory: explanatory.test(lower),
    usedSpans,
  };

  parsed.searchTerms = searchTerms(text);
  for (const term of parsed.searchTerms) usedSpans.push(term.span);
  parsed.keyTokens = keyTokens(text);

  parsed.dates = dates(text, lower, now);
  parsed.limit = limit(lower);
  if (parsed.limit) usedSpans.push(parsed.limit.span);
  parsed.superlative = superlative.test(lower.replace(/\bat (least|most)\b/g, ' ')) || /\b\w{2,}iest\b/.test(lower);
  if (superlative.test(lower) || parsed.limit) parsed.order = ascending.test(lower) ? 'asc' : 'desc';
  parsed.single = parsed.superlative && !parsed.limit && asksForOne(lower);
  parsed.timeOrder = timeOrderOf(lower);
  // "Who was the last monarch", "the first order": the extreme of a time, as "the latest" is.
  // (So is "when was Golden Dragon last inspected", "when did we first sell a condo": one time.)
  const lastDone = parsed.timeOrder !== null && /^when\b/.test(lower) && (lastDoneWord.test(lower) || whenDidLast.test(lower));
  // (Not in a count: "how many calls were resolved on the first call" counts calls, whatever came first.)
  if (parsed.timeOrder !== null && /^(first|last)$/.test(parsed.timeOrder.word) && !parsed.superlative && !parsed.limit && ((/\bthe (?:first|last) [a-z]{3,}/.test(lower) && !/\b(?:how many|number of)\b/.test(lower)) || lastDone)) {
    parsed.superlative = true;
    parsed.single = lastDone || asksForOne(lower.replace(/\bthe (?:first|last)\b/, 'the latest'));
    // (A ranking asked, in the time's order: "the last price of IBM" is its latest, as "the
    // earliest price" is its first.)
    parsed.order = parsed.timeOrder.order;
    parsed.families.set('top_n', Math.max(parsed.families.get('top_n') ?? 0, 0.8));
  }
  for (const [pattern, value] of intervals) {
    const match = pattern.exec(lower);
    // ("Per day of the week", "by hour of the day", "by month of the year": the weekday, the hour of
    // the day and the month of the year, no series.)
    if (match && /^\s+of\s+(?:the\s+)?(?:week|day|year)\b/.test(lower.slice(match.index + match[0].length))) continue;
    if (match) {
      parsed.interval = { value, span: [match.index, match.index + match[0].length] };
      break;
    }
  }
  parsed.comparisons = comparisons(lower, usedSpans).map((comparison) => {
    const unit = /^\s*(seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|ms|milliseconds?)\b/.exec(lower.slice(comparison.span[1]))?.[1];
    // ("Slower than 500 ms", "faster than 2 minutes": of a time taken, slower is longer.)
    const taken = /^(?:slower|faster)\s+than\b/.test(lower.slice(comparison.span[0])) ? { ...comparison, min: comparison.max, max: comparison.min, strictMin: comparison.strictMax, strictMax: comparison.strictMin } : comparison;
    if (unit !== undefined) return { ...taken, unit: timeUnitOf(unit)! };
    // A unit of measure written after the number ("below 220 V", "over 50 km/h") is part of the
    // bound, no value of a column.
    const measured = /^\s*(?:v|volts?|w|watts?|kw|kwh|mwh|amps?|hz|mph|km\/h|kmh|kph|kg|lbs?|cm|mm|km|°c|°f|ºc|degrees)(?![\w/])/.exec(lower.slice(comparison.span[1]));
    // A unit of mass, length or volume ("heavier than 5 kg", "longer than 3 miles") converts to a
    // column's own; not the first of a rate ("30 miles per gallon" names the column of it).
    // (Or of area: "bigger than 150 m2", "over 2,000 square feet".)
    const word = /^\s*((?:square|sq\.?) ?[a-z]+|[a-z]+2?|m²|ft²)(?![\w²])(?!\s*(?:per\b|\/))/.exec(lower.slice(comparison.span[1]));
    const measure = word ? measureUnitOf(word[1]!.replace('²', '2')) : undefined;
    const span = measured !== null ? measured[0].length : measure !== undefined ? word![0].length : 0;
    return { ...comparison, span: [comparison.span[0], comparison.span[1] + span] as Span, ...(measure ? { measure } : {}) };
  });
  return parsed;
}

// The words that ask for rows by their time: the newest or the oldest ("the first citation", "the
// last 5 orders", not "first name" or "the last 3 years"). ("My last 10 transactions", "last 10
// orders": said of whose, or of a number of rows, as "the" says it.)
const timeOrderWord =
  /\b(latest|newest|earliest|most recent(?:ly)?|recently|recent|oldest|eldest|youngest)\b|\b(?:(?:the|my|our|your|their|its) |(?=(?:first|last) \d+ [a-z]))(first|last)\b(?! (?:\d+ )?(?:names?|years?|months?|weeks?|days?|quarters?|halfs?|halves|hours?|decades?|seasons?|times?)\b)|\b(first|last)\b(?= [a-z]{2,}ed\b| (?:sold|paid|sent|bought|won|lost|made|built|seen|done|held|met)\b)/;
// "When did Sam last go swimming": any verb after "when did … last" (or first).
const whenDidLast = /^\s*when\s+(?:did|does|do|has|have)\b.*?\b(last|first)\s+[a-z]+/;
// "Last"/"first" said of a verb in the past ("last inspected", "first sold").
const lastDoneWord = /\b(?:first|last) (?:[a-z]{2,}ed|sold|paid|sent|bought|won|lost|made|built|seen|done|held|met)\b/;

/** The oldest, earliest or first ascending; the latest, newest, most recent or last descending. */
function timeOrderOf(lower: string): ParsedQuestion['timeOrder'] {
  const match = timeOrderWord.exec(lower);
  // (A verb's "last" only of when: "restaurants last inspected in 2024" asks for no newest one.)
  // ("When did Sam last go swimming": any verb after "when did … last".)
  const didLast = whenDidLast.exec(lower)?.[1];
  const word = match?.[1] ?? match?.[2] ?? (/^when\b/.test(lower) ? (match?.[3] ?? didLast) : undefined);
  // `only`: no other word ranks ("the earliest price of IBM"; not "the latest highest price").
  return word === undefined ? null : { word, order: ['oldest', 'eldest', 'earliest', 'first'].includes(word) ? 'asc' : 'desc', only: !superlative.test(lower.replace(timeOrderWord, ' ')) };
}

function familyCues(lower: string): Map<ProgramFamily, number> {
  const cues = new Map<ProgramFamily, number>();
  const add = (family: ProgramFamily, weight: number) => cues.set(family, Math.max(cues.get(family) ?? 0, weight));
  if (/\b(how many|number of|count|counts|tally|how often)\b/.test(lower)) add('count', 1);
  // "the 3 most common genres", "the least frequent origin": groups ranked by how many rows they have.
  if (/\b(most|least) (common|frequent|usual)\b|\b(commonest|frequency|frequencies)\b/.test(lower)) add('count', 1);
  // "the busiest dropoff zone", "the quietest station": the group with the most (fewest) rows.
  if (/\b(busiest|quietest|least busy)\b/.test(lower)) add('count', 1);
  if (/\b(average|avg|mean|total|sum|median|typical)\b/.test(lower.replace(/\btotal (number|count)\b/g, ''))) add('aggregate', 1);
  // "How much did the Police department spend": a quantity added up, no rows listed.
  if (/\bhow much\b/.test(lower)) add('aggregate', 0.6);
  if (/\b(compare|comparison|break ?down|breakdown|broken down|grouped by|by each|for each|across)\b/.test(lower)) add('aggregate', 0.6);
  // "Break down the invoices by status": rows broken down are counted, unless a measure is named
  // (its words find the aggregate).
  if (/\b(break ?down|breakdown|broken down|grouped by|split|distribution)\b/.test(lower)) add('count', 0.6);
  if (/\b(over time|trend|trends|evolution|timeline|time series|per (hour|day|week|month|year|quarter|decade|century)|by (hour|day|week|month|quarter|decade|century)|hourly|daily|weekly|monthly|quarterly|yearly|annually|each (hour|day|week|month|year|decade|century)|over the (years|months|weeks|decades|centuries))\b/.test(lower) || courseVerb.test(lower)) add('time_series', 1);
  // ("Average S&P 500 price by year": a series too, beside a grouping by a year column where the data has one.)
  else if (/\bby year\b/.test(lower)) add('time_series', 0.6);
  if (/\b(top|bottom|rank|ranking|ranked)\b/.test(lower) || superlative.test(lower) || /\b\w{3,}est\b/.test(lower)) add('top_n', 0.8);
  // "over time" and "over the years" ask for a trend, not for values over a bound.
  const bounded = lower.replace(/\bover (time|the (years|months|weeks|days|decades|course of \w+))\b/g, ' ');
  if (/\b(between|more than|less than|greater than|fewer than|over|under|above|below|at least|at most|no more than|exceeding|exceeds|exceeded|exceed|since|after|before|from .+ to|until|in \d{4}|during)\b/.test(bounded)) add('range', 0.8);
  if (/\b(search|contain|containing|contains|mention|mentions|mentioning|titled|named|called|with the word|including the word|matching|about)\b/.test(lower) || /["“'‘][^"”'’]{2,}["”'’]/.test(lower)) add('text_search', 1);
  if (/\b(look ?up|details (for|of|on|about)|info(rmation)? (for|on|about)|record for|what is the .+ with (code|id|key)|which .+ has (code|id))\b/.test(lower)) add('lookup', 1);
  if (/^\s*(list|show|display|give me|get|which|what are the|find)\b/.test(lower)) add('list', 0.5);
  // "how many years had an anomaly above 0.5": the bound says what is counted, the answer is a count.
  if (howMany.test(lower) && cues.has('range')) cues.delete('range');
  return cues;
}

/**
 * Whether a which/what/who question asks for one thing: its verb before the superlative is singular
 * ("which car has…", "what is the…", "who was…", "what's the…"), or, with no auxiliary, a singular
 * noun comes before a verb ("which disaster killed the most people", "which airline flies…").
 * "which cars have…", "what are the…" and "which cars cost the most" ask for several.
 */
function asksForOne(lower: string): boolean {
  const extreme = superlative.exec(lower) ?? /\b\w{2,}iest\b/.exec(lower);
  if (extreme && /^\s*(?:the\s+)?$/.test(lower.slice(0, extreme.index))) return singularHead(lower.slice(extreme.index + extreme[0].length));
  // ("The island with the most penguins", "player with the most rebounds": a noun in the singular
  // before "with the most".)
  const having = /^\s*(?:(?:show|find|give)\s+(?:me\s+)?)?(?:the\s+)?([a-z]+)\s+(?:with|having|that\s+(?:has|had))\s+the\s*$/.exec(extreme ? lower.slice(0, extreme.index) : '');
  const noun = having?.[1];
  if (noun !== undefined) return !/[^s]s$/.test(noun) && !/(?:species|series)$/.test(noun);
  if (!/^\s*(?:which|what|who|when|where)\b/.test(lower) || !extreme) return false;
  const before = lower.slice(0, extreme.index);
  // ("Which merchant do we spend the most at": "do" agrees with its subject; the noun asked says one.)
  const done = /^\s*which\s+([a-z]+)\s+(?:do|does|did)\s+(?:we|you|they|i|people|(?:the\s+|our\s+)?[a-z]+s)\b/.exec(lower);
  if (done) return !(done[1] ?? '').endsWith('s');
  if (/\b(are|were|have|do)\b/.test(before)) return false;
  if (/\b(is|was|has|had|does|did)\b|\b(?:what|who)'s\b/.test(before)) return true;
  // "who opened the most issues": one person.
  const who = /^\s*who\s+([a-z]+)\b/.exec(lower);
  if (who && (/ed$/.test(who[1]!) || irregularPast.test(who[1]!))) return true;
  const subject = /^\s*which\s+([a-z]+)\s+([a-z]+)\b/.exec(lower);
  if (subject !== null && !subject[1]!.endsWith('s') && (/(?:[^s]s|ed)$/.test(subject[2]!) || irregularPast.test(subject[2]!))) return true;
  // (A subject of two or three words, "which on-call engineer resolved the most": its last word says one.)
  const said = lower.trim().split(/[\s-]+/);
  if (said[0] !== 'which') return false;
  // ("Which vehicle class brings in the most": a verb in -s too, after a noun in -ss.)
  const verb = [3, 4].find((at) => /[a-z]{3}ed$|[a-z][^s]s$/.test(said[at] ?? '') || irregularPast.test(said[at] ?? ''));
  return verb !== undefined && !/[^s]s$/.test(said[verb - 1] ?? 's');
}

/** A word that asks for one value per group ("per year", "by department", "in each office"). */
export const perGroupWord = /\b(?:per|by|each|every|across)\b/;

/**
 * Of a question that opens with its superlative ("max humidity reading", "the highest x value",
 * "lowest temperatures in july"): whether the noun it ranks, the last word before a preposition or
 * the end, is singular and not one per group — one thing asked for.
 */
function singularHead(rest: string): boolean {
  // (One per group is no one thing: "the highest temperature per year", "top salary in each department".)
  if (perGroupWord.test(rest)) return false;
  const phrase = rest.split(/\b(?:in|of|for|by|from|on|at|during|with|per|among|between|since|before|after|across|over|under|and|or)\b|[?.!,]/)[0] ?? '';
  const head = phrase.trim().split(/\s+/).at(-1);
  return head !== undefined && /^[a-z]{2,}$/.test(head) && (!head.endsWith('s') || head.endsWith('ss'));
}

/** Past tenses without -ed that follow a singular subject ("which movie made the most money"). */
export const irregularPast = /^(?:made|sold|won|got|took|brought|ran|spent|paid|grew|drew|gave|kept|held|lost|hit|sent|built|bought|caught|fought|led|left|wrote|drove|flew|rode|threw|cost)$/;

// Words ending like a superlative that are none.
const notSuperlative = new Set(['interest', 'forest', 'request', 'contest', 'protest', 'harvest', 'invest', 'suggest', 'digest', 'honest', 'modest', 'conquest', 'arrest', 'attest', 'manifest', 'inquest', 'quest', 'earnest', 'midwest', 'southwest', 'northwest']);

/** "deadliest", "largest", "wealthiest": a superlative by its ending, not from a list. */
export function superlativeWord(word: string): boolean {
  return word.length >= 6 && /(?:iest|[^aeiou]est|[a-z]{3}most)$/.test(word) && !notSuperlative.has(word);
}

function limit(lower: string): { value: number; span: Span } | null {
  const patterns = [
    // ("The last 30 days", "the first 2 weeks" are periods, not counts of rows; "the top 5 years" ranks years.)
    new RegExp(String.raw`\b(?:top|bottom|limit(?: to)?|best|worst)\s+(${numberPattern})\b`),
    new RegExp(String.raw`\b(?:first|last)\s+(${numberPattern})\b(?!\s+(?:full\s+|calendar\s+)?(?:seconds?|minutes?|hours?|days?|weeks?|months?|quarters?|years?)\b)`),
    new RegExp(String.raw`\b(${numberPattern})\s+(?:\w+\s+){0,3}?(?:most|least|highest|lowest|largest|smallest|biggest|best|worst|longest|shortest|heaviest|lightest|fastest|slowest|top|greatest|fewest|oldest|youngest)\b`),
    new RegExp(String.raw`^(?:show|list|give|get|find|display)(?: me)?(?: the)?\s+(${numberPattern})\s+[a-z]`),
    // "which 5 years were the coldest", "what 3 states had the most": the count asked before a plural
    // and its verb (a superlative follows; "which 4 cylinder cars" counts nothing).
    // ("Which 3 months of 2019 had the highest co2": a year between is the months'.)
    new RegExp(String.raw`^(?:which|what)\s+(${numberPattern})\s+[a-z]+s\s+(?:(?:of|in|during)\s+\d{4}\s+)?(?:were|are|had|have|did|do|was|saw|got)\b(?=.*\b(?:[a-z]+est|most|least|top|bottom)\b)`),
  ];
  // "the lowest 2 yields", "highest 5 prices": after the superlative, before what is counted; a
  // year there is no count ("the highest 1990 population").
  // ("the latest 5 tickets", "the most recent 3 orders" too.)
  const after = new RegExp(
    String.raw`\b(?:most|least|highest|lowest|largest|smallest|biggest|longest|shortest|heaviest|lightest|fastest|slowest|greatest|fewest|cheapest|oldest|youngest|newest|latest|earliest|recent)\s+(${numberPattern})\s+[a-z]`,
  );
  for (const pattern of [...patterns, after]) {
    const match = pattern.exec(lower);
    const raw = match?.[1];
    if (!match || raw === undefined) continue;
    const value = parseNumber(raw);
    if (value === null || !Number.isInteger(value) || value <= 0 || (pattern === after && value >= 1000)) continue;
    // "at least 95 points", "at most 3": a bound, no count of rows.
    if (pattern === after && /^(?:most|least)\b/.test(match[0]) && /\bat\s+$/.test(lower.slice(0, match.index))) continue;
    const start = match.index + match[0].indexOf(raw);
    // "which month of 2019 had the highest co2": a year said as a date is no count.
    if (/^(?:1[0-9]|20|21)\d\d$/.test(raw) && /\b(?:of|in|during|since|for|from|until|till|before|after|through)\s+(?:the\s+year\s+)?$/.test(lower.slice(0, start))) continue;
    return { value, span: [start, start + raw.length] };
  }
  // "the 5 deadliest disasters", "3 wealthiest states": any superlative by its ending.
  for (const match of lower.matchAll(new RegExp(String.raw`\b(${numberPattern})\s+(?:[a-z]+\s+){0,2}?([a-z]+(?:est|most))\b`, 'g'))) {
    const raw = match[1] ?? '';
    const value = parseNumber(raw);
    if (!superlativeWord(match[2] ?? '') || value === null || !Number.isInteger(value) || value <= 0 || value >= 1000) continue;
    const start = match.index + match[0].indexOf(raw);
    return { value, span: [start, start + raw.length] };
  }
  return null;
}

// A percent sign or word after a number ("18%", "15 percent", "50 pct").
const percentSign = /(\d)(\s*(?:%|per\s?cent\b|pct\b))/g;

function comparisons(text: string, usedSpans: Span[]): Comparison[] {
  // The signs are blanked (spans stay where they are) and remembered by where their number ends.
  const percents: number[] = [];
  const lower = text.replace(percentSign, (_whole, digit: string, sign: string, offset: number) => {
    percents.push(offset + 1);
    return digit + ' '.repeat(sign.length);
  });
  const out: Comparison[] = [];
  const taken = (start: number, end: number) => [...usedSpans, ...out.map((c) => c.span)].some(([s, e]) => start < e && end > s);
  // "between 100 and 150", "from 100 to 150", "100 - 150", "100 through 150", "100 until 150"; a bare
  // "A and B" is no range ("4 cylinders and 100 hp"), and a date's "2015-12" is no "A - B".
  const joined = String.raw`(${numberPattern})\s*(?:to|-|–|—|through|thru|until|till)\s*(${numberPattern})`;
  const between = new RegExp(String.raw`\b(?:between|from)\s+(${numberPattern})\s*(?:and|to|-|–|—|through|thru|until|till)\s*(${numberPattern})(?![\d/-])|(?<![\w.,$-])${joined}(?![\d/.-])`, 'g');
  for (const match of lower.matchAll(between)) {
    const a = parseNumber(match[1] ?? match[3] ?? '');
    const b = parseNumber(match[2] ?? match[4] ?? '');
    const start = match.index;
    const end = start + match[0].length;
    if (a === null || b === null || taken(start, end)) continue;
    out.push({ span: [start, end], min: Math.min(a, b), max: Math.max(a, b), strictMin: false, strictMax: false });
  }
  // "states that had no hurricanes", "days with zero precipitation": none of what the word counts.
  for (const match of lower.matchAll(/\b(?:had|have|has|with|got|saw|recorded)\s+(?:no|zero)\s+([a-z]{3,})\b/g)) {
    const start = match.index + match[0].search(/\b(?:no|zero)\b/);
    const end = match.index + match[0].length;
    if (taken(start, end)) continue;
    out.push({ span: [start, end], min: 0, max: 0, strictMin: false, strictMax: false, none: /^no\b/.test(lower.slice(start)) });
  }
  // "states that have never had a hurricane", "never recorded any": none either.
  for (const match of lower.matchAll(/\bnever\s+(?:(?:been\s+)?(?:had|have|has|got|seen|saw|recorded|experienced|suffered|hit\s+by)\s+)(?:a|an|any)\s+([a-z]{3,})\b/g)) {
    const start = match.index;
    const end = match.index + match[0].length;
    if (taken(start, end)) continue;
    out.push({ span: [start, end], min: 0, max: 0, strictMin: false, strictMax: false, none: true });
  }
  // "magnitude 5 or more", "3 or fewer cylinders", "10+ goals": the number first, its side after.
  // (Its unit may come between: "95 points or more", "3 bedrooms or fewer".)
  const trailing = new RegExp(String.raw`(?<![\w.])(${numberPattern})\s*(?:(?:[a-z]+\s+){0,2}?or\s+(more|above|over|higher|greater|larger|bigger|less|fewer|below|under|lower|smaller)\b|\+(?!\d))`, 'g');
  for (const match of lower.matchAll(trailing)) {
    const value = parseNumber(match[1] ?? '');
    const start = match.index;
    const end = start + match[0].length;
    if (value === null || taken(start, end)) continue;
    const upper = /^(less|fewer|below|under|lower|smaller)$/.test(match[2] ?? '');
    out.push({ span: [start, end], min: upper ? null : value, max: upper ? value : null, strictMin: false, strictMax: false });
  }
  // North and east of a latitude or longitude are above it, south and west below, strictly ("south
  // of latitude 31", "east of -75"; the coordinate may be named between side and number).
  const compass = new RegExp(String.raw`\b(north|south|east|west) of (?:(?:the )?(?:latitude|longitude|lat|lon|lng|long)\s+)?(${numberPattern})(?![\d/-])`, 'g');
  for (const match of lower.matchAll(compass)) {
    const value = parseNumber(match[2] ?? '');
    const start = match.index;
    const end = start + match[0].length;
    if (value === null || taken(start, end)) continue;
    const isLower = match[1] === 'north' || match[1] === 'east';
    out.push({ span: [start, end], min: isLower ? value : null, max: isLower ? null : value, strictMin: isLower, strictMax: !isLower, compass: true });
  }
  // "Hours below freezing", "days above freezing": a temperature below or above its freezing point.
  for (const match of lower.matchAll(/\b(below|under|above|over)\s+(?:the\s+)?freezing(?:\s+point)?\b/g)) {
    const start = match.index;
    const end = start + match[0].length;
    if (taken(start, end)) continue;
    const upper = match[1] === 'below' || match[1] === 'under';
    out.push({ span: [start, end], min: upper ? null : 0, max: upper ? 0 : null, strictMin: !upper, strictMax: upper, freezing: true });
  }
  // "Years with a negative anomaly", "months of positive growth": below zero or above it, strictly.
  for (const match of lower.matchAll(/\b(negative|positive)\b/g)) {
    const start = match.index;
    const end = start + match[0].length;
    if (taken(start, end)) continue;
    const negative = match[1] === 'negative';
    out.push({ span: [start, end], min: negative ? null : 0, max: negative ? 0 : null, strictMin: !negative, strictMax: negative, sign: true });
  }
  const bound = new RegExp(String.raw`(?:^|[^a-z])(${lowerWords}|${upperWords})\s*(?:of\s+|than\s+)?(${numberPattern})(?![\d/-])`, 'g');
  for (const match of lower.matchAll(bound)) {
    const word = match[1] ?? '';
    const raw = match[2] ?? '';
    const value = parseNumber(raw);
    const start = match.index + match[0].indexOf(word);
    const end = match.index + match[0].length;
    if (value === null || taken(start, end)) continue;
    const isLower = new RegExp(String.raw`^(?:${lowerWords})$`).test(word);
    const strict = strictWords.test(word);
    out.push({ span: [start, end], min: isLower ? value : null, max: isLower ? null : value, strictMin: isLower && strict, strictMax: !isLower && strict });
  }
  for (const comparison of out) if (percents.some((at) => at > comparison.span[0] && at <= comparison.span[1])) comparison.percent = true;
  return out;
}

const yearPattern = String.raw`(1[6-9]\d\d|20\d\d)`;

// Holidays on a fixed day, which chrono does not know ("the weather on christmas day 2014"): the
// day, of the year said after it, or without one the data's latest such day (as "on July 4").
const holidays: readonly (readonly [string, number, number])[] = [
  [String.raw`christmas\s+eve`, 12, 24],
  [String.raw`christmas(?:\s+day)?|xmas(?:\s+day)?`, 12, 25],
  [String.raw`boxing\s+day`, 12, 26],
  [String.raw`new\s+year'?s\s+eve`, 12, 31],
  [String.raw`new\s+year'?s(?:\s+day)?`, 1, 1],
  [String.raw`valentine'?s(?:\s+day)?`, 2, 14],
  [String.raw`st\.?\s+patrick'?s\s+day|saint\s+patrick'?s\s+day`, 3, 17],
  [String.raw`halloween`, 10, 31],
  [String.raw`independence\s+day|(?:the\s+)?fourth\s+of\s+july`, 7, 4],
];
const holidayPattern = new RegExp(String.raw`\b(?:(${holidays.map(([words]) => `(${words})`).join('|')}))(?:,?\s+(?:of\s+)?${yearPattern})?\b`, 'i');
/**
 * What every one of chrono's English parsers (and the holidays') needs in the text to find anything:
 * a digit, a month's or a weekday's name or its first letters, a word of the day's times or of
 * today and tomorrow, a unit of time (with its one-letter forms, "in a d"), or a holiday's name.
 * Without one, chrono finds nothing, and is not asked (it is half the time of `parseQuestion`). The
 * test is wider than chrono (any word starting "mar" or "sun"), never narrower; `question-dates.spec`
 * checks that chrono finds nothing in the questions the test leaves out.
 */
export const mayHoldDate = /\d|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|sun|mon|tue|wed|thu|fri|sat|week|now|today|tonight|tomorrow|overmorrow|tmrw?|yesterday|night|morning|afternoon|evening|midnight|midday|noon|sec|min|hr|hour|day|mo|qtr|quarter|half|yr|year|christmas|xmas|boxing|new\s+year|valentine|st\.?\s+patrick|saint\s+patrick|halloween|independence|fourth\s+of|(?:s|m|h|d|w|y)\b)/i;

const dateParser = chrono.casual.clone();
dateParser.parsers.push({
  pattern: () => holidayPattern,
  extract: (_context, match) => {
    const index = holidays.findIndex((_, position) => match[position + 2] !== undefined);
    const [, month, day] = holidays[index]!;
    const year = match[holidays.length + 2];
    return year === undefined ? { month, day } : { month, day, year: Number(year) };
  },
});

/** The years first to last said after `word`: all of them (in, during, of…), from them on (since, from), after, before or until them. */
function yearsSaid(span: Span, word: string | undefined, first: number, last: number): DateBounds {
  if (word === 'since' || word === 'from') return { span, from: `${first}-01-01`, to: null };
  if (word === 'after') return { span, from: `${last + 1}-01-01`, to: null };
  if (word === 'before') return { span, from: null, to: `${first - 1}-12-31` };
  if (word === 'until' || word === 'till' || word === 'through') return { span, from: null, to: `${last}-12-31` };
  return { span, from: `${first}-01-01`, to: `${last}-12-31` };
}

function dates(text: string, lower: string, now: Date): DateBounds[] {
  const out: DateBounds[] = [];
  const covered = (start: number, end: number) => out.some(({ span: [s, e] }) => start < e && end > s);
  // Bare years first: chrono reads neither "since 2005" nor "between 2001 and 2003".
  const yearRange = new RegExp(String.raw`\b(?:between|from)\s+${yearPattern}\s*(?:and|to|-|until|through)\s*${yearPattern}\b|\b${yearPattern}\s*(?:-|to)\s*${yearPattern}\b`, 'g');
  for (const match of lower.matchAll(yearRange)) {
    const a = match[1] ?? match[3];
    const b = match[2] ?? match[4];
    if (!a || !b) continue;
    out.push({ span: [match.index, match.index + match[0].length], from: `${Math.min(+a, +b)}-01-01`, to: `${Math.max(+a, +b)}-12-31` });
  }
  // Decades and centuries ("the 1970s", "in the 1600s"): ten years, or a hundred where the year
  // ends in 00 (the 1900s are the 20th century, as people mostly mean them).
  const decade = /\b(?:(in|during|since|after|before|until|till|through|of|for|from)\s+)?(?:the\s+)?(1[6-9]\d0|20\d0)'?s\b/g;
  for (const match of lower.matchAll(decade)) {
    const first = Number(match[2]);
    const last = first + (first % 100 === 0 ? 99 : 9);
    const span: Span = [match.index, match.index + match[0].length];
    if (!covered(...span)) out.push(yearsSaid(span, match[1], first, last));
  }
  // ISO dates written as a range: chrono misreads some ("2014-03-01 through 2014-03-05" → "01 through 2014-03").
  const isoRange = /\b(between\s+|from\s+)?(\d{4}-\d{2}-\d{2})\s*(and|to|-|–|—|through|thru|until|till)\s*(\d{4}-\d{2}-\d{2})\b/g;
  for (const match of lower.matchAll(isoRange)) {
    const [a, b] = [match[2] ?? '', match[4] ?? ''].sort();
    if (match[3] === 'and' && !match[1]) continue;
    if (a && b && !Number.isNaN(Date.parse(a)) && !Number.isNaN(Date.parse(b))) out.push({ span: [match.index, match.index + match[0].length], from: a, to: b });
  }
  for (const quarter of quarters(lower, now)) if (!covered(...quarter.span)) out.push(quarter);
  // "In the year 1902" is that year (chrono reads "in the year" as a year from now).
  for (const match of lower.matchAll(new RegExp(String.raw`\b(?:(in|during|of|for|since|from|after|before|until|till|through)\s+)?the\s+year\s+${yearPattern}\b`, 'g'))) {
    const span: Span = [match.index, match.index + match[0].length];
    if (!covered(...span)) out.push(yearsSaid(span, match[1], Number(match[2]), Number(match[2])));
  }
  const results = mayHoldDate.test(text) ? dateParser.parse(text, now) : [];
  for (let i = 0; i < results.length; i += 1) {
    const result = results[i];
    if (!result) continue;
    const start = result.index;
    let end = start + result.text.length;
    if (covered(start, end)) continue;
    // "between 2015-12-25 and 2015-12-27": chrono reads two dates; they are one range's two ends.
    const next = results[i + 1];
    if (next && !result.end) {
      const joiner = rangeJoiner.exec(text.slice(end, next.index).toLowerCase());
      const before = lower.slice(Math.max(0, start - 14), start);
      const opener = /\b(between|from)\s*(the\s+)?$/.exec(before);
      if (joiner && (joiner[1] !== 'and' || opener)) {
        // "between April 30 and May 1 1992": the year written once belongs to both ends.
        const year = !result.start.isCertain('year') && next.start.isCertain('year') ? (next.start.get('year') ?? undefined) : undefined;
        const first = { from: bucketStart(result.start, year), to: bucketEnd(result.start, year) };
        const second = { from: bucketStart(next.start), to: next.end ? bucketEnd(next.end) : bucketEnd(next.start) };
        const [low, high] = first.from <= second.from ? [first, second] : [second, first];
        end = next.index + next.text.length;
        out.push({ span: [opener ? start - before.length + opener.index : start, end], from: low.from, to: high.to });
        i += 1;
        continue;
      }
    }
    // "Now" is the present, no day to filter by: "that's all for now", "available right now".
    if (/^(?:right\s+)?now$/i.test(result.text.trim())) continue;
    const relative = /\b(last|this|next|past|ago|yesterday|today|tomorrow|tonight)\b/i.test(result.text);
    // "sun" and "at 8" are not dates in a question about weather or cylinders.
    if (!relative && !result.start.isCertain('year') && !result.start.isCertain('month')) continue;
    const from = bucketStart(result.start);
    const finish = result.end ? bucketEnd(result.end) : bucketEnd(result.start);
    const before = lower.slice(Math.max(0, start - 14), start);
    // A day or a month said without its year ("on July 4", "in November", "since March", "before
    // June") is the data's: the latest such day or month the data reaches, not this year's when the
    // data ends before it.
    const yearless = !relative && !result.end && !result.start.isCertain('year') && result.start.isCertain('month') ? { floating: true } : {};
    if (/\b(before|until|till|up to|through|by)\s*(the\s+)?$/.test(before)) out.push({ span: [start, end], from: null, to: result.end ? finish : previousDay(from), ...yearless });
    // "calls from October 2026" are that month's; "from October 2026 on" and "since" are open-ended.
    else if (/\b(since|after|from|starting)\s*(the\s+)?$/.test(before) && !result.end && !(/\bfrom\s*(the\s+)?$/.test(before) && !openEnded.test(lower.slice(end)))) out.push({ span: [start, end], from: /\bafter\s*(the\s+)?$/.test(before) ? nextDay(finish) : from, to: null, ...yearless });
    else {
      out.push({ span: [start, end], from, to: relative && !result.end && /\b(last|past)\s+\d+|\bago\b/i.test(result.text) ? isoDay(now) : finish, ...yearless });
    }
  }
  // "for 2009" only as the question's last words or before and/or: "cars for 2000 dollars" is a price.
  const single = new RegExp(String.raw`(?:\b(in|during|since|after|from|before|until|till|through|of|for)\s+(?:the\s+year\s+)?)?\b${yearPattern}\b(?<!\bfor\s+(?:the\s+year\s+)?\d{4})|\bfor\s+(?:the\s+year\s+)?${yearPattern}(?=\s*(?:$|[?.!,;]|and\b|or\b|only\b))`, 'g');
  for (const match of lower.matchAll(single)) {
    const year = match[2] ?? match[3] ?? '';
    const start = match.index;
    const end = start + match[0].length;
    if (covered(start, end)) continue;
    const word = match[1] ?? (match[3] ? 'for' : undefined);
    if (!word && !/\b(year|released|made|built|founded|from|in)\b/.test(lower)) continue;
    if (word === 'since' || (word === 'from' && openEnded.test(lower.slice(end)))) out.push({ span: [start, end], from: `${year}-01-01`, to: null });
    else if (word === 'after') out.push({ span: [start, end], from: `${Number(year) + 1}-01-01`, to: null });
    else if (word === 'before') out.push({ span: [start, end], from: null, to: `${Number(year) - 1}-12-31` });
    else if (word === 'until' || word === 'till' || word === 'through') out.push({ span: [start, end], from: null, to: `${year}-12-31` });
    else out.push({ span: [start, end], from: `${year}-01-01`, to: `${year}-12-31` });
  }
  return out;
}

const quarterNumbers: Record<string, number> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, last: 4, final: 4 };

/** A calendar quarter's first and last days. */
function quarterDays(year: number, quarter: number): { from: string; to: string } {
  const from = `${year}-${String(quarter * 3 - 2).padStart(2, '0')}-01`;
  return { from, to: isoDay(new Date(Date.UTC(year, quarter * 3, 0))) };
}

/**
 * Calendar quarters, which chrono reads as whole years: "Q1 2024", "2024 Q2", "the third quarter
 * of 2023", "last quarter" (the one before today's), "this quarter". A quarter said without its
 * year ("in Q3", "the fourth quarter") is the data's latest, as a month without its year is.
 * Halves of a year too ("the first half of 2025", "H2 2024").
 */
function quarters(lower: string, now: Date): DateBounds[] {
  const out: DateBounds[] = [];
  const named = /\b(?:q([1-4])|(first|second|third|fourth|last|final|1st|2nd|3rd|4th)\s+quarter)(?:\s+(?:of\s+)?(?:fy\s*)?((?:19|20)\d{2}))?\b|\b((?:19|20)\d{2})[\s-]*q([1-4])\b/g;
  for (const match of lower.matchAll(named)) {
    const word = match[2];
    const year = match[3] ?? match[4];
    // ("Last quarter" alone is the one before today's: below.)
    if (year === undefined && (word === 'last' || word === 'final')) continue;
    const quarter = Number(match[1] ?? match[5] ?? quarterNumbers[word ?? '']);
    out.push({ span: [match.index, match.index + match[0].length], ...quarterDays(year === undefined ? now.getUTCFullYear() : Number(year), quarter), ...(year === undefined ? { floating: true } : {}) });
  }
  // Halves of a year, as quarters: "the first half of 2025", "H2 2024", "2024 H1".
  const halves = /\b(?:h([12])|(first|second|1st|2nd)\s+half)(?:\s+(?:of\s+)?(?:fy\s*)?((?:19|20)\d{2}))?\b|\b((?:19|20)\d{2})[\s-]*h([12])\b/g;
  for (const match of lower.matchAll(halves)) {
    const year = match[3] ?? match[4];
    const half = Number(match[1] ?? match[5] ?? (/^(?:first|1st)$/.test(match[2] ?? '') ? 1 : 2));
    const start = quarterDays(year === undefined ? now.getUTCFullYear() : Number(year), half * 2 - 1);
    const end = quarterDays(year === undefined ? now.getUTCFullYear() : Number(year), half * 2);
    out.push({ span: [match.index, match.index + match[0].length], from: start.from, to: end.to, ...(year === undefined ? { floating: true } : {}) });
  }
  const current = { year: now.getUTCFullYear(), quarter: Math.floor(now.getUTCMonth() / 3) + 1 };
  for (const match of lower.matchAll(/\b(last|previous|past|this|current|next)\s+quarter\b(?!\s+(?:of\s+)?(?:19|20)\d{2})/g)) {
    if (out.some(({ span: [s, e] }) => match.index < e && match.index + match[0].length > s)) continue;
    const step = /^(last|previous|past)$/.test(match[1]!) ? -1 : match[1] === 'next' ? 1 : 0;
    const index = current.year * 4 + current.quarter - 1 + step;
    out.push({ span: [match.index, match.index + match[0].length], ...quarterDays(Math.floor(index / 4), (index % 4) + 1) });
  }
  return out;
}

type ChronoComponents = chrono.ParsedComponents;

/** After "from <date>": the rest of time from it on ("from 2020 onwards", "from March on"). */
const openEnded = /^\s*(?:on|onwards?|forward|and (?:later|after)|or (?:later|after)|until (?:now|today)|to (?:now|today|date|the present))\b/;

// What joins the two ends of a range: "A and B" (after "between"), "A to B", "A - B", "A through B", "A until B".
const rangeJoiner = /^\s*(and|to|-|–|—|through|thru|until|till)\s*$/;

/** `year` replaces an implied year (one the question wrote only at the range's other end). */
function bucketStart(c: ChronoComponents, impliedYear?: number): string {
  const year = impliedYear ?? c.get('year') ?? 1970;
  if (!c.isCertain('month') && !c.isCertain('day')) return `${year}-01-01`;
  const month = c.get('month') ?? 1;
  if (!c.isCertain('day')) return `${year}-${pad(month)}-01`;
  return `${year}-${pad(month)}-${pad(c.get('day') ?? 1)}`;
}

function bucketEnd(c: ChronoComponents, impliedYear?: number): string {
  const year = impliedYear ?? c.get('year') ?? 1970;
  if (!c.isCertain('month') && !c.isCertain('day')) return `${year}-12-31`;
  const month = c.get('month') ?? 12;
  if (!c.isCertain('day')) return `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
  return `${year}-${pad(month)}-${pad(c.get('day') ?? 1)}`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function nextDay(iso: string): string {
  return isoDay(new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000));
}

function previousDay(iso: string): string {
  return isoDay(new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000));
}

const termStop = String.raw`(?=\s+(?:in|on|of|from|with|and|or|by|for|at|that|which|whose|where|please)\b|[?.!,;]|$)`;

function searchTerms(text: string): { value: string; span: Span }[] {
  const out: { value: string; span: Span }[] = [];
  for (const match of text.matchAll(/["“‘]([^"”’]{1,80})["”’]|(?:^|\s)'([^']{1,80})'(?=\s|[?.!,]|$)/g)) {
    const value = (match[1] ?? match[2] ?? '').trim();
    if (value) out.push({ value, span: [match.index, match.index + match[0].length] });
  }
  if (out.length > 0) return out;
  const cue = new RegExp(String.raw`\b(?:containing|contains|contain|mentioning|mentions|mention|with the words?|including the words?|named|called|titled|matching|search(?:ing)? for|about|like)\s+(?:the\s+words?\s+)?([\p{L}\p{N}][\p{L}\p{N}'&.-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}'&.-]*){0,3}?)${termStop}`, 'giu');
  for (const match of text.matchAll(cue)) {
    const value = (match[1] ?? '').trim();
    if (value) out.push({ value, span: [match.index, match.index + match[0].length] });
  }
  // "with love in the title", "that have Spielberg in their director".
  const inside = /\b(?:with|have|has|having)\s+([\p{L}\p{N}][\p{L}\p{N}'&.-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}'&.-]*){0,2}?)\s+in\s+(?:the|their|its)\s+[a-z]+/giu;
  for (const match of text.matchAll(inside)) {
    const value = (match[1] ?? '').trim();
    // The span is the term alone: "in the title" still tells which column to search.
    const start = match.index + match[0].indexOf(value, match[0].search(/\s/));
    if (value) out.push({ value, span: [start, start + value.length] });
  }
  return out;
}

// Words for a data set as a whole, as a question says where its rows are ("how many artworks are in
// the collection", "… in the catalog", "… in the database"), or the whole its rows make ("the
// highest salary in the company", "the largest country in the world"). A data set holding one as a
// value is still found by its values.
// (And the collective nouns of a business's own rows: "vehicles in the fleet", "deals in the
// pipeline", "tickets in the backlog", "clients in the portfolio".)
export const containerWords = new Set(['collection', 'catalog', 'catalogue', 'database', 'dataset', 'system', 'table', 'archive', 'register', 'registry', 'spreadsheet', 'inventory', 'records', 'file', 'company', 'organization', 'organisation', 'firm', 'workforce', 'world', 'fleet', 'portfolio', 'roster', 'directory', 'pipeline', 'backlog', 'funnel', 'ledger', 'crm']);

const prepositionBefore = /\b(?:in|for|of|from)\s+(?:the\s+)?$/;

function valueTokens(text: string): { value: string; span: Span; proper: boolean }[] {
  const out: { value: string; span: Span; proper: boolean }[] = [];
  // Runs of capitalised words: "Japan", "New Zealand", "Bosnia and Herzegovina" stays two runs.
  // A run starts a word ("pH" is none) and keeps its digits and ampersands ("CO2", "S&P", "AT&T").
  for (const match of text.matchAll(/(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{N}'.&-]*(?:\s+\p{Lu}[\p{L}\p{N}'.&-]*)*/gu)) {
    if (text.slice(0, match.index).trim() === '' || /[.!?]\s*$/.test(text.slice(0, match.index))) continue;
    // A possessive is no part of the name: "Germany's health" names Germany (a search still finds "McDonald's").
    const value = match[0].replace(/['’]s$/, '');
    out.push({ value, span: [match.index, match.index + match[0].length], proper: true });
  }
  for (const match of text.matchAll(/\b(?:in|for|of|from)\s+(?:the\s+)?(\p{Ll}[\p{L}'-]{2,})/gu)) {
    const value = match[1] ?? '';
    // "average age of victims", "number of entries": a plural is what is counted, not a value
    // ("flights from texas" and "cars in paris" keep theirs: -as, -is, -us, -ss are no plurals).
    if (/[^aiusy']s$|[^aeiou]es$|ies$/.test(value)) continue;
    // "in the collection", "in the catalog": where any data's rows are, no value of them.
    if (containerWords.has(value)) continue;
    const start = match.index + match[0].length - value.length;
    if (prepositionBefore.test(text.slice(0, start)) && !out.some((t) => t.span[0] === start)) out.push({ value, span: [start, start + value.length], proper: false });
  }
  return out;
}

/** A hash or a SID: twelve letters and digits or more, a letter and three digits among them (a commit's `34ae8a72…`, a message's `SMefe7a29…`). */
export const hashToken = /^(?=[A-Za-z0-9]*[A-Za-z])(?=(?:[A-Za-z]*\d){3})[A-Za-z0-9]{12,}$/;

// Codes and identifiers in a question's text (see `keyTokens`), hashes and SIDs among them.
const codeTokens = new RegExp(`\\b(?:[A-Z]{2,6}|[A-Z0-9]*\\d[A-Z0-9]*[A-Z][A-Z0-9]*|[A-Z]+\\d+|(?=[a-z0-9]{7,}\\b)[a-z]{1,4}\\d{3,}[a-z0-9]*|${hashToken.source.slice(1, -1)})\\b`, 'g');

function keyTokens(text: string): { value: string; span: Span }[] {
  const out: { value: string; span: Span }[] = [];
  for (const match of text.matchAll(/["“‘]([^"”’]{1,80})["”’]/g)) out.push({ value: (match[1] ?? '').trim(), span: [match.index, match.index + match[0].length] });
  // Identifiers of parts joined by "-" or "_", letters and digits both ("SKU-SPO-10000",
  // "ord_100217", "INV-2024-001"; not a date), whole: their parts are no codes of their own.
  for (const match of text.matchAll(/\b[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)+\b/g)) {
    if (/\d/.test(match[0]) && /[A-Za-z]/.test(match[0])) out.push({ value: match[0], span: [match.index, match.index + match[0].length] });
  }
  const joined = [...out];
  // Codes and identifiers: all capitals (2+ letters), or letters mixed with digits.
  // Also lower-case ids of a few letters and many digits ("ak18247005"; "sp500" and "covid19" are words).
  // And hashes and SIDs (`hashToken`), whatever their case.
  for (const match of text.matchAll(codeTokens)) {
    const span: Span = [match.index, match.index + match[0].length];
    if (!joined.some((token) => token.span[0] <= span[0] && token.span[1] >= span[1])) out.push({ value: match[0], span });
  }
  return out;
}
