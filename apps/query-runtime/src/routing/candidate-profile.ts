// What the router needs to know about one deployed program, worked out once when the router is built:
// which column each slot filters, the words the program answers to, and the data values it can filter on.
import type { ProgramFamily, Slot } from '../generation/index.js';
import { parseSteps, routeCandidateSchema, type ColumnValues, type DataValues, type ParsedSteps, type RouteCandidateInput, type SlotValue } from './routing.types.js';
import { canonicalTerm, foldValue, humanWords, identifiedHead, identifiedThing, initials, pathWords, stem } from './text-terms.js';

export type SlotRole = 'eq' | 'min' | 'max' | 'from' | 'to' | 'limit' | 'order' | 'rank_by' | 'interval' | 'term' | 'key' | 'column' | 'other';

export interface SlotPlan {
  slot: Slot;
  role: SlotRole;
  /** The filtered column, when the plan names it (null for a bound on the column a `column` slot chooses). */
  column: string | null;
  /** A bound on (or a value of) the column the program's `column` slot chooses (steps.column_choice). */
  chosen?: true;
  /** The column as words ("weight in lbs"). */
  label: string | null;
  /** Of a flag of a value's being there (`has_coupon_code`), the column whose value it is. */
  presence?: string;
}

export interface CandidateProfile {
  index: number;
  endpoint_name: string;
  name: string;
  family: ProgramFamily | null;
  table: string;
  slots: Slot[];
  plans: SlotPlan[];
  /** The columns its `column` slot chooses among (steps.column_choice); empty without one. */
  choices: string[];
  /** Counts the rows with a value of the column it chooses (`count_<table>_where`): a filter, not a choice of what to compute. */
  countsValue: boolean;
  /** Folded labels of the group-by columns. */
  groupBy: string[];
  /** The group-by columns by name (a `$column` grouping: every column it may choose). */
  groupColumns: string[];
  /** Every column the plan reads. */
  columns: string[];
  /** Answers with whole rows (`SELECT *`): every column of the table is in its result. */
  selectsAll: boolean;
  /** Orders rows or groups by a measure (top N, counts per group most first, MAX/MIN): answers "the hottest", "the most". */
  ranks: boolean;
  /** Ranks rows by a time: its `order` is the most recent first (desc) or the oldest first (asc). */
  chronological: boolean;
  /** The column a ranking of rows orders them by, when it is one column (not a `$column` choice). */
  rankedColumn: string | null;
  /** The canonical terms of the column an aggregate measures ("worldwide gross" → its two terms); empty for other programs. */
  measureTerms: string[];
  /** The column an aggregate measures, when it is one column (not a `$column` choice). */
  measure: string | null;
  /** An aggregate whose measure is the column its `$column` slot chooses (`choices`): a wide table's other measures. */
  measureChosen: boolean;
  /** An aggregate whose first figure is its measure's sum (a quantity that adds up: `sum_mrr`, `sum_people`). */
  sums: boolean;
  /** A time series' own measure: whether it adds up (summed first) or is a level (averaged first); null where the plan does not say. */
  seriesAdds: boolean | null;
  /** Stems of the table's name ("seattle weather" → seattl, weather). */
  tableStems: string[];
  document: {
    id: number;
    name: string;
    question: string;
    description: string;
    examples: string;
    columns: string;
    /** For whole-row programs, the table's other columns (filled in when the router knows them all). */
    output: string;
    values: string;
    tableValues: string;
    table: string;
  };
}

const tableOperationWords = new Set(['lookup', 'look', 'count', 'list', 'search', 'top', 'total', 'sum', 'averag', 'average', 'find', 'show']);

const families = new Set<string>(['list', 'lookup', 'aggregate', 'top_n', 'count', 'range', 'time_series', 'text_search']);

export function profileCandidate(input: RouteCandidateInput, index: number, values: DataValues): CandidateProfile {
  const candidate = routeCandidateSchema.parse(input);
  const steps = parseSteps(candidate.steps);
  const familyText = candidate.family ?? steps?.family ?? null;
  const family = familyText !== null && families.has(familyText) ? (familyText as ProgramFamily) : null;
  const table = steps?.table ?? candidate.stores[0] ?? '';
  const slots = candidate.slots.map((slot) => ({ ...slot, default: slot.default ?? null }) as Slot);
  const plans = slots.map((slot) => planSlot(slot, steps, family));
  const tableValues = values[table] ?? {};

  const columns = new Set<string>();
  // `$column`: the column a `column` slot chooses, any of `column_choice.columns`, all of which the program may read.
  const real = (column: string) => column !== '*' && !column.startsWith('$');
  // (A grouping computed from a time — `hour_of_day`, `day_of_week` — is no column of the data.)
  const grouped = (steps?.group_by ?? []).filter((column) => !derivedGroupings.has(column));
  for (const column of [...(steps?.columns ?? []), ...grouped, ...(steps?.filters ?? []).map((f) => f.column), ...(steps?.column_choice?.columns ?? [])]) if (real(column)) columns.add(column);
  if (steps?.aggregate?.column && real(steps.aggregate.column)) columns.add(steps.aggregate.column);
  if (steps?.order && steps.order.column !== 'count' && steps.order.column !== 'period' && real(steps.order.column)) columns.add(steps.order.column);
  // A count's bounds on a metric ("how many hours above 20 degrees") are no part of what it is about:
  // its text keeps to the rows it counts, so "how many people died" does not find a count by its
  // `deaths` bound (the slot still takes "deaths over 1000").
  const bounded = new Set(family === 'count' ? plans.filter((plan) => (plan.role === 'min' || plan.role === 'max') && plan.column).map((plan) => plan.column!) : []);
  const columnWords = [...columns].filter((column) => !bounded.has(column)).flatMap((column) => {
    const label = humanWords(column);
    const short = initials(label);
    // A time taken, counted in a unit ("finish seconds", "wait minutes"), is what "the finish time"
    // or "the wait time" names.
    // (So is a time until a thing is done, its unit first: "minutes to resolve" is the time to resolve.)
    const until = durationUntil.exec(label);
    const taken = durationUnit.test(label) ? [`${label.replace(durationUnit, '')} time`.trim()] : until ? [`time ${until[1]} ${until[2]}`] : [];
    // Money made (`isMoneyMade`) is what "revenue" and "money" name.
    const money = isMoneyMade(label) ? ['money'] : [];
    return [label, column.toLowerCase(), ...(short ? [short] : []), ...taken, ...money];
  });
  // The values each filtering slot can take, from its enum and from the data; hand-written programs
  // (no plan) name the column through the slot, so "days of snow" finds a `weather` slot there too.
  const filterColumns = new Map<string, SlotPlan | undefined>();
  for (const filter of steps?.filters ?? []) filterColumns.set(filter.column, plans.find((p) => p.slot.name === filter.slot));
  if (!steps) for (const plan of plans) if (plan.column && (plan.role === 'eq' || plan.role === 'key' || plan.role === 'term')) filterColumns.set(plan.column, plan);
  const filterValues = [...filterColumns].flatMap(([column, plan]) => [...(plan?.slot.enum_values ?? []), ...(tableValues[column] ?? [])].map(String));

  return {
    index,
    endpoint_name: candidate.endpoint_name,
    name: candidate.name,
    family,
    table,
    slots,
    plans,
    columns: [...columns],
    choices: (plans.find((plan) => plan.role === 'column')?.slot.enum_values ?? []).map(String),
    countsValue: plans.some((plan) => plan.chosen === true && plan.role === 'eq'),
    selectsAll: steps?.columns.includes('*') ?? false,
    ranks: ranksByMeasure(candidate.query, steps, family),
    chronological: steps?.order?.chronological === true,
    rankedColumn: family === 'top_n' && steps?.order && real(steps.order.column) && steps.order.column !== 'count' && steps.order.column !== 'period' ? steps.order.column : null,
    // (Money made, of such a measure: "which category brings in the most money" names `price_paid`.)
    measureTerms:
      steps?.aggregate?.column && !steps.aggregate.column.startsWith('$')
        ? [...humanWords(steps.aggregate.column).split(' ').flatMap((word) => canonicalTerm(word) ?? []), ...(isMoneyMade(humanWords(steps.aggregate.column)) ? ['money'] : [])]
        : [],
    measure: steps?.aggregate?.column && real(steps.aggregate.column) ? steps.aggregate.column : null,
    measureChosen: steps?.aggregate?.column?.startsWith('$') === true,
    sums: steps?.aggregate?.function === 'sum',
    seriesAdds: steps?.rank_by?.adds ?? null,
    // Words only, and none that says what to do: "sp500_2000" is not named by "in 2000", nor
    // `lookup_groups` by "look up".
    tableStems: foldValue(humanWords(table))
      .split(' ')
      .filter((w) => w.length > 2 && !/^\d+$/.test(w))
      // ("listings" is no "list": a word whose stem is one of those stays whole.)
      .map((w) => (tableOperationWords.has(stem(w)) && !tableOperationWords.has(w) ? w : stem(w)))
      .filter((w) => !tableOperationWords.has(w)),
    // A grouping by the chosen column (`$column`) groups by any of the columns it may choose.
    // (An identifier's grouping is by what it identifies too: "per device" of `device_id`, "which
    // show" of `show.name`; "per species" of `gap_species_code`.)
    // (A series groups by its time column's periods where the column is named by more than a
    // period's word: "average forecast value by budget year"; "per year" asks any series.)
    groupColumns: (steps?.group_by ?? []).flatMap((c) => (c === '$column' ? (steps?.column_choice?.columns ?? []) : [c])),
    groupBy: (steps?.group_by ?? [])
      .flatMap((c) => (c === '$column' ? (steps?.column_choice?.columns ?? []) : c === 'period' ? (family === 'time_series' && steps?.columns[0] && humanWords(steps.columns[0]).includes(' ') ? [steps.columns[0]] : []) : [c]))
      .flatMap((c) => groupLabelsOf(c)),
    document: {
      id: index,
      name: candidate.name.replace(/_/g, ' '),
      question: candidate.query,
      description: [candidate.description ?? '', ...plans.filter((plan) => !(plan.column && bounded.has(plan.column))).map((plan) => plan.slot.description)].join(' '),
      examples: candidate.examples.join(' \n '),
      columns: columnWords.join(' \n '),
      output: '',
      values: filterValues.join(' \n '),
      tableValues: Object.values(tableValues).flat().map(String).join(' \n '),
      table: candidate.stores.map((store) => humanWords(store)).join(' '),
    },
  };
}

function ranksByMeasure(query: string, steps: ParsedSteps | null, family: ProgramFamily | null): boolean {
  if (family === 'top_n') return true;
  if (steps?.order) return steps.order.column === 'count' || steps.order.slot !== undefined || (steps.aggregate !== undefined && steps.order.column === steps.aggregate.column);
  // Hand-written SQL: an ORDER BY cut by a LIMIT, a descending ORDER BY, or a MAX/MIN.
  return /\border\s+by\b[\s\S]*\b(limit|desc)\b/i.test(query) || /\b(max|min|arg_max|arg_min|max_by|min_by)\s*\(/i.test(query);
}

/** From the plan when there is one; from slot names and types for hand-written SQL. */
function planSlot(slot: Slot, steps: ParsedSteps | null, family: ProgramFamily | null): SlotPlan {
  const filter = steps?.filters.find((f) => f.slot === slot.name);
  if (steps?.column_choice?.slot === slot.name) return { slot, role: 'column', column: null, label: null };
  if (filter?.column.startsWith('$')) return { slot, role: filter.op === 'gte' ? 'min' : filter.op === 'lte' ? 'max' : filter.op === 'eq' ? 'eq' : 'other', column: null, label: null, chosen: true };
  const plan = (role: SlotRole, column: string | null = filter?.column ?? null): SlotPlan => ({ slot, role, column, label: column ? humanWords(column) : null });
  if (filter) {
    if (filter.op === 'ilike') return plan('term');
    // Whether a value is there: a flag named by what the column holds ("coupon" of `coupon_code`,
    // "assignee", "shipped" of `shipped_at`), read as flags are ("without a coupon", "unassigned").
    // (No column of values: "assigned to Eva Novak" names a value of `assignee` no flag takes.)
    if (filter.op === 'present') return { slot, role: 'eq', column: null, label: presenceLabel(filter.column), presence: filter.column };
    if (filter.op === 'gte') return plan(slot.type === 'date' ? 'from' : 'min');
    if (filter.op === 'lte') return plan(slot.type === 'date' ? 'to' : 'max');
    return plan(family === 'lookup' || (slot.required && slot.type !== 'enum') ? 'key' : 'eq');
  }
  if (steps?.limit?.slot === slot.name) return plan('limit', null);
  if (steps?.order?.slot === slot.name) return plan('order', null);
  if (steps?.interval?.slot === slot.name) return plan('interval', null);
  if (steps?.rank_by?.slot === slot.name) return plan('rank_by', steps.rank_by.column ?? null);
  const name = slot.name.toLowerCase();
  if (/^(limit|n|top|count|size)$/.test(name) && (slot.type === 'integer' || slot.type === 'number')) return plan('limit', null);
  if (/^(order|direction|sort)$/.test(name)) return plan('order', null);
  if (/^(interval|period|granularity|bucket)$/.test(name)) return plan('interval', null);
  if (/^(term|q|query|search|text|keyword)s?$/.test(name)) return plan('term', null);
  const bound = /^(min|max|from|to|start|end|after|before)_(.+)$/.exec(name);
  if (bound) {
    const lower = /^(min|from|start|after)$/.test(bound[1] ?? '');
    const role: SlotRole = slot.type === 'date' ? (lower ? 'from' : 'to') : lower ? 'min' : 'max';
    return plan(role, bound[2] ?? null);
  }
  if (slot.required && slot.type !== 'enum' && slot.type !== 'boolean') return plan('key', slot.name);
  return plan(slot.type === 'enum' || slot.type === 'string' || slot.type === 'boolean' || slot.type === 'integer' || slot.type === 'number' ? 'eq' : 'other', slot.name);
}

/** The groupings the generated programs compute from a time's hour of the day, day of the week or month of the year. */
const derivedGroupings = new Set(['hour_of_day', 'day_of_week', 'month_of_year']);

/** Those groupings as a program's `groupBy` labels. */
export const timePartLabels = new Set(['hour of day', 'day of week', 'month of year']);

/** Whether a program groups by a time's hour of the day, day of the week or month of the year (its `column` slot, if any, then chooses the measure). */
export function groupsByTimePart(candidate: CandidateProfile): boolean {
  return candidate.groupBy.some((label) => timePartLabels.has(label));
}

/** What a column holds, as a flag of its being there is named: its words without a last word that says how it is written or in what unit (`coupon_code` → "coupon", `shipped_at` → "shipped", `temperatureC` → "temperature"). */
function presenceLabel(column: string): string {
  const words = humanWords(column).split(' ');
  return words.length >= 2 && /^(?:code|id|name|at|on|date|time|timestamp|number|no|num|value|text|url|link|c|f|kg|km|mi|kwh|usd|eur|gbp|pct)$/.test(words.at(-1)!) ? words.slice(0, -1).join(' ') : words.join(' ');
}

// The unit a column of a time taken is counted in, last in its name.
const durationUnit = /\s*\b(seconds|secs|minutes|mins|hours|hrs)$/i;
const durationUntil = /^(?:seconds|secs|minutes|mins|hours|hrs|days) (to|until|till) ([a-z].*)$/i;
/** A column named with its currency last: `total_eur`, `amount_usd`, `fare_usd`. */
const currencyUnit = / (?:usd|eur|gbp|jpy|chf|cad|aud|inr|cny|dollars|euros)$/i;
/** A sum said to be paid: `price_paid`, `amount_paid`, `paid_amount`. */
const paidMoney = /\b(?:price|amount|fee|fare|total|sum)s? paid\b|\bpaid (?:price|amount|fee|fare|total|sum)\b/i;
/** Words of a person's pay, which is money paid out, not money made. */
const payWords = /\b(?:salary|salaries|wage|wages|pay|payroll|compensation|bonus)\b/i;

/**
 * A column (its label) of money a thing brought or cost: a sum in a currency (`total_eur`,
 * `amount_usd`), or a price or an amount said to be paid (`price_paid`, `amount_paid`: what came in
 * for each row); not a person's pay (`salary_eur`).
 */
export function isMoneyMade(label: string): boolean {
  return (currencyUnit.test(label) || paidMoney.test(label)) && !payWords.test(label);
}

/** Per column of a DataProfile, the values a question may name (low-cardinality columns only). */
export function valuesFromProfile(profile: {
  columns: readonly { name: string; semantic: string; distinct_count: number; null_count?: number; top_values: readonly { value: unknown }[]; min?: unknown; max?: unknown; elements?: { distinct_count: number; top_values: readonly { value: unknown }[]; separator?: string } }[];
}): Record<string, ColumnValues> {
  const out: Record<string, ColumnValues> = {};
  for (const column of profile.columns) {
    // A list of labels by the labels it holds ("bug" of an issue's `labels`), which its programs filter by.
    if ((column.semantic === 'nested' || column.elements?.separator !== undefined) && column.elements !== undefined) {
      const labels = column.elements.top_values.map((top) => top.value).filter((value): value is string => typeof value === 'string');
      if (labels.length > 0) out[column.name] = column.elements.distinct_count > labels.length ? Object.assign(labels, { partial: true }) : labels;
      continue;
    }
    // Identifiers too ("George" of a `name` that is unique per row): a question names a row by them.
    if (column.semantic !== 'categorical' && column.semantic !== 'boolean' && column.semantic !== 'text' && column.semantic !== 'identifier') continue;
    // Not a column holding one value in every row (a charge's `object` "charge", its payment's
    // `type` "card"): that value tells no rows apart, and said ("which card brand") it filters
    // nothing a program could leave out.
    if (column.distinct_count === 1 && column.null_count === 0) continue;
    // An identifier with no values listed is known by its least and greatest: enough to tell its
    // values are codes (`ak18247005`), which a name ("Alaska") is not.
    const values = column.top_values.length === 0 && column.semantic === 'identifier' ? [column.min, column.max] : column.top_values.map((top) => top.value);
    const listed = values.filter((v): v is SlotValue => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean');
    // More distinct values than listed: a value the question names may still be in the data.
    if (listed.length > 0) out[column.name] = column.distinct_count > listed.length ? Object.assign(listed, { partial: true }) : listed;
  }
  return out;
}

/** The labels a grouping by a column is named by: its words, and the thing its name or id names. */
export function groupLabelsOf(column: string): string[] {
  return [foldValue(humanWords(column)), identifiedThing(pathWords(column)), identifiedHead(pathWords(column)), firstOfNumbered(foldValue(humanWords(column)))].filter((label) => label !== null);
}

/** The first of numbered columns is named by their word alone: "by type" of `Type 1` beside `Type 2`. */
function firstOfNumbered(label: string): string | null {
  return /^[a-z]+ 1$/.test(label) ? label.slice(0, -2) : null;
}
