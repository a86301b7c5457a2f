// Generates the query programs a data profile supports (DESIGN.md §5), ranked and capped so a wide
// data set yields a few dozen useful programs rather than hundreds of near-duplicates.
import type { DataProfile } from '@querylane/duckdb';
import { AppError } from '@querylane/errors';
import { calendarYear, classifyColumns, ranked, type Dimension, type TimeColumn } from './column-roles.js';
import { durationPairs, type DurationPair } from './durations.js';
import { durationMeasure, ProgramBuilders, singular, type DraftProgram } from './program-builders.js';
import type { GeneratedProgram, ProgramFamily } from './query-program.types.js';
import { NameAllocator } from './slug-names.js';

export interface GenerateQueryProgramsOptions {
  /** Most programs for the data set (default 40). */
  maxPrograms?: number;
}

export const defaultMaxPrograms = 42;

/** Most programs per family, and the order families are drawn in when the overall cap bites. */
export const familyCaps: Readonly<Record<ProgramFamily, number>> = {
  // The list, and the list of any column's value (a spare: see `select`).
  list: 2,
  // Seven, and the rows per hour of the day and per weekday (spares: `spareRoom`).
  count: 9,
  // (And the main time's periods on average.)
  aggregate: 20,
  // Four measures, any other measure, and the newest rows by two times.
  top_n: 7,
  range: 7,
  time_series: 2,
  text_search: 3,
  lookup: 2,
};

// Places of a family's cap kept for its spare programs (the counts per hour of the day and per weekday).
const spareRoom: Partial<Record<ProgramFamily, number>> = { count: 2 };

// How many ranked columns each role contributes; the products bound the aggregate family before its cap.
const filterDimensions = 3;
// Flags (true/false columns) and one-word states that filter besides those (as many of each), and a state's most values.
const extraFlags = 4;
const extraStates = 3;
const extraStateValues = 12;
const aggregateMetrics = 4;
const aggregateDimensions = 3;
// Metrics whose total (or average) per any other column, or for one of its values, one program
// answers; past the first two, as spares (where the data set's programs leave room).
const regroupedMetrics = 2;
const spareRegroupedMetrics = 2;
const countedMetrics = aggregateMetrics;
// Lists of labels that filter and are counted per label (the first only: an issue's `labels`).
const tagColumns = 1;
// Most columns one program takes as a slot (a wide table's other measures).
const maxChosenColumns = 60;
// Counts per group: by the first three dimensions (the count family's others are the overall count,
// the distinct count, the count per any other dimension and the count of any other one's value).
const countedDimensions = 3;
// Metrics that also get one aggregate over every row ("what is the average gas price?"): the same
// ones that are grouped, so the aggregate family holds at most 4 × 3 + 4 programs.
const overallMetrics = aggregateMetrics;
// Spans between two times of a row that get an average of their own (the first, also per any label).
const durationSpans = 2;
// Names of a measure that is a span of time: `nights`, `duration_seconds`, `days_to_close`, `wait_minutes`.
const spanName = /(^|\s)(duration|nights|length)(\s|$)|(^|\s)(seconds|secs|minutes|mins|hours|hrs|days)(\s|$)/;
// Names of a span that is the row's own whole span, whatever else it names (`duration_minutes`, `nights`).
const heldWhole = /(^|\s)(duration|nights|length)(\s|$)/;
// Columns the count and the list filter by a value being there, at most, and the share of rows a
// value must be missing from (and there on) for that: a coupon, an assignee, a shipping date are
// often missing; a movie's distributor missing on 7% of rows is a gap in the data, no state (and
// each such slot is words more for every question to be matched against).
const presenceFilters = 3;
const presenceShare = 0.2;
// Times the newest and oldest rows are ranked by, and the words of a time when a thing came to be.
const latestTimes = 2;
// Names of a column holding the state a row is in.
const stateName = /(^|\s)(status|stage|phase)$/;
const cameToBe = /\b(created|creation|made|built|founded|released?|published|publication|born|birth|issued|established|manufactured|constructed|opened|posted|filed|submitted|launched|recorded|listed)\b/;

export function generateQueryPrograms(profile: DataProfile, options: GenerateQueryProgramsOptions = {}): GeneratedProgram[] {
  const maxPrograms = options.maxPrograms ?? defaultMaxPrograms;
  if (!Number.isInteger(maxPrograms) || maxPrograms < 1) throw new AppError('invalid_request', 'maxPrograms must be a whole number of at least 1');
  const roles = classifyColumns(profile);
  const build = new ProgramBuilders(profile);
  // Filters and group-bys use labels with at most 50 values first; larger ones only for counts.
  const enumDimensions = roles.dimensions.filter((d) => d.column.distinct_count <= 50);
  // Flags past those (`resolved`, `is_active`, `remote`) filter too: two values, asked for by name
  // ("unresolved tickets", "inactive products"), and without them such a question counted every row.
  // So do states written as one word each, a dozen at most (a charge's `status` succeeded/failed/
  // pending, an event's `event_name`, a deal's `stage`): "failed charges", "how many signups".
  // (Values of several words are left out: their parts read as values too often — "films" of a
  // movie source "Based on Short Film".)
  // (A column named for the state — `status`, `stage` — takes values of two or three words too:
  // "Phone Screen" beside "Hired" and "Rejected" of an application's stage; "hired candidates" had
  // found no program filtering by it.)
  const states = (d: Dimension) =>
    d.kind === 'categorical' &&
    d.values !== null &&
    d.values.length <= extraStateValues &&
    d.values.every((value) => typeof value === 'string' && (/^[\p{L}][\p{L}\p{N}_-]*$/u.test(value) || (stateName.test(d.label) && /^[\p{L}][\p{L}\p{N}_-]*(?: [\p{L}][\p{L}\p{N}_-]*){1,2}$/u.test(value))));
  // (States filter the count and the overall aggregates only: as filters of rankings and lists too,
  // their column's name found those programs for "which payment method is used most often".)
  // (And a handful of calendar years, where the data has no time: "how many votes did Trump get in
  // 2016" of election results held year by year, the Games' medals of 2000 to 2024.)
  const untimed = roles.times.length === 0;
  const extraFilters = (chosen: readonly Dimension[], withStates: boolean) => [
    ...roles.dimensions.filter((d) => d.kind === 'boolean' && !chosen.includes(d)).slice(0, extraFlags),
    ...(untimed ? roles.dimensions.filter((d) => d.kind === 'numeric' && calendarYear(d.column) && !chosen.includes(d)).slice(0, 1) : []),
    // (A column named for the state first: a shipment's `status` Delayed or Lost, past a carrier, a
    // tier and a service level of one word each, had filtered no count.)
    ...(withStates ? roles.dimensions.filter((d) => states(d) && !chosen.includes(d)).sort((a, b) => Number(stateName.test(b.label)) - Number(stateName.test(a.label))).slice(0, extraStates) : []),
  ];
  const firstFilters = (enumDimensions.length > 0 ? enumDimensions : roles.dimensions).slice(0, filterDimensions);
  // (And a list of labels, by one it holds: "issues labeled bug", "how many open bugs".)
  const tagged = roles.tags.slice(0, tagColumns);
  const filters = [...firstFilters, ...extraFilters(firstFilters, false), ...tagged];
  // (Not a flag, where a label is there to group by: every aggregate filters by the flag already
  // — "the average hours of remote staff" — and the total per any column compares its two groups;
  // three programs per data set had averaged each measure per `remote`.)
  const groupable = enumDimensions.length > 0 ? enumDimensions : roles.dimensions;
  const labelled = groupable.filter((d) => d.kind !== 'boolean');
  const groupings = (labelled.length > 0 ? labelled : groupable).slice(0, aggregateDimensions);
  // Ranges take the best metrics of any kind (a calendar year is ranged: "after 1990"); rankings the
  // best measured ones and aggregates the best that can be averaged or summed (not a latitude), so
  // labels and coordinates never take an aggregate's place.
  // (A flag of 0 and 1 is averaged only: its ranking or range is every row of it in no order.)
  const ranged = roles.metrics.filter((metric) => metric.flag !== true).slice(0, aggregateMetrics);
  const measured = varied(roles.metrics.filter((metric) => metric.measured));
  const rankable = measured.filter((metric) => metric.flag !== true);
  const aggregable = measured.filter((metric) => metric.aggregable);
  // A program's optional filters, never on the column it ranges or ranks by.
  const filtersBeside = (column: Dimension['column']) => filters.filter((d) => d.column !== column);
  const firstCounted = roles.dimensions.slice(0, filterDimensions);
  const counted = [...firstCounted, ...extraFilters(firstCounted, true), ...tagged];

  // The main time column bounds rankings, counts and overall aggregates ("the hottest day in 2015").
  const mainTime = roles.times[0];
  // The count also bounds the best measured metrics ("how many hours had temperature above 20").
  // (And a second time's window, the next time that is no year: `closed_at` of issues, `delivered_at` of shipments.)
  const otherTime = roles.times.find((time) => time !== mainTime && !time.yearly);
  // Columns a value is missing from on some rows — a coupon code, an assignee, when an order
  // shipped — filter the count and the list by whether it is there ("how many orders used a
  // coupon", "unassigned tickets"); without it such a question counted every row.
  // A time missing on some rows — when a loan was returned, a claim closed — says the thing has not
  // happened yet, at any share ("loans not yet returned" of 11%, "claims not closed" of 15% had
  // counted every row); and a measure missing on a good share of rows was not taken ("bookings with
  // no review score", "readings with no temperature"). Times first, then labels, then measures.
  const timed = new Set(roles.times.map((time) => time.column));
  const presenceRank = (column: DataProfile['columns'][number]) => (timed.has(column) ? 0 : column.semantic === 'numeric' ? 2 : 1);
  const present = profile.columns
    .filter((column) => {
      const missing = column.null_count / Math.max(profile.row_count, 1);
      if (missing > 0.95 || ['boolean', 'nested'].includes(column.semantic) || column === mainTime?.column || roles.keys.some((key) => key.column === column)) return false;
      return timed.has(column) ? column.null_count > 0 : missing >= presenceShare;
    })
    .sort((a, b) => presenceRank(a) - presenceRank(b))
    .slice(0, presenceFilters)
    .map((column) => ranked(column, 1));
  const drafts: DraftProgram[] = [build.list(filters, present), build.count(counted, mainTime, measured.filter((metric) => metric.column !== mainTime?.column).slice(0, countedMetrics), otherTime, present)];
  // (With the count's other filters and its main window: "which carrier has the most returned
  // shipments", "which class had the most check-ins in January".)
  for (const dimension of roles.dimensions.slice(0, countedDimensions)) drafts.push(build.countBy(dimension, counted, mainTime));
  // The rows per label of a list of them ("which label is most common"), each row under each label it holds.
  for (const tag of tagged) drafts.push(build.countBy(tag, counted, mainTime));
  // The other labels (a fourth and later: gender, distributor, an earthquake's type) are counted per
  // group by one program that takes the column as a slot, with the count's filters and window.
  // (And the references: "which user has the most events" of a `user_id`.)
  // (And the names that repeat: "which customer email has the most line items".)
  const repeating = roles.texts.filter((t) => t.column.distinct_count < 0.95 * (profile.row_count - t.column.null_count));
  const uncounted = [...roles.dimensions.slice(countedDimensions), ...roles.references, ...repeating];
  if (uncounted.length > 0) drafts.push(build.countByAny(uncounted.slice(0, maxChosenColumns), counted, mainTime));
  // Rows with a value of a label, name or reference the count does not filter by ("how many issues
  // did octocat open", "plays of Taylor Swift", "orders of customer c_1042"): one count takes the
  // column and the value (names that repeat from row to row; a key's count is 1).
  const valued = [
    // (Not numbers: "a satisfaction score of 1" is the count's bounds.)
    ...roles.dimensions.filter((d) => d.kind === 'categorical' && !counted.includes(d)),
    ...repeating,
    ...roles.references,
  ];
  if (valued.length > 0) drafts.push(build.countWhereAny(valued.slice(0, maxChosenColumns), counted, mainTime));
  // The same rows listed, of the columns the list does not filter by (those the count filters by
  // and the list does not too: "deals with enterprise accounts" of `account.size`).
  const listed = [...roles.dimensions.filter((d) => d.kind === 'categorical' && counted.includes(d)), ...valued].filter((d) => !filters.includes(d as Dimension));
  if (listed.length > 0) drafts.push(build.listWhereAny(listed.slice(0, maxChosenColumns), filters, mainTime));
  for (const key of roles.keys) drafts.push(build.lookup(key));
  for (const metric of ranged) drafts.push(build.numericRange(metric, filtersBeside(metric.column)));
  for (const metric of rankable.slice(0, aggregateMetrics)) drafts.push(build.topN(metric, filtersBeside(metric.column), mainTime));
  // The newest and the oldest rows by the first two times ("the most recent citation", "the oldest
  // artwork"). A time that says when the thing came to be comes first: the oldest artwork is the
  // one made first, not the one acquired first. The first ranks with the best measures' rankings,
  // the second below them.
  const dated = [...roles.times.filter((time) => cameToBe.test(time.label)), ...roles.times.filter((time) => !cameToBe.test(time.label))].slice(0, latestTimes);
  for (const [position, time] of dated.entries()) drafts.push(build.latest(time, filtersBeside(time.column), time.score * (position === 0 ? 0.95 : 0.5), position === 0));
  for (const metric of aggregable.slice(0, aggregateMetrics)) {
    // A metric is not grouped by itself (Cylinders is both).
    for (const dimension of groupings) if (dimension.column !== metric.column) drafts.push(build.aggregate(metric, dimension, mainTime, counted));
  }
  // The first metrics' totals (or averages) per any other label, name or reference, or for one of
  // their values: "which show has the most downloads", "total quantity of the Wireless Mouse".
  // (Not of a yearly panel — a row per country, or job, and year: a population or a head count
  // added over the years counts the same people again; "top 5 countries by population" ranks rows.)
  const regrouped = roles.yearly
    ? []
    : [
        // (Labels only: "quantity times unit price" names no grouping by a quantity of a few values;
        // and flags: "remote against office".)
        ...roles.dimensions.filter((d) => (d.kind === 'categorical' || d.kind === 'boolean') && !groupings.includes(d)),
        ...repeating,
        ...roles.references,
      ];
  // Ranked with the metric's own weakest grouping: before the groupings of later metrics, which a
  // wide table's cap cuts first.
  const weakest = Math.min(...groupings.map((d) => d.score), 1);
  // The third and fourth metrics' totals per column are spares, taken after the list of any
  // value: "which driver earned the most in fares" of rides whose distance and duration came
  // first had ranked single rides.
  for (const [position, metric] of aggregable.slice(0, regroupedMetrics + spareRegroupedMetrics).entries()) {
    const columns = regrouped.filter((c) => c.column !== metric.column);
    if (columns.length === 0) continue;
    const draft = build.aggregateByAny(metric, columns.slice(0, maxChosenColumns), metric.score * weakest, counted, mainTime);
    drafts.push(position < regroupedMetrics ? draft : { ...draft, spare: true });
  }
  // Over every row, with the count's optional filters (never on the metric's own column).
  for (const metric of aggregable.slice(0, overallMetrics)) drafts.push(build.overall(metric, counted.filter((d) => d.column !== metric.column), mainTime));
  // The spans between two times of a row (a ride's start and end, a shipment's shipping and
  // delivery; `durationPairs`): the average of each, ranked just below the best measure's, and of
  // the first per any label, name or reference ("average ride duration by bike type").
  // (Not where a measure holds that span already, a booking's `nights`, a claim's `days_to_close`
  // beside `closed_at`, a rental's `rental_days`: it is the span the data means, and an average of
  // the times beside it would answer its questions too. A span of something else, a call's
  // `wait_seconds`, leaves the call's duration to its times.)
  const spanScore = 0.95 * (aggregable[0]?.score ?? 1);
  const heldSpans = measured.filter((metric) => spanName.test(metric.label));
  const spanHeld = (pair: DurationPair) =>
    heldSpans.some((metric) => {
      const own = metric.label.split(' ').filter((word) => !spanName.test(word) && word.length >= 4);
      const pairWords = [...pair.end.label.split(' '), ...pair.label.split(' ')].filter((word) => word.length >= 4);
      return heldWhole.test(metric.label) || own.some((word) => pairWords.some((other) => other.slice(0, 5) === word.slice(0, 5)));
    });
  for (const [position, pair] of durationPairs(roles.times, build.entityName, holdsTimesOfDay).filter((pair) => !spanHeld(pair)).slice(0, durationSpans).entries()) {
    const span = durationMeasure(profile, pair, spanScore);
    if (span === null) continue;
    drafts.push(span.builders.duration(span.metric, pair, counted, mainTime));
    const columns = [...groupings, ...regrouped.filter((column) => !groupings.includes(column as Dimension))];
    const otherName = pair.label.endsWith('duration') ? undefined : `${singular(build.entityName)} duration`;
    if (position === 0 && columns.length > 0) {
      const draft = span.builders.aggregateByAny(span.metric, columns.slice(0, maxChosenColumns), spanScore * weakest, counted, mainTime, otherName);
      // (It reads the two times, as the overall average does: the span is no column of the data.)
      drafts.push({ ...draft, steps: { ...draft.steps, columns: [...draft.steps.columns.filter((column) => column !== span.metric.column.name), pair.start.column.name, pair.end.column.name] } });
    }
  }
  for (const time of roles.times) {
    if (!time.yearly) drafts.push(build.dateRange(time, filtersBeside(time.column)));
    drafts.push(build.timeSeries(time, aggregable[0], filtersBeside(time.column)));
  }
  // The main time's periods on average ("how many orders a day on average"), of the series' metric.
  if (mainTime) drafts.push(build.periodAverage(mainTime, aggregable[0], filtersBeside(mainTime.column)));
  // The other measures per period of the main time, the column a slot (a spare): "the average closing
  // price per year" of prices whose series carries the opening price.
  const unseries = aggregable.slice(1, 1 + maxChosenColumns);
  if (mainTime && unseries.length > 0) drafts.push(build.timeSeriesOfAny(unseries, mainTime, filtersBeside(mainTime.column)));
  // The busiest hour of the day, of a main time that holds times of day; the busiest weekday, of one
  // spanning weeks whose rows are events (times of day, or three rows a day or more on average: not
  // a row or two a day — a city's weather —, a month or a year, whose weekdays count alike or say
  // nothing). Spares: where the cap leaves room.
  if (mainTime && !mainTime.yearly) {
    const timed = !mainTime.isDate && holdsTimesOfDay(mainTime);
    const repeated = mainTime.column.distinct_count <= (profile.row_count - mainTime.column.null_count) / 3;
    if (timed) drafts.push(build.countByTimePart(mainTime, 'hour', counted));
    // The measures per hour of the day, of times of day; per month of the year, of a year or more
    // ("what time of day is the windiest", "which month is the wettest on average"). Spares too.
    const averaged = aggregable.slice(0, maxChosenColumns);
    if (averaged.length > 0 && timed) drafts.push(build.averageByTimePart(averaged, mainTime, 'hour', counted));
    if (averaged.length > 0 && (mainTime.spanDays ?? 0) >= 365) drafts.push(build.averageByTimePart(averaged, mainTime, 'month', counted));
    if ((mainTime.spanDays ?? 0) >= 28 && (timed || repeated) && !firstDaysOnly(mainTime)) drafts.push(build.countByTimePart(mainTime, 'weekday', counted));
  }
  for (const text of roles.texts) drafts.push(build.textSearch(text));
  // A wide table's other measures (us-employment's 20 sectors beside the four with programs): one
  // ranking, one range and one overall aggregate each take the column as a slot, ranked last in
  // their families (`familyCaps` leave them a place).
  const rankedOnes = new Set(measured.slice(0, aggregateMetrics));
  const rangedOnes = new Set(ranged);
  const aggregatedOnes = new Set(aggregable.slice(0, aggregateMetrics));
  const unranked = measured.filter((metric) => !rankedOnes.has(metric)).slice(0, maxChosenColumns);
  const unranged = measured.filter((metric) => !rangedOnes.has(metric)).slice(0, maxChosenColumns);
  const unaggregated = aggregable.filter((metric) => !aggregatedOnes.has(metric)).slice(0, maxChosenColumns);
  if (unranked.length > 0) drafts.push(build.topNOfAny(unranked, filters));
  if (unranged.length > 0) drafts.push(build.rangeOfAny(unranged, filters));
  if (unaggregated.length > 0) drafts.push(build.overallOfAny(unaggregated, counted, mainTime));
  // How many different labels, texts or references the data holds ("how many countries are in the
  // data", "how many users"): the labels that repeat (a key's count is the row count), the texts
  // (cities of zip codes) and the identifiers of what the rows belong to (`user_id`).
  const distinctable = [...roles.dimensions.filter((d) => d.kind !== 'boolean'), ...roles.texts, ...roles.references].filter((c) => c.column.distinct_count >= 2 && c.column.distinct_count < profile.row_count - c.column.null_count);
  if (distinctable.length > 0) drafts.push(build.countDistinct(distinctable.slice(0, maxChosenColumns), counted, mainTime));
  return select(drafts, maxPrograms);
}

/** A time's known values as text: least, greatest (as ISO and as the data writes them), most frequent. */
function timeSamples(time: TimeColumn): string[] {
  return [time.minimum, time.maximum, time.column.min, time.column.max, ...time.column.top_values.map((top) => top.value)].filter((sample): sample is string => typeof sample === 'string');
}

/** Whether a time's known values show a time of day other than midnight. */
function holdsTimesOfDay(time: TimeColumn): boolean {
  return timeSamples(time).some((sample) => /[T ]\d{2}:\d{2}/.test(sample) && !/[T ]00:00(?::00(?:\.0+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/.test(sample));
}

/** Whether every known ISO value of a time is the first day of a month (monthly or yearly data). */
function firstDaysOnly(time: TimeColumn): boolean {
  const samples = [time.minimum, time.maximum, ...time.column.top_values.map((top) => top.value)].filter((sample): sample is string => typeof sample === 'string');
  return samples.length > 0 && samples.every((sample) => /^\d{4}-\d{2}-01(?:$|[T ]00:00)/.test(sample));
}

/**
 * Metrics best first, but no more than two of one kind before every other kind had its turn: of
 * `na_sales`, `eu_sales`, `jp_sales`, `other_sales`, `global_sales`, `critic_score` and
 * `user_score`, the scores come third and fourth, where the regional sales had taken every slot
 * of the aggregates. A kind is the last word of the label.
 */
function varied<T extends { label: string }>(metrics: readonly T[]): T[] {
  const seen = new Map<string, number>();
  const first: T[] = [];
  const later: T[] = [];
  for (const metric of metrics) {
    const kind = metric.label.split(' ').at(-1) ?? metric.label;
    const count = (seen.get(kind) ?? 0) + 1;
    seen.set(kind, count);
    (count <= 2 ? first : later).push(metric);
  }
  return [...first, ...later];
}

/**
 * Best first within each family, each family capped, then families taken in turn up to the overall
 * cap; spare programs (the list of any column's value, the later metrics' totals per any column) last, in
 * that order, where room is left: they never take a
 * wide table's place from a program of its own.
 */
function select(drafts: DraftProgram[], maxPrograms: number): GeneratedProgram[] {
  const families = Object.keys(familyCaps) as ProgramFamily[];
  const queues = new Map(
    families.map((family) => [
      family,
      drafts
        .filter((draft) => draft.family === family && !draft.spare)
        .sort((a, b) => b.score - a.score)
        .slice(0, familyCaps[family] - (spareRoom[family] ?? 0)),
    ]),
  );
  const chosen: DraftProgram[] = [];
  while (chosen.length < maxPrograms) {
    let took = false;
    for (const family of families) {
      const next = queues.get(family)?.shift();
      if (next && chosen.length < maxPrograms) {
        chosen.push(next);
        took = true;
      }
    }
    if (!took) break;
  }
  // (Within their family's cap too: of loans dated three ways, two series and the measures' series
  // had made three time series.)
  const taken = (family: ProgramFamily) => chosen.filter((draft) => draft.family === family).length;
  for (const spare of drafts.filter((draft) => draft.spare)) if (chosen.length < maxPrograms && taken(spare.family) < familyCaps[spare.family]) chosen.push(spare);
  const names = new NameAllocator();
  return chosen.map(({ score: _score, spare: _spare, ...program }) => ({ ...program, name: names.take(program.name) }));
}
