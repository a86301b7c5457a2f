// Decides which columns of a profile are worth a program and in what role (metric, dimension, key,
// text, time), scoring each so the generator keeps the useful ones; the rules are in README.md.
import { columnSql, quoteLiteral, type ColumnProfile, type DataProfile } from '@querylane/duckdb';
import { snakeName, spellSigns } from './slug-names.js';

export interface RankedColumn {
  column: ColumnProfile;
  /** The column as a word in questions: `US Gross` → `us gross`. */
  label: string;
  /** The column as a slot or name part: `us_gross`. */
  slug: string;
  score: number;
}

export interface Dimension extends RankedColumn {
  /** Every value, when the profile lists them all (at most 50): the slot becomes an enum. */
  values: (string | number | boolean)[] | null;
  /** `tags`: a list of labels per row (an issue's `labels`), filtered by one it holds and counted per label. */
  kind: 'categorical' | 'numeric' | 'boolean' | 'tags';
}

export interface Metric extends RankedColumn {
  integer: boolean;
  /** Money, counts and other additive quantities are summed; anything else is averaged. */
  additive: boolean;
  /**
   * False for a number that labels rows (a calendar year, a year a reign started, a month 1–12):
   * filtered by range, never aggregated or ranked by.
   */
  measured: boolean;
  /**
   * False for a measured number whose average or sum means nothing (a latitude): ranked by and
   * ranged ("the northernmost"), never averaged or summed. Implies `measured`.
   */
  aggregable: boolean;
  /**
   * A flag written as 0 and 1 (`Survived`, `tsunami`): averaged (its average is the share of rows
   * it holds, "the survival rate"), never ranked by nor ranged.
   */
  flag?: boolean;
}

export interface TimeColumn extends RankedColumn {
  /** SQL giving a DATE or TIMESTAMP for the column (the column itself, or a parse of its text). */
  expression: string;
  /** Whether `expression` is a DATE (compare with dates) rather than a TIMESTAMP. */
  isDate: boolean;
  /** ISO bounds when they are known in chronological order. */
  minimum: string | null;
  maximum: string | null;
  spanDays: number | null;
  /**
   * A calendar year held as a number (`calendarYear`): its periods are years only, and it is ranged
   * by its number (the metric's range program), not by dates.
   */
  yearly?: boolean;
}

export interface ColumnRoles {
  metrics: Metric[];
  dimensions: Dimension[];
  keys: RankedColumn[];
  /** Identifiers that repeat from row to row (`user_id`, `customer_id` of orders): other data's keys. */
  references: RankedColumn[];
  texts: RankedColumn[];
  times: TimeColumn[];
  /** Lists of labels (`labels: ["bug", "ui"]`), every label listed: filtered by one and counted per label, never grouped otherwise. */
  tags: Dimension[];
  /**
   * A column of calendar years holds each year many times (gapminder's `year`, jobs' `year`): the
   * rows are things measured year after year, whose levels (a population, a head count) do not add
   * up over the years.
   */
  yearly: boolean;
}

const maxEnumValues = 50;
const glanceableGroups = 10;
// Numbers with at most this many values (Cylinders: 3, 4, 5, 6, 8) are also a way to group.
const handfulValues = 12;
// Names of a class a handful of whole numbers stand for (`Pclass`, `tier`, `service_level_code`).
const classCodeName = /(?:class|tier|categor(?:y|ies)|code|group|division|zone|section)$/;
const maxFilterDistinct = 1_000;
// Coordinates are numbers but rarely the point of a question: kept, ranked last.
const coordinateName = /^(lat|lng|lon|long|latitude|longitude|x|y)$/i;
// A geographic coordinate is ranked ("the northernmost") and ranged, but its average or sum over
// a group means nothing (zipcodes' `avg_latitude_by_state`). Matched on the words of the label.
const geographicName = /(^|\s)(lat|lng|lon|latitude|longitude)(\s|$)|^long$/;
// Numbers that name rather than measure: codes and identifiers (political contributions'
// `Candidate_District`, a `county_id`, a FIPS or zip code) and numbered categories (gapminder's
// `cluster` 0–5, population's `sex` 1/2, a league's `round` or `matchday` 1–38). Grouped, filtered
// or looked up by, never aggregated.
// Matched on the last word of the label; `number`/`no` only after a word that names things
// ("flight number", "account no"), never "number of employees".
const codeName =
  /(^|\s)(id|ids|code|codes|district|fips|zip|zipcode|postcode|postal code|precinct|ward|tract|isbn|ssn|ean|upc|cluster|category|class|group|segment|type|sex|gender|round|matchday|gameweek)$|(^|\s)fips(\s|$)/;
// Wholes before their parts (see the metric score).
const headlineName = /(^|\s)(total|global|overall|worldwide|grand total)(\s|$)/;
const numberedName =
  /(^|\s)(fl|flt|acct|cust|emp|inv|po|txn|seq|tkt|account|citation|permit|receipt|confirmation|booking|reservation|tracking|voucher|claim|application|certificate|shipment|loan|payment|request|order line|apartment|batch|building|bus|card|case|catalog|catalogue|contract|customer|client|document|employee|episode|file|flight|gate|house|id|identification|invoice|issue|item|jersey|license|licence|lot|member|model|order|page|parcel|part|patient|phone|platform|plot|policy|product|record|reference|ref|registration|room|route|sample|seat|serial|shirt|site|station|store|street|student|tail|telephone|ticket|track|transaction|unit|vehicle|version|zip) (number|num|no|nr)$/;
const ownNumberName = /^(number|no|nr|num)$/i;
// A row number written out with the data (monarchs' `index`, pandas' `Unnamed: 0`).
const rowNumberName = /^(index|idx|row|rownum|rowid|row (number|num|no|nr|index|idx|id)|unnamed:? ?0|level 0)$/;
// Below this many rows, unique consecutive numbers may be chance rather than a row number.
const minRowsForRowNumber = 10;
// Quantities that add up (money, counts of things and events, energy used): summed first, the
// average beside it; "which building used the most kWh", "the repository with the most deletions"
// rank by the sum; so do recurring revenue (MRR, ARR) and the seats a subscription pays for, and
// counts of what befell people (deaths, births, cases, injuries, arrests, accidents …).
// (`count` as a word of counting only: not "discount", "account", "country".)
const additiveName =
  /(gross|sales|revenue|amount|total|cost|budget|votes|quantity|qty|spend|profit|income|population|(?<!dis|ac)count(?!ry)|downloads|views|clicks|likes|kudos|additions|deletions|installs|visits|streams|impressions|shares|signups|units|guests|passengers|people|persons|residents|inhabitants|visitors|attendees|attendance|employees|workers|kwh|energy|consumption|goals|assists|seats|deaths|births|cases|injuries|injured|fatalities|casualties|killed|wounded|arrests|crimes|incidents|accidents|infections|hospitali[sz]ations|admissions|(?:^|[^a-z])(?:mrr|arr)(?:[^a-z]|$))/i;
// Money that goes below zero still adds up: a loss is a negative profit, a refund a negative amount
// (a Superstore's `Profit` had been averaged: "total profit by region" had no program). Counts of
// things below zero are no counts (a `visitors_change`).
const signedMoneyName = /(gross|sales|revenue|amount|cost|budget|spend|profit|income|earnings|pnl)/i;
// Money or quantities per one thing, or averaged already: a `unit_cost`, a `cost_per_item`, a
// `revenue_per_user`, an `avg_order_value` (a store's `unit_cost` had been summed).
const perUnitName = /(^|\s)unit (cost|price|value|margin|revenue|amount)s?(\s|$)|(^|\s)per (unit|item|piece|head|capita|person|user|customer|order|night|hour|day|share)(\s|$)|^(avg|average|mean|median) /;
// How many people a place holds.
const headcountName = /(^|\s)(population|pop|inhabitants|residents)(\s|$)/;
// Parts of a whole, whatever else they name: a `profit_margin`, a `discount_rate`, a `tax_share`
// are averaged, never added.
const partName = /(^|\s)(rate|ratio|percent|percentage|pct|margin|fraction|proportion|share)(\s|$)/;
// Ratings and scores given on a short scale (1–5 stars, a satisfaction score, an NPS answer 0–10).
const ratingName = /(^|\s)(rating|ratings|rated|score|scores|stars|satisfaction|csat|nps)(\s|$)/;
const integerType = /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT)$/i;
// A calendar year held as a number (gapminder's `year`: 1955…2005) labels rows, it is not measured:
// nobody averages or ranks by it, though "after 1990" filters by it. Named so, whole, and within the
// years of written records.
const yearName = /(^|[^a-z])(year|yr)s?([^a-z]|$)/i;

// A year held in a column named for a point in time rather than for years (monarchs' `start` and
// `end` of a reign, a building's `built`, a person's `born`): within calendar years, it is a year.
// `from`/`to` only as the whole name or its last word ("valid from"), never "transfers to committees".
const timePointName =
  /(^|\s)(start|end|begin|began|started|ended|born|birth|died|death|founded|founding|built|opened|closed|released|release|established|launched|retired|elected|inaugurated|completed|constructed|incorporated|created|introduced|discovered|published|erected|debut|joined|enacted|signed|abolished|demolished|acquired|premiered|since|until|till)(\s|$)|(^|\s)(from|to)$/;

export function calendarYear(column: ColumnProfile): boolean {
  const label = humanLabel(fieldName(column));
  return (yearName.test(label) || timePointName.test(label)) && yearNumbers(column);
}

/** Whole numbers that can be calendar years (1000 to 2200). */
/**
 * Whether each year holds one row per entity: the rows per year are a whole number, the distinct
 * count of another column or of two together (a country; a job and a sex; barley's variety and
 * site). Budget lines of three fiscal years (580 rows, many per department and year) are no
 * panel: their amounts add up over the years like any others.
 */
function balancedPanel(profile: DataProfile, year: ColumnProfile): boolean {
  const rows = profile.row_count - year.null_count;
  if (year.distinct_count < 1 || rows % year.distinct_count !== 0) return false;
  const perYear = rows / year.distinct_count;
  const counts = profile.columns.filter((column) => column !== year && column.distinct_count >= 2 && column.distinct_count <= perYear).map((column) => column.distinct_count);
  return counts.some((count, index) => count === perYear || counts.some((other, at) => at > index && count * other === perYear));
}

function yearNumbers(column: ColumnProfile): boolean {
  return integerType.test(column.type) && Number(column.min) >= 1000 && Number(column.max) <= 2200;
}

// Parts of a date held as whole numbers (unemployment's `month` 1–12, an `hour` 0–23) label rows:
// grouped and filtered by, never averaged, summed or ranked. The more specific names come first.
const calendarParts: { name: RegExp; min: number; max: number }[] = [
  { name: /(^|\s)(week ?day|day of (the )?week|dow)(\s|$)/, min: 0, max: 7 },
  { name: /(^|\s)(day of (the )?year|doy)(\s|$)/, min: 1, max: 366 },
  { name: /(^|\s)month(\s|$)/, min: 1, max: 12 },
  { name: /(^|\s)quarter(\s|$)/, min: 1, max: 4 },
  { name: /(^|\s)week(\s|$)/, min: 0, max: 53 },
  { name: /(^|\s)day(\s|$)/, min: 1, max: 31 },
  { name: /(^|\s)hour(\s|$)/, min: 0, max: 24 },
  { name: /(^|\s)minute(\s|$)/, min: 0, max: 59 },
];

/**
 * The levels of a cross-tabulation: columns whose every value (all listed) is on exactly as many
 * rows, two or more, some of which together have as many combinations as the data has rows —
 * population's `year` (15) × `age` (19) × `sex` (2) = 570 rows, one per combination. A whole-number
 * level (`age` 0, 5, …, 90) labels the rows it cuts the data into, as a calendar part does: grouped
 * and filtered by, never averaged or ranked ("average age" of age groups means nothing; a trial's
 * "total population by sex" had answered the sum of the age groups' numbers, and "which age group
 * had the most people" the highest age). A measured attribute of things is not spread so exactly,
 * nor do its values multiply with others' to the row count.
 */
function crossTabLevels(profile: DataProfile): Set<ColumnProfile> {
  const even = profile.columns.filter((column) => {
    const counts = new Set(column.top_values.map((top) => top.count));
    const [count] = counts;
    return column.null_count === 0 && column.distinct_count >= 2 && column.top_values.length === column.distinct_count && counts.size === 1 && count !== undefined && count >= 2;
  });
  const levels = new Set<ColumnProfile>();
  if (even.length < 2 || even.length > 8) return levels;
  for (let subset = 1; subset < 1 << even.length; subset += 1) {
    const members = even.filter((_, index) => subset & (1 << index));
    if (members.length < 2) continue;
    if (members.reduce((product, column) => product * column.distinct_count, 1) === profile.row_count) for (const member of members) levels.add(member);
  }
  return levels;
}

/**
 * A whole-number level of a cross-tabulation (`crossTabLevels`): five values or more, evenly spaced
 * by more than 1 (ages 0, 5, …, 90; brackets), named for no quantity that adds up or rating.
 * (Generated data of a few values cycling row by row can multiply to the row count too: a voltage
 * of 210–239 or a fee of three prices stays a measure.)
 */
function numericLevel(column: ColumnProfile, levels: ReadonlySet<ColumnProfile>): boolean {
  if (!levels.has(column) || !integerType.test(column.type) || column.distinct_count < 5) return false;
  if (additiveName.test(fieldName(column)) || ratingName.test(humanLabel(fieldName(column)))) return false;
  const sorted = column.top_values.map((top) => Number(top.value)).sort((a, b) => a - b);
  const step = sorted[1]! - sorted[0]!;
  return step > 1 && sorted.every((value, index) => index === 0 || value - sorted[index - 1]! === step);
}

function calendarPart(column: ColumnProfile): boolean {
  if (!integerType.test(column.type)) return false;
  const label = humanLabel(fieldName(column));
  const part = calendarParts.find((candidate) => candidate.name.test(label));
  return part !== undefined && Number(column.min) >= part.min && Number(column.max) <= part.max;
}

/** A row number: named so, or whole numbers all different and consecutive over every row. */
function rowNumber(column: ColumnProfile, rows: number): boolean {
  if (!integerType.test(column.type) || column.null_count > 0) return false;
  if (rowNumberName.test(humanLabel(fieldName(column)))) return column.distinct_count >= 0.9 * rows;
  const span = Number(column.max) - Number(column.min) + 1;
  return rows >= minRowsForRowNumber && span === rows && column.distinct_count === rows;
}

// The name of a time of day written as a number: when something departs, arrives, is scheduled,
// starts or ends (not how long it takes: an `air_time`, a `wait_time`).
const clockName = /(^|\s)(dep|arr|departure|arrival|crs|sched|scheduled|actual|planned|start|end|begin|finish|open|close|opening|closing|pickup|dropoff|wheels off|wheels on)( [a-z]+)? (time|hhmm)$|(^|\s)hhmm$/;

/** Whole numbers from 0 to 2400 named as a time of day (`clockName`). */
function clockNumber(column: ColumnProfile): boolean {
  return integerType.test(column.type) && clockName.test(humanLabel(fieldName(column))) && Number(column.min) >= 0 && Number(column.max) <= 2400;
}

/** Whether a measure is a running total of another one the data holds: `total deaths` beside `new deaths`, `cumulative cases` beside `daily cases`. */
function runningTotal(label: string, numericLabels: ReadonlySet<string>): boolean {
  const rest = /^(?:total|cumulative|cum|running) (.+)$/.exec(label)?.[1] ?? /^(.+) (?:cumulative|to date|so far)$/.exec(label)?.[1];
  return rest !== undefined && ['new', 'daily', 'weekly', 'monthly'].some((period) => numericLabels.has(`${period} ${rest}`));
}

function codeColumn(column: ColumnProfile): boolean {
  const label = humanLabel(fieldName(column));
  return codeName.test(label) || numberedName.test(label);
}

const monthNames = '(?:January|February|March|April|May|June|July|August|September|October|November|December)';

// Text dates DuckDB did not type (flights' `2001/01/01 06:55`, movies' `Jun 12 1998`): every sample
// must match one of these before the column is read as time through TRY_STRPTIME.
const textDateFormats: { pattern: RegExp; format: string; iso: ((text: string) => string) | null }[] = [
  { pattern: /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/, format: '%Y/%m/%d %H:%M:%S', iso: (t) => t.replaceAll('/', '-').replace(' ', 'T') },
  { pattern: /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/, format: '%Y/%m/%d %H:%M', iso: (t) => `${t.replaceAll('/', '-').replace(' ', 'T')}:00` },
  { pattern: /^\d{4}\/\d{2}\/\d{2}$/, format: '%Y/%m/%d', iso: (t) => t.replaceAll('/', '-') },
  // Month-first and month-name dates sort as text, not as time: their bounds stay unknown.
  { pattern: /^\d{1,2}\/\d{1,2}\/\d{4}$/, format: '%m/%d/%Y', iso: null },
  // Days may come without a leading zero (stocks' `Jan 1 2000`); DuckDB's %d and %m read either.
  { pattern: /^[A-Z][a-z]{2} \d{1,2} \d{4}$/, format: '%b %d %Y', iso: null },
  // Dates written out as in English prose (Netflix's `date_added` "September 25, 2021", "Sep 4,
  // 2017", "4 September 2017"): a month's name, abbreviated or whole.
  { pattern: /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/, format: '%b %d, %Y', iso: null },
  { pattern: new RegExp(`^${monthNames} \\d{1,2}, \\d{4}$`), format: '%B %d, %Y', iso: null },
  { pattern: new RegExp(`^\\d{1,2} ${monthNames} \\d{4}$`), format: '%d %B %Y', iso: null },
  // A year written as text (wheat's `"1565"`), only in a column named for years (`yearName`, checked in textDate).
  { pattern: /^(1\d{3}|2[01]\d{2})$/, format: '%Y', iso: (t) => `${t}-01-01` },
];

const urlLike = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;

/** Every value a URL (its least and greatest are). */
function links(column: ColumnProfile): boolean {
  return typeof column.min === 'string' && typeof column.max === 'string' && urlLike.test(column.min) && urlLike.test(column.max);
}

export function humanLabel(name: string): string {
  return spellSigns(name)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\s]+/g, ' ')
    .trim()
    .toLowerCase();
}

export function ranked(column: ColumnProfile, score: number): RankedColumn {
  return { column, label: humanLabel(fieldName(column)) || column.name, slug: snakeName(column.name, 'column'), score };
}

// The fields of nested objects whose own name another column of the table also has (a `type` in
// `properties` beside a top-level `type`): they are called by their whole path instead.
const pathNamed = new WeakSet<ColumnProfile>();

/**
 * The name a column is called by in words and recognised by (years, codes, coordinates): its own,
 * or a nested object's field's own name (`mag` of `properties.mag`), unless another column of the
 * table has that name too (then the whole path, `owner id`).
 */
function fieldName(column: ColumnProfile): string {
  return column.path && !pathNamed.has(column) ? column.path.at(-1)! : column.path ? column.path.join(' ') : column.name;
}

function byScore<T extends RankedColumn>(items: T[]): T[] {
  // Stable sort: equal scores keep the data's own column order.
  return [...items].sort((a, b) => b.score - a.score);
}

/** The top-level columns lookup programs are generated for, most key-like first (a nested object's field is looked up without an index). */
export function lookupKeys(profile: DataProfile): string[] {
  return classifyColumns(profile)
    .keys.filter((key) => !key.column.path)
    .map((key) => key.column.name);
}

export function classifyColumns(profile: DataProfile): ColumnRoles {
  const rows = Math.max(profile.row_count, 1);
  const called = new Map<string, number>();
  const ownName = (column: ColumnProfile) => humanLabel(column.path?.at(-1) ?? column.name);
  for (const column of profile.columns) called.set(ownName(column), (called.get(ownName(column)) ?? 0) + 1);
  for (const column of profile.columns) if (column.path && called.get(ownName(column))! > 1) pathNamed.add(column);
  const levels = crossTabLevels(profile);
  const numericLabels = new Set(profile.columns.filter((column) => column.semantic === 'numeric').map((column) => humanLabel(fieldName(column))));
  const metrics: Metric[] = [];
  const dimensions: Dimension[] = [];
  const keys: RankedColumn[] = [];
  const references: RankedColumn[] = [];
  const texts: RankedColumn[] = [];
  const times: TimeColumn[] = [];
  const tags: Dimension[] = [];
  for (const column of profile.columns) {
    const nonNull = (profile.row_count - column.null_count) / rows;
    const distinct = column.distinct_count;
    // A list of labels (every one of 2–50 listed) is a tag column; so is text written as one
    // ("Comedies, Dramas": the profile's `elements` with their separator), and then only that.
    const elements = (column.semantic === 'nested' || column.elements?.separator !== undefined) && !column.path ? column.elements : undefined;
    if (elements !== undefined && elements.distinct_count >= 2 && elements.distinct_count <= maxEnumValues && elements.top_values.length === elements.distinct_count) {
      const labels = elements.top_values.map((top) => top.value).filter((value): value is string => typeof value === 'string');
      tags.push({ ...ranked(column, (elements.distinct_count <= glanceableGroups ? 1 : 0.7) * nonNull), values: labels, kind: 'tags' });
      if (elements.separator !== undefined) continue;
    }
    if (distinct === 0 || column.semantic === 'nested') continue;
    const listed = column.top_values.length === distinct && distinct <= maxEnumValues;
    const values = listed ? column.top_values.map((top) => top.value).filter(isEnumValue) : null;
    switch (column.semantic) {
      case 'identifier': {
        // Years held as text ("1565", one per row) are when the row is, more than which row it is.
        const years = yearName.test(humanLabel(fieldName(column))) ? textDate(column, nonNull) : null;
        if (years) times.push(years);
        // Nor is a link a name to look a row up by.
        else if (distinct >= 0.9 * (profile.row_count - column.null_count) && !links(column)) keys.push(ranked(column, nonNull));
        // A few dozen values at most, every one listed (a sensor's `device_id`: dev-a1 … dev-c4): a
        // label to filter and group by, as a category is.
        else if (values !== null && distinct >= 2 && 2 * distinct <= profile.row_count - column.null_count && !links(column)) {
          dimensions.push({ ...ranked(column, 0.8 * (distinct <= glanceableGroups ? 1 : 0.7) * nonNull * balance(column)), values, kind: 'categorical' });
        }
        // A value repeated from row to row (1.5 rows per value on average or more: an order's two
        // line items): the key of something else the rows belong to.
        else if (distinct >= 2 && 1.5 * distinct <= profile.row_count - column.null_count && !links(column)) references.push(ranked(column, nonNull));
        break;
      }
      case 'numeric': {
        const spread = typeof column.min === 'number' && typeof column.max === 'number' && column.max > column.min;
        if (!spread) break;
        const present = profile.row_count - column.null_count;
        // A grouping needs groups of more than one row on average: years each held by one row
        // (monarchs' `start`) group nothing.
        const repeats = 2 * distinct <= present;
        const year = calendarYear(column);
        // (A whole-number level of a cross-tabulation labels rows as a calendar part does: population's
        // `age`; not one named for a quantity that adds up or a rating.)
        const part = !year && (calendarPart(column) || numericLevel(column, levels));
        // Unix time (`dt`, `created`, `timestamp` in seconds or milliseconds since 1970) is when the
        // row is: a time, never a measure (an average of it means nothing).
        const epoch = !year && !part ? epochColumn(column, nonNull) : null;
        if (epoch) {
          times.push(epoch);
          break;
        }
        // A column called just `number` (`no`, `nr`), one value per row, numbers the data's own
        // things (an issue's number, an invoice's): looked up by ("issue #42"), consecutive or not.
        if (!year && !part && ownNumberName.test(humanLabel(fieldName(column))) && distinct >= 0.9 * present) {
          keys.push(ranked(column, 0.8 * nonNull));
          break;
        }
        // Row numbers are neither measured nor a way to group: no role at all.
        if (!year && !part && rowNumber(column, profile.row_count)) break;
        if (!year && !part && codeColumn(column)) {
          // A code with a few dozen values (a district) groups and filters; one per row looks a row up.
          if (values !== null && distinct >= 2 && repeats) {
            dimensions.push({ ...ranked(column, 0.8 * (distinct <= handfulValues ? 1 : 0.7) * nonNull * balance(column)), values, kind: 'numeric' });
          } else if (distinct >= 0.9 * present) keys.push(ranked(column, 0.8 * nonNull));
          break;
        }
        // A time of day written as a number (a flight's `dep_time` 1745, `crs_arr_time` 0930) is
        // no quantity: an average of it means nothing. No role (its date is the row's time).
        if (!year && !part && clockNumber(column)) break;
        // Few values weigh a measure down (Cylinders' five), but not a quantity that adds up (an
        // order's 1–4 items: "how many units were sold" sums it) nor a rating (1–5 stars: "the
        // average rating"), which are measures whatever their number of values.
        // (Nor a population repeated row after row, a country's on each of its days: what a place
        // holds, which adding up over its rows counts again and again.)
        const repeatedHeadcount = headcountName.test(humanLabel(fieldName(column))) && distinct * 10 <= present;
        // (Nor fractions of one, every value between 0 and 1 written with decimals: a track's
        // `energy` 0.0–1.0 is a score, averaged per genre; it had been summed for its name.)
        const fractionOfOne = !integerType.test(column.type) && Number(column.min) >= 0 && Number(column.max) <= 1;
        const additive = additiveName.test(fieldName(column)) && !partName.test(humanLabel(fieldName(column))) && !perUnitName.test(humanLabel(fieldName(column))) && !repeatedHeadcount && !fractionOfOne && (Number(column.min) >= 0 || signedMoneyName.test(fieldName(column)));
        const rated = ratingName.test(humanLabel(fieldName(column)));
        let score = nonNull * (additive || rated ? 1 : Math.min(1, Math.log(distinct) / Math.log(50)));
        // (Coordinates last, `start_lat` as `lat`: "which station do most rides start from" had found the ranking by start_lat.)
        if (coordinateName.test(fieldName(column)) || geographicName.test(humanLabel(fieldName(column)))) score *= 0.3;
        // Of measures alike, the whole before its parts: `global_sales` before `na_sales`, `eu_sales`
        // and `other_sales` (which, equal in score, had taken every slot of the aggregates by column
        // order), the total before a remainder.
        const label = humanLabel(fieldName(column));
        // A running total beside the amounts it adds up (`total_deaths` beside `new_deaths`, a
        // `cumulative_cases` beside `daily_cases`) is ranked and bounded, never added up again: the
        // sum of a running total is no figure of anything ("total deaths in Italy" had summed it).
        const running = runningTotal(label, numericLabels);
        if (headlineName.test(label) && !running) score *= 1.1;
        else if (/^other\b/.test(label) || running) score *= 0.9;
        // Of measures alike, money before quantities: a store's `Sales` and `Profit` before its
        // `Quantity` (by column order `Profit` had come last, and the cap had cut its totals per
        // region, segment and category).
        if (additive && signedMoneyName.test(fieldName(column))) score *= 1.05;
        const measured = !year && !part;
        const aggregable = measured && !running && !geographicName.test(humanLabel(fieldName(column)));
        // A handful of numbers (Cylinders: 3, 4, 5, 6, 8) is also a way to group and filter; so is
        // a calendar part with every value listed (months, hours).
        const handful = values !== null && distinct >= 2 && repeats && (distinct <= handfulValues || part);
        // (Whole numbers holding only 0 and 1 — an earthquake's `tsunami`, a `churned` written as a
        // number — are a flag, asked of by name as a true/false column is: "had a tsunami", "without
        // a tsunami"; as a handful of numbers "how many had a tsunami flag" had counted its 2 values.
        // Not a quantity that adds up nor a rating: an order's 0–1 `returns` is summed.)
        const flag = integerType.test(column.type) && distinct === 2 && Number(column.min) === 0 && Number(column.max) === 1 && !additive && !rated;
        // (A handful of whole numbers named as a class — a passenger's `Pclass` 1–3, a `tier`, a
        // `category` code — labels rows: grouped and filtered, never averaged nor ranked by.)
        const classCode = handful && integerType.test(column.type) && classCodeName.test(humanLabel(fieldName(column)));
        if (!classCode) metrics.push({ ...ranked(column, score), integer: integerType.test(column.type), additive: additive && !running, measured, aggregable, ...(flag ? { flag } : {}) });
        if (handful) dimensions.push({ ...ranked(column, 0.8 * (distinct <= handfulValues ? 1 : 0.7) * nonNull * balance(column)), values, kind: flag ? 'boolean' : 'numeric' });
        // "Deaths per year", "how did it change over the years": years too many to group by as a
        // dimension (a handful already are, with every metric) are a time, counted year by year.
        else if (year) times.push(yearColumn(column, nonNull));
        break;
      }
      case 'categorical':
      case 'boolean': {
        // (Dates written as text that repeat enough to look like labels: a catalog's `date_added`
        // "September 25, 2021", many titles added on one day.)
        const parsed = column.semantic === 'categorical' ? textDate(column, nonNull) : null;
        if (parsed) {
          times.push(parsed);
          break;
        }
        if (distinct < 2 || distinct > maxFilterDistinct) break;
        // Ten groups or fewer read at a glance; past 50 a group-by reads as a long table and the
        // slot cannot be an enum (the profile lists every value up to 50, which makes an enum slot
        // the router fills reliably from the question).
        const size = distinct <= glanceableGroups ? 1 : distinct <= maxEnumValues ? 0.7 : 0.4;
        const kind = column.semantic === 'boolean' ? 'boolean' : 'categorical';
        dimensions.push({ ...ranked(column, size * nonNull * balance(column)), values, kind });
        break;
      }
      case 'temporal': {
        const time = timeColumn(column, nonNull);
        if (time) times.push(time);
        break;
      }
      case 'text': {
        const parsed = textDate(column, nonNull);
        if (parsed) {
          times.push(parsed);
          break;
        }
        // Links (every value a URL, as their least and greatest are) are no words to search: a
        // search for "Alaska" found the detail links of earthquakes, not their places.
        // Nor one text for every row (countries' `_comment`): there is nothing to tell rows apart by.
        if (links(column) || distinct < 2) break;
        // Titles and names, mostly different from row to row, are what people search for.
        texts.push(ranked(column, nonNull * Math.min(1, distinct / rows + 0.2)));
        if (distinct >= 0.95 * (profile.row_count - column.null_count) && column.null_count === 0) keys.push(ranked(column, 0.5 * nonNull));
        break;
      }
    }
  }
  const yearly = profile.columns.some(
    (column) => yearName.test(humanLabel(fieldName(column))) && yearNumbers(column) && 2 * column.distinct_count <= profile.row_count - column.null_count && balancedPanel(profile, column),
  );
  return { metrics: byScore(metrics), dimensions: byScore(dimensions), keys: byScore(keys), references: byScore(references), texts: byScore(texts), times: rowTimesFirst(times, profile.row_count), tags: byScore(tags), yearly };
}

// Names of a time that belongs to what a row refers to rather than to the row: a member's
// `member_since`, a patient's `birth_date`, a customer's `signup_date`.
const attributeTimeName = /(^|\s)(since|birth|born|dob|birthday|birthdate|joined|signup|signed up|registered|registration|enrolled|enrollment)(\s|$)/;
// Names of the time a row came to be: an order's `ordered_at`, a booking's `booked_at`, a ticket's `created_at`.
export const comingToBeName = /^(?:created|creation|opened|submitted|filed|placed|ordered|order|booked|booking|purchased|purchase|registered|reported|raised|issued|started|start|departed|departure|pickup|picked|applied|rented|borrowed|admitted|enrolled|posted|published|logged)(\s|$)/;
// Names of a time that comes after the row's own, an outcome (or a deadline: `deadlineName`): an
// invoice's `paid_on` (and `due_on`) after its `issued_on`, a ticket's `closed_at` after its `created_at`, a trip's `end_time`
// ("invoices in 2024" are those issued in 2024).
const laterTimeName = /(^|\s)(paid|closed|resolved|shipped|delivered|completed|cancell?ed|terminated|termination|ended|end)(\s|$)/;
/** Names of a time by which something is to happen, not when it did: `due_date`, `deadline`, `expires_at` (the router reads them too). */
export const deadlineName = /(^|\s)(due|deadline|expires?|expiry|expiration)(\s|$)/;

/**
 * The times best first, the row's own time before a time of what the row refers to, or a later one: of a gym's
 * check-ins, `checkin_at` (one a row) before the member's `member_since` (repeated for each of the
 * member's check-ins, and named as an attribute), so "check-ins in January" bound the check-ins.
 * Only their order changes: the scores, which rank their programs among the others, stay.
 */
function rowTimesFirst(times: TimeColumn[], rows: number): TimeColumn[] {
  const labels = new Set(times.map((time) => time.label));
  // (The "out" of an "in" and "out" pair is the later: a stay's `check_out` after its `check_in`,
  // a shift's `clock_out`.)
  const outOfPair = (time: TimeColumn) => /(^|\s)out(\s|$)/.test(time.label) && labels.has(time.label.replace(/(^|\s)out(\s|$)/, '$1in$2'));
  const weight = (time: TimeColumn) => {
    const present = rows - time.column.null_count;
    const spread = present < 2 ? 1 : Math.min(1, Math.log(time.column.distinct_count + 1) / Math.log(present + 1));
    // (The time a row came to be first: a booking's `booked_at` before the stay's dates.)
    return time.score * (0.8 + 0.2 * spread) * (attributeTimeName.test(time.label) || deadlineName.test(time.label) || laterTimeName.test(time.label) || outOfPair(time) ? 0.85 : 1) * (comingToBeName.test(time.label) ? 1.1 : 1);
  };
  return [...times].sort((a, b) => weight(b) - weight(a));
}

function isEnumValue(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** 1 when values are spread evenly, down to 0.5 when one value holds every row. */
function balance(column: ColumnProfile): number {
  const total = column.top_values.reduce((sum, top) => sum + top.count, 0);
  const first = column.top_values[0]?.count ?? 0;
  return total === 0 ? 0.75 : 1 - 0.5 * (first / total);
}

function timeColumn(column: ColumnProfile, nonNull: number): TimeColumn | null {
  const type = column.type.toUpperCase();
  if (type === 'TIME') return null;
  const typed = type === 'DATE' || type.startsWith('TIMESTAMP');
  const expression = typed ? columnSql(column) : `TRY_CAST(${columnSql(column)} AS TIMESTAMP)`;
  const minimum = typeof column.min === 'string' ? column.min : null;
  const maximum = typeof column.max === 'string' ? column.max : null;
  return { ...ranked(column, nonNull), expression, isDate: type === 'DATE', minimum, maximum, spanDays: spanDays(minimum, maximum) };
}

// Names of a moment held as a number: `dt`, `ts`, `timestamp`, `created`, `created_at`, `time`, `epoch`.
const epochName = /(^|\s)(dt|ts|time|timestamp|epoch|unix|date|datetime|created|updated|modified|occurred|at|when)$/;
// 1990-01-01 to 2100-01-01, in seconds; milliseconds are a thousand times these.
const epochSeconds = [631_152_000, 4_102_444_800] as const;

/** Whole numbers of seconds or milliseconds since 1970, named as a moment: a TIMESTAMP. */
function epochColumn(column: ColumnProfile, nonNull: number): TimeColumn | null {
  if (!integerType.test(column.type) || !epochName.test(humanLabel(fieldName(column)).toLowerCase())) return null;
  const [low, high] = [Number(column.min), Number(column.max)];
  const within = (scale: number) => low >= epochSeconds[0] * scale && high <= epochSeconds[1] * scale;
  const scale = within(1) ? 1 : within(1000) ? 1000 : null;
  if (scale === null) return null;
  const iso = (value: number) => new Date((value / scale) * 1000).toISOString().slice(0, 19);
  // make_timestamp takes microseconds and gives a TIMESTAMP (to_timestamp's is WITH TIME ZONE).
  const expression = `make_timestamp(CAST(${columnSql(column)} AS BIGINT) * ${1_000_000 / scale})`;
  return { ...ranked(column, 0.9 * nonNull), expression, isDate: false, minimum: iso(low), maximum: iso(high), spanDays: (high - low) / scale / 86_400 };
}

/** A calendar year held as a number, as time: each year its first day. */
function yearColumn(column: ColumnProfile, nonNull: number): TimeColumn {
  const minimum = `${String(column.min)}-01-01`;
  const maximum = `${String(column.max)}-01-01`;
  const expression = `make_date(CAST(${columnSql(column)} AS INTEGER), 1, 1)`;
  return { ...ranked(column, 0.9 * nonNull), expression, isDate: true, minimum, maximum, spanDays: spanDays(minimum, maximum), yearly: true };
}

function textDate(column: ColumnProfile, nonNull: number): TimeColumn | null {
  const samples = [column.min, column.max, ...column.top_values.map((top) => top.value)].filter((value): value is string => typeof value === 'string');
  if (samples.length < 2) return null;
  const match = textDateFormats.find(({ pattern, format }) => (format !== '%Y' || yearName.test(humanLabel(fieldName(column)))) && samples.every((sample) => pattern.test(sample)));
  if (!match) return null;
  const minimum = match.iso && typeof column.min === 'string' ? match.iso(column.min) : null;
  const maximum = match.iso && typeof column.max === 'string' ? match.iso(column.max) : null;
  const expression = `TRY_STRPTIME(${columnSql(column)}, ${quoteLiteral(match.format)})`;
  return { ...ranked(column, 0.9 * nonNull), expression, isDate: false, minimum, maximum, spanDays: spanDays(minimum, maximum) };
}

function spanDays(minimum: string | null, maximum: string | null): number | null {
  if (minimum === null || maximum === null) return null;
  const span = (Date.parse(maximum) - Date.parse(minimum)) / 86_400_000;
  return Number.isFinite(span) ? span : null;
}
