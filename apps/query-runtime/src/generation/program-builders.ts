// One builder per program family: each turns ranked columns into the SQL, slots, plan, question and
// example questions of one program. Every identifier goes through quoteIdentifier, every value is a slot.
import { columnSql, quoteIdentifier, quoteLiteral, type ColumnProfile, type DataProfile } from '@querylane/duckdb';
import type { Dimension, Metric, RankedColumn, TimeColumn } from './column-roles.js';
import type { DurationPair } from './durations.js';
import type { GeneratedProgram, ProgramFilter, ProgramSteps, Slot } from './query-program.types.js';
import { NameAllocator, snakeName } from './slug-names.js';

/** A program before its name is made unique across the data set; `score` ranks it within its family. */
/** `spare`: taken only where the data set's programs leave room (see `select`). */
export type DraftProgram = Omit<GeneratedProgram, 'name'> & { name: string; score: number; spare?: boolean };

export const defaultListLimit = 100;
export const maxListLimit = 10_000;

export class ProgramBuilders {
  private readonly table: string;
  private readonly from: string;
  private readonly entity: string;
  /** What a count of the rows counts: the entity, or its entries when a column is named as the entity is. */
  private readonly counted: string;
  private readonly tableSlug: string;

  /** What the rows are called: "orders", or "weather records" of data named otherwise. */
  get entityName(): string {
    return this.entity;
  }

  /** `derived`: a column computed from the row (a duration of two times) that the programs read as one of the data's. */
  constructor(
    private readonly profile: DataProfile,
    derived?: { column: ColumnProfile; sql: string },
  ) {
    this.table = profile.table;
    // (The rows with it, under the table's own name: the programs' filters read the columns as they are.)
    this.from = derived === undefined ? quoteIdentifier(profile.table) : `(SELECT *, ${derived.sql} AS ${quoteIdentifier(derived.column.name)} FROM ${quoteIdentifier(profile.table)}) AS ${quoteIdentifier(profile.table)}`;
    // A data set named by a plural counts those things ("orders", "penguins"); one named otherwise
    // (`weather`, `github`, `obesity`) counts its records: "how many weather records", not "how many weather".
    const name = profile.table.replace(/[_\-.\s]+/g, ' ').trim().toLowerCase();
    this.entity = name === '' ? 'rows' : pluralName(name) ? name : `${name} records`;
    this.tableSlug = snakeName(profile.table, 'rows');
    // A data set named after one of its columns (`jobs` with a `job` per row and sex and year) holds
    // entries of it, not one row per job: "how many jobs" asks for the different jobs (a distinct
    // count), and its row count is said as entries.
    const named = new Set([this.entity, singular(this.entity)]);
    this.counted = profile.columns.some((column) => named.has(column.name.replace(/[_\-.\s]+/g, ' ').trim().toLowerCase())) ? `entries in ${this.entity}` : this.entity;
  }

  list(dimensions: Dimension[], present: RankedColumn[] = []): DraftProgram {
    const names = new NameAllocator(['limit']);
    const filters = [...dimensions.map((dimension) => this.filter(dimension, names)), ...present.map((column) => this.presence(column, names))];
    const limit = limitSlot('The most rows to return.');
    const by = dimensions.map((d) => d.label);
    return this.draft({
      name: `list_${this.tableSlug}`,
      family: 'list',
      score: 1,
      query: `List the ${this.entity}${by.length > 0 ? `, optionally only those with a given ${joinWords(by, 'or')}` : ''}.`,
      description: `Rows of ${this.table}${by.length > 0 ? `, each filter (${joinWords(by)}) applied only when given` : ''}, up to a limit.`,
      reason: `Every data set can be listed; ${describeFilters(dimensions)}.`,
      examples: [
        `Show me the ${this.entity}`,
        example(dimensions[0], (v, d) => `List ${this.entity} where ${d.label} is ${v}`) ?? `List all ${this.entity}`,
        example(dimensions[1] ?? dimensions[0], (v, d) => `Which ${this.entity} have ${d.label} ${v}?`) ?? `Give me the first 10 ${this.entity}`,
        `Give me 20 ${this.entity}`,
      ],
      sql: `SELECT * FROM ${this.from}${where(filters.map((f) => f.sql))} LIMIT $limit`,
      steps: { family: 'list', table: this.table, columns: ['*'], filters: filters.map((f) => f.filter), limit: { slot: 'limit' } },
      slots: [...filters.map((f) => f.slot), limit],
    });
  }

  lookup(key: RankedColumn): DraftProgram {
    const slot: Slot = { name: key.slug, type: isInteger(key.column) ? 'integer' : 'string', required: true, default: null, description: `The ${key.label} to look up.` };
    const sample = String(key.column.min ?? 'X');
    return this.draft({
      name: `lookup_${this.tableSlug}_by_${key.slug}`,
      family: 'lookup',
      score: key.score,
      query: `What is the ${singular(this.entity)} with ${key.label} ${sample}?`,
      description: `The ${singular(this.entity)} (or ${this.entity}) whose ${key.label} equals the given value.`,
      reason: `${quoted(key.column)} is ${key.column.semantic === 'identifier' ? 'an identifier' : key.column.semantic === 'numeric' ? 'a numeric code' : 'text'} with ${key.column.distinct_count} distinct values over ${this.profile.row_count} rows: it picks out one row.`,
      examples: [`Look up ${key.label} ${sample}`, `Show the ${singular(this.entity)} ${sample}`, `Details for ${key.label} ${sample}`, `Find ${sample} in ${this.entity}`],
      sql: `SELECT * FROM ${this.from} WHERE ${columnSql(key.column)} = $${slot.name} LIMIT ${maxListLimit}`,
      steps: { family: 'lookup', table: this.table, columns: ['*'], filters: [{ column: key.column.name, op: 'eq', slot: slot.name }], limit: null },
      slots: [slot],
    });
  }

  /**
   * A metric's total and average per group of `dimension`, optionally for one group only, with the
   * count's other filters (`dimensions`) and its window on the main time: "which version has the
   * lowest average rating for FitTrack", "which department spent the most in 2024".
   */
  aggregate(metric: Metric, dimension: Dimension, time?: TimeColumn, dimensions: Dimension[] = []): DraftProgram {
    const fn = metric.additive ? 'sum' : 'avg';
    const word = fn === 'sum' ? 'total' : 'average';
    const names = new NameAllocator(['n', 'order', 'rank_by']);
    const filter = this.filter(dimension, names);
    const besides = dimensions.filter((other) => other.column !== dimension.column && other.column !== metric.column);
    const others = besides.map((other) => this.filter(other, names));
    // The groups of a period too ("which department spent the most in 2024"), as the overall aggregate has it.
    const window = this.window(time && time.column !== metric.column && time.column !== dimension.column ? time : undefined, names);
    const column = columnSql(metric.column);
    const valueName = quoteIdentifier(`${fn}_${metric.slug}`);
    // The other of sum and average comes too: "total yield per variety" and "average gross per
    // rating" are both fair questions of one grouping. Groups come highest first, so the program
    // also answers "which site has the highest average yield".
    const other = fn === 'sum' ? 'avg' : 'sum';
    const dimensionColumn = columnSql(dimension.column);
    const sql =
      `SELECT ${selected(dimension.column)}, ${fn}(${column}) AS ${valueName}, ${other}(${column}) AS ${quoteIdentifier(`${other}_${metric.slug}`)}, ` +
      `min(${column}) AS ${quoteIdentifier(`min_${metric.slug}`)}, max(${column}) AS ${quoteIdentifier(`max_${metric.slug}`)}, count(${column}) AS ${quoteIdentifier('count')} ` +
      `FROM ${this.from}${where([filter.sql, ...others.map((f) => f.sql), ...window.sql])} GROUP BY ${dimensionColumn} ${rankGroups(rankedMeasure(fn, column), dimensionColumn)}`;
    const measure = measurePhrase(word, metric.label);
    return this.draft({
      name: `${fn}_${metric.slug}_by_${dimension.slug}`,
      family: 'aggregate',
      score: metric.score * dimension.score,
      query: `What is the ${measure} by ${dimension.label}?`,
      description: `The ${measure} (with the ${fn === 'sum' ? 'average' : 'total'}, minimum, maximum and count of ${metric.label}) for each ${dimension.label}, highest ${word} first (or lowest), optionally for one ${dimension.label} only or the first n ${dimension.label} groups${besides.length > 0 ? `, and only of the ${this.entity} with a given ${joinWords(besides.map((d) => d.label), 'or')}` : ''}.`,
      reason: `${quoted(metric.column)} is numeric from ${String(metric.column.min)} to ${String(metric.column.max)} (${metric.column.distinct_count} distinct values${metric.additive ? ', an additive quantity, so summed' : ''}); ${quoted(dimension.column)} is ${dimension.kind} with ${dimension.column.distinct_count} distinct values.`,
      examples: [
        `${capital(measure)} per ${dimension.label}`,
        `How does ${metric.label} compare across ${dimension.label}?`,
        example(dimension, (v) => `What is the ${measure} for ${v}?`) ?? `${capital(measure)} grouped by ${dimension.label}`,
        `Break down ${metric.label} by ${dimension.label}`,
        `Top 5 ${dimension.label} by ${measure}`,
      ],
      sql,
      steps: {
        family: 'aggregate',
        table: this.table,
        columns: [dimension.column.name, metric.column.name],
        group_by: [dimension.column.name],
        filters: [filter.filter, ...others.map((f) => f.filter), ...window.filters],
        aggregate: { function: fn, column: metric.column.name },
        order: { column: metric.column.name, direction: 'slot', slot: 'order' },
        limit: { slot: 'n' },
        rank_by: { slot: 'rank_by' },
      },
      slots: [filter.slot, ...others.map((f) => f.slot), ...window.slots, ...groupRankSlots(`${dimension.label} groups`), rankBySlot(word, metric.label)],
    });
  }

  /**
   * One metric over every row ("What is the average gas price?", "total deaths"): its sum or
   * average first, then the other, min, max and count, with the count's optional equality filters.
   */
  overall(metric: Metric, dimensions: Dimension[], time?: TimeColumn): DraftProgram {
    const fn = metric.additive ? 'sum' : 'avg';
    const word = fn === 'sum' ? 'total' : 'average';
    const other = fn === 'sum' ? 'avg' : 'sum';
    const names = new NameAllocator();
    const filters = dimensions.map((dimension) => this.filter(dimension, names));
    const window = this.window(time && time.column !== metric.column ? time : undefined, names);
    const column = columnSql(metric.column);
    const measure = measurePhrase(word, metric.label, 'overall');
    const sql =
      `SELECT ${fn}(${column}) AS ${quoteIdentifier(`${fn}_${metric.slug}`)}, ${other}(${column}) AS ${quoteIdentifier(`${other}_${metric.slug}`)}, ` +
      `min(${column}) AS ${quoteIdentifier(`min_${metric.slug}`)}, max(${column}) AS ${quoteIdentifier(`max_${metric.slug}`)}, count(${column}) AS ${quoteIdentifier('count')} ` +
      `FROM ${this.from}${where([...filters.map((f) => f.sql), ...window.sql])}`;
    return this.draft({
      name: `${fn}_${metric.slug}`,
      family: 'aggregate',
      score: metric.score,
      query: `What is the ${measure}?`,
      description: `The ${measure} over all ${this.entity} (with the ${fn === 'sum' ? 'average' : 'total'}, minimum, maximum and count of ${metric.label})${onlyFor(dimensions)}.`,
      reason: `${quoted(metric.column)} is numeric from ${String(metric.column.min)} to ${String(metric.column.max)} (${metric.column.distinct_count} distinct values${metric.additive ? ', an additive quantity, so summed' : ''}): one ${word} over the rows answers "what is the ${measure}"; ${describeFilters(dimensions)}.`,
      // Unique: "Overall total" is both the bare measure and the overall label of a column named `total`.
      examples: [
        ...new Set([
          capital(measure),
          `Overall ${metric.label}`,
          `What is the ${measure} across all ${this.entity}?`,
          example(dimensions[0], (v) => `${capital(measure)} for ${v}`) ?? `${capital(measure)} of the ${this.entity}`,
        ]),
      ],
      sql,
      steps: {
        family: 'aggregate',
        table: this.table,
        columns: [metric.column.name],
        group_by: [],
        filters: [...filters.map((f) => f.filter), ...window.filters],
        aggregate: { function: fn, column: metric.column.name },
      },
      slots: [...filters.map((f) => f.slot), ...window.slots],
    });
  }

  /**
   * The average span between a pair of the row's times (`durationPairs`: "the average ride
   * duration", "how long does delivery take"), with the total, the shortest, the longest and how
   * many rows have both times, over the rows with the count's filters and within a period of the
   * main time. Of builders made by `durationMeasure`, whose rows carry the span as `metric`.
   */
  duration(metric: Metric, pair: DurationPair, dimensions: Dimension[], time?: TimeColumn): DraftProgram {
    const names = new NameAllocator();
    const filters = dimensions.map((dimension) => this.filter(dimension, names));
    const window = this.window(time, names);
    const column = columnSql(metric.column);
    const measure = `average ${pair.label}`;
    return this.draft({
      name: `avg_${metric.slug}`,
      family: 'aggregate',
      score: metric.score,
      query: `What is the ${measure} in ${pair.unit}?`,
      description: `The ${measure} in ${pair.unit}, from ${pair.start.label} to ${pair.end.label} (with the total, shortest, longest and the count of ${this.entity} with both), over the ${this.entity}${onlyFor(dimensions)}${window.slots.length > 0 ? ` or within a period of ${time?.label ?? ''}` : ''}. ${capital(this.entity)} whose ${pair.end.label} is missing or before their ${pair.start.label} are left out.`,
      reason: `${quoted(pair.start.column)} and ${quoted(pair.end.column)} are times of one row, the second ${pair.label.endsWith('duration') ? 'where the first one ends' : 'of an outcome after the first'}: their span is a measure no column holds.`,
      // (The span is the row's duration too, "the average loan duration" of a return time.)
      examples: [
        capital(measure),
        `How long does a ${singular(this.entity)} take on average?`,
        pair.label.endsWith('duration') ? `Average ${pair.label} in ${pair.unit}` : `Average ${singular(this.entity)} duration`,
        example(dimensions[0], (v) => `${capital(measure)} for ${v}`) ?? `${capital(measure)} of the ${this.entity}`,
      ],
      sql:
        `SELECT avg(${column}) AS ${quoteIdentifier(`avg_${metric.slug}`)}, sum(${column}) AS ${quoteIdentifier(`sum_${metric.slug}`)}, min(${column}) AS ${quoteIdentifier(`min_${metric.slug}`)}, ` +
        `max(${column}) AS ${quoteIdentifier(`max_${metric.slug}`)}, count(${column}) AS ${quoteIdentifier('count')} FROM ${this.from}${where([...filters.map((f) => f.sql), ...window.sql])}`,
      steps: {
        family: 'aggregate',
        table: this.table,
        // (The data's columns it reads: the span is none of them, and a program reading a column the data loses is invalid.)
        columns: [pair.start.column.name, pair.end.column.name],
        group_by: [],
        filters: [...filters.map((f) => f.filter), ...window.filters],
        aggregate: { function: 'avg', column: metric.column.name },
      },
      slots: [...filters.map((f) => f.slot), ...window.slots],
    });
  }

  topN(metric: Metric, dimensions: Dimension[], time?: TimeColumn): DraftProgram {
    const names = new NameAllocator(['n', 'order']);
    const filters = dimensions.map((dimension) => this.filter(dimension, names));
    // Never bounded by the column it ranks by (a calendar year is no ranking, but stay safe).
    const window = this.window(time && time.column !== metric.column ? time : undefined, names);
    const column = columnSql(metric.column);
    const { n, order } = rowRankSlots();
    return this.draft({
      name: `top_${this.tableSlug}_by_${metric.slug}`,
      family: 'top_n',
      score: metric.score,
      query: `What are the top 10 ${this.entity} by ${metric.label}?`,
      description: `The ${this.entity} with the highest (or lowest) ${metric.label}${optionally(dimensions)}.`,
      reason: `${quoted(metric.column)} is numeric with ${metric.column.distinct_count} distinct values from ${String(metric.column.min)} to ${String(metric.column.max)}: a ranking by it is meaningful.`,
      examples: [
        `Top 5 ${this.entity} by ${metric.label}`,
        `Which ${this.entity} have the highest ${metric.label}?`,
        `Show the 3 ${this.entity} with the lowest ${metric.label}`,
        example(dimensions[0], (v) => `Highest ${metric.label} among ${v} ${this.entity}`) ?? `Rank ${this.entity} by ${metric.label}`,
      ],
      ...this.rowsRankedBy(column, metric.column.name, filters, window),
      slots: [...filters.map((f) => f.slot), ...window.slots, n, order],
    });
  }

  /**
   * The rows by one of the data's times, the most recent first or (`$order` asc) the oldest first,
   * optionally within a period of that time: "the most recent citation", "the 5 latest orders",
   * "the oldest artwork", "the newest games released before 2010".
   */
  latest(time: TimeColumn, dimensions: Dimension[], score: number, main: boolean): DraftProgram {
    const names = new NameAllocator(['n', 'order']);
    const filters = dimensions.map((dimension) => this.filter(dimension, names));
    const window = this.window(time, names);
    // A calendar year held as a number is ordered as that number.
    const column = time.yearly ? columnSql(time.column) : time.expression;
    const { n } = rowRankSlots();
    const order: Slot = { name: 'order', type: 'enum', required: false, default: 'desc', description: `desc for the most recent ${time.label} first, asc for the oldest first.`, enum_values: ['desc', 'asc'] };
    // The rows' own newest and oldest are the main time's; another time is named by its label
    // ("the latest paid date"), so the words alone do not find it as much.
    const text = main
      ? {
          query: `What are the most recent ${this.entity}?`,
          description: `The latest (most recent, newest) ${this.entity} by ${time.label}, or the oldest (earliest, first) ones${optionally(dimensions)}, optionally within a period of ${time.label}.`,
          examples: [
            `The most recent ${this.entity}`,
            `Show the 5 latest ${this.entity}`,
            `Which are the oldest ${this.entity}?`,
            example(dimensions[0], (v) => `The newest ${v} ${this.entity}`) ?? `The earliest ${this.entity}`,
          ],
        }
      : {
          query: `Which ${this.entity} have the last ${time.label}?`,
          description: `The ${this.entity} ordered by ${time.label}, the last ${time.label} first or the first${optionally(dimensions)}, optionally within a period of ${time.label}.`,
          examples: [`The ${this.entity} with the latest ${time.label}`, `The 5 ${this.entity} with the earliest ${time.label}`, `${capital(this.entity)} by ${time.label}, last first`],
        };
    return this.draft({
      name: `latest_${this.tableSlug}_by_${time.slug}`,
      family: 'top_n',
      score,
      ...text,
      reason: `${quoted(time.column)} tells when each row happened${time.minimum && time.maximum ? ` (${time.minimum.slice(0, 10)} to ${time.maximum.slice(0, 10)})` : ''}: the newest and the oldest are asked for by that time.`,
      ...this.rowsRankedBy(column, time.column.name, filters, window, true),
      slots: [...filters.map((f) => f.slot), ...window.slots, n, order],
    });
  }

  count(dimensions: Dimension[], time?: TimeColumn, bounded: Metric[] = [], otherTime?: TimeColumn, present: RankedColumn[] = []): DraftProgram {
    const names = new NameAllocator();
    const filters = [...dimensions.map((dimension) => this.filter(dimension, names)), ...present.map((column) => this.presence(column, names))];
    // The main time's window, and a second time's ("issues closed in October" of `closed_at`
    // beside the main `created_at`, "shipments delivered last week").
    const windows = [this.window(time, names), this.window(otherTime && otherTime.column !== time?.column ? otherTime : undefined, names)];
    const window = { slots: windows.flatMap((w) => w.slots), sql: windows.flatMap((w) => w.sql), filters: windows.flatMap((w) => w.filters) };
    const bounds = bounded.map((metric) => this.bounds(metric, names));
    return this.draft({
      name: `count_${this.tableSlug}`,
      family: 'count',
      score: 1,
      query: `How many ${this.counted} are there${dimensions.length > 0 ? `, optionally with a given ${joinWords(dimensions.map((d) => d.label), 'or')}` : ''}?`,
      description: `The number of ${this.counted}${dimensions.length > 0 ? ` with the given ${joinWords(dimensions.map((d) => d.label))}` : ''}.`,
      reason: `${this.profile.row_count} rows; ${describeFilters(dimensions)}.`,
      examples: [
        `How many ${this.counted} are there?`,
        `Count the ${this.entity}`,
        example(dimensions[0], (v, d) => `How many ${this.entity} have ${d.label} ${v}?`) ?? `Number of ${this.entity}`,
        example(dimensions[1] ?? dimensions[0], (v) => `Number of ${v} ${this.entity}`) ?? `Total ${this.entity} count`,
      ],
      sql: `SELECT count(*) AS ${quoteIdentifier('count')} FROM ${this.from}${where([...filters.map((f) => f.sql), ...window.sql, ...bounds.flatMap((b) => b.sql)])}`,
      steps: {
        family: 'count',
        table: this.table,
        columns: [],
        filters: [...filters.map((f) => f.filter), ...window.filters, ...bounds.flatMap((b) => b.filters)],
        aggregate: { function: 'count', column: null },
      },
      slots: [...filters.map((f) => f.slot), ...window.slots, ...bounds.flatMap((b) => b.slots)],
    });
  }

  /**
   * The rows per value of `dimension`, with the count's other filters and its window on the main
   * time: "which carrier has the most returned shipments", "which city had the most rainy days in
   * 2025" (a count per group of some of the rows, as the count is of some of them).
   */
  countBy(dimension: Dimension, dimensions: Dimension[] = [], time?: TimeColumn): DraftProgram {
    const column = dimension.kind === 'tags' ? listSql(dimension.column) : columnSql(dimension.column);
    const names = new NameAllocator(['n', 'order']);
    const filters = dimensions.filter((other) => other.column !== dimension.column).map((other) => this.filter(other, names));
    const window = this.window(time && time.column !== dimension.column ? time : undefined, names);
    const filtered = filters.length > 0 ? `, optionally only those with a given ${joinWords(dimensions.filter((other) => other.column !== dimension.column).map((d) => d.label), 'or')}` : '';
    return this.draft({
      name: `count_${this.tableSlug}_by_${dimension.slug}`,
      family: 'count',
      score: dimension.score,
      query: `How many ${this.entity} are there per ${dimension.label}?`,
      description: `The number of ${this.entity} for each ${dimension.label}, most first (or fewest)${filtered}${window.slots.length > 0 ? ` or within a period of ${time!.label}` : ''}, optionally the first n ${dimension.label} groups only.`,
      reason: `${quoted(dimension.column)} is ${dimension.kind} with ${dimension.column.distinct_count} distinct values.`,
      examples: [
        `Number of ${this.entity} by ${dimension.label}`,
        `Count ${this.entity} per ${dimension.label}`,
        `Which ${dimension.label} has the most ${this.entity}?`,
        `Distribution of ${this.entity} across ${dimension.label}`,
        `Top 3 ${dimension.label} by number of ${this.entity}`,
      ],
      // (Of a list of labels, each row counted once under each label it holds.)
      sql:
        dimension.kind === 'tags'
          ? `SELECT ${quoteIdentifier(dimension.column.name)}, count(*) AS ${quoteIdentifier('count')} FROM (SELECT unnest(list_distinct(${column})) AS ${quoteIdentifier(dimension.column.name)} FROM ${this.from}${where([...filters.map((f) => f.sql), ...window.sql])}) GROUP BY ${quoteIdentifier(dimension.column.name)} ${rankGroups('count(*)', quoteIdentifier(dimension.column.name))}`
          : `SELECT ${selected(dimension.column)}, count(*) AS ${quoteIdentifier('count')} FROM ${this.from}${where([...filters.map((f) => f.sql), ...window.sql])} GROUP BY ${column} ${rankGroups('count(*)', column)}`,
      steps: {
        family: 'count',
        table: this.table,
        columns: [dimension.column.name],
        group_by: [dimension.column.name],
        filters: [...filters.map((f) => f.filter), ...window.filters],
        aggregate: { function: 'count', column: null },
        order: { column: 'count', direction: 'slot', slot: 'order' },
        limit: { slot: 'n' },
      },
      slots: [...filters.map((f) => f.slot), ...window.slots, ...groupRankSlots(`${dimension.label} groups`)],
    });
  }

  /**
   * The rows per hour of the day (0–23) or per day of the week of the main time, busiest first (or
   * quietest), with the count's filters and its window: "what time of day has the most pickups",
   * "which weekday gets the most calls". A series per hour or per week answers neither: it counts
   * each hour of each day.
   */
  countByTimePart(time: TimeColumn, part: 'hour' | 'weekday', dimensions: Dimension[] = []): DraftProgram {
    const names = new NameAllocator(['n', 'order']);
    const filters = dimensions.map((dimension) => this.filter(dimension, names));
    const window = this.window(time, names);
    const [alias, value, words, example] =
      part === 'hour'
        ? (['hour_of_day', `hour(${time.expression})`, 'hour of the day (0 to 23)', 'Which hour of the day has the most'] as const)
        : (['day_of_week', `dayname(${time.expression})`, 'day of the week (Monday to Sunday)', 'Which day of the week has the most'] as const);
    return this.draft({
      name: `count_${this.tableSlug}_by_${alias}`,
      family: 'count',
      score: time.score * 0.5,
      spare: true,
      query: `How many ${this.entity} are there per ${part === 'hour' ? 'hour of the day' : 'day of the week'}?`,
      description: `The number of ${this.entity} for each ${words} of ${time.label}, most first (or fewest)${optionally(dimensions)}${window.slots.length > 0 ? ` or within a period of ${time.label}` : ''}, optionally the first n only.`,
      reason: `${quoted(time.column)} holds ${part === 'hour' ? 'hours of the day' : 'dates over several weeks'}: the busiest ${part === 'hour' ? 'hour' : 'weekday'} is asked of it as often as a series.`,
      examples:
        part === 'hour'
          ? [`${example} ${this.entity}?`, `Busiest hour of the day for ${this.entity}`, `${capital(this.entity)} by hour of day`, `In which hour of the day are there the fewest ${this.entity}?`]
          : [`${example} ${this.entity}?`, `Busiest weekday for ${this.entity}`, `${capital(this.entity)} by day of week`, `${capital(this.entity)} per weekday`],
      sql: `SELECT ${value} AS ${quoteIdentifier(alias)}, count(*) AS ${quoteIdentifier('count')} FROM ${this.from} WHERE ${time.expression} IS NOT NULL${andAll([...filters, ...window.sql.map((sql) => ({ sql }))])} GROUP BY 1 ${rankGroups('count(*)', value)}`,
      steps: {
        family: 'count',
        table: this.table,
        columns: [time.column.name],
        group_by: [alias],
        filters: [...filters.map((f) => f.filter), ...window.filters],
        aggregate: { function: 'count', column: null },
        order: { column: 'count', direction: 'slot', slot: 'order' },
        limit: { slot: 'n' },
      },
      slots: [...filters.map((f) => f.slot), ...window.slots, ...groupRankSlots(part === 'hour' ? 'hours' : 'days')],
    });
  }

  /**
   * A measure (the `column` slot chooses among the first ones) per hour of the day or per month of
   * the year, over every day or year: "what time of day is the windiest", "which month is the
   * wettest on average", "average temperature by month of the year". The average first (a month's
   * average day), the total beside it; groups ranked by either (`rank_by`), highest first or lowest.
   */
  averageByTimePart(metrics: Metric[], time: TimeColumn, part: 'hour' | 'month', dimensions: Dimension[] = []): DraftProgram {
    const names = new NameAllocator(['column', 'n', 'order', 'rank_by']);
    const filters = dimensions.map((dimension) => this.filter(dimension, names));
    const window = this.window(time, names);
    const choice = chooseColumn(metrics, this.profile.columns);
    const [alias, value, words] =
      part === 'hour' ? (['hour_of_day', `hour(${time.expression})`, 'hour of the day (0 to 23)'] as const) : (['month_of_year', `month(${time.expression})`, 'month of the year (1 to 12)'] as const);
    const group = quoteIdentifier(alias);
    // (The month's name beside its number: "which month" is answered by a name.)
    const named = part === 'month' ? `, monthname(${time.expression}) AS ${quoteIdentifier('month_name')}` : '';
    const ranked = `CASE WHEN $rank_by = 'total' THEN sum(${choice.alias}) ELSE avg(${choice.alias}) END`;
    const first = metrics[0]?.label ?? 'value';
    const second = metrics[1]?.label ?? first;
    const periods = part === 'hour' ? 'hour of the day' : 'month of the year';
    return this.draft({
      name: `avg_${this.tableSlug}_column_by_${alias}`,
      family: 'aggregate',
      score: time.score * 0.5,
      spare: true,
      query: `What is the average ${first} (or another column) per ${periods}?`,
      description: `The average (with the total, minimum, maximum and count) of the given column (${joinWords(metrics.map((m) => m.label), 'or')}) for each ${words} of ${time.label}, over every ${part === 'hour' ? 'day' : 'year'}, highest first (or lowest)${optionally(dimensions)}${window.slots.length > 0 ? ` or within a period of ${time.label}` : ''}, optionally the first n only.`,
      reason: `${quoted(time.column)} holds ${part === 'hour' ? 'times of day' : `dates over ${Math.floor((time.spanDays ?? 0) / 365)} years or more`}: "which ${part === 'hour' ? 'time of day' : 'month'} is the ${first} highest on average" compares ${part === 'hour' ? 'hours' : 'months'} across ${part === 'hour' ? 'days' : 'years'}.`,
      examples:
        part === 'hour'
          ? [`Average ${first} by hour of day`, `What time of day has the highest ${first}?`, `${capital(second)} per hour of the day`]
          : [`Average ${first} by month of the year`, `Which month has the highest ${first} on average?`, `${capital(second)} per calendar month`],
      sql:
        `SELECT ${value} AS ${group}${named}, avg(${choice.alias}) AS ${quoteIdentifier('avg')}, sum(${choice.alias}) AS ${quoteIdentifier('sum')}, min(${choice.alias}) AS ${quoteIdentifier('min')}, ` +
        `max(${choice.alias}) AS ${quoteIdentifier('max')}, count(${choice.alias}) AS ${quoteIdentifier('count')} FROM ${choice.from(this.from)} WHERE ${time.expression} IS NOT NULL${andAll([...filters, ...window.sql.map((sql) => ({ sql }))])} ` +
        `GROUP BY ${value}${part === 'month' ? `, monthname(${time.expression})` : ''} ${rankGroups(ranked, value)}`,
      steps: {
        family: 'aggregate',
        table: this.table,
        columns: ['$column', time.column.name],
        group_by: [alias],
        filters: [...filters.map((f) => f.filter), ...window.filters],
        aggregate: { function: 'avg', column: '$column' },
        order: { column: '$column', direction: 'slot', slot: 'order' },
        limit: { slot: 'n' },
        rank_by: { slot: 'rank_by' },
        column_choice: { slot: 'column', columns: metrics.map((m) => m.column.name) },
      },
      slots: [choice.slot, ...filters.map((f) => f.slot), ...window.slots, ...groupRankSlots(part === 'hour' ? 'hours' : 'months'), rankBySlot('average', 'value of the column')],
    });
  }

  numericRange(metric: Metric, dimensions: Dimension[]): DraftProgram {
    const column = columnSql(metric.column);
    const names = new NameAllocator([`min_${metric.slug}`, `max_${metric.slug}`, 'limit']);
    const filters = dimensions.map((dimension) => this.filter(dimension, names));
    const type = metric.integer ? 'integer' : 'number';
    // The data's extent is told, never enforced: a filter outside it is a fair question (it finds
    // nothing, or what a refresh brought), and a user cannot know the extent to the last digit.
    const bounds = { minimum: Number(metric.column.min), maximum: Number(metric.column.max) };
    const extent = ` The data holds ${bounds.minimum} to ${bounds.maximum}.`;
    const observed = { observed_minimum: bounds.minimum, observed_maximum: bounds.maximum };
    const low: Slot = { name: `min_${metric.slug}`, type, required: false, default: null, description: `Lowest ${metric.label} to include.${extent}`, ...observed };
    const high: Slot = { name: `max_${metric.slug}`, type, required: false, default: null, description: `Highest ${metric.label} to include.${extent}`, ...observed };
    const limit = limitSlot('The most rows to return.');
    const middle = Math.round((bounds.minimum + bounds.maximum) / 2);
    return this.draft({
      name: `${this.tableSlug}_by_${metric.slug}_range`,
      family: 'range',
      score: metric.score,
      query: `Which ${this.entity} have ${metric.label} between a minimum and a maximum?`,
      description: `The ${this.entity} whose ${metric.label} lies within the given bounds (either may be left out)${optionally(dimensions)}, lowest first.`,
      reason: `${quoted(metric.column)} is numeric from ${bounds.minimum} to ${bounds.maximum} with ${metric.column.distinct_count} distinct values.`,
      examples: [
        `${capital(this.entity)} with ${metric.label} between ${bounds.minimum} and ${middle}`,
        `Which ${this.entity} have ${metric.label} over ${middle}?`,
        `Show ${this.entity} with ${metric.label} of at most ${middle}`,
        `${capital(this.entity)} where ${metric.label} is at least ${middle}`,
      ],
      sql:
        `SELECT * FROM ${this.from} WHERE ${column} IS NOT NULL AND ($${low.name} IS NULL OR ${column} >= $${low.name}) ` +
        `AND ($${high.name} IS NULL OR ${column} <= $${high.name})${andAll(filters)} ORDER BY ${column} LIMIT $limit`,
      steps: {
        family: 'range',
        table: this.table,
        columns: ['*'],
        filters: [
          { column: metric.column.name, op: 'gte', slot: low.name },
          { column: metric.column.name, op: 'lte', slot: high.name },
          ...filters.map((f) => f.filter),
        ],
        order: { column: metric.column.name, direction: 'asc' },
        limit: { slot: 'limit' },
      },
      slots: [low, high, ...filters.map((f) => f.slot), limit],
    });
  }

  dateRange(time: TimeColumn, dimensions: Dimension[]): DraftProgram {
    const names = new NameAllocator([`from_${time.slug}`, `to_${time.slug}`, 'limit']);
    const filters = dimensions.map((dimension) => this.filter(dimension, names));
    // As for numbers, the data's first and last dates are told, not enforced.
    const bounds = { ...(time.minimum ? { minimum: time.minimum.slice(0, 10) } : {}), ...(time.maximum ? { maximum: time.maximum.slice(0, 10) } : {}) };
    const extent = bounds.minimum && bounds.maximum ? ` The data runs from ${bounds.minimum} to ${bounds.maximum}.` : '';
    const observed = { ...(bounds.minimum ? { observed_minimum: bounds.minimum } : {}), ...(bounds.maximum ? { observed_maximum: bounds.maximum } : {}) };
    const from: Slot = { name: `from_${time.slug}`, type: 'date', required: false, default: null, description: `First ${time.label} to include (ISO date).${extent}`, ...observed };
    const to: Slot = { name: `to_${time.slug}`, type: 'date', required: false, default: null, description: `Last ${time.label} to include (ISO date, inclusive).${extent}`, ...observed };
    const limit = limitSlot('The most rows to return.');
    // `to` is a whole day: for timestamps, anything before the next midnight is in.
    const upper = time.isDate ? `${time.expression} <= CAST($${to.name} AS DATE)` : `${time.expression} < CAST($${to.name} AS DATE) + INTERVAL 1 DAY`;
    const lower = `${time.expression} >= CAST($${from.name} AS DATE)`;
    const sample = bounds.minimum ?? '2020-01-01';
    return this.draft({
      name: `${this.tableSlug}_by_${time.slug}_range`,
      family: 'range',
      score: time.score,
      query: `Which ${this.entity} have ${time.label} between two dates?`,
      description: `The ${this.entity} whose ${time.label} falls between the given dates (either may be left out)${optionally(dimensions)}, earliest first.`,
      reason: `${quoted(time.column)} holds dates${time.minimum && time.maximum ? ` from ${time.minimum} to ${time.maximum}` : ''} (${time.column.type}, ${time.column.distinct_count} distinct values).`,
      examples: [`${capital(this.entity)} with ${time.label} after ${sample}`, `Which ${this.entity} have ${time.label} before ${bounds.maximum ?? '2021-01-01'}?`, `Show ${this.entity} between ${sample} and ${bounds.maximum ?? '2021-01-01'}`, `${capital(this.entity)} by ${time.label} in a date range`],
      sql: `SELECT * FROM ${this.from} WHERE ${time.expression} IS NOT NULL AND ($${from.name} IS NULL OR ${lower}) AND ($${to.name} IS NULL OR ${upper})${andAll(filters)} ORDER BY ${time.expression} LIMIT $limit`,
      steps: {
        family: 'range',
        table: this.table,
        columns: ['*'],
        filters: [
          { column: time.column.name, op: 'gte', slot: from.name },
          { column: time.column.name, op: 'lte', slot: to.name },
          ...filters.map((f) => f.filter),
        ],
        order: { column: time.column.name, direction: 'asc' },
        limit: { slot: 'limit' },
      },
      slots: [from, to, ...filters.map((f) => f.slot), limit],
    });
  }

  timeSeries(time: TimeColumn, metric: Metric | undefined, dimensions: Dimension[]): DraftProgram {
    const names = new NameAllocator(['interval']);
    const filters = dimensions.map((dimension) => this.filter(dimension, names));
    // The series of one period too: "tickets per month in 2025", "monthly sales since March".
    const window = this.window(time, names);
    const interval = intervalSlot(time);
    const periods = time.yearly ? 'year' : time.isDate ? 'day, week, month, quarter or year' : 'hour, day, week, month, quarter or year';
    // "per year of date", but "per year" when the column is the year itself (disasters' `Year`).
    const namesPeriod = (word: string) => new RegExp(`(^|\\s)${word}s?(\\s|$)`).test(time.label);
    const perPeriod = (word: string) => (namesPeriod(word) ? time.label : `${word} of ${time.label}`);
    const anyPeriod = ['day', 'week', 'month', 'year'].some(namesPeriod) ? periods : `${periods} of ${time.label}`;
    const period = periodOf(time);
    // Both the total and the average per period, the one the metric's name suggests first, as the
    // aggregates give both: "total precipitation per year" and "average temperature per month" are
    // both asked of one series (it gave the average only to the first).
    const [first, second] = metric?.additive ? (['sum', 'avg'] as const) : (['avg', 'sum'] as const);
    const value = metric ? [first, second].map((fn) => `, ${fn}(${columnSql(metric.column)}) AS ${quoteIdentifier(`${fn}_${metric.slug}`)}`).join('') : '';
    // The periods ranked too: "which month had the most flights", "which year had the highest total
    // precipitation" is the series' first period by its count, total or average (`$n` of them,
    // ties included); without `$n`, every period in time order.
    const ranked = metric
      ? `CASE WHEN $rank_by = 'total' THEN CAST(${quoteIdentifier(`sum_${metric.slug}`)} AS DOUBLE) WHEN $rank_by = 'average' THEN CAST(${quoteIdentifier(`avg_${metric.slug}`)} AS DOUBLE) ELSE CAST(${quoteIdentifier('count')} AS DOUBLE) END`
      : quoteIdentifier('count');
    const ranking = `CASE WHEN $order = 'asc' THEN ${ranked} END ASC NULLS LAST, ${ranked} DESC NULLS LAST`;
    const rankSlots: Slot[] = [
      { name: 'n', type: 'integer', required: false, default: null, description: 'How many periods to return, ranked by the value rank_by names (every period in time order when not given; periods tied with the last are returned too).', minimum: 1, maximum: maxListLimit },
      { name: 'order', type: 'enum', required: false, default: 'desc', description: 'With n: desc for the periods with the highest values first, asc for the lowest.', enum_values: ['desc', 'asc'] },
      ...(metric
        ? [{ name: 'rank_by', type: 'enum' as const, required: false, default: 'count', description: `With n: whether periods are ranked by their number of ${this.entity}, or their total or average ${metric.label}.`, enum_values: ['count', 'total', 'average'] }]
        : []),
    ];
    return this.draft({
      name: `${this.tableSlug}_over_time_by_${time.slug}`,
      family: 'time_series',
      score: time.score,
      query: `How many ${this.entity} are there per ${perPeriod(String(interval.default))}?`,
      description: `The number of ${this.entity}${metric ? ` and the ${measurePhrase(metric.additive ? 'total' : 'average', metric.label)} (with the ${metric.additive ? 'average' : 'total'})` : ''} per ${time.yearly ? perPeriod('year') : anyPeriod}${optionally(dimensions)}, optionally within a period of ${time.label}.`,
      reason: time.yearly
        ? `${quoted(time.column)} holds calendar years from ${String(time.column.min)} to ${String(time.column.max)}, so rows can be counted year by year.`
        : `${quoted(time.column)} holds dates${time.minimum && time.maximum ? ` from ${time.minimum} to ${time.maximum}` : ''}${time.spanDays === null ? '' : ` (${Math.round(time.spanDays)} days)`}, so it can be bucketed by period.`,
      examples: time.yearly
        ? [`${capital(this.entity)} per year`, `How many ${this.entity} each year?`, `Yearly trend of ${this.entity}`, `${capital(this.entity)} over the years`]
        : [`${capital(this.entity)} per month`, `How many ${this.entity} each year?`, `Weekly trend of ${this.entity}`, `${capital(this.entity)} over time by ${time.label}`],
      sql:
        `SELECT * FROM (SELECT ${period} AS ${quoteIdentifier('period')}, count(*) AS ${quoteIdentifier('count')}${value} FROM ${this.from} WHERE ${time.expression} IS NOT NULL${andAll([...filters, ...window.sql.map((sql) => ({ sql }))])} GROUP BY 1) AS ${quoteIdentifier('periods')} ` +
        `QUALIFY $n IS NULL OR rank() OVER (ORDER BY ${ranking}) <= $n ORDER BY CASE WHEN $n IS NULL THEN ${quoteIdentifier('period')} END, ${ranking}, ${quoteIdentifier('period')}`,
      steps: {
        family: 'time_series',
        table: this.table,
        columns: [time.column.name, ...(metric ? [metric.column.name] : [])],
        group_by: ['period'],
        filters: [...filters.map((f) => f.filter), ...window.filters],
        aggregate: { function: 'count', column: null },
        order: { column: 'period', direction: 'asc' },
        interval: { slot: 'interval' },
        ...(metric ? { rank_by: { slot: 'rank_by', column: metric.column.name, adds: metric.additive } } : {}),
      },
      slots: [...filters.map((f) => f.slot), ...window.slots, interval, ...rankSlots],
    });
  }

  /**
   * The other measures per period (`<table>_column_over_time_by_<time>`; a spare): the series carries
   * one measure, its data's first, and "the average closing price per year", "which year had the
   * highest average volume", "average humidity per day" of a measure past it had no program — and
   * were answered from another data set's series. The `column` slot chooses the measure; each period
   * gives its `count` of values, `avg`, `sum`, `min` and `max`, ranked (with `n`) by the average, or
   * by the total or the count that `rank_by` names, with the series' interval, filters and bounds.
   */
  timeSeriesOfAny(metrics: Metric[], time: TimeColumn, dimensions: Dimension[]): DraftProgram {
    const names = new NameAllocator(['column', 'interval', 'n', 'order', 'rank_by']);
    const filters = dimensions.map((dimension) => this.filter(dimension, names));
    const window = this.window(time, names);
    const interval = intervalSlot(time);
    const choice = chooseColumn(metrics, this.profile.columns);
    const period = periodOf(time);
    const value = (fn: string) => `${fn}(${choice.alias}) AS ${quoteIdentifier(fn)}`;
    const ranked = `CASE WHEN $rank_by = 'total' THEN CAST(${quoteIdentifier('sum')} AS DOUBLE) WHEN $rank_by = 'count' THEN CAST(${quoteIdentifier('count')} AS DOUBLE) ELSE CAST(${quoteIdentifier('avg')} AS DOUBLE) END`;
    const ranking = `CASE WHEN $order = 'asc' THEN ${ranked} END ASC NULLS LAST, ${ranked} DESC NULLS LAST`;
    const first = metrics[0]?.label ?? 'value';
    const second = metrics[1]?.label ?? first;
    const periods = time.yearly ? 'year' : time.isDate ? 'day, week, month, quarter or year' : 'hour, day, week, month, quarter or year';
    // ("per year", not "per year of year", when the time is named for its period.)
    const namesPeriod = ['day', 'week', 'month', 'year'].some((word) => new RegExp(`(^|\\s)${word}s?(\\s|$)`).test(time.label));
    const perPeriods = time.yearly || namesPeriod ? periods : `${periods} of ${time.label}`;
    return this.draft({
      name: `${this.tableSlug}_column_over_time_by_${time.slug}`,
      family: 'time_series',
      score: time.score * 0.5,
      query: `What is the average ${first} (or another column) per ${time.yearly ? 'year' : String(interval.default)}?`,
      description: `The average (with the total, minimum, maximum and count) of the given column (${joinWords(metrics.map((m) => m.label), 'or')}) per ${perPeriods}${optionally(dimensions)}, optionally within a period of ${time.label}, or the n periods with the highest (or lowest) values.`,
      reason: `${quoted(time.column)} holds ${time.yearly ? 'calendar years' : 'dates'}${time.minimum && time.maximum ? ` from ${time.minimum} to ${time.maximum}` : ''}, and the data has measures besides the one its series carries: ${metrics.map((m) => quoted(m.column)).join(', ')}.`,
      examples: [`Average ${first} per year`, `${capital(second)} per month`, `Which year had the highest average ${first}?`],
      sql:
        `SELECT * FROM (SELECT ${period} AS ${quoteIdentifier('period')}, ${['count', 'avg', 'sum', 'min', 'max'].map(value).join(', ')} FROM ${choice.from(this.from)} ` +
        `WHERE ${time.expression} IS NOT NULL${andAll([...filters, ...window.sql.map((sql) => ({ sql }))])} GROUP BY 1) AS ${quoteIdentifier('periods')} ` +
        `QUALIFY $n IS NULL OR rank() OVER (ORDER BY ${ranking}) <= $n ORDER BY CASE WHEN $n IS NULL THEN ${quoteIdentifier('period')} END, ${ranking}, ${quoteIdentifier('period')}`,
      steps: {
        family: 'time_series',
        table: this.table,
        columns: [time.column.name, '$column'],
        group_by: ['period'],
        filters: [...filters.map((f) => f.filter), ...window.filters],
        aggregate: { function: 'avg', column: '$column' },
        order: { column: 'period', direction: 'asc' },
        interval: { slot: 'interval' },
        rank_by: { slot: 'rank_by' },
        column_choice: { slot: 'column', columns: metrics.map((m) => m.column.name) },
      },
      slots: [
        choice.slot,
        ...filters.map((f) => f.slot),
        ...window.slots,
        interval,
        { name: 'n', type: 'integer', required: false, default: null, description: 'How many periods to return, ranked by the value rank_by names (every period in time order when not given; periods tied with the last are returned too).', minimum: 1, maximum: maxListLimit },
        { name: 'order', type: 'enum', required: false, default: 'desc', description: 'With n: desc for the periods with the highest values first, asc for the lowest.', enum_values: ['desc', 'asc'] },
        { name: 'rank_by', type: 'enum', required: false, default: 'average', description: 'With n: whether periods are ranked by the average, the total or the count of the column.', enum_values: ['average', 'total', 'count'] },
      ],
    });
  }

  /**
   * The rows per period on average, and a metric's total per period on average where it adds up
   * ("how many orders a day on average", "the average yearly deaths from epidemics", "average daily
   * revenue"): one row, not the series. Every period from the first to the last one the rows fall in
   * counts, a period without rows as none (a day without orders lowers the average orders a day).
   * A metric that does not add up (a temperature) has no total per period: "the average
   * temperature per month" is the series' averages.
   */
  periodAverage(time: TimeColumn, metric: Metric | undefined, dimensions: Dimension[]): DraftProgram {
    const names = new NameAllocator(['interval']);
    const filters = dimensions.map((dimension) => this.filter(dimension, names));
    const window = this.window(time, names);
    const interval = intervalSlot(time);
    const summed = metric?.additive ? metric : undefined;
    const totalName = summed ? `average_total_${summed.slug}` : undefined;
    const period = quoteIdentifier('period');
    // Periods are truncated times, which date_diff counts the boundaries between; those of a year
    // held as a number are that number (the first year of a decade or a century), as its first day.
    const [first, last] = ['min', 'max'].map((fn) => (time.yearly ? `make_date(${fn}(${period}), 1, 1)` : `${fn}(${period})`));
    const span = `(date_diff($interval, ${first}, ${last}) + 1)`;
    const total = summed ? `, CAST(sum(${columnSql(summed.column)}) AS DOUBLE) AS ${quoteIdentifier('total')}` : '';
    const averageTotal = summed ? `, sum(${quoteIdentifier('total')}) / ${span} AS ${quoteIdentifier(totalName!)}` : '';
    const periodWord = String(interval.default);
    const totalPhrase = summed ? ` and the ${measurePhrase('total', summed.label)}` : '';
    return this.draft({
      name: `${this.tableSlug}_average_per_period_by_${time.slug}`,
      family: 'aggregate',
      // Below the series of the same time, which a question of periods without "average" asks for.
      score: time.score * 0.9,
      query: `How many ${this.entity} are there per ${periodWord} on average${summed ? `, and what is their ${measurePhrase('total', summed.label)} per ${periodWord} on average` : ''}?`,
      description:
        `The average number of ${this.entity}${totalPhrase} per period (${(interval.enum_values ?? []).join(', ')}) of ${time.label}${optionally(dimensions)}, ` +
        `over every period from the first to the last one with ${this.entity} (a period without any counts as zero), optionally within a period of ${time.label}.`,
      reason: `${quoted(time.column)} holds ${time.yearly ? 'calendar years' : 'dates'}, so ${this.entity} can be counted${summed ? ` and ${summed.label} added up` : ''} period by period and averaged over the periods.`,
      examples: [
        `Average number of ${this.entity} per ${periodWord}`,
        `How many ${this.entity} a ${periodWord} on average?`,
        ...(summed ? [`Average ${adverbOf(periodWord)} ${summed.label}`, `Average ${measurePhrase('total', summed.label)} per ${periodWord}`] : [`${capital(this.entity)} per ${periodWord} on average`]),
      ],
      sql:
        `SELECT coalesce(${span}, 0) AS ${quoteIdentifier('periods')}, min(${period}) AS ${quoteIdentifier('first_period')}, max(${period}) AS ${quoteIdentifier('last_period')}, ` +
        `sum(${quoteIdentifier('count')}) / ${span} AS ${quoteIdentifier('average_count')}${averageTotal} ` +
        `FROM (SELECT ${periodOf(time)} AS ${period}, count(*) AS ${quoteIdentifier('count')}${total} FROM ${this.from} WHERE ${time.expression} IS NOT NULL${andAll([...filters, ...window.sql.map((sql) => ({ sql }))])} GROUP BY 1) AS ${quoteIdentifier('periods')}`,
      steps: {
        family: 'aggregate',
        table: this.table,
        columns: [time.column.name, ...(summed ? [summed.column.name] : [])],
        group_by: [],
        filters: [...filters.map((f) => f.filter), ...window.filters],
        aggregate: { function: 'avg', column: summed?.column.name ?? null },
        interval: { slot: 'interval' },
      },
      slots: [...filters.map((f) => f.slot), ...window.slots, interval],
    });
  }

  textSearch(text: RankedColumn): DraftProgram {
    const term: Slot = { name: 'term', type: 'string', required: true, default: null, description: `Words to find in ${text.label} (case-insensitive, anywhere in the text).` };
    const limit = limitSlot('The most rows to return.');
    const column = columnSql(text.column);
    const sample = String(text.column.top_values[0]?.value ?? text.column.min ?? 'word').split(/\s+/)[0] ?? 'word';
    return this.draft({
      name: `search_${this.tableSlug}_by_${text.slug}`,
      family: 'text_search',
      score: text.score,
      query: `Which ${this.entity} have ${text.label} containing a word?`,
      description: `The ${this.entity} whose ${text.label} contains the given text, ignoring case.`,
      reason: `${quoted(text.column)} is free text with ${text.column.distinct_count} distinct values over ${this.profile.row_count} rows.`,
      examples: [`Find ${this.entity} with ${sample} in the ${text.label}`, `Search ${this.entity} for "${sample}"`, `Which ${this.entity} mention ${sample}?`, `${capital(text.label)} containing ${sample}`],
      // `%`, `_` and `\` in the term are matched as themselves, not as patterns.
      sql: `SELECT * FROM ${this.from} WHERE ${column} ILIKE '%' || replace(replace(replace($term, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' ESCAPE '\\' ORDER BY ${column} LIMIT $limit`,
      steps: { family: 'text_search', table: this.table, columns: ['*'], filters: [{ column: text.column.name, op: 'ilike', slot: 'term' }], order: { column: text.column.name, direction: 'asc' }, limit: { slot: 'limit' } },
      slots: [term, limit],
    });
  }

  /** An optional equality filter: a null slot means "no filter". */
  private filter(dimension: Dimension, names: NameAllocator): { slot: Slot; sql: string; filter: ProgramFilter } {
    const name = names.take(dimension.slug);
    const base = { name, required: false, default: null, description: `Only ${this.entity} with this ${dimension.label}; all when left out.` };
    let slot: Slot;
    if (dimension.kind === 'boolean') slot = { ...base, type: 'boolean' };
    else if (dimension.values !== null) slot = { ...base, type: 'enum', enum_values: dimension.values };
    else if (dimension.kind === 'numeric') slot = { ...base, type: isInteger(dimension.column) ? 'integer' : 'number' };
    else slot = { ...base, type: 'string' };
    // (A list of labels holds the one asked: "issues labeled bug".)
    if (dimension.kind === 'tags') {
      return { slot, sql: `($${name} IS NULL OR list_contains(${listSql(dimension.column)}, $${name}))`, filter: { column: dimension.column.name, op: 'contains', slot: name } };
    }
    // (A flag written as 0 and 1 is true where it is not 0.)
    const column = dimension.kind === 'boolean' && dimension.column.semantic === 'numeric' ? `(${columnSql(dimension.column)} <> 0)` : columnSql(dimension.column);
    return { slot, sql: `($${name} IS NULL OR ${column} = $${name})`, filter: { column: dimension.column.name, op: 'eq', slot: name } };
  }

  /**
   * An optional filter on a value being there (true) or missing (false) — `has_coupon_code`:
   * "orders that used a coupon", "unassigned tickets", "orders not shipped yet" of `shipped_at`.
   */
  private presence(column: RankedColumn, names: NameAllocator): { slot: Slot; sql: string; filter: ProgramFilter } {
    const name = names.take(`has_${column.slug}`);
    const slot: Slot = { name, type: 'boolean', required: false, default: null, description: `Only ${this.entity} with a ${column.label} (true) or without one (false); all when left out.` };
    return { slot, sql: `($${name} IS NULL OR (${columnSql(column.column)} IS NOT NULL) = $${name})`, filter: { column: column.column.name, op: 'present', slot: name } };
  }

  /**
   * Optional bounds on a metric for a count ("how many hours had temperature above 20", "how many
   * people are older than 30"), the data's extent told as on the range programs.
   */
  private bounds(metric: Metric, names: NameAllocator): { slots: Slot[]; sql: string[]; filters: ProgramFilter[] } {
    const column = columnSql(metric.column);
    const low = names.take(`min_${metric.slug}`);
    const high = names.take(`max_${metric.slug}`);
    const type = metric.integer ? 'integer' : 'number';
    const observed = { observed_minimum: Number(metric.column.min), observed_maximum: Number(metric.column.max) };
    const extent = ` The data holds ${observed.observed_minimum} to ${observed.observed_maximum}.`;
    return {
      slots: [
        { name: low, type, required: false, default: null, description: `Lowest ${metric.label} to count; all when left out.${extent}`, ...observed },
        { name: high, type, required: false, default: null, description: `Highest ${metric.label} to count; all when left out.${extent}`, ...observed },
      ],
      sql: [`($${low} IS NULL OR ${column} >= $${low})`, `($${high} IS NULL OR ${column} <= $${high})`],
      filters: [
        { column: metric.column.name, op: 'gte', slot: low },
        { column: metric.column.name, op: 'lte', slot: high },
      ],
    };
  }

  /**
   * Optional bounds on the data's main time column for a ranking, a count or an overall aggregate
   * ("the hottest day in 2015", "how many disasters since 2000", "average anomaly in the 1950s"): ISO
   * dates for a date column, whole years for a calendar year held as a number.
   */
  private window(time: TimeColumn | undefined, names: NameAllocator): { slots: Slot[]; sql: string[]; filters: ProgramFilter[] } {
    if (!time) return { slots: [], sql: [], filters: [] };
    const from = names.take(`from_${time.slug}`);
    const to = names.take(`to_${time.slug}`);
    const filters: ProgramFilter[] = [
      { column: time.column.name, op: 'gte', slot: from },
      { column: time.column.name, op: 'lte', slot: to },
    ];
    // The data's extent is told (observed_minimum/maximum), as on the range programs: a date past it is refused by routing.
    if (time.yearly) {
      const column = columnSql(time.column);
      const extent = ` The data holds ${String(time.column.min)} to ${String(time.column.max)}.`;
      const observed = { observed_minimum: Number(time.column.min), observed_maximum: Number(time.column.max) };
      return {
        slots: [
          { name: from, type: 'integer', required: false, default: null, description: `First ${time.label} to include; all when left out.${extent}`, ...observed },
          { name: to, type: 'integer', required: false, default: null, description: `Last ${time.label} to include; all when left out.${extent}`, ...observed },
        ],
        sql: [`($${from} IS NULL OR ${column} >= $${from})`, `($${to} IS NULL OR ${column} <= $${to})`],
        filters,
      };
    }
    const upper = time.isDate ? `${time.expression} <= CAST($${to} AS DATE)` : `${time.expression} < CAST($${to} AS DATE) + INTERVAL 1 DAY`;
    const observed = { ...(time.minimum ? { observed_minimum: time.minimum.slice(0, 10) } : {}), ...(time.maximum ? { observed_maximum: time.maximum.slice(0, 10) } : {}) };
    return {
      slots: [
        { name: from, type: 'date', required: false, default: null, description: `First ${time.label} to include (ISO date); all when left out.`, ...observed },
        { name: to, type: 'date', required: false, default: null, description: `Last ${time.label} to include (ISO date, inclusive); all when left out.`, ...observed },
      ],
      sql: [`($${from} IS NULL OR ${time.expression} >= CAST($${from} AS DATE))`, `($${to} IS NULL OR ${upper})`],
      filters,
    };
  }

  /**
   * The rows ranked by any one of `metrics` (a wide table's measures past the four ranked by
   * programs of their own: "the month with the highest government employment"), the column an
   * enum slot.
   */
  topNOfAny(metrics: Metric[], dimensions: Dimension[]): DraftProgram {
    const names = new NameAllocator(['column', 'n', 'order']);
    const filters = dimensions.map((dimension) => this.filter(dimension, names));
    const choice = chooseColumn(metrics, this.profile.columns);
    const { n, order } = rowRankSlots();
    const [first, second] = metrics.map((metric) => metric.label);
    return this.draft({
      name: `top_${this.tableSlug}_by_column`,
      family: 'top_n',
      score: 0,
      query: `What are the top 10 ${this.entity} by ${first} (or another column)?`,
      description: `The ${this.entity} with the highest (or lowest) value of the given column (${joinWords(metrics.map((m) => m.label), 'or')})${optionally(dimensions)}.`,
      reason: `${metrics.length} more numeric columns than have a ranking of their own: one ranking takes the column as a slot.`,
      examples: [`Top 5 ${this.entity} by ${first}`, `Which ${this.entity} have the highest ${second ?? first}?`, `The ${this.entity} with the lowest ${first}`],
      sql: `SELECT * EXCLUDE (${choice.alias}) FROM ${choice.from(this.from)} WHERE ${choice.alias} IS NOT NULL${andAll(filters)} ORDER BY CASE WHEN $order = 'asc' THEN ${choice.alias} END ASC, ${choice.alias} DESC LIMIT $n`,
      steps: {
        family: 'top_n',
        table: this.table,
        columns: ['*'],
        filters: filters.map((f) => f.filter),
        order: { column: '$column', direction: 'slot', slot: 'order' },
        limit: { slot: 'n' },
        column_choice: { slot: 'column', columns: metrics.map((m) => m.column.name) },
      },
      slots: [choice.slot, ...filters.map((f) => f.slot), n, order],
    });
  }

  /**
   * The rows counted per value of any one of `dimensions` (the labels past the three counted by
   * programs of their own: "how many movies per distributor", "which type has the most
   * earthquakes"), the column an enum slot; each group answers as `column`, `value`, `count`.
   */
  countByAny(dimensions: RankedColumn[], filtered: Dimension[] = [], time?: TimeColumn): DraftProgram {
    const choice = chooseColumn(dimensions, this.profile.columns, true);
    const [first, second] = dimensions.map((dimension) => dimension.label);
    // With the count's filters and its window on the main time, as the counts per label have them:
    // "which browser do desktop users use most", "which customer placed the most orders in 2025".
    const names = new NameAllocator(['column', 'n', 'order']);
    const filters = filtered.map((dimension) => this.filter(dimension, names));
    const window = this.window(time, names);
    const only = [...(filtered.length > 0 ? [`only the ${this.entity} with a given ${joinWords(filtered.map((d) => d.label), 'or')}`] : []), ...(time && window.slots.length > 0 ? [`within a period of ${time.label}`] : [])];
    return this.draft({
      name: `count_${this.tableSlug}_by_column`,
      family: 'count',
      score: 0,
      query: `How many ${this.entity} are there per ${first} (or another column)?`,
      description: `The number of ${this.entity} for each value of the given column (${joinWords(dimensions.map((d) => d.label), 'or')}), most first (or fewest), optionally the first n groups only${only.length > 0 ? `, ${joinWords(only, 'or')}` : ''}.`,
      reason: `${dimensions.length} more label columns than have a count of their own: one count per group takes the column as a slot.`,
      examples: [`Number of ${this.entity} by ${first}`, `Count ${this.entity} per ${second ?? first}`, `Which ${first} has the most ${this.entity}?`],
      sql:
        `SELECT $column AS ${quoteIdentifier('column')}, ${choice.alias} AS ${quoteIdentifier('value')}, count(*) AS ${quoteIdentifier('count')} FROM ${choice.from(this.from)}${where([...filters.map((f) => f.sql), ...window.sql])} ` +
        `GROUP BY ${choice.alias} ${rankGroups('count(*)', choice.alias)}`,
      steps: {
        family: 'count',
        table: this.table,
        columns: ['$column'],
        group_by: ['$column'],
        filters: [...filters.map((f) => f.filter), ...window.filters],
        aggregate: { function: 'count', column: null },
        order: { column: 'count', direction: 'slot', slot: 'order' },
        limit: { slot: 'n' },
        column_choice: { slot: 'column', columns: dimensions.map((d) => d.column.name) },
      },
      slots: [choice.slot, ...filters.map((f) => f.slot), ...window.slots, ...groupRankSlots('groups')],
    });
  }

  /**
   * The rows with a given value of any one of `columns` (the labels and names the count does not
   * filter by: "how many issues did octocat open", "how many plays of Taylor Swift", "appointments
   * with Dr. Mei Chen"), the column an enum slot and the value a text compared without regard to
   * case (a person types it); with the count's optional filters. Answers one row, `column`,
   * `value` (as the data writes it, or as given when no row has it) and `count` (0 for none).
   */
  countWhereAny(columns: RankedColumn[], dimensions: Dimension[], time?: TimeColumn): DraftProgram {
    const names = new NameAllocator(['column', 'value']);
    const filters = dimensions.map((dimension) => this.filter(dimension, names));
    // Within a period of the main time too: "how many issues did octocat open in 2024", "rainy days in Paris last year".
    const window = this.window(time, names);
    const choice = chooseColumn(columns, this.profile.columns, true);
    const value: Slot = { name: 'value', type: 'string', required: true, default: null, description: `The value of the column to count ${this.entity} with (case does not matter).` };
    const [first, second, third] = columns.map((column) => ({ label: column.label, value: sampleValue(column) }));
    const stated = (column: { label: string; value: string | undefined } | undefined) => (column ? `${column.label} ${column.value ?? 'X'}` : undefined);
    const matches = `lower(${choice.alias}) = lower($value)`;
    return this.draft({
      name: `count_${this.tableSlug}_where`,
      family: 'count',
      score: 0,
      query: `How many ${this.counted} have ${stated(first)}?`,
      description: `The number of ${this.counted} whose ${joinWords(columns.map((c) => c.label), 'or')} is the given value${onlyFor(dimensions)}.`,
      reason: `Labels and names past those the count filters by (${columns.length}): one count takes the column and its value as slots.`,
      examples: [
        `Number of ${this.entity} with ${stated(second) ?? stated(first)}`,
        `Count the ${this.entity} whose ${first!.label} is ${first!.value ?? 'X'}`,
        `How many ${this.entity} are there for ${stated(third) ?? stated(first)}?`,
      ],
      sql:
        `SELECT $column AS ${quoteIdentifier('column')}, coalesce(any_value(${choice.alias}), $value) AS ${quoteIdentifier('value')}, count(*) AS ${quoteIdentifier('count')} ` +
        `FROM ${choice.from(this.from)}${where([matches, ...filters.map((f) => f.sql), ...window.sql])}`,
      steps: {
        family: 'count',
        table: this.table,
        columns: ['$column'],
        filters: [{ column: '$column', op: 'eq', slot: 'value' }, ...filters.map((f) => f.filter), ...window.filters],
        aggregate: { function: 'count', column: null },
        column_choice: { slot: 'column', columns: columns.map((c) => c.column.name) },
      },
      slots: [choice.slot, value, ...filters.map((f) => f.slot), ...window.slots],
    });
  }

  /**
   * The rows with a value of any one of `columns` — the labels, names and references the list does
   * not filter by ("list the keynotes", "show all exam results for student S1711"): the column an
   * enum slot, the value compared without regard to case, as the count of them (`countWhereAny`).
   */
  listWhereAny(columns: RankedColumn[], dimensions: Dimension[], time?: TimeColumn): DraftProgram {
    const names = new NameAllocator(['column', 'value', 'limit']);
    const filters = dimensions.map((dimension) => this.filter(dimension, names));
    const window = this.window(time, names);
    const choice = chooseColumn(columns, this.profile.columns, true);
    const value: Slot = { name: 'value', type: 'string', required: true, default: null, description: `The value of the column the ${this.entity} listed have (case does not matter).` };
    const limit = limitSlot('The most rows to return.');
    const [first, second, third] = columns.map((column) => ({ label: column.label, value: sampleValue(column) }));
    const stated = (column: { label: string; value: string | undefined } | undefined) => (column ? `${column.label} ${column.value ?? 'X'}` : undefined);
    return this.draft({
      spare: true,
      name: `list_${this.tableSlug}_where`,
      family: 'list',
      score: 0,
      query: `List the ${this.entity} with ${stated(first)}.`,
      description: `Rows of ${this.table} whose ${joinWords(columns.map((c) => c.label), 'or')} is the given value${onlyFor(dimensions)}, up to a limit.`,
      reason: `Labels and names past those the list filters by (${columns.length}): one list takes the column and its value as slots.`,
      examples: [
        `Show all ${this.entity} for ${stated(second) ?? stated(first)}`,
        `Which ${this.entity} have ${stated(third) ?? stated(first)}?`,
        `List the ${this.entity} whose ${first!.label} is ${first!.value ?? 'X'}`,
      ],
      sql: `SELECT * EXCLUDE (${choice.alias}) FROM ${choice.from(this.from)}${where([`lower(${choice.alias}) = lower($value)`, ...filters.map((f) => f.sql), ...window.sql])} LIMIT $limit`,
      steps: {
        family: 'list',
        table: this.table,
        columns: ['*'],
        filters: [{ column: '$column', op: 'eq', slot: 'value' }, ...filters.map((f) => f.filter), ...window.filters],
        limit: { slot: 'limit' },
        column_choice: { slot: 'column', columns: columns.map((c) => c.column.name) },
      },
      slots: [choice.slot, value, ...filters.map((f) => f.slot), ...window.slots, limit],
    });
  }

  /**
   * A metric's total (or average) per value of any one of `columns` — the labels past the three
   * grouped by programs of their own, the names and the references ("which show has the most
   * downloads", "top 5 products by quantity sold") — or for one value of it ("total quantity of the
   * Wireless Mouse", "days of leave Aisha Petrova took"): the column an enum slot, the value an
   * optional text compared without regard to case. Each group answers as `column`, `value`, the
   * sum or average first, then the other, min, max and count; highest first (or lowest). With the
   * count's filters and its window on the main time, as the aggregates per label have them ("which
   * FitTrack version has the lowest average rating" where `app_version` is such a column).
   */
  aggregateByAny(metric: Metric, columns: RankedColumn[], score: number, dimensions: Dimension[] = [], time?: TimeColumn, otherName?: string): DraftProgram {
    const fn = metric.additive ? 'sum' : 'avg';
    const word = fn === 'sum' ? 'total' : 'average';
    const other = fn === 'sum' ? 'avg' : 'sum';
    const names = new NameAllocator(['column', 'value', 'n', 'order', 'rank_by']);
    const besides = dimensions.filter((dimension) => dimension.column !== metric.column);
    const filters = besides.map((dimension) => this.filter(dimension, names));
    const window = this.window(time && time.column !== metric.column ? time : undefined, names);
    const choice = chooseColumn(columns, this.profile.columns, true);
    const value: Slot = { name: 'value', type: 'string', required: false, default: null, description: `One value of the column to give the ${word} ${metric.label} of (case does not matter); every value when not given.` };
    const column = columnSql(metric.column);
    const measure = measurePhrase(word, metric.label);
    const [first, second] = columns.map((c) => c.label);
    const sample = sampleValue(columns[0]!);
    return this.draft({
      name: `${fn}_${metric.slug}_by_column`,
      family: 'aggregate',
      score,
      query: `What is the ${measure} per ${first} (or another column)?`,
      description: `The ${measure} (with the ${fn === 'sum' ? 'average' : 'total'}, minimum, maximum and count of ${metric.label}) for each value of the given column (${joinWords(columns.map((c) => c.label), 'or')}), highest ${word} first (or lowest), optionally for one value only or the first n groups${besides.length > 0 ? `, and only of the ${this.entity} with a given ${joinWords(besides.map((d) => d.label), 'or')}` : ''}${window.slots.length > 0 ? ` or within a period of ${time!.label}` : ''}.`,
      reason: `${columns.length} label, name or reference columns past those grouped by programs of their own: one ${word} of ${quoted(metric.column)} per group takes the column as a slot.`,
      // (`otherName`: what else the measure is called, "loan duration" of a return time.)
      examples: [
        `${capital(measure)} per ${first}`,
        `Which ${second ?? first} has the highest ${measure}?`,
        `Top 5 ${first} by ${measure}`,
        `${capital(measure)} for ${first} ${sample ?? 'X'}`,
        ...(otherName === undefined ? [] : [`${capital(word)} ${otherName} per ${first}`]),
      ],
      sql:
        `SELECT $column AS ${quoteIdentifier('column')}, ${choice.alias} AS ${quoteIdentifier('value')}, ${fn}(${column}) AS ${quoteIdentifier(`${fn}_${metric.slug}`)}, ` +
        `${other}(${column}) AS ${quoteIdentifier(`${other}_${metric.slug}`)}, min(${column}) AS ${quoteIdentifier(`min_${metric.slug}`)}, max(${column}) AS ${quoteIdentifier(`max_${metric.slug}`)}, ` +
        `count(${column}) AS ${quoteIdentifier('count')} FROM ${choice.from(this.from)}${where([`($value IS NULL OR lower(${choice.alias}) = lower($value))`, ...filters.map((f) => f.sql), ...window.sql])} ` +
        `GROUP BY ${choice.alias} ${rankGroups(rankedMeasure(fn, column), choice.alias)}`,
      steps: {
        family: 'aggregate',
        table: this.table,
        columns: ['$column', metric.column.name],
        group_by: ['$column'],
        filters: [{ column: '$column', op: 'eq', slot: 'value' }, ...filters.map((f) => f.filter), ...window.filters],
        aggregate: { function: fn, column: metric.column.name },
        order: { column: metric.column.name, direction: 'slot', slot: 'order' },
        limit: { slot: 'n' },
        rank_by: { slot: 'rank_by' },
        column_choice: { slot: 'column', columns: columns.map((c) => c.column.name) },
      },
      slots: [choice.slot, value, ...filters.map((f) => f.slot), ...window.slots, ...groupRankSlots('groups'), rankBySlot(word, metric.label)],
    });
  }

  /** The rows whose value of any one of `metrics` lies within bounds, the column an enum slot. */
  rangeOfAny(metrics: Metric[], dimensions: Dimension[]): DraftProgram {
    const names = new NameAllocator(['column', 'min_value', 'max_value', 'limit']);
    const filters = dimensions.map((dimension) => this.filter(dimension, names));
    const choice = chooseColumn(metrics, this.profile.columns);
    const low: Slot = { name: 'min_value', type: 'number', required: false, default: null, description: 'Lowest value of the column to include.' };
    const high: Slot = { name: 'max_value', type: 'number', required: false, default: null, description: 'Highest value of the column to include.' };
    const limit = limitSlot('The most rows to return.');
    const [first, second] = metrics.map((metric) => metric.label);
    return this.draft({
      name: `${this.tableSlug}_by_column_range`,
      family: 'range',
      score: 0,
      query: `Which ${this.entity} have ${first} (or another column) between a minimum and a maximum?`,
      description: `The ${this.entity} whose value of the given column (${joinWords(metrics.map((m) => m.label), 'or')}) lies within the given bounds (either may be left out)${optionally(dimensions)}, lowest first.`,
      reason: `${metrics.length} more numeric columns than have a range of their own: one range takes the column as a slot.`,
      examples: [`${capital(this.entity)} with ${first} over 100`, `Which ${this.entity} have ${second ?? first} below 50?`, `${capital(this.entity)} where ${first} is between 10 and 20`],
      sql:
        `SELECT * EXCLUDE (${choice.alias}) FROM ${choice.from(this.from)} WHERE ${choice.alias} IS NOT NULL AND ($min_value IS NULL OR ${choice.alias} >= $min_value) ` +
        `AND ($max_value IS NULL OR ${choice.alias} <= $max_value)${andAll(filters)} ORDER BY ${choice.alias} LIMIT $limit`,
      steps: {
        family: 'range',
        table: this.table,
        columns: ['*'],
        filters: [{ column: '$column', op: 'gte', slot: low.name }, { column: '$column', op: 'lte', slot: high.name }, ...filters.map((f) => f.filter)],
        order: { column: '$column', direction: 'asc' },
        limit: { slot: 'limit' },
        column_choice: { slot: 'column', columns: metrics.map((m) => m.column.name) },
      },
      slots: [choice.slot, low, high, ...filters.map((f) => f.slot), limit],
    });
  }

  /**
   * How many different values one of `columns` holds ("how many countries are in the data": 62
   * countries over 620 rows; "how many different cities in Texas"), the column an enum slot.
   */
  countDistinct(columns: RankedColumn[], dimensions: Dimension[], time?: TimeColumn): DraftProgram {
    const names = new NameAllocator(['column']);
    const filters = dimensions.map((dimension) => this.filter(dimension, names));
    // (Within a period of the main time too: "how many students enrolled in 2024", "how many
    // customers ordered in March" count those of that period.)
    const window = this.window(time, names);
    const choice = chooseColumn(columns, this.profile.columns, true);
    const [first, second] = columns.map((column) => column.label);
    return this.draft({
      name: `count_distinct_${this.tableSlug}`,
      family: 'count',
      score: 0,
      query: `How many different values of ${first} (or of another column) are there?`,
      description: `The number of different values of the given column (${joinWords(columns.map((c) => c.label), 'or')}) over all ${this.entity}${onlyFor(dimensions)}${window.slots.length > 0 && time ? `, or within a period of ${time.label}` : ''}.`,
      reason: `Counting rows is not counting the different ${first} they hold: one distinct count takes the column as a slot.`,
      examples: [`How many different ${first} are there?`, `Number of distinct ${second ?? first}`, `How many ${first} are in the data?`],
      sql: `SELECT count(DISTINCT ${choice.alias}) AS ${quoteIdentifier('distinct_count')} FROM ${choice.from(this.from)}${where([...filters.map((f) => f.sql), ...window.sql])}`,
      steps: {
        family: 'count',
        table: this.table,
        columns: ['$column'],
        filters: [...filters.map((f) => f.filter), ...window.filters],
        aggregate: { function: 'count', column: '$column' },
        column_choice: { slot: 'column', columns: columns.map((c) => c.column.name) },
      },
      slots: [choice.slot, ...filters.map((f) => f.slot), ...window.slots],
    });
  }

  /**
   * The average, total, least and greatest of any one of `metrics` over every row (or the filtered
   * ones), within a period of the main time when the data has one ("average manufacturing
   * employment in 2009" of a wide table whose sector has no aggregate of its own).
   */
  overallOfAny(metrics: Metric[], dimensions: Dimension[], time?: TimeColumn): DraftProgram {
    const names = new NameAllocator(['column']);
    const filters = dimensions.map((dimension) => this.filter(dimension, names));
    const window = this.window(time, names);
    const choice = chooseColumn(metrics, this.profile.columns);
    const [first, second] = metrics.map((metric) => metric.label);
    return this.draft({
      name: `avg_${this.tableSlug}_column`,
      family: 'aggregate',
      score: 0,
      query: `What is the average ${first} (or another column)?`,
      description: `The average (with the total, minimum, maximum and count) of the given column (${joinWords(metrics.map((m) => m.label), 'or')}) over all ${this.entity}${onlyFor(dimensions)}${window.slots.length > 0 ? `, or within a period of ${time!.label}` : ''}.`,
      reason: `${metrics.length} more numeric columns than have an aggregate of their own: one aggregate takes the column as a slot.`,
      examples: [`Average ${first}`, `Total ${second ?? first}`, `What is the average ${first} across all ${this.entity}?`],
      sql:
        `SELECT avg(${choice.alias}) AS ${quoteIdentifier('avg')}, sum(${choice.alias}) AS ${quoteIdentifier('sum')}, min(${choice.alias}) AS ${quoteIdentifier('min')}, ` +
        `max(${choice.alias}) AS ${quoteIdentifier('max')}, count(${choice.alias}) AS ${quoteIdentifier('count')} FROM ${choice.from(this.from)}${where([...filters.map((f) => f.sql), ...window.sql])}`,
      steps: {
        family: 'aggregate',
        table: this.table,
        columns: ['$column'],
        group_by: [],
        filters: [...filters.map((f) => f.filter), ...window.filters],
        aggregate: { function: 'avg', column: '$column' },
        column_choice: { slot: 'column', columns: metrics.map((m) => m.column.name) },
      },
      slots: [choice.slot, ...filters.map((f) => f.slot), ...window.slots],
    });
  }

  /**
   * Whole rows, highest `ranked` first or (`$order` asc) lowest first, up to `$n`, within the
   * filters and the time window. A CASE per direction: ORDER BY cannot take its direction from a
   * parameter. `chronological`: `ranked` is a time (asc is the oldest first).
   */
  private rowsRankedBy(ranked: string, column: string, filters: { sql: string; filter: ProgramFilter }[], window: { sql: string[]; filters: ProgramFilter[] }, chronological = false): { sql: string; steps: ProgramSteps } {
    return {
      sql: `SELECT * FROM ${this.from} WHERE ${ranked} IS NOT NULL${andAll(filters)}${window.sql.map((part) => ` AND ${part}`).join('')} ORDER BY CASE WHEN $order = 'asc' THEN ${ranked} END ASC, ${ranked} DESC LIMIT $n`,
      steps: {
        family: 'top_n',
        table: this.table,
        columns: ['*'],
        filters: [...filters.map((f) => f.filter), ...window.filters],
        order: { column, direction: 'slot', slot: 'order', ...(chronological ? { chronological } : {}) },
        limit: { slot: 'n' },
      },
    };
  }

  private draft(parts: Omit<DraftProgram, 'query_program' | 'stores'> & { sql: string; steps: ProgramSteps }): DraftProgram {
    const { sql, ...rest } = parts;
    return { ...rest, query_program: sql, stores: [this.table] };
  }
}

/**
 * Builders over the rows with a pair's span (`durationPairs`) as one more column, in the pair's
 * unit, and that column as a metric ranked `score`; null where the data already has a column of
 * that name (it holds the span itself).
 */
export function durationMeasure(profile: DataProfile, pair: DurationPair, score: number): { builders: ProgramBuilders; metric: Metric } | null {
  const name = snakeName(`${pair.label} ${pair.unit}`, 'duration');
  if (profile.columns.some((column) => column.name.toLowerCase() === name)) return null;
  const seconds = { minutes: 60, hours: 3_600, days: 86_400 }[pair.unit];
  const [start, end] = [`epoch(${pair.start.expression})`, `epoch(${pair.end.expression})`];
  const column: ColumnProfile = { name, type: 'DOUBLE', nullable: true, null_count: 0, distinct_count: profile.row_count, min: null, max: null, top_values: [], semantic: 'numeric' };
  const sql = `CASE WHEN ${end} >= ${start} THEN (${end} - ${start}) / ${seconds} END`;
  return {
    builders: new ProgramBuilders({ ...profile, columns: [...profile.columns, column] }, { column, sql }),
    metric: { column, label: `${pair.label} ${pair.unit}`, slug: name, score, integer: false, additive: false, measured: true, aggregable: true },
  };
}

/**
 * Groups ranked by their value (the aggregate itself, not its alias: ORDER BY "count" would read a
 * column of the data named `count`, as unemployment's is), highest first or (`$order` asc) lowest first, then by the group, and
 * cut to the first `$n` when it is given ("top 5 genres by gross", "the 3 least common origins"),
 * with the groups tied with the n-th (SQL's FETCH FIRST n ROWS WITH TIES): "which neighborhood had
 * the most deaths" answered one of four neighborhoods with 4 deaths each.
 * A CASE per direction: ORDER BY cannot take its direction from a parameter.
 */
function rankGroups(value: string, group: string): string {
  // The group of rows without a value ranks after every group with one: it is no approver, no
  // genre ("which approver handled the most requests" had answered the pending ones, with none).
  const ranking = `(${group}) IS NULL, CASE WHEN $order = 'asc' THEN ${value} END ASC NULLS LAST, ${value} DESC NULLS LAST`;
  return `QUALIFY $n IS NULL OR rank() OVER (ORDER BY ${ranking}) <= $n ORDER BY ${ranking}, ${group}`;
}

/**
 * What a program of totals and averages per group ranks its groups by: its own function unless
 * `$rank_by` names the other. "Which farm harvested the most tons" ranks farms by their total,
 * "which farm has the best average yield" by their average, whichever the program leads with.
 */
function rankedMeasure(fn: 'sum' | 'avg', column: string): string {
  const [other, otherWord] = fn === 'sum' ? (['avg', 'average'] as const) : (['sum', 'total'] as const);
  return `CASE WHEN $rank_by = '${otherWord}' THEN ${other}(${column}) ELSE ${fn}(${column}) END`;
}

/** The `rank_by` slot of `rankedMeasure`: `total` or `average`, the program's own word by default. */
function rankBySlot(word: 'total' | 'average', label: string): Slot {
  return { name: 'rank_by', type: 'enum', required: false, default: word, description: `Whether groups are ranked and ordered by their total or their average ${label}.`, enum_values: ['total', 'average'] };
}

/** `n` (every group unless given, ties with the n-th included) and `order` of a program that ranks groups. */
function groupRankSlots(groups: string): Slot[] {
  return [
    { name: 'n', type: 'integer', required: false, default: null, description: `How many ${groups} to return (every one when not given; groups tied with the last are returned too).`, minimum: 1, maximum: maxListLimit },
    { name: 'order', type: 'enum', required: false, default: 'desc', description: 'desc for the highest values first, asc for the lowest.', enum_values: ['desc', 'asc'] },
  ];
}

/** A value of the column as the data writes it, for examples: its most frequent name of three letters or more. */
function sampleValue(column: RankedColumn): string | undefined {
  return column.column.top_values.map((top) => top.value).find((v): v is string => typeof v === 'string' && v.length >= 3 && !/^(n\/?a|null|none)$/i.test(v));
}

function limitSlot(description: string): Slot {
  return { name: 'limit', type: 'integer', required: false, default: defaultListLimit, description, minimum: 1, maximum: maxListLimit };
}

/**
 * The required enum slot `column` naming one of `metrics` by its column name, and the table with
 * the value it names beside its columns: a CASE over the slot (SQL takes no column name from a
 * parameter; the enum admits only these names, so one branch always applies).
 */
function chooseColumn(metrics: RankedColumn[], columns: readonly ColumnProfile[], asText = false): { slot: Slot; alias: string; from: (table: string) => string } {
  const slot: Slot = {
    name: 'column',
    type: 'enum',
    required: true,
    default: null,
    description: `The column: ${metrics.map((m) => m.column.name).join(', ')}.`,
    enum_values: metrics.map((m) => m.column.name),
  };
  // (As text when the columns' types differ: a distinct count of a label or a code.)
  const value = `CASE $column ${metrics.map((m) => `WHEN ${quoteLiteral(m.column.name)} THEN ${asText ? `CAST(${columnSql(m.column)} AS VARCHAR)` : columnSql(m.column)}`).join(' ')} END`;
  // The value once, under a name no column of the data has, left out of the rows returned.
  const taken = new Set(columns.map((column) => column.name.toLowerCase()));
  let name = 'chosen_value';
  while (taken.has(name)) name = `_${name}`;
  const alias = quoteIdentifier(name);
  return { slot, alias, from: (table) => `(SELECT *, ${value} AS ${alias} FROM ${table}) AS chosen` };
}

/** A grouped column in a SELECT list: a STRUCT field answers under its dotted name (`"properties"['net'] AS "properties.net"`). */
function selected(column: ColumnProfile): string {
  return column.path ? `${columnSql(column)} AS ${quoteIdentifier(column.name)}` : columnSql(column);
}

/** Whether a name's last word is a plural ("orders", "people"), as far as its ending tells. */
function pluralName(name: string): boolean {
  const last = name.split(' ').at(-1) ?? name;
  if (/^(?:people|children|men|women|staff|data|media|police|cattle|sheep|fish|series|species|records|rows|entries)$/.test(last)) return true;
  return /[^s]s$/.test(last) && !/(?:us|is|ics|news)$/.test(last);
}

function where(conditions: string[]): string {
  return conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
}

/** "day" → "daily", "month" → "monthly": a period's word as an adjective. */
function adverbOf(period: string): string {
  return period === 'day' ? 'daily' : `${period}ly`;
}

/** The `interval` slot of a time's periods. */
function intervalSlot(time: TimeColumn): Slot {
  return {
    name: 'interval',
    type: 'enum',
    required: false,
    default: time.yearly ? 'year' : defaultInterval(time.spanDays),
    description: 'The length of each period.',
    // (Hours of a time of day: "hourly temperature" of sensor readings; quarters of any date;
    // decades of times that span two or more, centuries of those that span two or more.)
    enum_values: [...(time.yearly ? ['year'] : time.isDate ? ['day', 'week', 'month', 'quarter', 'year'] : ['hour', 'day', 'week', 'month', 'quarter', 'year']), ...longPeriods(time.spanDays)],
  };
}

/** Decades of a time spanning at least two, and centuries of one spanning at least two. */
function longPeriods(spanDays: number | null): string[] {
  const years = (spanDays ?? 0) / 365.25;
  return years >= 200 ? ['decade', 'century'] : years >= 20 ? ['decade'] : [];
}

/**
 * SQL of the period (of `$interval`) a row's time falls in. date_trunc gives a TIMESTAMP even for a
 * DATE; a date column's periods stay dates, and a calendar year held as a number stays that number
 * (1956, not 1956-01-01).
 */
function periodOf(time: TimeColumn): string {
  if (time.yearly) return `CAST(year(date_trunc($interval, ${time.expression})) AS INTEGER)`;
  return time.isDate ? `CAST(date_trunc($interval, ${time.expression}) AS DATE)` : `date_trunc($interval, ${time.expression})`;
}

function defaultInterval(spanDays: number | null): string {
  if (spanDays === null || spanDays > 3 * 365) return 'year';
  if (spanDays > 60) return 'month';
  if (spanDays > 14) return 'week';
  return 'day';
}

function isInteger(column: ColumnProfile): boolean {
  return /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT)$/i.test(column.type);
}

function quoted(column: ColumnProfile): string {
  return `"${column.name}" (${column.type})`;
}

/** ` AND (…) AND (…)`: optional filters after a WHERE that already has a condition. */
function andAll(filters: { sql: string }[]): string {
  return filters.map((f) => ` AND ${f.sql}`).join('');
}

/** `n` (10 rows unless given) and `order` (highest first unless asc) of a program that ranks rows. */
function rowRankSlots(): { n: Slot; order: Slot } {
  return {
    n: { name: 'n', type: 'integer', required: false, default: 10, description: 'How many rows to return.', minimum: 1, maximum: maxListLimit },
    order: { name: 'order', type: 'enum', required: false, default: 'desc', description: 'desc for the highest values first, asc for the lowest.', enum_values: ['desc', 'asc'] },
  };
}

/** ", optionally only for the given site and year" of a figure over every row. */
function onlyFor(dimensions: Dimension[]): string {
  return dimensions.length > 0 ? `, optionally only for the given ${joinWords(dimensions.map((d) => d.label))}` : '';
}

/** ", optionally filtered by site and year" */
function optionally(dimensions: Dimension[]): string {
  return dimensions.length > 0 ? `, optionally filtered by ${joinWords(dimensions.map((d) => d.label))}` : '';
}

function describeFilters(dimensions: Dimension[]): string {
  if (dimensions.length === 0) return 'no column is a useful filter';
  return `filters on ${dimensions.map((d) => `"${d.column.name}" (${d.kind}, ${d.column.distinct_count} distinct values)`).join(', ')}`;
}

function example(dimension: Dimension | undefined, phrase: (value: string, dimension: Dimension) => string): string | undefined {
  const value = dimension?.column.top_values[0]?.value;
  return dimension && value !== undefined && value !== null ? phrase(String(value), dimension) : undefined;
}

// The words a label may already start with that say the same as `total` or `average`.
const sameWords: Record<string, RegExp> = { total: /^(total|sum|overall)(\s|$)|\stotal\W*$/, average: /^(average|avg|mean)(\s|$)|\saverage\W*$/ };

/**
 * "total gross", but "total disbursements" (or "cost total") rather than "total total disbursements", and (`bare`,
 * for a label that is only the word) "overall total" rather than "total total" or a bare "total".
 */
function measurePhrase(word: 'total' | 'average', label: string, bare?: string): string {
  if (!sameWords[word]?.test(label)) return `${word} ${label}`;
  return bare !== undefined && label === word ? `${bare} ${label}` : label;
}

/** A list column's SQL: the column, or the list its text writes (`string_split` at the profile's separator). */
function listSql(column: ColumnProfile): string {
  const separator = column.elements?.separator;
  return separator === undefined ? columnSql(column) : `string_split(${columnSql(column)}, ${quoteLiteral(separator)})`;
}

function joinWords(words: string[], conjunction: 'and' | 'or' = 'and'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words[words.length - 1] ?? ''}`;
}

/** The singular of a plural name, as far as its ending tells ("rides" → "ride", "deliveries" → "delivery"). */
export function singular(entity: string): string {
  return entity.endsWith('ies') ? `${entity.slice(0, -3)}y` : entity.endsWith('s') ? entity.slice(0, -1) : entity;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
