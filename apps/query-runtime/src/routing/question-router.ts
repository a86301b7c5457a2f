// Natural-language routing (DESIGN.md §6): BM25 retrieval over the deployed programs, then per
// candidate family cues, slot filling and coverage of what the question states, folded into one
// score and a confidence; below the threshold the answer is a refusal naming the closest programs.
import MiniSearch, { type SearchOptions, type SearchResult } from 'minisearch';
import { groupLabelsOf, groupsByTimePart, isMoneyMade, profileCandidate, timePartLabels, type CandidateProfile, type SlotPlan, type SlotRole } from './candidate-profile.js';
import { containerWords, hashToken, howMany, irregularPast, measureUnitOf, perGroupWord, parseQuestion, superlativeWord, timeUnitOf, type ParsedQuestion, type Span } from './question-parse.js';
import type { DataValues, RouteAnswer, RouteCandidateInput, RouteOptions, RouteResult, RouterOptions, ScoredAlternative, SlotValue } from './routing.types.js';
import { deadlineName, type ProgramFamily } from '../generation/index.js';
import { SettledSearch } from './settled-search.js';
import { accumulated, directionOf, directionSaid, doneVerb, fillSlots, flagDenials, flagMention, impliedChoice, namedChoice, pastForms, questionWords, rankWanted, TableValues, valueSynonymWords, type ColumnNameSpan, type QuestionWord, type SlotFill, type ValueMention } from './slot-filling.js';
import { abbreviates, boxScoreNames, canonicalTerm, closingWords, courseVerb, editDistance, escapeRegExp, foldValue, humanWords, identifiedHead, identifiedThing, impliedMeasures, initials, measureTermsOf, pathWords, perUnitLabel, remembered, stem, stopWords, synonymOf, terms, textTails, timeSpanWord, wordTable, words } from './text-terms.js';

/**
 * Chosen on the bench's tuning half (bench/routing: every other labelled question): the best in-scope
 * accuracy among thresholds refusing ≥ 80 % of out-of-scope questions was reached from 0.10 to 0.35;
 * this is the middle of that plateau. Figures in bench/routing/README.md.
 */
export const defaultConfidenceThreshold = 0.25;

// How many retrieval hits get the (costlier) slot filling; the rest cannot win on BM25 alone.
const rerankDepth = 24;
// Of the best program's retrieval score, what another data set's best past the depth needs to be ranked too.
const pastDepthShare = 1 / 3;
/** A weekday as data writes it: its name, its three letters, or its one or two (M, Tu, Th, Su). */
const weekdayName = /^(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?|m|t|w|th|tu|f|s|sa|su)$/i;
// The identifiers that name a thing rather than number it: two things may share one.
const namingWords = new Set(['name', 'title']);
/** How many programs of a data set the question names, found only past the depth, are ranked too. */
const namedPastDepth = 6;

// `output` is weak on purpose: a whole-row program shows the price, but a program about the price is a better answer.
const fieldBoosts = { name: 2, question: 2, description: 0.6, examples: 1.2, columns: 3, output: 0.5, values: 1.5, tableValues: 0.4, table: 1.5 };

interface Scored {
  candidate: CandidateProfile;
  bm25: number;
  score: number;
  fill: SlotFill;
  termCoverage: number;
  matchedTerms: number;
  constraintCoverage: number;
  familyAgreement: number;
  /** The question asks for an extreme ("hottest", "the most") and this program ranks nothing (or for an amount, "how much", and it counts rows). */
  superlativeMiss: boolean;
  /** Words that look like data values (`unlistedValues`) this program would not filter on. */
  ignored: string[];
  /** Stated dates, numeric bounds and quoted terms this program would not apply. */
  unapplied: string[];
  /** Columns of its table the question names by their full label that this program does not read ("ending cash" asked, "beginning cash" measured). */
  unread: string[];
  /** The question's words about its subject (not the operation: "top", "average", "count"), and how many this program's text has. */
  topicTerms: string[];
  topicMatched: number;
  /** A value of the question fills one of the program's filters (`value`), or only a bound (`bound`: a date or number fits many data sets). */
  valueEvidence: 'value' | 'bound' | null;
  /** An aggregate whose measure the question names, or whose total is the count it asks for. */
  measureAsked: boolean;
  /** Another measure of the data the question names by its own word, where the program's is named only by an operation's ("total"). */
  otherMeasure?: string;
  /** The program's measure is named only by what the question implies of another thing's worth (`tip_amount` of "spent"). */
  otherWorth: boolean;
}

// Words that say what to do with data, not which data: a question made of these and words no
// program knows ("which country has the largest population") is about other data.
const operationTerm = /^(count|per|trend|lookup|search|top|bottom|averag|average|mean|total|sum|max|min|list|show|find|give|get|number|many|much|all)$/;
// A typo only stands for a word of the programs when it is long enough not to be another word
// ("countr" is one edit from "count", "horsepowr" from nothing else).
const fuzzyTopicLength = 7;

/**
 * A name written with a decimal inside ("PM2.5", "PM0.1") as the data writes it (`pm2_5`): one
 * name, never a word and the number 5 ("readings with PM2.5 above 35" had bounded pm2_5 by 5).
 * Same length, so the question's spans stay where they were.
 */
function decimalNames(question: string, labels: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map()): string {
  return question.replace(/\b([a-z]+\d+)\.(\d+)\b/gi, (_whole, name: string, decimals: string) => {
    // (Or without its point, as other data writes it: `pm25`; a space keeps the length.)
    const joined = `${name}${decimals}`;
    return [...labels.values()].some((named) => named.has(joined.toLowerCase())) ? `${joined} ` : `${name}_${decimals}`;
  });
}
const valueRoles = new Set(['eq', 'key', 'term']);
/** Words that set things against each other ("UPS vs FedEx", "compare A and B"). */
const comparedCue = /\b(?:vs\.?|versus|compared?|compares|comparing|comparison)\b/;
/** What makes a noun of the verb its rows are made by (ship → shipment, rent → rental, donat → donation). */
const deverbalTail = /^(?:ment|al|a?tion|ion)$/;
/** General words for a measure's figure ("the price of wheat", "the level of CO2"). */
const measureWords = /^(?:price|prices|value|values|level|levels|rate|rates|amount|amounts|figure|figures|number|numbers|reading|readings)$/;
/** Words saying where things start or end ("departing flights", "arrive at LAX"). */
const startWords = /\b(departing|departures?|departed|outbound|outgoing|leaving|sends?|sent|senders?)\b/;
/** A verb of moving things, and where to or from (a few words between: "ship the most to"). */
const movedTowards = /\b(?:ship(?:s|ped|ping)?|send(?:s|ing)?|sent|deliver(?:s|ed|ing)?|mail(?:s|ed|ing)?|export(?:s|ed|ing)?|fl(?:y|ies|ew|own|ying))\s+(?:[a-z]+\s+){0,2}?(to|from)\b/;
const endWords = /\b(arriving|arrivals?|arrive[sd]?|inbound|incoming|receives?|received|receiving|landing|lands?|recipients?)\b/;
/** Words of a key that name a code, not a thing ("how many ids" counts nothing in particular). */
const codeWords = /^(?:uuid|guid|code|number|key|slug|handle|hash|index)$/;
/** A column holding part of a name (`first_name`, `last_name`, `family name`). */
const nameColumn = /(?:^|[_\s.])name$/i;
// The families that compute or rank something, which a question asks for by its words.
const computedFamilies = new Set<string>(['time_series', 'count', 'aggregate', 'top_n']);
// Outcomes only some rows have: a count of rows said to have had one, which no program tells, is refused.
const subsetOutcomes = new Set(['failed', 'errored', 'crashed', 'rejected', 'declined', 'refunded', 'returned', 'bounced', 'churned', 'dropped', 'expired', 'succeeded', 'cancelled', 'canceled', 'missed', 'abandoned', 'disputed', 'flagged', 'defaulted', 'overdue']);
// Terms of counting a measure may share ("number", "count"): "the average number of rentals" is a count.
const countingTerms = new Set(['number', 'count', 'amount', 'amt', 'quantity', 'qty', 'total']);
// The index's terms for an aggregate's operation ("average", "total", "sum", …), as canonicalTerm makes them.
const aggregateTerms = new Set(['average', 'total', 'sum', 'median', 'overall'].flatMap((word) => canonicalTerm(word) ?? []));
const boundRoles = new Set(['min', 'max', 'from', 'to']);

export class QuestionRouter {
  private constructor(
    private readonly candidates: CandidateProfile[],
    /** The programs' texts indexed (`search.index`), searched term by term with each term's scores kept. */
    private readonly search: SettledSearch<CandidateProfile['document']>,
    private readonly tables: Map<string, TableValues>,
    private readonly threshold: number,
    /** Terms of the programs' own words (names, descriptions, columns, tables): never a data value. */
    private readonly structureTerms: Set<string>,
    /** Every term the index holds, values and examples included. */
    private readonly vocabulary: Set<string>,
    /** The words of every column's name, unstemmed ("origin", "weight", "lbs"): what a grouping may be a typo of. */
    private readonly columnWords: Set<string>,
    /** Per table, the labels a question may name a column by (folded words → column), every column of the profile included. */
    private readonly columnLabels: Map<string, Map<string, string>>,
    /** Per table, every column's label (folded words → column), short ones too (`kwh`, `age`). */
    private readonly allLabels: Map<string, Map<string, string>>,
    /** `table\u0000label` of the one-word labels that are a measure's name without its unit (`fare` of `fare_usd`). */
    private readonly unitlessLabels: Set<string>,
    /** Terms the programs' descriptions alone hold: the generator's own wording ("the most rows to return"), no word of the data. */
    private readonly describedOnly: Set<string>,
    /** Terms the programs know only among their data's values ("capital" of a company "Blue Capital"). */
    private readonly valueOnlyTerms: Set<string>,
  ) {
    // (Never an operation's or an extreme's word: "minute" is no `min`, "person" no `per`.)
    this.threeLetterLabels = [...new Set([...allLabels.values()].flatMap((labels) => [...labels.keys()]))].filter(
      (label) => /^[a-z]{3}$/.test(label) && !stopWords.has(label) && !operationTerm.test(label) && !extremeTerms.has(canonicalTerm(label) ?? label),
    );
    this.columnFirstWords = new Set([...columnLabels.values()].flatMap((named) => [...named.keys()].map((label) => label.split(' ')[0]!)));
    for (const candidate of candidates) {
      if (candidate.family !== 'count' || candidate.groupBy.length > 0 || candidate.choices.length > 0) continue;
      this.plainCounts.set(candidate.table, [...(this.plainCounts.get(candidate.table) ?? []), candidate]);
    }
    // Measures held as a pair of columns, a least and a greatest (`temp_min_c`, `temp_max_c`): the
    // words they share, for "the lowest temperature" to find the least one.
    for (const named of columnLabels.values()) {
      const sides = new Map<string, Set<string>>();
      for (const label of named.keys()) {
        const words = label.split(' ').map((word) => canonicalTerm(word) ?? word);
        const side = words.find((word) => extremeTerms.has(word));
        if (side === undefined) continue;
        const rest = words.filter((word) => word !== side).join(' ');
        sides.set(rest, (sides.get(rest) ?? new Set<string>()).add(side));
      }
      for (const [rest, both] of sides) if (both.size === 2) for (const word of rest.split(' ')) if (word.length >= 3) this.pairedMeasureTerms.add(word);
    }
    for (const [table, named] of columnLabels) {
      this.labelProbes.set(
        table,
        [...named].map(([label, column]) => ({ label, column, whole: ` ${label} `, plural: ` ${plural(label)} `, start: ` ${label}`, modifier: modifierOf(label) })),
      );
      for (const label of named.keys()) {
        if (label.includes(' ') && rankingWord.test(label)) this.rankingLabels.push(new RegExp(`\\b${label.split(' ').map(escapeRegExp).join('[\\s_-]+')}\\b`, 'gi'));
      }
    }
    for (const candidate of candidates) {
      if (averagesPeriods(candidate) && !this.periodAveragers.has(candidate.table)) this.periodAveragers.set(candidate.table, candidate);
      const terms = this.measureTerms.get(candidate.table) ?? new Set<string>();
      if (candidate.family === 'aggregate') for (const term of candidate.measureTerms) terms.add(term);
      this.measureTerms.set(candidate.table, terms);
      if (candidate.family === 'top_n') {
        const ranked = this.rankedTerms.get(candidate.table) ?? new Set<string>();
        for (const column of [...(candidate.rankedColumn === null ? [] : [candidate.rankedColumn]), ...candidate.choices]) for (const term of columnTerms(column)) ranked.add(term);
        this.rankedTerms.set(candidate.table, ranked);
      }
      if (candidate.family === 'aggregate' && candidate.measureChosen) {
        const chosen = this.measureChoiceTerms.get(candidate.table) ?? new Set<string>();
        for (const column of candidate.choices) for (const term of columnTerms(column)) chosen.add(term);
        this.measureChoiceTerms.set(candidate.table, chosen);
      }
      // (Of columns of values: a `start_date` and an `end_date` are no places.)
      for (const plan of candidate.plans) {
        const direction = plan.column && plan.role === 'eq' ? directionOf(plan.column) : null;
        if (direction) this.directionColumns.set(candidate.table, (this.directionColumns.get(candidate.table) ?? new Set<'start' | 'end'>()).add(direction));
      }
      for (const plan of candidate.plans) if (plan.slot.type === 'boolean' && plan.column) this.flagColumns.set(candidate.table, (this.flagColumns.get(candidate.table) ?? new Set<string>()).add(plan.column));
      for (const plan of candidate.plans) if (plan.presence !== undefined && plan.label !== null && /^[a-z]{3,}ed$/.test(plan.label)) this.presenceFlags.set(candidate.table, (this.presenceFlags.get(candidate.table) ?? new Map<string, string>()).set(plan.label, plan.presence));
      if (candidate.family === 'aggregate' && candidate.measure !== null && weightName.test(foldValue(humanWords(candidate.measure)))) this.weightColumns.set(candidate.table, candidate.measure);
      const keys = this.keyColumns.get(candidate.table) ?? new Set<string>();
      if (candidate.family === 'lookup') for (const plan of candidate.plans) if (plan.role === 'key' && plan.column) keys.add(plan.column);
      this.keyColumns.set(candidate.table, keys);
    }
    // Per table, the text columns its programs group by (by their enum of text values).
    const grouped = new Map<string, Set<string>>();
    for (const candidate of candidates) {
      for (const label of candidate.groupBy) {
        const plan = candidate.plans.find((p) => p.role === 'eq' && p.column !== null && foldValue(humanWords(p.column)) === label);
        if (!plan || !(plan.slot.enum_values ?? []).some((value) => typeof value === 'string' && !/^\d+$/.test(value))) continue;
        grouped.set(candidate.table, (grouped.get(candidate.table) ?? new Set<string>()).add(label));
      }
    }
    for (const [table, labels] of grouped) if (labels.size === 1) this.categoryColumns.set(table, [...labels][0]!);
    for (const candidate of candidates) this.tableStemsOf.set(candidate.table, candidate.tableStems);
    for (const [table, stems] of this.tableStemsOf) if (stems.some((tableStem) => personStems.has(tableStem))) this.personTables.add(table);
    // What a table's rows are, read off its columns where its name does not say (`home_team` beside
    // `away_team`: matches; a first and last name, or an age beside a gender: people).
    for (const [table, every] of this.allLabels) {
      const labels = [...every.keys()];
      const nouns = new Set<string>();
      for (const shape of rowShapes) if (shape.fits(labels)) for (const noun of shape.nouns) nouns.add(stem(noun));
      this.shapeNounsOf.set(table, nouns);
      for (const noun of nouns) this.shapeNounTables.set(noun, [...(this.shapeNounTables.get(noun) ?? []), table]);
    }
    // A table's rows are the things its key names, one per row (`country` of a country's figures,
    // `Bacteria` of one row per bacterium): "how many countries" counts its rows.
    for (const [table, keys] of this.keyColumns) {
      for (const key of keys) {
        const last = foldValue(humanWords(key)).split(' ').at(-1);
        if (last === undefined || last.length < 4 || codeWords.test(last)) continue;
        this.rowNounTables.set(stem(last), [...(this.rowNounTables.get(stem(last)) ?? []), table]);
      }
    }
    for (const candidate of candidates) {
      const times = this.timeColumnsOf.get(candidate.table) ?? new Set<string>();
      for (const plan of candidate.plans) if ((plan.role === 'from' || plan.role === 'to') && plan.column) times.add(plan.column);
      this.timeColumnsOf.set(candidate.table, times);
    }
    // The periods some data's time is counted in (a series' `interval` values: hour where it holds times of day).
    for (const candidate of candidates) {
      for (const plan of candidate.plans) {
        if (plan.role !== 'interval') continue;
        const periods = this.periodsOf.get(candidate.table) ?? new Set<string>();
        for (const value of plan.slot.enum_values ?? []) periods.add(String(value));
        this.periodsOf.set(candidate.table, periods);
      }
    }
    this.tableStemLists = [...this.tableStemsOf.values()];
    this.countedGroupLabels = candidates.flatMap((candidate) => (candidate.family === 'count' ? candidate.groupBy : []));
  }

  /** Builds the index once per candidate set; the service caches the router per project and environment. */
  static build(inputs: readonly RouteCandidateInput[], options: RouterOptions = {}): QuestionRouter {
    const values: DataValues = options.values ?? {};
    const candidates = inputs.map((input, index) => profileCandidate(input, index, values));
    // Column labels per table, from every program's plan, so a number can be tied to its column.
    const labels = new Map<string, Map<string, string>>();
    for (const candidate of candidates) {
      const table = labels.get(candidate.table) ?? new Map<string, string>();
      for (const plan of candidate.plans) if (plan.column) table.set(plan.column, humanWords(plan.column));
      for (const column of candidate.columns) table.set(column, humanWords(column));
      labels.set(candidate.table, table);
    }
    // "price of IBM in Jan 2005": the date-range program answers with whole rows, price included.
    for (const candidate of candidates) {
      if (!candidate.selectsAll) continue;
      const others = [...(labels.get(candidate.table) ?? [])].filter(([column]) => !candidate.columns.includes(column));
      // (A nested field by its whole path: "assignee name" of `assignee.name`, whose label is "name".)
      candidate.document.output = others.map(([column, label]) => (column.includes('.') ? pathWords(column) : label)).join(' \n ');
    }
    // A column named by a stop word ("value", "record" — long-format data often has a `value`) is
    // indexed as a word of its own, which a question's same word then searches (see `rank`).
    for (const candidate of candidates) {
      const marked = candidate.columns.filter((column) => stopWords.has(foldValue(humanWords(column))));
      if (marked.length > 0) candidate.document.columns += ` \n ${marked.map((column) => stopColumnWord(foldValue(humanWords(column)))).join(' ')}`;
    }
    // Fuzzy matching is the costly part of a search: only words the index does not know (typos) get it.
    const vocabulary = new Set<string>();
    const structureTerms = new Set<string>();
    const described = new Set<string>();
    const undescribed = new Set<string>();
    const inValues = new Set<string>();
    const beyondValues = new Set<string>();
    for (const candidate of candidates) {
      for (const field of ['name', 'description', 'columns', 'table'] as const) for (const term of terms(candidate.document[field])) structureTerms.add(term);
      for (const stemmed of candidate.tableStems) structureTerms.add(stemmed);
      for (const field of Object.keys(fieldBoosts) as (keyof typeof fieldBoosts)[]) {
        const ofValues = field === 'values' || field === 'tableValues';
        for (const word of words(candidate.document[field])) {
          const term = canonicalTerm(word);
          if (!term) continue;
          vocabulary.add(term);
          (field === 'description' ? described : undescribed).add(term);
          (ofValues ? inValues : beyondValues).add(term);
        }
      }
    }
    const describedOnly = new Set([...described].filter((term) => !undescribed.has(term)));
    const valueOnlyTerms = new Set([...inValues].filter((term) => !beyondValues.has(term)));
    const searchOptions: SearchOptions = {
      boost: fieldBoosts,
      // Typos in longer words ("horsepowr") still find their term; a superlative's never finds
      // another superlative ("deadliest" is no typo of "earliest").
      fuzzy: (term) => (term.length >= 5 && !vocabulary.has(term) && !superlativeWord(term) ? 0.2 : false),
      combineWith: 'OR',
      processTerm: (term) => canonicalTerm(term) ?? null,
    };
    const index = new MiniSearch<CandidateProfile['document']>({
      fields: Object.keys(fieldBoosts),
      idField: 'id',
      tokenize: (text) => words(text),
      processTerm: (term) => canonicalTerm(term) ?? null,
      searchOptions,
    });
    index.addAll(candidates.map((c) => c.document));
    const search = new SettledSearch(index, searchOptions);

    const tables = new Map<string, TableValues>();
    for (const [table, programLabels] of labels) {
      // Every column of the data is a label a stated bound or value may sit beside, those no program
      // reads too: "nonfarm change more than 300" is no bound on `nonfarm` (it bound 300 there).
      const columnLabels = new Map(programLabels);
      for (const column of options.columns?.[table] ?? []) if (!columnLabels.has(column)) columnLabels.set(column, humanWords(column));
      const tableValues = new TableValues(values[table] ?? {}, columnLabels, (word) => {
        const term = canonicalTerm(word);
        return term !== null && structureTerms.has(term);
      });
      for (const candidate of candidates.filter((c) => c.table === table)) {
        for (const plan of candidate.plans) {
          if (plan.role === 'eq' && plan.column) for (const value of plan.slot.enum_values ?? []) tableValues.add(plan.column, value, plan.label ?? plan.column);
          if (plan.presence !== undefined) tableValues.often.add(plan.presence);
        }
      }
      tables.set(table, tableValues);
    }
    const labelStems = new Set([...tables.values()].flatMap((table) => table.labels.flatMap((label) => (label.stems.length === 1 ? label.stems : []))));
    for (const tableValues of tables.values()) tableValues.useLabelStems(labelStems);
    const columnWords = new Set([...labels.values()].flatMap((columns) => [...columns.values()].flatMap((label) => words(label))));
    const columnLabels = new Map<string, Map<string, string>>();
    const allLabels = new Map<string, Map<string, string>>();
    const unitless = new Set<string>();
    for (const table of new Set([...labels.keys(), ...Object.keys(options.columns ?? {})])) {
      const named = new Map<string, string>();
      const every = new Map<string, string>();
      // (An object whose fields are columns of their own is named by them: "office city" is the
      // field `office.city`, and "office" alone no column a program fails to read.)
      const all = options.columns?.[table] ?? [];
      const fields = new Set(all.filter((column) => all.some((other) => other.startsWith(`${column}.`))));
      const columns = [...(labels.get(table)?.keys() ?? []), ...all.filter((column) => !fields.has(column))].map((column) => ({ column, label: foldValue(humanWords(column)) }));
      // (Fields of several objects called alike are named by their path too: "record high" is
      // `record.high`, "normal high" `normal.high`; "high" alone stays the first one's.)
      const calledAlike = new Map<string, Set<string>>();
      for (const { column, label } of columns) calledAlike.set(label, (calledAlike.get(label) ?? new Set()).add(column));
      // (And any field by its whole path: "vehicle class" of `vehicle.class`, whose label is "class".)
      const paths = [...new Set(columns.map(({ column }) => column))].filter((column) => column.includes('.'));
      // (And by the words its abbreviations stand for: "arrival delay" of `arr_delay`.)
      const spelled = [...columns, ...paths.map((column) => ({ column, label: foldValue(pathWords(column)) }))];
      const expanded = spelled.flatMap(({ column, label }) => {
        const whole = label
          .split(' ')
          .map((part) => abbreviations[part] ?? part)
          .join(' ');
        return whole === label ? [] : [{ column, label: whole }];
      });
      // (And a name of three words or more by its first two, where no other column's name begins
      // with them: "price change" of `price_change_percentage_24h`. Not an operation's words: "total
      // rows returned".)
      const fronts = spelled.flatMap(({ column, label }) => {
        const parts = label.split(' ');
        const front = parts.slice(0, 2).join(' ');
        const alone = parts.length >= 3 && parts.slice(0, 2).every((part) => part.length >= 3 && !stopWords.has(part) && !operationTerm.test(canonicalTerm(part) ?? part));
        return alone && spelled.every((other) => other.column === column || (other.label !== front && !other.label.startsWith(`${front} `))) ? [{ column, label: front }] : [];
      });
      for (const { column, label } of [...spelled, ...expanded, ...fronts]) {
        const parts = label.split(' ');
        if (!every.has(label)) every.set(label, column);
        // A label names a column when it cannot be an everyday word of a question: two words or more,
        // or one of 4 letters or more that is no stop word or word of counting ("count", "total"), or
        // a word of letters and digits (`co2`, `pm25`), which no everyday word is.
        const coded = /^(?=.*[a-z])(?=.*\d)[a-z\d]{2,}$/.test(label) && !/^\d+(?:st|nd|rd|th|s)$/.test(label);
        if (parts.length >= 2 || coded || (label.length >= 4 && !stopWords.has(label) && !operationTerm.test(canonicalTerm(label) ?? label))) named.set(label, column);
        // (A text named by what it says and a word for text, `error_message`, `cancel_reason`, is
        // named by the first word alone too: "errors".)
        const [head, tail] = parts;
        if (parts.length === 2 && head !== undefined && tail !== undefined && textTails.has(tail) && head.length >= 4 && !stopWords.has(head) && !named.has(head)) named.set(head, column);
        // A measure named with its unit (`fare_usd`, `distance_km`, `weight_kg`) is named by its
        // words without it as well ("the total fare per driver"), where no other column is.
        // ("Min" after a word of time is minutes, `Running_Time_min`; after others a minimum, `temp_min`.)
        // (So is a count named with its word of counting: "forks" of `forks_count`, "stars" of `stars_count`.)
        const bare = parts.length >= 2 && (unitSuffix.test(parts.at(-1)!) || (parts.at(-1) === 'min' && timeSpanWord.test(parts.at(-2)!)) || (parts.at(-1) === 'count' && /s$/.test(parts.at(-2) ?? ''))) ? parts.slice(0, -1).join(' ') : undefined;
        // (Three letters are enough there: `tip_usd` is the tip.)
        if (bare !== undefined && (bare.includes(' ') || (bare.length >= 3 && !stopWords.has(bare) && !operationTerm.test(canonicalTerm(bare) ?? bare)))) {
          if (!named.has(bare)) named.set(bare, column);
          if (!every.has(bare)) every.set(bare, column);
          unitless.add(`${table}\u0000${bare}`);
        }
      }
      columnLabels.set(table, named);
      allLabels.set(table, every);
    }
    return new QuestionRouter(candidates, search, tables, options.threshold ?? defaultConfidenceThreshold, structureTerms, vocabulary, columnWords, columnLabels, allLabels, unitless, describedOnly, valueOnlyTerms);
  }

  get size(): number {
    return this.candidates.length;
  }

  route(question: string, options: RouteOptions = {}): RouteResult {
    const ranked = this.rank(question, options);
    const closest = (n: number): ScoredAlternative[] => ranked.slice(0, n).map((r) => ({ endpoint_name: r.candidate.endpoint_name, score: round(r.score) }));
    const parsed = ranked.parsed;
    if (parsed.destructive) return { kind: 'refusal', reason: 'the question asks to change data; only questions about the data are answered', confidence: 0, candidates: closest(3) };
    if (parsed.explanatory) return { kind: 'refusal', reason: 'the question asks for a cause or an explanation; the deployed programs answer what the data holds', confidence: 0, candidates: closest(3) };
    if (otherTask.test(parsed.lower)) return { kind: 'refusal', reason: 'the question asks for a task other than reading the data; only questions about the data are answered', confidence: 0, candidates: closest(3) };
    if (ranked.length === 0) return { kind: 'refusal', reason: 'no deployed program matches the question', confidence: 0, candidates: [] };
    // (Nor is a lookup or a search that the question gives no key or term: it would answer of the
    // slot's default, one row no one asked for — "list all bacteria" of one per bacterium.)
    const keyless = (r: Scored) => (r.candidate.family === 'lookup' || r.candidate.family === 'text_search') && r.candidate.plans.every((plan) => (plan.role !== 'key' && plan.role !== 'term') || r.fill.slots[plan.slot.name] == null);
    const fit = ranked.filter((r) => !r.fill.unfit && !keyless(r));
    // Of programs scoring near each other, one of the data the question names answers before one of
    // other data ("the least populated state" of state figures, not of candidates per state), where
    // it applies all the question says; otherwise naming a data set answered elsewhere is refused below.
    const top = fit[0];
    const namedOwn =
      top !== undefined && ranked.tablesNamed.size > 0 && !ranked.tablesNamed.has(top.candidate.table) && !(ranked.namedColumns.get(top.candidate.table)?.length ?? 0)
        ? fit.find((r) => ranked.tablesNamed.has(r.candidate.table) && r.unapplied.length === 0 && r.ignored.length === 0 && r.unread.length === 0 && top.score - r.score < 0.5)
        : undefined;
    // Nor is a value of other data named alike ("Texas" of the candidates' state) an answer to a
    // question none of whose subject that data has ("how many hurricanes hit Texas"), where a program
    // of data that has it takes everything the question says.
    const subjectOwn =
      namedOwn === undefined && top !== undefined && top.topicMatched === 0 && top.topicTerms.length > 0 && top.valueEvidence === 'value'
        ? fit.find((r) => r.topicMatched > 0 && !r.otherWorth && r.valueEvidence === 'value' && r.unapplied.length === 0 && r.ignored.length === 0 && r.unread.length === 0 && top.score - r.score < 0.6)
        : undefined;
    // So is one of the data whose column the question names by a name of two words ("the longest
    // beak length recorded" of penguins' `beak_length_mm`, not the longest bike trip), where the
    // top program's data has no column named; otherwise that naming is refused below.
    // (A column named specifically: by a name of two words, or a measure's name without its unit.)
    const specific = (table: string, label: string) => label.includes(' ') || this.unitlessLabels.has(`${table}\u0000${label}`) || ranked.modifierNamed.has(`${table}\u0000${label}`);
    // (Or by one word of 4 letters or more that no other data's column is named, said of a column
    // both data have: "the average state population" or "the average population per state" of
    // states beside countries.)
    const alone = (table: string, label: string, shared: string[]) =>
      label.length >= 4 &&
      [...this.allLabels].every(([other, labels]) => other === table || !labels.has(label)) &&
      shared.some((column) => new RegExp(`\\b${escapeRegExp(label)} ${escapeRegExp(column)}\\b|\\b${escapeRegExp(column)} (?:per|by|for each|of each) ${escapeRegExp(label)}\\b`).test(parsed.lower));
    const namesColumnOf = (table: string) => (ranked.namedColumns.get(table) ?? []).some(({ label }) => specific(table, label));
    // (The other data has every column the top's data has named, and one more named specifically.)
    const labelsNamed = (table: string) => new Set((ranked.namedColumns.get(table) ?? []).map(({ label }) => label));
    const namesMoreThanTop = (table: string) => {
      const topNamed = labelsNamed(top!.candidate.table);
      const named = labelsNamed(table);
      return [...topNamed].every((label) => named.has(label)) && [...named].some((label) => !topNamed.has(label) && (specific(table, label) || alone(table, label, [...topNamed])));
    };
    const columnOwn =
      namedOwn === undefined && subjectOwn === undefined && top !== undefined
        ? fit.find((r) => top.score - r.score < 0.6 && r.candidate.table !== top.candidate.table && r.unapplied.length === 0 && r.ignored.length === 0 && r.unread.length === 0 && namesMoreThanTop(r.candidate.table))
        : undefined;
    // A share of the rows, said with a flag of 0 and 1 ("what percentage of passengers survived", "the
    // survival rate" of a `Survived`): the flag's average is that share, where a program averages it
    // and takes everything else the question says.
    const flagAverage = (r: Scored) => r.candidate.family === 'aggregate' && r.candidate.measure !== null && !r.candidate.sums && (this.flagColumns.get(r.candidate.table)?.has(r.candidate.measure) ?? false);
    const shareSaid = /\b(?:percentage|percent|pct|share|proportion|fraction|rate)\b|%/.test(parsed.lower);
    const flagShare =
      shareSaid && top !== undefined && !flagAverage(top)
        ? fit.find((r) => flagAverage(r) && r.measureAsked && r.ignored.length === 0 && r.unapplied.length === 0 && r.unread.length === 0 && top.score - r.score < 1.5)
        : undefined;
    const first = namedOwn ?? subjectOwn ?? columnOwn ?? flagShare ?? top;
    if (!first) return { kind: 'refusal', reason: 'the closest programs need a value the question does not give', confidence: 0, candidates: closest(3) };
    // Between a search and a lookup of the same name that score alike, the exact lookup answers.
    const best = first.candidate.family === 'text_search' ? (fit.find((other) => other.candidate.family === 'lookup' && sameAnswer(first, other) && first.score - other.score < 0.05) ?? first) : first;
    // "How many countries in Japan?" with Japan in no value list: answering for the whole table would
    // be a wrong 200. A proper noun goes to the program's one open text slot (slot-filling.ts); a
    // lower-case word is not guessed into a slot (the data's spelling is unknown). Either way, a
    // value the best program cannot use is a refusal.
    if (best.ignored.length > 0) {
      return { kind: 'refusal', reason: `the question names ${best.ignored.map((v) => `"${v}"`).join(', ')}, which no known value or open slot of the closest programs matches`, confidence: 0, candidates: closest(3) };
    }
    if (best.unread.length > 0) {
      return { kind: 'refusal', reason: `the question names ${best.unread.map((v) => `"${v}"`).join(', ')}, which the closest programs do not use`, confidence: 0, candidates: closest(3) };
    }
    if (best.unapplied.length > 0) {
      const rejected = best.fill.rejected.length > 0;
      // ("in 1980" of strikes from 1990 to 2002: said so, rather than "cannot take".)
      const past = best.fill.outside[0];
      const why = past ? `, which lies outside the data: its ${past.label} runs from ${past.low} to ${past.high}` : `, which the closest programs ${rejected ? 'cannot take as a value' : 'do not filter on'}`;
      return {
        kind: 'refusal',
        reason: `the question states ${best.unapplied.map((v) => `"${v}"`).join(', ')}${why}`,
        confidence: 0,
        candidates: closest(3),
      };
    }
    // "average rate by industry", "which country had the most deaths": a grouping no program knows
    // the word of cannot be what answered it; the best program would answer per something else.
    // Naming a data set ("barley records in 1935") and being answered from another is never right.
    // (Not when the question names a column of the best program's table: "phase of flight" is a
    // column of bird strikes, not the flights data.)
    if (ranked.tablesNamed.size > 0 && !ranked.tablesNamed.has(best.candidate.table) && !(ranked.namedColumns.get(best.candidate.table)?.length ?? 0)) {
      const own = ranked.find((r) => ranked.tablesNamed.has(r.candidate.table));
      const stated = own ? [...own.unapplied, ...own.ignored] : [];
      const why = stated.length > 0 ? `, whose programs cannot apply ${stated.map((v) => `"${v}"`).join(', ')}` : ', which no deployed program of it answers as asked';
      return { kind: 'refusal', reason: `the question names the ${[...ranked.tablesNamed].map((t) => humanWords(t)).join(', ')} data${why}`, confidence: 0, candidates: closest(3) };
    }
    // Nor is naming a column only other data has ("total fares per month" of trips' `fare_usd`,
    // answered from inspections), by a name of two words or a measure's name without its unit.
    const columnTables = [...ranked.namedColumns].filter(([table, found]) => found.some(({ label }) => specific(table, label))).map(([table]) => table);
    if (columnTables.length > 0 && !columnTables.includes(best.candidate.table) && !(ranked.namedColumns.get(best.candidate.table)?.length ?? 0)) {
      const labels = [...new Set(columnTables.flatMap((table) => (ranked.namedColumns.get(table) ?? []).filter(({ label }) => specific(table, label)).map(({ label }) => label)))];
      return { kind: 'refusal', reason: `the question names ${labels.map((label) => `"${label}"`).join(', ')}, a column of other data than the closest program's`, confidence: 0, candidates: closest(3) };
    }
    // Nor is "which country has the highest co2" answered by data without a country: what is
    // ranked is a column of other data (a period is any data's: "which month had the most rain").
    if (ranked.rankedTables !== null && ranked.rankedLabel !== undefined && !ranked.rankedTables.has(best.candidate.table) && !periodWords.has(ranked.rankedLabel)) {
      return { kind: 'refusal', reason: `the question asks which ${ranked.rankedLabel}, and ${best.candidate.endpoint_name}'s data has no ${ranked.rankedLabel}`, confidence: 0, candidates: closest(3) };
    }
    // Nor a question that ends by saying whom or what it is about with words no data knows ("the
    // total contributions for veterans", "the average precipitation for hurricanes"): the answer
    // would be the whole data's, the qualifier dropped without a word.
    // ("Of" says what is measured, "the average age of victims"; a container, "in the company", is
    // the whole data; a unit, "in minutes", how the answer is written.)
    const qualifier = /\b(?:for|in|among|from|during|to)\s+(?:the\s+|all\s+|an?\s+)?([a-z]{4,})(?:\s+([a-z]{4,}))?\s*[?.!]*\s*$/d.exec(parsed.lower);
    const courseAt = courseVerb.exec(parsed.lower)?.index;
    const unqualified = (qualifier?.slice(1) ?? []).filter((word, index): word is string => {
      if (word === undefined || stopWords.has(word) || attributeWords.has(word) || periodWords.has(word) || containerWords.has(word) || timeUnitOf(word) !== undefined || measureUnitOf(word) !== undefined) return false;
      if (operationTerm.test(canonicalTerm(word) ?? word)) return false;
      const at = qualifier!.indices![index + 1]![0];
      // (Nor a measure a word implies: "which plan brings in the most revenue" of `mrr`.)
      const implied = (impliedMeasures[word] ?? []).some((one) => this.knows(one));
      // (Nor the verb asking a course: "how has the rate in construction changed".)
      if (courseAt === at) return false;
      return !this.knows(word) && !this.knows(word.replace(/e?s$/, '')) && !implied && !best.fill.used.some(([start, end]) => at >= start && at < end);
    });
    if (unqualified.length > 0) {
      return { kind: 'refusal', reason: `the question asks about ${unqualified.map((word) => `"${word}"`).join(', ')}, which none of the deployed programs' data or columns mention`, confidence: 0, candidates: closest(3) };
    }
    // Nor a value said by a word that is part of several values of a column the best program
    // filters, and left unfilled ("the average away score in the bundesliga" of the divisions
    // "Deutsche Bundesliga" and "Österreichische Bundesliga"): the answer would be for every
    // division. The choices are given instead.
    const filtered = new Set(best.candidate.plans.filter((plan) => plan.role === 'eq' && plan.column !== null && best.fill.slots[plan.slot.name] == null).map((plan) => plan.column!));
    const ambiguous =
      filtered.size === 0
        ? undefined
        : this.tables.get(best.candidate.table)?.ambiguousParts(questionWords(parsed.text), parsed.text, filtered).find(({ span }) => !best.fill.used.some(([start, end]) => span[0] < end && start < span[1]));
    if (ambiguous !== undefined) {
      const shown = ambiguous.values.slice(0, 5).map((value) => `"${String(value)}"`);
      return {
        kind: 'refusal',
        reason: `"${parsed.text.slice(ambiguous.span[0], ambiguous.span[1])}" could be ${shown.join(' or ')}${ambiguous.values.length > 5 ? ' (or others)' : ''} (${humanWords(ambiguous.column)}); say which`,
        confidence: 0,
        candidates: closest(3),
      };
    }
    // ("Of each weather type": the kind of a thing no column names; a word of some values, a title's
    // "weather", groups nothing.)
    const kindOf = /\bof (?:each|every) ([a-z]{3,}) (?:type|kind|category|class)\b/.exec(parsed.lower)?.[1];
    // (A word for people at work, of a program grouping by a person: "which agent handled the most".)
    const byPerson = best.candidate.groupBy.some((label) => personLabel.test(` ${label} `));
    // (A kind of the data's own rows, "which disaster type" of disasters, is its one category: `Entity`.)
    const categoryNamed = (word: string) => [...this.tableStemsOf].find(([table, stems]) => stems.includes(stem(word)) && this.categoryColumns.has(table))?.[0];
    const groupingsSaid = unknownGroupings(parsed.lower).map((cue) => {
      const [first, level] = cue.split(' ');
      const category = first !== undefined && level !== undefined && categoryWords.has(level) ? categoryNamed(first) : undefined;
      const categoryLabel = category === undefined ? undefined : this.categoryColumns.get(category);
      if (categoryLabel !== undefined) return categoryLabel;
      return level === undefined ? cue : first !== undefined && this.columnWords.has(first) ? first : level;
    });
    // (Nor a measure a word implies: "top 5 meters by consumption" of `kwh`.)
    const unknownGroup = groupingsSaid.find((word) => !this.knows(word) && !(byPerson && workerWord.test(word)) && !(impliedMeasures[word] ?? []).some((one) => this.knows(one))) ?? (kindOf !== undefined && !this.knows(kindOf, { onlyStructure: true }) ? kindOf : undefined);
    if (unknownGroup) {
      return { kind: 'refusal', reason: `the question asks per "${unknownGroup}", which none of the deployed programs' data or columns mention`, confidence: 0, candidates: closest(3) };
    }
    // Nor "which league has the most matches" answered by the top row of matches: the thing asked
    // for is neither what the rows are (the data's name, "which match had the most goals") nor any
    // column of them, so a row is no answer to it.
    const kindAsked = /\b(?:which|what)\s+([a-z]{3,})\s+(?:had|has|have|was|were|is|are)\s+the\s+(?:most|least|fewest|[a-z]+est)\b/.exec(parsed.lower)?.[1];
    if (
      kindAsked !== undefined &&
      (best.candidate.family === 'top_n' || best.candidate.family === 'list') &&
      !anyRowWords.has(kindAsked) &&
      !periodWords.has(kindAsked) &&
      !peopleWords.has(kindAsked) &&
      !stopWords.has(kindAsked) &&
      !this.namesData(best.candidate.table, kindAsked) &&
      !(this.tableStemsOf.get(best.candidate.table) ?? []).includes(stem(kindAsked)) &&
      ![...(this.allLabels.get(best.candidate.table)?.keys() ?? [])].some((label) => label.split(' ').some((word) => stem(word) === stem(kindAsked)))
    ) {
      return { kind: 'refusal', reason: `the question asks which ${kindAsked}, and ${best.candidate.endpoint_name} answers with rows of ${humanWords(best.candidate.table)}, which hold no ${kindAsked}`, confidence: 0, candidates: closest(3) };
    }
    // "Which tickets mention 'refund' in their subject line": a text search of another column than
    // the one the question searches in (a customer's name) finds nothing of what it asks.
    const searchedIn = /\b(?:mentions?|mentioning|contains?|containing|says?|saying|with)\b.*?\bin\s+(?:the|their|its|his|her)\s+([a-z]+(?:\s+[a-z]+)?)/.exec(parsed.lower)?.[1];
    if (searchedIn !== undefined && best.candidate.family === 'text_search') {
      const searchedLabels = best.candidate.plans.filter((plan) => plan.role === 'term' && plan.column !== null).map((plan) => words(humanWords(plan.column!)).map((word) => stem(word)));
      const place = searchedIn.split(' ').filter((word) => !stopWords.has(word)).map((word) => stem(word));
      if (place.length > 0 && !searchedLabels.some((stems) => place.some((word) => stems.includes(word)))) {
        return { kind: 'refusal', reason: `the question searches the "${searchedIn}", which ${best.candidate.endpoint_name} does not search`, confidence: 0, candidates: closest(3) };
      }
    }
    // "List the female victims": rows asked for, and nothing counted or computed, are no count or
    // figure of them (the count per neighborhood had answered it, no list program filtering gender).
    if (parsed.families.size === 1 && parsed.families.has('list') && (best.candidate.family === 'count' || best.candidate.family === 'aggregate')) {
      return { kind: 'refusal', reason: `the question asks for rows, and the closest program gives ${best.candidate.family === 'count' ? 'a count' : 'a figure computed'} of them`, confidence: 0, candidates: closest(3) };
    }
    // "The average wind speed for each direction category": a figure asked for each of something is
    // no single figure over all the rows.
    const eachCue = /\b(?:for|in|of)\s+(?:each|every)\s+([a-z]{3,}(?:\s+[a-z]{3,})?)/.exec(parsed.lower)?.[1];
    if (eachCue !== undefined && !notGroupings.has(eachCue.split(' ')[0]!.replace(/s$/, '')) && (best.candidate.family === 'aggregate' || best.candidate.family === 'count') && best.candidate.groupBy.length === 0) {
      return { kind: 'refusal', reason: `the question asks for a figure for each "${eachCue}", and the closest program gives one over all rows`, confidence: 0, candidates: closest(3) };
    }
    // Nor one column compared with another ("on how many days was the actual high above the normal
    // high"): no program compares two columns, and a bound is a value.
    // (Or named by its last word after a word of the question's own: "homes sold above asking price"
    // of `list_price`; "over budget" of `budget_usd` — "over" with no number after it, "over time" and
    // "above average" being none.)
    const bestLabels = [...(this.columnLabels.get(best.candidate.table)?.keys() ?? [])];
    const columnWord = (word: string | undefined) => word !== undefined && word.length >= 3 && !stopWords.has(word) && !periodWords.has(word) && word !== 'time' && !operationTerm.test(canonicalTerm(word) ?? word) && this.labelSays(best.candidate.table, word);
    for (const compared of parsed.lower.matchAll(/\b(?:above|below|under|over|beyond|exceeds?|exceeded|(?:greater|less|more|higher|lower|bigger|smaller|warmer|colder)\s+than)\s+(?:the\s+|its\s+|their\s+)?([a-z][a-z ]*)/g)) {
      const phrase = compared[1] ?? '';
      const [first, second] = phrase.split(' ');
      const other = bestLabels.find((label) => label.length >= 3 && ` ${phrase} `.startsWith(` ${label} `)) ?? [first, second].find(columnWord);
      // (Not a flag the program filters by, named by those words: "readings that exceeded the limit" of `exceeds_limit`.)
      const flagged = best.fill.used.some(([start, end]) => start < compared.index + compared[0].length && end > compared.index);
      if (other !== undefined && !flagged) {
        return { kind: 'refusal', reason: `the question compares a column with "${other}"; the deployed programs compare columns with values only`, confidence: 0, candidates: closest(3) };
      }
    }
    // "How many employees does Borealis Software AB have": what a thing the question names has is
    // counted by the data that holds it; the rows of the data the name was found in (its invoices)
    // are no answer unless that data holds the word ("how many invoices does Borealis have", "how
    // many cylinders does a Toyota have").
    // (So is what a place named holds: "how many households are there in California" is no count
    // of California's zip codes.)
    const possession = /\bhow many\s+([a-z]{3,})\s+(?:((?:does|do|did)\b.*\b(?:have|has|had|own|employ|hold))|(?:are|were)\s+(?:there\s+)?in)\b/.exec(parsed.lower);
    // (Or what its rows are by their columns' shape: "victims", "people" of the riots' deaths.)
    const holdsIn = (table: string, word: string) => this.namesData(table, word) || this.labelSays(table, word) || (this.shapeNounsOf.get(table)?.has(stem(word)) ?? false) || (peopleWords.has(word) && this.personTables.has(table));
    // (Of "are there in", only a word no data knows or other data holds: "how many unemployed were
    // there in construction" counts the unemployed of `unemployment`; "how many states are in the
    // midwest region" no rows of incomes per state and bracket, where zip codes have states.)
    const elsewhere = (word: string) => [...this.tableStemsOf.keys()].some((table) => table !== best.candidate.table && holdsIn(table, word));
    const possessed = possession !== null && (possession[2] !== undefined || !this.knows(possession[1]!) || elsewhere(possession[1]!)) ? possession[1] : undefined;
    // (A value counted is what the data holds: "how many men were in the data in 1850".)
    const valueCounted = possessed !== undefined && Object.values(best.fill.slots).some((value) => typeof value === 'string' && stem(foldValue(value)) === stem(possessed));
    if (possessed !== undefined && best.valueEvidence === 'value' && !valueCounted) {
      const table = best.candidate.table;
      // (A column's word counted must be what the column names, not a word that qualifies it: "how
      // many rooms does Alpine Lodge have" of a `room_type` counts no rooms; `customer_id` names customers.)
      const holds = (word: string) => (this.labelSays(table, word) ? this.labelHeadSays(table, word) || this.namesData(table, word) || (this.shapeNounsOf.get(table)?.has(stem(word)) ?? false) : holdsIn(table, word));
      if (!holds(possessed) && !(impliedMeasures[possessed] ?? []).some(holds)) {
        return { kind: 'refusal', reason: `the question counts "${possessed}", which ${best.candidate.endpoint_name}'s data does not hold`, confidence: 0, candidates: closest(3) };
      }
    }
    // "How many employees does our company have": what a question counts is its subject; counted
    // rows of another kind (movies) are no answer, however well another word ("company") matches.
    // ("How many items were counted in October": a word for any data's rows counts whatever the rest names.)
    const counted = ranked.countedWord !== undefined && ranked.countedWord.length >= 4 && !rowWords.has(ranked.countedWord) ? ranked.countedWord : undefined;
    // (Nor when the question names the data's own time column for its date: "how many customers
    // signed up in 2023" of subscriptions' `signup_date`, "how many matches were played since March".)
    // (Nor of a word for a measure the data has: "how many stays were longer than 7 nights".)
    const countedImplies = counted !== undefined && (impliedMeasures[counted] ?? []).some((implied) => this.knows(implied));
    // (Its singular is known as written, not as a typo of another word: "employees" is no "employ" of `unemployed`.)
    const singularKnown = counted !== undefined && this.knows(counted.endsWith('ees') ? counted.slice(0, -1) : counted.replace(/e?s$/, ''), { typosOf: { words: [], edits: 0 } });
    if (counted && !this.knows(counted) && !singularKnown && !countedImplies && best.valueEvidence !== 'value' && !best.fill.timeNamed) {
      return { kind: 'refusal', reason: `the question counts "${counted}", which none of the deployed programs' data or columns mention`, confidence: 0, candidates: closest(3) };
    }
    // Nor what a question ranks groups by, said last after "has the most" ("which origin has the most
    // cars", "… the most horsepower" of flights alone): a count per origin is no answer to either.
    // (Or the best or worst of a thing no data holds: "which hotel has the best pool".)
    const rankedBy = /\b(?:has|have|had|with|gets?|got|serves?|offers?)\s+the\s+(?:most|fewest|least|best|worst|nicest|finest)\s+([a-z]{4,})\s*[?.!]*\s*$/.exec(parsed.lower)?.[1];
    // (A word of a measure the best program's data has is known by that: "the most revenue" of a `total_price_usd`.)
    const rankedImplies = rankedBy !== undefined && best.measureAsked && (impliedMeasures[rankedBy] ?? []).some((implied) => this.knows(implied));
    if (rankedBy && !this.knows(rankedBy) && !this.knows(rankedBy.replace(/e?s$/, '')) && !rankedImplies && best.valueEvidence !== 'value') {
      return { kind: 'refusal', reason: `the question ranks by "${rankedBy}", which none of the deployed programs' data or columns mention`, confidence: 0, candidates: closest(3) };
    }
    // Nor what "which X had the biggest Y" ranks by, where Y is no word of the best program's data
    // nor a measure one of its columns is ("which day had the biggest return" answered with
    // driving's miles; "return" is a word of other data, orders' statuses).
    const rankedByMeasure = /\b(?:has|have|had|with)\s+the\s+(?:biggest|largest|highest|lowest|smallest|greatest)\s+([a-z]{4,})\s*[?.!]*\s*$/.exec(parsed.lower)?.[1];
    if (rankedByMeasure) {
      const ownWords = new Set(best.candidate.columns.flatMap((column) => words(humanWords(column)).map((word) => canonicalTerm(word) ?? word)));
      // (Money said by one word of money — sales, revenue — is any column of money: `total` of orders.)
      const ownMoney = best.candidate.columns.some((column) => moneyLabel.test(` ${foldValue(humanWords(column))} `));
      const ownMeasure = (word: string) => measureTermsOf(word).some((term) => ownWords.has(term)) || (ownMoney && moneyLabel.test(` ${word} `));
      if (!ownMeasure(rankedByMeasure) && !ownMeasure(rankedByMeasure.replace(/e?s$/, '')) && !this.impliesAny(rankedByMeasure, best.candidate.table) && best.valueEvidence !== 'value') {
        return { kind: 'refusal', reason: `the question ranks by "${rankedByMeasure}", which ${best.candidate.endpoint_name}'s data does not hold`, confidence: 0, candidates: closest(3) };
      }
    }
    // Nor the best or the worst of a quality no count measures ("which city has the worst air
    // quality" of pollutant readings had counted the fewest readings per city). (The best of the
    // data's rows is the most of them: "which day has the best sales".)
    // (A hyphened word too: "the best on-time performance".)
    const rankedQuality = /\b(?:has|have|had|with|is|are|was|were)\s+the\s+(?:best|worst)\s+((?:[a-z]+(?:-[a-z]+)?\s+)?[a-z]{3,})\s*[?.!]*\s*$/.exec(parsed.lower)?.[1];
    const qualityHead = rankedQuality?.split(' ').at(-1) ?? '';
    if (rankedQuality !== undefined && best.candidate.family === 'count' && !(qualityHead.endsWith('s') && this.namesData(best.candidate.table, qualityHead))) {
      return { kind: 'refusal', reason: `the question ranks by the best or worst "${rankedQuality}", and ${best.candidate.endpoint_name} only counts rows`, confidence: 0, candidates: closest(3) };
    }
    // Nor a rate, a ratio or a share ranked by ("which channel has the highest conversion rate"),
    // where no column of the best program's data is one: ranking by the count beside it (conversions)
    // is another answer. ("The highest unemployment rate" of a `rate` column is that column.)
    // (Or asked for: "what is the bounce rate", whose "bounce" is a flag's value, `bounced`: the rows
    // with the flag are no rate of them.) (Of a hyphened word too: "the on-time rate by carrier".)
    const rankedRate =
      /\b(?:has|have|had|with|is|was)\s+the\s+(?:biggest|largest|highest|lowest|smallest|greatest|best|worst)\s+((?:[a-z]+\s+)?(?:[a-z]+-)?[a-z]{3,})\s+(rate|ratio|share|percentage|margin)\s*[?.!]*\s*$/.exec(parsed.lower) ??
      /^\s*(?:what(?:'s|\s+is|\s+was|\s+are)|show(?:\s+me)?|give\s+me|tell\s+me)\s+(?:the\s+|our\s+|my\s+)?((?:[a-z]+\s+)?(?:[a-z]+-)?[a-z]{3,})\s+(rate|ratio|percentage)\b/.exec(parsed.lower) ??
      // ("Pass rate by course", "the conversion rate per channel": per group.)
      /^\s*(?:the\s+)?((?:[a-z]+\s+){0,2}(?:[a-z]+-)?[a-z]{3,})\s+(rate|ratio|percentage)s?(?:\s+(?:by|per|for each|across|of each)\b|\s*[?.!]*\s*$)/.exec(parsed.lower);
    if (rankedRate !== null) {
      const head = rankedRate[2] ?? 'rate';
      const headStem = stem(head);
      const ownHeads = [...(this.columnLabels.get(best.candidate.table)?.keys() ?? [])].some((label) => label.split(' ').some((word) => stem(word) === headStem || (head === 'percentage' && /^(?:pct|percent)$/.test(word))));
      // (A measure of the data said before it is that measure, "rate" its general head: "the fertility
      // rate" of `fertility`; so is the data's own name, "the obesity rate" of obesity.)
      // (Not a general word of one: "on-time" names no delivery time.)
      // (The data's name only as the rate's one word: "first call resolution rate" is no rate of calls.)
      // (Nor a word of a span of time: "completion rate by project" is no completion time.)
      const rateWordsSaid = words(rankedRate[1] ?? '');
      const spanTerms = new Set(this.candidates.filter((other) => other.table === best.candidate.table && isSpan(other.measure)).flatMap((other) => other.measureTerms));
      const measured = rateWordsSaid.some((word) => {
        const term = canonicalTerm(word) ?? word;
        return !generalMeasureHeads.test(word) && (this.namesData(best.candidate.table, word) ? rateWordsSaid.length === 1 : (this.measureTerms.get(best.candidate.table)?.has(term) ?? false) && !spanTerms.has(term));
      });
      // (A flag the rate's own words name is no value of the rows ranked: "the highest on-time rate"
      // of `on_time` would rank the on-time shipments' counts.)
      const rateWords = rankedRate[1] ?? '';
      const rateStart = rankedRate.index + rankedRate[0].indexOf(rateWords);
      const rateOfFlag = Object.values(best.fill.slots).some((value) => typeof value === 'boolean') && best.fill.used.some(([start, end]) => start >= rateStart && end <= rateStart + rateWords.length);
      if (!ownHeads && !measured && (best.valueEvidence !== 'value' || rateOfFlag || !/\bthe\s+(?:biggest|largest|highest|lowest|smallest|greatest|best|worst)\b/.test(rankedRate[0]))) {
        return { kind: 'refusal', reason: `the question asks for the "${rankedRate[1]}" ${head}, which ${best.candidate.endpoint_name}'s data does not hold`, confidence: 0, candidates: closest(3) };
      }
    }
    // Nor what a question averages or totals, said right after the operation ("the average salary of
    // inspectors" of fees per inspector, "the average rainfall this year" of harvests): a measure no
    // data set has, nor any it implies.
    const averaged = /\b(?:average|avg|mean|median|total)\s+([a-z]{3,})\b(?!\s+[a-z]{3,}\s+(?:of|per|by|for)\b)(?:\s+(of|per|by|for|this|last|in|on|at|from|during|over|across|among|with)\b|\s*[?.!]*\s*$)/.exec(parsed.lower)?.[1];
    const impliesKnown = (word: string) => (impliedMeasures[word] ?? []).some((implied) => this.knows(implied));
    // Nor a ranking by a quality no data measures ("which gym member is the fittest", "the happiest
    // city"): a superlative that is none of the general ones (the highest, the cheapest, the
    // busiest), no word of any data, and implies no measure any data has.
    // (Or said with "most" or "least": "the most generous country", "the least happy country".)
    const quality = words(parsed.lower).find((word) => superlativeWord(word) && !generalSuperlatives.has(word) && !/^(?:north|south|east|west)(?:ern)?most$/.test(word)) ?? ranked.mostQuality;
    // (Unless the word is part of a value the answer takes: a title, a name.)
    const qualityAt = quality === undefined ? -1 : new RegExp(`\\b${quality}\\b`).exec(parsed.lower)?.index ?? -1;
    const qualityValued = best.valueEvidence === 'value' && best.fill.used.some(([start, end]) => qualityAt >= start && qualityAt < end);
    if (quality !== undefined && !this.knows(quality) && !impliesKnown(quality) && !qualityValued) {
      return { kind: 'refusal', reason: `the question ranks by what "${quality}" means, which none of the deployed programs' data measures`, confidence: 0, candidates: closest(3) };
    }
    // (A word only some data's values hold is no measure: "salary" of a budget's line "Salaries";
    // nor is a word no data knows at all, whatever value the question names beside it: "the average
    // flock size of Canada Geese" is no average duration of their sightings. A value's own word may
    // follow the operation: "average Chinstrap flipper length".)
    // (A typo is forgiven only of the answering data's own columns: "flock" is no "block" of parking citations.)
    let ownTypos: { words: string[]; edits: number } | undefined;
    const named = (word: string) => this.knows(word, { onlyStructure: true, typosOf: (ownTypos ??= { words: best.candidate.columns.flatMap((column) => words(humanWords(column))), edits: 1 }) });
    const unknownMeasure = (word: string) => !operationTerm.test(canonicalTerm(word) ?? word) && !named(word) && !named(word.replace(/e?s$/, '')) && !impliesKnown(word);
    // (The word is part of the value a slot took: its span is one the program used.)
    const measureOfValue = (word: string) => {
      const at = parsed.lower.search(new RegExp(`\\b${escapeRegExp(word)}\\b`));
      return at >= 0 && best.fill.used.some(([start, end]) => at >= start && at < end);
    };
    // Nor a state the rows are said to be in that no data knows ("how many reports are pending",
    // "which users are online"): answering for every row drops it without a word. (Not a verb's past
    // form, which says what was done: "how many orders were placed"; nor how often, "popular".)
    const statedState = /\b(?:are|is|were|was)\s+(?:still\s+|currently\s+|now\s+)?([a-z]{4,})\s*[?.!]*\s*$/.exec(parsed.lower)?.[1];
    if (
      statedState !== undefined &&
      !stopWords.has(statedState) &&
      !/(?:ed|en|wn|ne|nt|ught|id|ld|de)$/.test(statedState) &&
      !irregularPast.test(statedState) &&
      !operationTerm.test(canonicalTerm(statedState) ?? statedState) &&
      !/^(?:popular|common|frequent|rare|busy|quiet)$/.test(statedState) &&
      !this.knows(statedState) &&
      !this.knows(statedState.replace(/e?s$/, '')) &&
      !impliesKnown(statedState) &&
      !measureOfValue(statedState) &&
      best.valueEvidence !== 'value'
    ) {
      return { kind: 'refusal', reason: `the question asks for rows that are "${statedState}", which none of the deployed programs' data or columns mention`, confidence: 0, candidates: closest(3) };
    }
    const averagedPair = /\b(?:average|avg|mean|median|total)\s+([a-z]{4,})\s+([a-z]{3,})(?:\s+(?:of|per|by|for|in|on|at|among|across)\b|\s*[?.!]*\s*$)/.exec(parsed.lower);
    const [, pairFirst = '', pairHead = ''] = averagedPair ?? [];
    // (Or a general word — time, rate, amount — said of what no data knows: "the average resolution
    // time" of tickets with no such column, "the average running time of dramas" of movies without one.)
    const pairUnknown =
      averagedPair !== null &&
      (averagedPair.slice(1, 3).every((word) => unknownMeasure(word!) && !measureOfValue(word!)) ||
        (generalMeasureHeads.test(averagedPair[2]!) && unknownMeasure(averagedPair[1]!) && !measureOfValue(averagedPair[1]!) && !this.knows(averagedPair[1]!)) ||
        // (Or a measure no data knows said after the data's own name: "the average loan duration".)
        // (Not a general word for the data's own figure: "the average wheat price" of `wheat`.)
        // (The duration of the data's rows is a span the program averages, where it does: "the average
        // loan duration" of a return time, the days from a loan's checkout to its return.)
        (this.namesData(best.candidate.table, pairFirst) && !measureWords.test(pairHead) && unknownMeasure(pairHead) && !measureOfValue(pairHead) && !(pairHead === 'duration' && isDuration(best.candidate.measure))));
    if ((averaged && unknownMeasure(averaged) && !measureOfValue(averaged)) || pairUnknown) {
      const said = averaged ?? `${averagedPair![1]} ${averagedPair![2]}`;
      return { kind: 'refusal', reason: `the question asks for the ${/total/.test(parsed.lower) ? 'total' : 'average'} "${said}", which none of the deployed programs' data or columns mention`, confidence: 0, candidates: closest(3) };
    }
    // Nor a measure some data has that no program of it computes: "the average running time of
    // dramas" of movies whose programs average ratings and grosses, not `Running_Time_min`. (Said
    // as the program's own measure's words, it is that measure: "the average rating" of an IMDB rating.)
    const ownMeasureWords = new Set(words(humanWords(best.candidate.measure ?? '')));
    const uncomputed = [averagedPair ? `${averagedPair[1]} ${averagedPair[2]}` : undefined, averaged].find((said) => {
      if (said === undefined || words(said).every((word) => ownMeasureWords.has(word)) || measureOfValue(said.split(' ')[0]!)) return false;
      // (Or said without the word that says it is a sum: "the average tip" of `tip_amount`.)
      const named = [...this.allLabels].flatMap(([table, labels]) => {
        const label = [said, `${said} amount`, `${said.replace(/s$/, '')} amount`].find((one) => labels.has(one));
        return label === undefined ? [] : [{ table, column: labels.get(label)! }];
      });
      return named.length > 0 && named.every(({ table, column }) => !this.computedColumns(table).has(column));
    });
    // (A column's initials name it as surely: "average mpg per year" of a yearly series of cars that
    // computes their displacement, not `Miles_per_Gallon`.)
    // (Of another data set's column too: "mpg per year" is no series of jobs.)
    const saidWords = new Set(words(parsed.lower));
    const initialled = (best.candidate.family === 'aggregate' || best.candidate.family === 'time_series' ? this.columnInitials() : []).find(
      ({ short, column, table }) => saidWords.has(short) && (table !== best.candidate.table || (!best.candidate.columns.includes(column) && !best.candidate.choices.includes(column))),
    );
    if (initialled !== undefined) {
      return { kind: 'refusal', reason: `the question asks for "${initialled.short}" (${initialled.column}), which ${best.candidate.endpoint_name} does not compute`, confidence: 0, candidates: closest(3) };
    }
    if (best.candidate.family === 'aggregate' && uncomputed !== undefined) {
      return { kind: 'refusal', reason: `the question asks for the ${/total/.test(parsed.lower) ? 'total' : 'average'} "${uncomputed}", which no deployed program computes`, confidence: 0, candidates: closest(3) };
    }
    // Nor a thing's attribute no data set has, asked of a thing one has ("who is the supplier of the
    // cordless drills", "what is the monthly rent of the Denver warehouse"): the value named does
    // not make the attribute one.
    // ("What is the driver's phone number for shipment …": of an attribute said by a general word
    // — number, name, value — the word before it is the attribute.)
    // (Three letters are enough for the thing asked: "what's the gdp of germany".)
    const asked = /^\s*(?:what|who|which)(?:'s|\s+(?:is|are|was|were))\s+the\s+(?:([a-z]+)(?:'s)?\s+)?(?:([a-z]{4,})\s+)?([a-z]{3,})\s+(?:of|for)\b/.exec(parsed.lower);
    // (A general superlative ranks, it is no attribute: "what was the quietest month for orders".)
    // (A word only some values hold is no attribute either: "what's the capital of france" of
    // subscriptions whose companies include "Blue Capital".)
    // (Nor a verb's past form, which says what was done: "the total quantity sold of …".)
    const knownBeyondValues = (word: string) => (this.knows(word) && !this.valueOnlyTerm(word)) || irregularPast.test(word) || (/ed$/.test(word) && this.knows(word));
    const unknownAttribute = (word: string | undefined): word is string =>
      word !== undefined &&
      !attributeWords.has(word) &&
      !generalSuperlatives.has(word) &&
      !howOftenWords.has(word) &&
      !stopWords.has(word) &&
      !operationTerm.test(canonicalTerm(word) ?? word) &&
      !knownBeyondValues(word) &&
      !knownBeyondValues(word.replace(/e?s$/, '')) &&
      !impliesKnown(word) &&
      !measureOfValue(word);
    // ("What was the first response time for ticket …": of two words before "of/for", either one no
    // data knows makes the attribute unknown — the ticket's row holds no response time.)
    // ("The email address of employee …" too: the address is the email's.)
    const addressOf = asked?.[3] === 'address' ? [asked[2], asked[1]].find((word) => word !== undefined && !stopWords.has(word)) : undefined;
    // (A share of a thing the data knows is no attribute: "what is the survival rate of men" of a
    // flag `Survived`.)
    const shareOfKnown = asked !== null && /^(?:rate|percentage|percent|share|proportion)$/.test(asked[3] ?? '') && [asked[1], asked[2]].some((word) => word !== undefined && knownBeyondValues(word));
    const attribute = shareOfKnown
      ? undefined
      : addressOf ?? (asked && asked[2] !== undefined && attributeWords.has(asked[3]!) ? asked[2] : asked?.[2] === undefined ? asked?.[3] : [asked[3], asked[2]].find((word) => unknownAttribute(word)));
    // So of a place or a time ("what was the humidity in Seattle on May 1"), and of a measure named
    // with a word the data knows not ("what is the diabetes rate in Ohio" of obesity rates) — not
    // when that word is the data's own and the unknown one follows ("the temperature anomaly in
    // 1998" of `temp`).
    // (Or per group: "what is the turnover by department" of headcounts.)
    const placed = /^\s*(?:what|who|which)(?:'s|\s+(?:is|are|was|were))\s+the\s+(?:([a-z]+)\s+)?([a-z]{3,})\s+(?:in|at|on|during|by|per)\b/.exec(parsed.lower);
    const placedModifier = placed?.[1] !== undefined && !stopWords.has(placed[1]) && !operationTerm.test(canonicalTerm(placed[1]) ?? placed[1]) ? placed[1] : undefined;
    // (A modifier the data knows only as a value is no column of it: "the delivery fee on order …"
    // of orders whose type may be "delivery" asks for a fee they do not hold.)
    const structural = (word: string) => this.knows(word, { onlyStructure: true }) || this.knows(word.replace(/e?s$/, ''), { onlyStructure: true });
    const placedAttribute =
      placedModifier !== undefined ? (unknownAttribute(placedModifier) ? placedModifier : !structural(placedModifier) && unknownAttribute(placed?.[2]) ? placed?.[2] : undefined) : placed?.[2];
    // So of a thing's ("who was Elizabeth's father", "what is VH-012's mileage"), and of a measure
    // named with a word no data knows before it ("the tyre pressure of VH-012" of weather's pressure).
    // (Or a bare noun phrase: "germany's gdp".)
    const owned = (/\b(?:who|what)(?:'s|\s+(?:is|are|was|were))\s+(?:the\s+)?[\w-]+'s\s+([a-z]{3,})\b/.exec(parsed.lower) ?? /^\s*(?:the\s+)?[\w-]+'s\s+([a-z]{3,})\s*[?.!]*\s*$/.exec(parsed.lower))?.[1];
    const ofModifier = asked?.[2] === undefined && asked?.[1] !== undefined && !asked[0].includes(`${asked[1]}'s`) && unknownAttribute(asked[1]) ? asked[1] : undefined;
    // And of an amount no data holds ("how much rain fell in Seattle" of hourly normals without rain).
    const amount = /\bhow much\s+([a-z]{3,})\b/.exec(parsed.lower)?.[1];
    // (A general word for a measure, of a column the question names, is that column's: "the price of
    // wheat in 1700" of `wheat`, "the value of CO2".)
    const columnMeasure = attribute !== undefined && measureWords.test(attribute) && (ranked.namedColumns.get(best.candidate.table)?.length ?? 0) > 0;
    // And of a question said as a bare noun phrase ("population of france", "gdp of germany"):
    // the thing asked for comes first.
    // (A typo of a data set's name is that data: "capitol of pensylvania" of state capitals.)
    const bareWord = /^\s*(?:the\s+)?([a-z]{3,})\s+(?:of|for)\s+(?!the\s+(?:data|dataset|table)\b)/.exec(parsed.lower)?.[1];
    // (Nor a word for a view of the data itself: "summary of orders by status", "history of orders".)
    const bare = bareWord !== undefined && !this.dataNameTypo(bareWord) && !dataViews.test(bareWord) ? bareWord : undefined;
    const refusedAttribute = [columnMeasure ? undefined : attribute, placedAttribute, owned, ofModifier, amount, bare].find((word) => unknownAttribute(word));
    if (refusedAttribute) {
      return { kind: 'refusal', reason: `the question asks for the "${refusedAttribute}", which none of the deployed programs' data or columns mention`, confidence: 0, candidates: closest(3) };
    }
    // Nor a statistic the best program does not compute, answered with another ("median unemployment
    // rate" had answered the mean).
    // (Not a value the program takes: "the Variance node" of flare's names.)
    const statisticSaid = /\b(median|percentile|quartile|standard deviation|std dev|stddev|variance)s?\b/.exec(parsed.lower);
    const statistic = statisticSaid === null || best.fill.used.some(([start, end]) => statisticSaid.index >= start && statisticSaid.index < end) ? undefined : statisticSaid[1];
    if (statistic !== undefined && ![best.candidate.name, best.candidate.document.question, best.candidate.document.description].some((text) => text.toLowerCase().includes(statistic))) {
      return { kind: 'refusal', reason: `the question asks for the ${statistic}, which none of the closest programs computes`, confidence: 0, candidates: closest(3) };
    }
    // Nor the different things of a kind counted by the rows ("how many different categories of
    // places" of places whose category no column is called): the rows are no kind, unless they are
    // what is named.
    const differentOf = /\b(?:how many|number of)\s+(?:different|distinct|unique)\s+([a-z]+)/.exec(parsed.lower)?.[1];
    if (differentOf !== undefined && best.candidate.family === 'count' && best.candidate.choices.length === 0 && best.candidate.groupBy.length === 0 && !this.namesData(best.candidate.table, differentOf) && !this.rowsTables(differentOf).includes(best.candidate.table)) {
      return { kind: 'refusal', reason: `the question counts the different "${differentOf}", which the closest programs count no column of`, confidence: 0, candidates: closest(3) };
    }
    // Nor an average of a measure answered with a count of rows ("average daily rate by vehicle class"
    // of rentals per class, where no program averages the rate per class): the measure named is no
    // word of the data's name or of counting.
    if (/\b(?:average|avg|mean)\b/.test(parsed.lower) && best.candidate.family === 'count' && !best.measureAsked) {
      const measured = this.measureTerms.get(best.candidate.table);
      const ownWords = this.tableStemsOf.get(best.candidate.table) ?? [];
      const named = terms(parsed.lower).find((term) => measured?.has(term) === true && !operationTerm.test(term) && !countingTerms.has(term) && !ownWords.some((own) => own === term || own === stem(term)));
      const said = words(parsed.lower).find((word) => canonicalTerm(word) === named) ?? named;
      if (named !== undefined) return { kind: 'refusal', reason: `the question asks for an average of "${said}", which the closest program, a count, does not compute`, confidence: 0, candidates: closest(3) };
    }
    // Nor an average answered with rows ("the average latitude of zip codes in Alaska" of coordinates
    // that are never averaged: their range listed every zip code).
    if (/\b(?:average|avg|mean)\b/.test(parsed.lower) && (best.candidate.family === 'range' || best.candidate.family === 'list') && !parsed.interval) {
      return { kind: 'refusal', reason: 'the question asks for an average, which none of the closest programs computes', confidence: 0, candidates: closest(3) };
    }
    // Nor how often a thing is used or chosen ("which promo code was used the most") answered with
    // rows: no list, lookup or range counts anything.
    if (frequencyCue.test(parsed.lower) && (best.candidate.family === 'list' || best.candidate.family === 'lookup' || best.candidate.family === 'range' || best.candidate.family === 'text_search')) {
      return { kind: 'refusal', reason: `the question asks what is used or chosen most often, and ${best.candidate.endpoint_name} lists rows without counting them`, confidence: 0, candidates: closest(3) };
    }
    // Nor a share of the rows ("what percentage of appointments are telehealth"): no program computes
    // one, and the rows listed (or counted) are no share of them. (Unless a column of the best
    // program's data holds shares: `pct_female`, `vote_share`.)
    // (So is a rate of something the rows do or undergo, "our refund rate", "the failure rate", of
    // data none of whose columns is a rate: its rows are no rate. "Fertility rate" of a `fertility`
    // column names the column, "average daily rate" of `adr` the measure averaged.)
    const shareWords = /\b(?:pct|percent|percentage|share|proportion|fraction|ratio|rate)\b/;
    const rated = /\b([a-z]{3,})\s+rates?\b/.exec(parsed.lower)?.[1];
    const rateOfRows = rated !== undefined && !best.measureAsked && ![...(this.allLabels.get(best.candidate.table)?.keys() ?? [])].some((label) => shareWords.test(label) || label.split(' ').includes(rated));
    const shareAsked = /\b(?:what|which)\s+(?:percentage|percent|share|proportion|fraction|portion)\s+of\b|\bhow many percent\b|\bwhat\s+%\s+of\b/.test(parsed.lower) || rateOfRows;
    const holdsShares = best.candidate.columns.some((column) => shareWords.test(foldValue(humanWords(column))));
    if (shareAsked && !holdsShares && !flagAverage(best)) {
      return { kind: 'refusal', reason: 'the question asks for a share of the rows, which none of the closest programs computes', confidence: 0, candidates: closest(3) };
    }
    // So is a total ("what is our total revenue in Europe" of a measure no program totals: its
    // range had listed the campaigns). (Not a count said "in total", nor "the total number"; nor a
    // bound on rows, "campaigns with total spend over 5000", nor a column's name, "cost total".)
    const totalNamed = [...ranked.namedColumns.values()].some((found) => found.some(({ label }) => /\btotal\b/.test(label)));
    if (
      /\b(?:total|sum of)\b(?!\s+(?:number|count)\b)/.test(parsed.lower.replace(/\bin total\b/g, '')) &&
      (best.candidate.family === 'range' || best.candidate.family === 'list') &&
      !parsed.interval &&
      parsed.comparisons.length === 0 &&
      !totalNamed
    ) {
      return { kind: 'refusal', reason: 'the question asks for a total, which none of the closest programs computes', confidence: 0, candidates: closest(3) };
    }
    // Nor money asked of a measure that is none ("how much did the North Tower pay for electricity"
    // of kWh used): an amount paid, spent or charged is a price, a cost, an amount or a sum in a currency.
    const moneyAsked = moneyQuestion.test(parsed.lower);
    const measureLabel = best.candidate.measure === null ? null : foldValue(humanWords(best.candidate.measure));
    if (moneyAsked && best.candidate.family === 'aggregate' && measureLabel !== null && !moneyLabel.test(` ${measureLabel} `)) {
      return { kind: 'refusal', reason: `the question asks for money, which "${measureLabel}" is not`, confidence: 0, candidates: closest(3) };
    }
    // Nor another measure than the one named: "total tips by courier" of orders whose programs sum
    // the tips per city and the orders' totals per courier is neither.
    if (best.otherMeasure !== undefined) {
      return { kind: 'refusal', reason: `the question asks about "${best.otherMeasure}", and the closest program, ${best.candidate.endpoint_name}, computes "${measureLabel ?? best.candidate.measure}" instead`, confidence: 0, candidates: closest(3) };
    }
    // Nor rows listed for a superlative that the programs ranking those rows cannot apply with a
    // value the question gives ("the most expensive shipment to Germany" of a ranking by cost that
    // takes no destination country): the rows listed are in no such order.
    // (Nor groups no word asks for, ranked instead: "the most expensive suite booking" had totalled
    // the suites' amounts per hotel.)
    const groupsUnasked = best.candidate.family === 'aggregate' && best.candidate.groupBy.length > 0 && best.familyAgreement < 0;
    const rankingAside = parsed.superlative && ((best.superlativeMiss && (best.candidate.family === 'list' || best.candidate.family === 'range')) || groupsUnasked) ? ranked.find((other) => other.candidate.table === best.candidate.table && other.candidate.ranks && !other.superlativeMiss && other.ignored.length > 0) : undefined;
    if (rankingAside !== undefined) {
      return { kind: 'refusal', reason: `the question asks for the most or the least, and ${rankingAside.candidate.endpoint_name}, which ranks them, does not take "${rankingAside.ignored.join('", "')}"`, confidence: 0, candidates: closest(3) };
    }
    // Nor is the most common value ("most common browser on desktop", "which browser is used most
    // often") the one with the highest average of a measure the question does not name: where the
    // count per value cannot apply what the question says, the average had answered.
    // (So is "the most no-shows" of a doctor: the most of what is no word of the measure, rows
    // counted; "the most habitat" of `habitat_yearround_pct` is that measure.)
    const mostOf = /\b(?:most|fewest)\s+([a-z]+)/.exec(parsed.lower)?.[1];
    const mostRows = mostOf !== undefined && measureLabel !== null && !words(measureLabel).some((word) => stem(word) === stem(mostOf));
    if ((frequencyCue.test(parsed.lower) || mostRows) && best.candidate.family === 'aggregate' && !best.measureAsked && measureLabel !== null) {
      return { kind: 'refusal', reason: `the question asks what is most or least common, a count, and ${best.candidate.endpoint_name} computes "${measureLabel}" instead`, confidence: 0, candidates: closest(3) };
    }
    // Nor when it counts two words neither of which any data set has ("how many support tickets are
    // open"), whatever value ("open" of pull requests) the rest names.
    // Nor a count of the data's rows described by a word it does not know ("how many refunded plays"
    // of plays that have no refunds), which no program would apply.
    const modifier = ranked.countedModifier;
    // (A past form known only as a value written otherwise is none of it: "disputed trips" of a
    // payment type `Dispute`, which a verb's past form does not name.)
    const pastOfValue = (word: string) => /.{3}ed$/.test(word) && this.valueOnlyTerm(word) && ![...this.tables.values()].some((values) => values.isValueText(word));
    if (modifier !== undefined && modifier.length >= 4 && (!this.knows(modifier) || pastOfValue(modifier)) && best.valueEvidence !== 'value' && !Object.values(best.fill.slots).some((value) => typeof value === 'boolean')) {
      const why = this.knows(modifier) ? `a value is written otherwise than "${modifier}" (ask for it as the data writes it)` : `none of the deployed programs' data or columns mention "${modifier}"`;
      return { kind: 'refusal', reason: `the question counts "${modifier} ${ranked.countedWord ?? ''}", and ${why}`, confidence: 0, candidates: closest(3) };
    }
    // Nor a count asked of the data's rows per group on average ("how many plays per user on
    // average") answered by an average of a measure the question does not name.
    const perGroupAverage = /\bhow many\s+([a-z]+)\b[^?]*\bper\b[^?]*\bon average\b|\baverage number of\s+([a-z]+)\s+per\b/.test(parsed.lower);
    if (perGroupAverage && best.candidate.family === 'aggregate' && !best.measureAsked && best.candidate.groupBy.length > 0) {
      return { kind: 'refusal', reason: `the question asks how many rows each group has on average, and ${best.candidate.endpoint_name} averages "${measureLabel ?? best.candidate.measure}" instead`, confidence: 0, candidates: closest(3) };
    }
    // (Nor by the count of each group: "how many events per user on average" is one figure, no list
    // of every user's events.)
    if (perGroupAverage && best.candidate.family === 'count' && (best.candidate.groupBy.length > 0 || best.candidate.groupColumns.length > 0) && !groupsByTimePart(best.candidate)) {
      return { kind: 'refusal', reason: `the question asks how many rows each group has on average, and ${best.candidate.endpoint_name} gives each group's count, not their average`, confidence: 0, candidates: closest(3) };
    }
    // Nor which value of a label ranks first ("which segment has the highest profit", "which category
    // is most profitable") answered by the single rows ranked: the first row's segment is no segment
    // with the highest profit. (Where a program groups by the label, it answers; where the rows are
    // the thing asked, "which movie has the highest gross", they do.)
    const whichGroup = /\b(?:which|what)\s+([a-z]{3,}(?:[\s-][a-z]{3,})?)\s+(?:is|was|are|were|has|had|have|makes?|made|brings?|brought|generates?|generated|earns?|earned|gets?|got|sells?|sold)\b/.exec(parsed.lower)?.[1];
    const groupLabel = whichGroup === undefined ? undefined : [whichGroup, whichGroup.replace(/-/g, ' '), whichGroup.split(/[\s-]/).at(-1) ?? ''].find((label) => this.candidates.some((other) => other.table === best.candidate.table && other.groupBy.includes(label)));
    if (parsed.superlative && best.candidate.family === 'top_n' && !best.candidate.chronological && groupLabel !== undefined && !this.namesData(best.candidate.table, groupLabel) && !best.candidate.groupBy.includes(groupLabel)) {
      return { kind: 'refusal', reason: `the question asks which ${groupLabel} ranks first, and ${best.candidate.endpoint_name} ranks single rows, not ${groupLabel} groups`, confidence: 0, candidates: closest(3) };
    }
    // So is a part of time no row is ("which day of the week do I spend the most money"): the first
    // row's weekday is no weekday with the most.
    const timePartAsked = /\b(?:which|what)\s+(day of (?:the )?week|weekday|time of (?:the )?day|hour of (?:the )?day|month of (?:the )?year)\b/.exec(parsed.lower)?.[1];
    if (timePartAsked !== undefined && best.candidate.family === 'top_n' && !best.candidate.chronological) {
      return { kind: 'refusal', reason: `the question asks which ${timePartAsked} ranks first, and ${best.candidate.endpoint_name} ranks single rows, not ${timePartAsked} groups`, confidence: 0, candidates: closest(3) };
    }
    // Nor are periods ranked by their rows ("which month had the most merged pull requests", where
    // the series cannot take "merged") answered by the rows listed.
    const periodAsked = parsed.rankedPeriods === undefined ? undefined : parsed.interval?.value;
    if (periodAsked !== undefined && (best.candidate.family === 'list' || best.candidate.family === 'range' || best.candidate.family === 'lookup' || best.candidate.family === 'text_search')) {
      return { kind: 'refusal', reason: `the question asks which ${periodAsked} ranks first, and ${best.candidate.endpoint_name} lists rows, not ${periodAsked}s`, confidence: 0, candidates: closest(3) };
    }
    // Nor the longest or shortest rows ranked by a measure of no length, duration or distance ("the
    // longest parking session" of a ranking by the fee): no program ranks by what the word means.
    const lengthWord = /\b(longest|shortest)\b/.exec(parsed.lower)?.[1];
    const lengthMeasure = / (?:length|long|duration|distance|miles|mi|km|kilometers|meters|m|ft|feet|seconds|secs|minutes|mins|hours|hrs|days|nights|weeks|months|years|tenure|lifespan|span|time|runtime|ms) /;
    const rowsRankedBy = best.candidate.rankedColumn;
    if (lengthWord !== undefined && best.candidate.family === 'top_n' && !best.candidate.chronological && rowsRankedBy !== null && !lengthMeasure.test(` ${foldValue(humanWords(rowsRankedBy))} `)) {
      return { kind: 'refusal', reason: `the question asks for the ${lengthWord}, and ${best.candidate.endpoint_name} ranks by "${humanWords(rowsRankedBy)}", no length or duration`, confidence: 0, candidates: closest(3) };
    }
    // Nor a grouping by a column of the data ("profit by segment") answered with rows nothing ranks
    // or bounds: a range of profits with no bound lists every row, no profit per segment.
    // (A time is no grouping of rows: "flights by date in a date range" lists them within dates.)
    const timeNamed = (cue: string) => [...(this.timeColumnsOf.get(best.candidate.table) ?? [])].some((column) => words(humanWords(column)).some((word) => stem(word) === stem(cue)));
    const rowsForGroups =
      (best.candidate.family === 'range' || best.candidate.family === 'top_n') &&
      !parsed.superlative &&
      Object.keys(best.fill.slots).length === 0 &&
      ranked.groupCue.length > 0 &&
      ranked.groupCue.every((cue) => this.labelSays(best.candidate.table, cue) && !this.namesData(best.candidate.table, cue) && !periodWords.has(cue) && !timeNamed(cue));
    if (rowsForGroups) {
      return { kind: 'refusal', reason: `the question asks per "${ranked.groupCue.join('", "')}", and the closest program, ${best.candidate.endpoint_name}, gives rows, no groups`, confidence: 0, candidates: closest(3) };
    }
    // So is one figure over every row ("average rebounds by team" of the average of any measure,
    // where no program averages rebounds per team): the figure asked is per group.
    const figureForGroups =
      best.candidate.family === 'aggregate' &&
      best.candidate.groupBy.length === 0 &&
      /\b(?:by|per|for each|for every)\s/.test(parsed.lower) &&
      ranked.groupCue.length > 0 &&
      ranked.groupCue.every(
        (cue) =>
          // (A word of any column's name, or the word one abbreviates: "team" of `Tm`.)
          ([...(this.allLabels.get(best.candidate.table)?.keys() ?? [])].some((label) => label.split(' ').some((part) => stem(part) === stem(cue))) || this.labelAbbreviates(best.candidate.table, cue)) &&
          !this.namesData(best.candidate.table, cue) &&
          !periodWords.has(cue) &&
          !timeNamed(cue) &&
          !notGroupings.has(cue) &&
          // (Nor what the rows are, one per row: "the average number of hurricanes per state" of states.)
          !(this.rowNounTables.get(stem(cue)) ?? []).includes(best.candidate.table) &&
          // (Not a column's own name said whole: "average miles per gallon".)
          ![...(this.allLabels.get(best.candidate.table)?.keys() ?? [])].some((label) => new RegExp(`\\b(?:per|by) ${escapeRegExp(cue)}\\b`).test(label) && parsed.lower.includes(label)),
      );
    if (figureForGroups) {
      return { kind: 'refusal', reason: `the question asks per "${ranked.groupCue.join('", "')}", and the closest program, ${best.candidate.endpoint_name}, computes one figure over every row`, confidence: 0, candidates: closest(3) };
    }
    // Nor a day of the week, or the weekend, stated of the rows ("how many shipments on weekends",
    // "orders on Mondays") to a program that does not group by the weekday: it would answer for
    // every day.
    const weekdaySaid = /\b(?:weekends?|weekdays?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b/i.exec(parsed.text);
    if (weekdaySaid !== null && !best.candidate.groupBy.some((label) => label === 'day of week') && !best.fill.used.some(([start, end]) => weekdaySaid.index >= start && weekdaySaid.index < end)) {
      return { kind: 'refusal', reason: `the question asks about "${weekdaySaid[0]}", and ${best.candidate.endpoint_name} does not tell the days of the week apart`, confidence: 0, candidates: closest(3) };
    }
    // Nor rows said to have what a column of their data counts, listed or counted by a program that
    // filters by no such column ("bookings with children" of a `children` no program bounds): every
    // row would be given.
    // (Or said to be it: "how many candidates are incumbents" of an `incumbent_challenger_status`
    // whose values are codes.)
    const withColumn = /\b(with|having|are|is|were|was)\s+(?:an?\s+|any\s+|some\s+)?([a-z]{4,})\s*(?=$|[?.!,]|\b(?:in|at|on|for|from|during|this|last|and)\b)/.exec(parsed.lower);
    const withWord = withColumn?.[2];
    const withAt = withColumn && withWord ? withColumn.index + withColumn[0].trimEnd().length - withWord.length : -1;
    if (
      withWord !== undefined &&
      (best.candidate.family === 'list' || best.candidate.family === 'count') &&
      !stopWords.has(withWord) &&
      this.labelSays(best.candidate.table, withWord) &&
      // (Not the verb of a time every row has: "how many electric cars are listed" of `listed_date`.)
      !(/ed$/.test(withWord) && [...(this.timeColumnsOf.get(best.candidate.table) ?? [])].some((column) => words(humanWords(column)).includes(withWord))) &&
      !this.namesData(best.candidate.table, withWord) &&
      !best.fill.used.some(([start, end]) => withAt >= start && withAt < end) &&
      !best.candidate.plans.some((plan) => plan.column !== null && best.fill.slots[plan.slot.name] != null && words(foldValue(humanWords(plan.column))).some((word) => stem(word) === stem(withWord)))
    ) {
      return { kind: 'refusal', reason: `the question asks for rows ${withColumn?.[1] === 'with' || withColumn?.[1] === 'having' ? 'with' : 'that are'} "${withWord}", and ${best.candidate.endpoint_name} does not filter by it`, confidence: 0, candidates: closest(3) };
    }
    // Nor rows counted by what they hold, when no data knows the thing held ("how many bookings
    // included breakfast", "orders containing gift wrap"): the count would ignore it.
    // (Right after the noun counted: "admissions ended with the patient dead" says how they ended.)
    const held = /\b(?:how many|number of)\s+[a-z]+\s+(?:(?:that|which)\s+)?(?:include[sd]?|including|contain(?:s|ed|ing)?|ha[sd]|have|with|featuring|offer(?:s|ed|ing)?)\s+(?:an?\s+|any\s+|some\s+)?([a-z]{4,})\b/.exec(parsed.lower);
    const heldWord = held?.[1];
    const heldAt = held && heldWord ? held.index + held[0].length - heldWord.length : -1;
    if (heldWord && !stopWords.has(heldWord) && !parsed.comparisons.some(({ span }) => heldAt >= span[0] && heldAt < span[1]) && !this.knows(heldWord) && !this.knows(heldWord.replace(/e?s$/, '')) && !(impliedMeasures[heldWord] ?? []).some((measure) => this.knows(measure)) && !best.fill.used.some(([start, end]) => heldAt >= start && heldAt < end)) {
      return { kind: 'refusal', reason: `the question counts rows with "${heldWord}", which none of the deployed programs' data or columns mention`, confidence: 0, candidates: closest(3) };
    }
    // Nor rows counted by an outcome only some of them had, which nothing of the data tells ("how
    // many requests failed" of logs with a status code only): the count would be of every row.
    // (Where a program takes it, it counts: "how many students failed" of a `passed` flag.)
    const outcome = /\b(?:how many|number of)\s+[a-z]+\s+(?:(?:were|was|have|had|got|have\s+been|had\s+been)\s+)?([a-z]{4,})\b/.exec(parsed.lower);
    const outcomeWord = outcome?.[1];
    const outcomeAt = outcome && outcomeWord ? outcome.index + outcome[0].length - outcomeWord.length : -1;
    // (A word only some values hold, not taken, tells nothing either: "validation failed" of a message.)
    if (outcomeWord && subsetOutcomes.has(outcomeWord) && !(this.knows(outcomeWord, { typosOf: { words: [], edits: 0 } }) && !this.valueOnlyTerm(outcomeWord)) && !best.fill.used.some(([start, end]) => outcomeAt >= start && outcomeAt < end)) {
      return { kind: 'refusal', reason: `the question counts rows that "${outcomeWord}", which none of the deployed programs can tell`, confidence: 0, candidates: closest(3) };
    }
    // Nor rows counted by the negation of something the data holds that no program applies ("how
    // many tickets are still unresolved" of `resolved_at`): the count would be of every row. (Only
    // a negated state: "how many bacteria were tested" counts what any row is.)
    const stated = /\b(?:how many|number of)\s+[a-z]+\s+(?:are|were|is|was|have\s+been|had\s+been)\s+(?:still\s+|currently\s+|now\s+|already\s+)?((?:un|non|in|dis)[a-z]{4,})\s*(?:[?.!]|$)/.exec(parsed.lower);
    const stateWord = stated?.[1];
    const stateAt = stated && stateWord ? stated.index + stated[0].search(new RegExp(`\\b${stateWord}\\b`)) : -1;
    // (No typo is forgiven there: "unresolved" is no misspelt `resolved_at`, it is its opposite.)
    const exactly = { typosOf: { words: [], edits: 0 } };
    if (stateWord && !this.knows(stateWord, exactly) && !best.fill.used.some(([start, end]) => stateAt >= start && stateAt < end)) {
      return { kind: 'refusal', reason: `the question counts rows that are "${stateWord}", which none of the deployed programs can tell`, confidence: 0, candidates: closest(3) };
    }
    const phrase = ranked.countedPhrase;
    // (Unless the rows' weight is summed where values of them are named: "how many flights arrive at LAX".)
    const weighed = best.valueEvidence === 'value' && best.candidate.measure !== null && best.candidate.measure === this.weightColumns.get(best.candidate.table);
    // (Nor where a word of it gives a slot its value: "how many women work in Engineering" of a gender Female.)
    const givesValue = (word: string) => {
      const at = parsed.lower.search(new RegExp(`\\b${escapeRegExp(word)}\\b`));
      return at >= 0 && best.fill.used.some(([start, end]) => at >= start && at < end);
    };
    if (phrase.length === 2 && !weighed && phrase.every((word) => word.length >= 4 && !this.knows(word) && !this.knows(word.replace(/e?s$/, ''))) && !phrase.some(givesValue)) {
      return { kind: 'refusal', reason: `the question counts "${phrase.join(' ')}", which none of the deployed programs' data or columns mention`, confidence: 0, candidates: closest(3) };
    }
    // A question none of whose subject words any program has is about other data, unless it names
    // a value of this data; a date or a number alone outweighs one unknown word ("who died between
    // April 30 and May 1" of a table of deaths), not two ("movies released since 2005" of the weather).
    // (A date wholly after today is no such evidence: "what's the weather tomorrow" of movies.)
    const today = (options.now ?? new Date()).toISOString().slice(0, 10);
    const futureOnly = parsed.dates.length > 0 && parsed.dates.every((date) => date.from !== null && date.from > today);
    const unknownSubject = best.topicTerms.length > (best.valueEvidence === 'bound' && !futureOnly ? 1 : 0) && best.topicMatched === 0 && best.valueEvidence !== 'value' && !best.fill.timeNamed;
    if (unknownSubject) {
      return {
        kind: 'refusal',
        reason: `the question is about ${topicWords(question, best.topicTerms)}, which none of the deployed programs' data or columns mention`,
        confidence: 0,
        candidates: closest(3),
      };
    }
    // Nor a means no data holds, said after a verb's participle and "by", "with", "via" or "using"
    // ("which invoices were paid by credit card" of invoices without a payment method: every paid
    // invoice is no answer). ("Top 5 states by number of zip codes" ranks; no participle before it.)
    for (const means of parsed.lower.matchAll(/\b(?:[a-z]{2,}ed|paid|made|sent|sold|bought|done|built|taken|given|held|kept|won|lost|brought)\s+(?:by|with|via|using)\s+(?:a\s+|an\s+|the\s+|their\s+|its\s+)?([a-z]{3,})(?:\s+([a-z]{3,}))?\b/dg)) {
      const said = [means[1]!, ...(means[2] !== undefined && !stopWords.has(means[2]) ? [means[2]] : [])];
      // (Nor is a phrase a value of which the program took: "ended with the patient dead" of `Expired`.)
      const spans = [means.indices![1]!, means.indices![2]].filter((span) => span !== undefined);
      const unknown = (word: string) => !stopWords.has(word) && !attributeWords.has(word) && !operationTerm.test(canonicalTerm(word) ?? word) && !this.knows(word) && !this.knows(word.replace(/e?s$/, '')) && !impliesKnown(word);
      if (said.some((word) => word.length >= 4) && said.every(unknown) && !spans.some(([at]) => best.fill.used.some(([start, end]) => at < end && at >= start))) {
        return { kind: 'refusal', reason: `the question names "${said.join(' ')}", which none of the deployed programs' data or columns mention`, confidence: 0, candidates: closest(3) };
      }
    }
    // Nor one most of whose subject words no data mentions, read only through a value of this data
    // that one of its words resembles ("how many miles did our delivery trucks drive" of e-mails
    // `delivered`, "which sales rep closed the most deals" of the "Spring Sale" campaign): two
    // unknown subject words or more, half of them at least, and neither the data nor a column named.
    // (A count of rows with a value of several words written out whole reads the value through no
    // resemblance: "how many matches were played in the English Premier League" of football's
    // `division`. Asked of something else of it, the words still decide: "when is the Calculus I
    // final exam" of grades.)
    // (The topic terms are stems already: "clos" of "closing" is known as itself, not stemmed again.)
    // (Not a word that gave a slot its value otherwise than by resemblance: "women" of a gender Female.)
    const termGivesValue = (term: string) => [...parsed.lower.matchAll(/[a-z0-9]+/g)].some((word) => canonicalTerm(word[0]) === term && best.fill.used.some(([start, end]) => word.index >= start && word.index < end) && valueSynonymWords.has(word[0]));
    const unknownTopics = best.topicTerms.filter((term) => !this.vocabulary.has(term) && !this.knows(term) && !termGivesValue(term));
    const wholeValue = ranked.countedWord !== undefined && best.fill.used.some(([start, end]) => {
      const said = parsed.lower.slice(start, end);
      return /\s/.test(said.trim()) && Object.values(best.fill.slots).some((value) => typeof value === 'string' && value.toLowerCase() === said);
    });
    if (unknownTopics.length >= 2 && unknownTopics.length * 2 >= best.topicTerms.length && !ranked.tablesNamed.has(best.candidate.table) && !(ranked.namedColumns.get(best.candidate.table)?.length ?? 0) && !wholeValue && !best.fill.timeNamed && !weighed) {
      return {
        kind: 'refusal',
        reason: `the question is about ${topicWords(question, unknownTopics)}, which none of the deployed programs' data or columns mention`,
        confidence: 0,
        candidates: closest(3),
      };
    }
    // Nor is every row of the data an answer to a question asking something of it that no data
    // mentions ("who won the crimean war", "what was the co2 concentration on mars"): the data named
    // is found, but listing it answers nothing asked. (A request to show the data is no such question.)
    // (So are the rows of a period, where the question names no column of them: "what was the s&p 500
    // dividend yield in 2008" of prices.)
    const unfilled = (plan: SlotPlan) => best.fill.slots[plan.slot.name] === undefined || best.fill.slots[plan.slot.name] === null;
    const everyRow =
      (best.candidate.family === 'list' && best.candidate.plans.every((plan) => plan.role === 'limit' || unfilled(plan))) ||
      (best.candidate.family === 'range' && best.candidate.plans.every((plan) => plan.role === 'limit' || plan.role === 'from' || plan.role === 'to' || unfilled(plan)) && !(ranked.namedColumns.get(best.candidate.table)?.length ?? 0));
    const viewing = /^(?:look|like|see|view|contain|contains|hold|holds|inside|sample|preview|overview|kind|sort|happen|happened|happening)$/;
    if (everyRow && unknownTopics.some((term) => !viewing.test(term)) && /^\s*(?:who|what|which|when|where|how|why|did|does|do|is|are|was|were)\b/.test(parsed.lower)) {
      return { kind: 'refusal', reason: `the question asks about ${topicWords(question, unknownTopics)}, which none of the deployed programs' data or columns mention`, confidence: 0, candidates: closest(3) };
    }
    // A runner-up that answers the same (a lookup and a search of one column for one name: "when did
    // Queen Anne's reign start") leaves no doubt between them: the margin is to the next one.
    // Nor is a breakdown of the best program's figure by a grouping the question does not ask ("the
    // average wait" beside the average wait per department, per specialty …): near in score, it is
    // no other reading of the question — when the best program explains most of the question's words
    // ("average precipitation when it rains" of movies stays in doubt).
    const ungrouped = groupByCue(ranked.parsed.lower).length === 0 && best.termCoverage > 0.6 && best.topicMatched > 0;
    const breakdown = (other: Scored) =>
      ungrouped &&
      best.candidate.groupBy.length === 0 &&
      other.candidate.groupBy.length > 0 &&
      other.candidate.table === best.candidate.table &&
      other.candidate.family === best.candidate.family &&
      other.candidate.measure === best.candidate.measure;
    // (Nor, whatever the question's words, a breakdown by a column both filter to the one value:
    // "avg wind speed on foggy days" per weather, of the fog alone, is the foggy days' average.)
    const oneGroup = (other: Scored) =>
      best.candidate.groupBy.length === 0 &&
      other.candidate.table === best.candidate.table &&
      other.candidate.family === best.candidate.family &&
      other.candidate.measure === best.candidate.measure &&
      other.candidate.plans.some(
        (plan) => plan.role === 'eq' && plan.column !== null && other.candidate.groupBy.includes(foldValue(humanWords(plan.column))) && other.fill.slots[plan.slot.name] !== undefined && other.fill.slots[plan.slot.name] === best.fill.slots[plan.slot.name],
      );
    // (Passed over for the data whose column the question names, the top one is no other reading.)
    const passedOver = (other: Scored) => columnOwn !== undefined && best === columnOwn && !namesColumnOf(other.candidate.table);
    const second = fit.find((other) => other !== best && !sameAnswer(best, other) && !breakdown(other) && !oneGroup(other) && !passedOver(other));
    // The same program of two data sets, as good as each other, of a question that names neither
    // ("what is the busiest hour of the day" of web sessions and of fleet trips): which data is meant
    // is the user's to say, not a coin's (it had answered the first one).
    const twin =
      second !== undefined &&
      second.candidate.table !== best.candidate.table &&
      best.score - second.score < 0.1 &&
      ranked.tablesNamed.size === 0 &&
      best.valueEvidence !== 'value' &&
      !(ranked.namedColumns.get(best.candidate.table)?.length ?? 0) &&
      second.candidate.family === best.candidate.family &&
      second.candidate.name.replace(second.candidate.table, '') === best.candidate.name.replace(best.candidate.table, '') &&
      JSON.stringify(second.fill.slots) === JSON.stringify(best.fill.slots);
    if (twin) {
      return { kind: 'refusal', reason: `the question fits the ${humanWords(best.candidate.table)} and the ${humanWords(second.candidate.table)} data alike: name the one you mean`, confidence: 0, candidates: closest(3) };
    }
    // Nor "who" asked of data that names nobody ("who bought the most tickets" of orders with a
    // buyer's country only): no row, group or count of it says who. (Data whose rows are people, or
    // with a column of a person or a bare name, can.)
    const peopleOf = (table: string) => this.personTables.has(table) || [...(this.columnLabels.get(table)?.keys() ?? [])].some((label) => personLabel.test(` ${label} `));
    if (/^\s*(?:and\s+)?who\b/.test(parsed.lower) && !peopleOf(best.candidate.table)) {
      return { kind: 'refusal', reason: `the question asks who, and ${humanWords(best.candidate.table)} name no person`, confidence: 0, candidates: closest(3) };
    }
    const confidence = confidenceOf(best, second);
    if (confidence < this.threshold) {
      return { kind: 'refusal', reason: `no program matches the question confidently (confidence ${Math.floor(confidence * 1000) / 1000} < ${this.threshold})`, confidence, candidates: closest(3) };
    }
    // (The figure a ranking of groups was asked by, or the one the question's words ask for.)
    const rankBy = best.fill.slots.rank_by;
    const figure = best.candidate.family !== 'aggregate' ? null : rankBy === 'total' || rankBy === 'average' ? rankBy : rankWanted(ranked.parsed, best.candidate);
    return {
      kind: 'answer',
      candidate: { endpoint_name: best.candidate.endpoint_name, name: best.candidate.name, family: best.candidate.family, slots: best.candidate.slots },
      slots: best.fill.slots,
      confidence,
      alternatives: fit.filter((r) => r !== best).slice(0, 3).map((r) => ({ endpoint_name: r.candidate.endpoint_name, score: round(r.score) })),
      ...(figure !== null ? { figure } : {}),
    };
  }

  /** Raw retrieval only: BM25 order, no cues and no slots (the bench's baseline). */
  retrieve(question: string): { endpoint_name: string; score: number }[] {
    return this.search.index.search(question).map((hit) => ({ endpoint_name: this.candidates[hit.id as number]!.endpoint_name, score: hit.score }));
  }

  /**
   * A question read as a follow-up of the conversation's last answer ("what about Morris?", "and in
   * 1931?"): the same program, with what this question states replacing the values it had. Null when
   * the question states nothing that program takes, or states something it would ignore; the caller
   * then routes the question on its own.
   */
  followUp(question: string, previous: { endpoint_name: string; slots: Record<string, SlotValue> }, options: RouteOptions = {}): RouteAnswer | null {
    const candidate = this.candidates.find((c) => c.endpoint_name === previous.endpoint_name);
    if (!candidate) return null;
    const ranked = this.rank(question, options, candidate.index);
    const scored = ranked[0];
    if (!scored || ranked.parsed.destructive || ranked.parsed.explanatory || scored.fill.unfit || scored.ignored.length > 0 || scored.unapplied.length > 0 || scored.unread.length > 0) return null;
    // A word the program does not know makes it a new question ("and the average horsepower?" after a count).
    const unmatched = scored.matchedTerms / Math.max(scored.termCoverage, 1e-9) - scored.matchedTerms;
    if (unmatched > 0.5) return null;
    const stated = Object.keys(scored.fill.slots).filter((name) => candidate.plans.some((plan) => plan.slot.name === name && plan.role !== 'order'));
    if (stated.length === 0) return null;
    // The previous values that still bind, then this question's (a new value of a column replaces the old one).
    const kept = Object.fromEntries(Object.entries(previous.slots).filter(([name]) => candidate.slots.some((slot) => slot.name === name)));
    return {
      kind: 'answer',
      candidate: { endpoint_name: candidate.endpoint_name, name: candidate.name, family: candidate.family, slots: candidate.slots },
      slots: { ...kept, ...scored.fill.slots },
      confidence: followUpConfidence,
      alternatives: [],
    };
  }

  /**
   * A follow-up routed afresh to another program of the same data keeps the last answer's filters
   * that program applies to the same columns and the question does not set ("how many urgent
   * tickets were there?", then "and how many of those came in by phone?": the phone tickets that
   * were urgent, not all of them). A filter of a column the new answer names for another value (a
   * `column`/`value` pair of the same column) is replaced, not kept.
   */
  carryOver(previous: { endpoint_name: string; slots: Record<string, SlotValue> }, answer: RouteAnswer): RouteAnswer {
    const before = this.candidates.find((c) => c.endpoint_name === previous.endpoint_name);
    const after = this.candidates.find((c) => c.endpoint_name === answer.candidate.endpoint_name);
    if (!before || !after || before === after || before.table !== after.table) return answer;
    const filtering = (plan: SlotPlan | undefined): plan is SlotPlan => plan !== undefined && plan.column !== null && (plan.role === 'eq' || plan.role === 'from' || plan.role === 'to' || plan.role === 'min' || plan.role === 'max');
    const chosenColumns = new Set(after.plans.filter((plan) => plan.role === 'column').map((plan) => answer.slots[plan.slot.name]));
    const kept: Record<string, SlotValue> = {};
    for (const [name, value] of Object.entries(previous.slots)) {
      if (value === null || answer.slots[name] !== undefined) continue;
      const was = before.plans.find((plan) => plan.slot.name === name);
      const now = after.plans.find((plan) => plan.slot.name === name);
      if (!filtering(was) || !filtering(now) || now.column !== was.column || now.role !== was.role || chosenColumns.has(was.column ?? '')) continue;
      kept[name] = value;
    }
    return Object.keys(kept).length === 0 ? answer : { ...answer, slots: { ...kept, ...answer.slots } };
  }

  /**
   * A follow-up that asks for the last answer broken down by a column ("and by sex?" after "the
   * average flipper length of Gentoo penguins", "break that down by phase of flight" after a count):
   * the program of the same data that computes what the last one did per that column, with the
   * last values that still bind (not one of the new grouping's own column, which would leave one
   * group). It is found by routing what the last program computed ("average salary usd", "how many
   * readings"; not its own grouping) with the follow-up's words; null when that finds no grouped
   * program of the same data, and a refusal when the one it finds cannot apply a filter of the last
   * answer ("temperature above 30", then "and by site?" where the counts per site take no
   * temperature): routed alone, the follow-up would drop it unsaid. (`followUp` keeps the program
   * and changes its values: "and for Adelie?".)
   */
  regroup(question: string, previous: { endpoint_name: string; slots: Record<string, SlotValue> }, options: RouteOptions = {}): RouteResult | null {
    const candidate = this.candidates.find((c) => c.endpoint_name === previous.endpoint_name);
    const asked = regroupCue.exec(question);
    if (!candidate || !asked) return null;
    const grouping = question.slice(asked.index).replace(/^\s*(?:break|broken|split)\s+(?:(?:it|that|this|them|those)\s+)?(?:down\s+|up\s+)?/i, '');
    // What the last program computed, without its own grouping or the filters it offers.
    const computed =
      candidate.family === 'aggregate' && candidate.measure !== null
        ? `${candidate.name.startsWith('sum_') ? 'total' : 'average'} ${foldValue(humanWords(candidate.measure))}`
        : candidate.family === 'count'
          ? `how many ${candidate.tableStems.length > 0 ? foldValue(humanWords(candidate.table)) : 'rows'}`
          : candidate.document.question.split(/,\s*optionally\b|\s+\(/)[0]!.replace(/[?.!\s]+$/, '');
    const routed = this.route(`${computed} ${grouping}`, options);
    if (routed.kind !== 'answer') return null;
    const chosen = this.candidates.find((c) => c.endpoint_name === routed.candidate.endpoint_name);
    if (!chosen || chosen.table !== candidate.table || chosen.endpoint_name === candidate.endpoint_name || chosen.groupBy.length === 0 || chosen.family !== candidate.family) return null;
    if (candidate.measure !== null && chosen.measure !== candidate.measure) return null;
    const grouped = new Set(chosen.groupBy);
    const filtering = (plan: SlotPlan) => plan.role === 'eq' || plan.role === 'from' || plan.role === 'to' || plan.role === 'min' || plan.role === 'max';
    const ofGrouping = (plan: SlotPlan) => plan.role === 'eq' && plan.label !== null && grouped.has(foldValue(plan.label));
    const kept: Record<string, SlotValue> = {};
    for (const [name, value] of Object.entries(previous.slots)) {
      const before = candidate.plans.find((plan) => plan.slot.name === name);
      if (!before || !filtering(before) || value === null) continue;
      const after = chosen.plans.find((plan) => plan.slot.name === name && filtering(plan));
      // A filter of the last answer the grouped program cannot apply ("at night", then "per state"
      // where counts per state take no time of day) would be dropped unsaid: no answer then.
      if (!after) {
        if (ofGrouping(before)) continue;
        return {
          kind: 'refusal',
          reason: `the follow-up asks for the last answer ${grouping.trim().replace(/[?.!]+$/, '')}, but ${chosen.endpoint_name}, which answers that, cannot also apply its ${before.label ?? name} (${String(value)})`,
          confidence: 0,
          candidates: [{ endpoint_name: chosen.endpoint_name, score: 0 }],
        };
      }
      if (!ofGrouping(after)) kept[name] = value;
    }
    return { ...routed, slots: { ...kept, ...routed.slots }, confidence: followUpConfidence, alternatives: [] };
  }

  private rank(question: string, options: RouteOptions, only?: number): Scored[] & { parsed: ParsedQuestion; tablesNamed: Set<string>; namedColumns: Map<string, { label: string; column: string }[]>; modifierNamed: Set<string>; rankedLabel: string | undefined; rankedTables: Set<string> | null; countedWord: string | undefined; countedPhrase: string[]; countedModifier: string | undefined; groupCue: readonly string[]; mostQuality: string | undefined } {
    const text = this.totalRows(this.freeOfCharge(this.rowsQuality(this.participleBounds(this.listedValues(this.countSaidWhole(this.clippedTableWords(this.joinCompounds(this.shortLabelWords(this.periodWordsOfNames(singularAcronyms(decimalNames(this.awaitedStates(this.unquotedValues(this.dashedNames(this.hyphenedLabels(this.joinedVerbs(areaUnits(question)))))), this.allLabels))))))))))));
    const parsed = parseQuestion(text, options.now ?? new Date());
    this.heldPeriodValue(parsed);
    this.heldDateValues(parsed);
    // A ranking word inside a column's name said whole ranks nothing ("how many runners set a
    // personal best" of `personal_best`): the question's ranking is read again without it.
    const ranking = this.rankingWordsInLabels(text);
    if (ranking !== text) {
      const plain = parseQuestion(ranking, options.now ?? new Date());
      Object.assign(parsed, { families: plain.families, superlative: plain.superlative, order: plain.order, single: plain.single, limit: plain.limit });
    }
    // "Which day had the most deaths", "which month had the most matches": the rows of some data
    // counted per period, a time series of them, not a row ranked by a measure (the oldest victim
    // had answered the first).
    // The series ranks its periods: the first one (or the n asked, "which 3 months"), by their count,
    // or by the total or average of the measure a series has ("which month had the most
    // precipitation": it had answered the one wettest day).
    // (The period may be named with its column's word: "which budget year had the lowest value".)
    // (Or by an adjective whose measure a series has, said of an average or a total: "which month
    // is the warmest on average" of a temperature.)
    // ("What was the busiest day on github", "the quietest month for orders": the superlative
    // first, then the period, then the rows of the data said after on/in/for/of; busiest is the
    // most rows, quietest the fewest.)
    const perPeriod = periodFirst(parsed.lower) ?? superlativeFirst(parsed.lower);
    // ("Which month had the most tickets opened": the rows counted, and what was done to them.)
    const periodRanked = perPeriod === null ? '' : (perPeriod.words ?? '').replace(/^(.*\S)\s+(?:[a-z]{3,}ed|sold|made|taken|given|sent|won|lost|held|built|bought|paid|done)$/, (whole, rows: string) => (this.rowsWord(rows.split(' ').at(-1)!) ? rows : whole));
    const periodsRanked = perPeriod === null || parsed.interval !== null ? undefined : this.periodRanking(perPeriod.superlative, periodRanked, /\b(?:on average|average|avg|mean|in total|total|overall)\b/.test(parsed.lower), perPeriod.subject, perPeriod.period);
    // ("Which month is the wettest on average" of data with its months of the year: those, over the
    // years; not the wettest month of one year.)
    const monthsOfYear =
      perPeriod?.period === 'month' && monthOfYear.test(parsed.lower) && periodsRanked !== undefined && this.candidates.some((candidate) => periodsRanked.tables.includes(candidate.table) && candidate.groupBy.includes('month of year'));
    const periodRanking = monthsOfYear ? undefined : periodsRanked;
    // (Counted, the rows of the data the word names: "matches" of football, not GitHub's hourly counts.)
    if (perPeriod !== null && periodRanking !== undefined) {
      Object.assign(parsed, {
        interval: { value: perPeriod.period === 'date' ? 'day' : perPeriod.period, span: perPeriod.periodSpan },
        families: new Map([['time_series', 1]]),
        superlative: false,
        limit: perPeriod.count ?? null,
        single: perPeriod.count === undefined,
        order: /^(fewest|least|lowest|smallest|coldest|coolest|driest|cheapest|shortest|slowest|quietest|weakest|lightest)$/.test(perPeriod.superlative) ? 'asc' : 'desc',
        rankedPeriods: periodRanking,
      });
    }
    const qWords = questionWords(parsed.text);
    const qStems = new Set(qWords.map((w) => w.stem));
    // "How many people work in the Austin office": the people are the rows of the data named for them.
    if (qWords.some((w) => peopleWords.has(w.word))) for (const table of this.personTables) for (const tableStem of this.tableStemsOf.get(table) ?? []) qStems.add(tableStem);
    // "How many countries": the rows of the data whose key names one country per row.
    // So does listing or counting them, the noun last: "list all bacteria", "count bacteria".
    const countedNoun =
      /\b(?:how many|number of|count of)\s+(?:different\s+|distinct\s+|unique\s+)?([a-z]+)/.exec(parsed.lower)?.[1] ??
      /\b(?:list|show|display|count|all|every)\s+(?:(?:all|the|of the)\s+)*([a-z]+)\W*$/.exec(parsed.lower)?.[1];
    for (const table of countedNoun === undefined ? [] : (this.rowNounTables.get(stem(countedNoun)) ?? [])) for (const tableStem of this.tableStemsOf.get(table) ?? []) qStems.add(tableStem);
    // Two words the data writes as one ("zip codes" of `zipcodes`, "data set" of `dataset`) name it too.
    const glued: string[] = [];
    const gluedParts = new Set<number>();
    for (const [index, word] of qWords.entries()) {
      if (this.vocabulary.has(canonicalTerm(word.word) ?? '')) continue;
      const named = this.gluedTableStem(word.word, word.stem);
      if (named) {
        qStems.add(named);
        glued.push(named);
        gluedParts.add(index);
      }
    }
    // (Not a word and a preposition that opens a place or a thing: "the average kwh per reading at the
    // Data Center" names no `readingAt`.)
    const opensPhrase = (i: number) => {
      const after = qWords[i + 2];
      return /^(?:at|on|in|by|of|to|for|from)$/.test(qWords[i + 1]?.word ?? '') && after !== undefined && (/^(?:the|a|an|our|my|their|its)$/.test(after.word) || /^\p{Lu}/u.test(parsed.text.slice(after.span[0], after.span[1])));
    };
    for (let i = 0; i + 1 < qWords.length; i += 1) {
      if (opensPhrase(i)) continue;
      const term = canonicalTerm(qWords[i]!.word + qWords[i + 1]!.word);
      if (term && this.structureTerms.has(term)) {
        qStems.add(stem(qWords[i]!.word + qWords[i + 1]!.word));
        glued.push(term);
        gluedParts.add(i).add(i + 1);
      }
    }
    const tablesNamed = new Set([...this.tableStemsOf].filter(([, stems]) => stems.some((t) => qStems.has(t))).map(([table]) => table));
    // (A data set named wholly by the question as written, a word of which the reading left out, is
    // named: "the weekly weather", whose period word asks for no period.)
    const saidStems = new Set(words(question).map((word) => stem(word)));
    for (const [table, stems] of this.tableStemsOf) if (stems.length >= 2 && stems.every((tableStem) => saidStems.has(tableStem) || qStems.has(tableStem))) tablesNamed.add(table);
    // A data set's name right before another's describes it ("book loans": loans, not bookings).
    const namesTable = (table: string, word: QuestionWord | undefined) => word !== undefined && this.namesData(table, word.word, word.stem);
    for (const table of [...tablesNamed]) {
      const at = qWords.map((word, index) => ({ word, index })).filter(({ word }) => namesTable(table, word));
      const modifies = at.length > 0 && at.every(({ index }) => [...tablesNamed].some((other) => other !== table && namesTable(other, qWords[index + 1]) && !namesTable(table, qWords[index + 1])));
      if (modifies) tablesNamed.delete(table);
    }
    // Words that are slot values (search terms, keys, numbers) are not expected to be in any program's text.
    const globalSpans = constraintSpans(parsed);
    const statedSpans = [...parsed.comparisons.map((c) => c.span), ...parsed.dates.map((d) => d.span), ...parsed.searchTerms.map((t) => t.span)];
    const unlisted = this.unlistedValues(parsed, globalSpans);
    // A number of three digits or more that bounds, dates or counts nothing ("zip code 90210",
    // "flight 1234") is a value too: a program that does not take it would answer for every row.
    // So is any number written after "#" ("issue #42") or after a data set's name ("pull request 42").
    const names = (word: string | undefined) => word !== undefined && this.tableStemLists.some((stems) => stems.includes(stem(word.toLowerCase())));
    const afterName = [...parsed.text.matchAll(/\b([A-Za-z]+)(?:\s+([A-Za-z]+))?\s+(?:number\s+|no\.?\s*)?(\d{1,2})\b(?![.,]\d)/dg)].flatMap((match) =>
      (names(match[1]) && (match[2] === undefined || !stopWords.has(match[2].toLowerCase()))) || names(match[2]) ? [{ index: match.indices![3]![0], 0: match[3]! }] : [],
    );
    // So is an identifier ("ord_100217", "cus_1009", "ak18247005"), and a short one right after the
    // name of a column ("user u0381", "sensor s12"), unless it is the name of a column ("pm2_5").
    const isColumnName = (token: string) => [...this.columnLabels.values()].some((named) => named.has(foldValue(humanWords(token))));
    const identifiers = [
      // ("4-cylinder", "5-star", "covid-19" are words: a code has three digits or more.)
      ...parsed.keyTokens
        .filter(
          (token) =>
            (/^[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)+$/.test(token.value) && /\d.*\d.*\d/.test(token.value) && !/^\d+[-_][A-Za-z]+$/.test(token.value)) ||
            /^[a-z]{1,4}\d{3,}[a-z0-9]*$/.test(token.value) ||
            // (Letters among five digits or more, wherever they stand: "1Z355194994", "MSK313093731".)
            /^(?=(?:\D*\d){5})(?=.*[A-Za-z])[A-Za-z0-9]{6,}$/.test(token.value) ||
            hashToken.test(token.value),
        )
        .map((token) => ({ index: token.span[0], 0: token.value })),
      ...[...parsed.text.matchAll(/\b([A-Za-z]+)\s+([A-Za-z]{1,4}\d{2,}[A-Za-z0-9]*)\b/dg)].flatMap((match) => (this.columnFirstWords.has(match[1]!.toLowerCase()) ? [{ index: match.indices![2]![0], 0: match[2]! }] : [])),
      // (Or one written as a column's codes are: "u0097" of users `u0001`…, "sub_llpr" of `sub_lfls`…)
      ...[...parsed.text.matchAll(/\b[A-Za-z]{1,4}[-_]?\d{2,}\b|\b[A-Za-z]{2,6}[-_][A-Za-z0-9]{3,}\b/g)].filter((match) => [...this.tables.values()].some((values) => values.codeColumns(match[0]).length > 0)),
    ].filter((token) => !isColumnName(token[0]));
    const numbered = [...parsed.text.matchAll(/(?<![\w.,])\d{3,}(?![\w.,]*\d)/g), ...parsed.text.matchAll(/(?<=#\s?)\d{1,2}\b/g), ...afterName];
    // (An identifier names one thing, as a proper name does: it may fill a filter its column's name points at.)
    for (const [proper, matches] of [[true, identifiers], [false, numbered]] as const) {
      for (const match of matches) {
        const span: Span = [match.index, match.index + match[0].length];
        if (!globalSpans.some(([s, e]) => span[0] < e && span[1] > s) && !unlisted.some((t) => t.span[0] < span[1] && t.span[1] > span[0])) unlisted.push({ span, proper });
      }
    }
    const valueSpans: Span[] = [
      ...parsed.searchTerms.map((t) => t.span),
      ...parsed.dates.map((d) => d.span),
      // (The thing said to be none is a word to match: "readings with no voltage" had no word left.)
      ...parsed.comparisons.filter((c) => !c.none).map((c) => c.span),
      ...(parsed.limit ? [parsed.limit.span] : []),
      ...unlisted.map((t) => t.span),
    ];
    // A word after "by" that is a value some data holds (in the singular too) and no column's name;
    // or two words that are one ("rides by electric bikes" of `electric_bike`).
    const byValueAt = (index: number) => {
      const next = qWords[index + 1]?.word;
      if (next === undefined || [...this.allLabels.values()].some((labels) => labels.has(next) || labels.has(next.replace(/e?s$/, '')))) return false;
      const after = qWords[index + 2]?.word;
      const pair = after === undefined ? [] : [`${next} ${after}`];
      return [next, ...pair].some((said) => [said, said.replace(/s$/, ''), said.replace(/e?s$/, '')].some((text) => [...this.tables.values()].some((values) => values.isValueText(text))));
    };
    // (Looked up once per "by": the terms below ask again.)
    const byValues = new Set(qWords.flatMap((word, index) => (word.word === 'by' && byValueAt(index) ? [index] : [])));
    // Every "by" says whose rows, and no "per", "each" or "every" is said: no grouping to match.
    const noPer = !/\b(?:per|each|every)\b/.test(parsed.lower) && qWords.every((word, index) => word.word !== 'by' || byValues.has(index));
    const contentTerms = new Set<string>();
    for (const [index, word] of qWords.entries()) {
      // (Nor the word that opens a date: "since", "until" say when, not what.)
      if (gluedParts.has(index) || /^\d/.test(word.word) || valueSpans.some(([s, e]) => word.span[0] >= s && word.span[1] <= e) || (datePrepositions.has(word.word) && parsed.dates.some((date) => date.span[0] >= word.span[1] && /^\s*(?:the\s+)?$/.test(parsed.lower.slice(word.span[1], date.span[0]))))) continue;
      // ("Loans by teens": a "by" before a value says whose, no grouping to match.)
      if (byValues.has(index)) continue;
      const term = canonicalTerm(word.word);
      if (term) contentTerms.add(term);
    }
    for (const term of terms(parsed.lower)) if (/^(count|per|trend|lookup|search)$/.test(term) && !(term === 'per' && noPer)) contentTerms.add(term);
    for (const term of glued) contentTerms.add(term);
    // A column named by its initials (`adr`, `kwh`) is named by the words they stand for, three or
    // four said in a row: "average daily rate for suites" had averaged their lead time.
    for (let i = 0; i + 3 <= qWords.length; i += 1) {
      for (const n of [4, 3]) {
        const run = qWords.slice(i, i + n);
        if (run.length < n || run.some((w) => !/^[a-z]{2,}$/.test(w.word) || stopWords.has(w.word))) continue;
        const initials = run.map((w) => w.word[0]).join('');
        if (!this.initialed().has(initials)) continue;
        contentTerms.add(initials);
        for (const w of run) {
          const term = canonicalTerm(w.word);
          if (term !== null && !operationTerm.test(term) && !qWords.some((other) => !run.includes(other) && canonicalTerm(other.word) === term)) contentTerms.delete(term);
        }
        break;
      }
    }
    // A word a column shortens ("expectancy" of `life_expect`, "temperature" of `temp`) is that
    // column's word: a term of the programs of 4 letters or more that begins it.
    for (const term of [...contentTerms]) {
      if (this.vocabulary.has(term) || term.length < 7) continue;
      const short = this.shortened(term);
      if (short) {
        contentTerms.delete(term);
        contentTerms.add(short);
      }
    }
    // "the closing price", "the gas price", "the fertility rate": a general word for a measure's
    // figure right after a word of a measured column is that column's name said in full, not a word
    // of its own to match — unless the data of that column has a column of the word too ("the
    // unemployment rate" of `rate`; "the ticket price" of tickets with no measured `ticket` keeps it).
    for (const [index, word] of qWords.entries()) {
      const before = qWords[index - 1];
      if (before === undefined || !measureWords.test(word.word) || !/^\s+$/.test(parsed.lower.slice(before.span[1], word.span[0]))) continue;
      const own = canonicalTerm(word.word);
      const measured = canonicalTerm(before.word);
      // ("The overall price", "the total amount": an operation's word is no column's.)
      if (own === null || measured === null || !contentTerms.has(measured) || aggregateTerms.has(measured) || operationTerm.test(measured)) continue;
      const measuring = [...this.measureTerms].filter(([, terms]) => terms.has(measured)).map(([table]) => table);
      // (Nor where the data is named by it: "the closing price of BTC" of `prices`.)
      const ownWord = (table: string) =>
        this.namesData(table, word.word) || [...(this.columnLabels.get(table)?.keys() ?? [])].some((label) => label.split(' ').some((part) => canonicalTerm(part) === own));
      if (measuring.length > 0 && !measuring.some(ownWord)) contentTerms.delete(own);
    }
    // "average value", "values between 0 and 0.05": a stop word that names a column of the programs.
    for (const { word } of qWords) {
      const marked = canonicalTerm(stopColumnWord(word));
      if (word.length >= 3 && stopWords.has(word) && marked && this.vocabulary.has(marked)) contentTerms.add(marked);
    }
    // "the oldest victims" ranks by age, "a victim named Aaron" searches a name: the measure or
    // column the word implies, when some program has it.
    /** Whether a term is one of any data set's measures. */
    const isMeasureTerm = (term: string) => [...this.measureTerms.values()].some((terms) => terms.has(term));
    const imply = (word: string, implied: string[]) => {
      const found = implied.map((w) => canonicalTerm(w)).filter((term): term is string => term !== null && this.vocabulary.has(term));
      // "max"/"min" only tell which of a measure's columns (`temp_max`), never a measure alone.
      const known = found.some((term) => !extremeTerms.has(term)) ? found : [];
      for (const term of known) contentTerms.add(term);
      // The adjective itself is then no unmatched word.
      const own = canonicalTerm(word);
      if (known.length > 0 && own && !this.vocabulary.has(own)) contentTerms.delete(own);
    };
    // A comparative implies what its superlative does ("older than 50" an age, as "the oldest").
    // A noun that stands for a measure ("revenue", "size") does so only when no word the data
    // does not know qualifies it: "the most revenue" is an amount, "monthly recurring revenue from
    // subscriptions" something no data set here holds.
    const unknownWord = (index: number) => {
      const word = qWords[index]?.word;
      const term = word === undefined || stopWords.has(word) ? null : canonicalTerm(word);
      return term !== null && !operationTerm.test(term) && !this.vocabulary.has(term) && !/^\d/.test(term);
    };
    // ("Total spent", "the order value": what rows are worth is a column of the worth alone, or of
    // the worth of what the data's rows are, `order_total` of orders; not another thing's worth,
    // `tip_amount`, whose "amount" had answered both. Of the words implied, a data set with such a
    // column keeps those it says; one without keeps every word its columns say, `price_paid`.)
    const worthElsewhere = new Map<string, Set<string>>();
    /** The terms of the question's own words (not those they imply). */
    const saidTerms = new Set(qWords.map((w) => canonicalTerm(w.word)).filter((term): term is string => term !== null));
    const ownWorth = (implied: string[], tables: Iterable<string>): string[] => {
      const terms = new Set(implied.map((one) => canonicalTerm(one)).filter((term): term is string => term !== null));
      const kept = new Set<string>();
      const labelled = new Set<string>();
      for (const table of tables) {
        const own = new Set<string>();
        const any = new Set<string>();
        // (Every column's label, a worth named by a word of an operation too: an order's `total`;
        // a field by its whole path: `shipping.cost` is the shipping's cost, no order's.)
        for (const [name, column] of this.allLabels.get(table) ?? []) {
          const label = column.includes('.') ? foldValue(pathWords(column)) : name;
          const parts = label.split(' ').filter((part) => !unitSuffix.test(part) && part !== 'cents');
          const measured = parts.map((part) => canonicalTerm(part)).filter((term): term is string => term !== null && terms.has(term));
          for (const term of measured) any.add(term);
          if (measured.length > 0 && parts.every((part) => terms.has(canonicalTerm(part) ?? part) || this.namesData(table, part) || qStems.has(stem(part)))) for (const term of measured) own.add(term);
        }
        for (const term of own.size > 0 ? own : any) kept.add(term);
        for (const term of any) labelled.add(term);
        // (Over several data sets the words are one set: what this one's columns say of another
        // thing's worth is remembered, to be held against its programs below.)
        if (own.size > 0) for (const term of any) if (!own.has(term)) worthElsewhere.set(table, (worthElsewhere.get(table) ?? new Set<string>()).add(term));
      }
      // (A word no column says is kept as it was: it names no other thing's worth. Not a word of an
      // operation, "total", which only the programs' texts say.)
      return implied.filter((one) => kept.has(canonicalTerm(one) ?? one) || (!labelled.has(canonicalTerm(one) ?? one) && !operationTerm.test(canonicalTerm(one) ?? one)));
    };
    for (const [index, { word }] of qWords.entries()) {
      // ("The fee revenue collected": a noun after a measure it implies is that measure's, whatever follows.)
      const measured = (impliedMeasures[word] ?? []).includes(qWords[index - 1]?.word ?? '');
      // (Nor a word that is a value of the data: "how many people work in sales" of a department.)
      if (impliedMeasures[word] !== undefined && [...this.tables.values()].some((values) => values.isValueText(word))) continue;
      if (measureNouns.has(word) && !measured && (unknownWord(index - 1) || unknownWord(index + 1) || (['from', 'of', 'for'].includes(qWords[index + 1]?.word ?? '') && unknownWord(index + 2)))) continue;
      const implied = impliedMeasures[word] ?? (/er$/.test(word) ? impliedMeasures[word.replace(/ier$/, 'iest').replace(/er$/, 'est')] : undefined) ?? [];
      // ("How long do patients wait": how long the measure said lasts, `wait_minutes`; "how long is
      // the average appointment" names none, and is its duration. So of a superlative before the
      // measure's own word: "the longest wait".)
      const measureWord = (term: string | null | undefined) => term != null && term !== canonicalTerm(word) && isMeasureTerm(term);
      // (Only "how long": "flights from Long Beach" ask no duration.)
      if (word === 'long' && (qWords[index - 1]?.word !== 'how' || [...saidTerms].some(measureWord))) continue;
      // (Nor a word of a column's name of several words said whole: "which sales channel is used
      // most" names `sales_channel`, no revenue.)
      if (impliedMeasures[word] !== undefined && [...this.columnLabels.values()].some((labels) => [...labels.keys()].some((label) => label.includes(' ') && label.split(' ').includes(word) && parsed.lower.includes(label) && new RegExp(`\\b${escapeRegExp(label)}\\b`).test(parsed.lower)))) continue;
      if (superlativeWord(word) && measureWord(canonicalTerm(qWords[index + 1]?.word ?? ''))) continue;
      // (A word that is itself a measure's name says that measure, nothing it would imply besides:
      // "the average cost" of a `unit_cost` beside a `unit_price`.)
      // (The last word of its name: "unit" of `unit_cost` is no measure "units" names.)
      const ownTerm = canonicalTerm(word);
      if (ownTerm !== null && this.measureHeads().has(ownTerm) && !worthWords.has(word) && implied.some((one) => canonicalTerm(one) === ownTerm)) continue;
      imply(word, worthWords.has(word) ? ownWorth(implied, this.tableStemsOf.keys()) : implied);
    }
    // ("How much did we make in January": money made, the revenue or what the rows are worth.)
    // (Or collected, taken in: "how much did we collect in June" of parking fees.)
    if (moneyQuestion.test(parsed.lower)) for (const [index, { word }] of qWords.entries()) if (/^(?:make|made|collect|collected)$/.test(word) || (/^(?:take|took|taken)$/.test(word) && qWords[index + 1]?.word === 'in')) imply(word, ownWorth(impliedMeasures.revenue ?? [], this.tableStemsOf.keys()));
    // "The lowest temperature" of `temp_min_c` beside `temp_max_c`, "the highest" of `temp_max_c`:
    // the extreme said picks which column of a pair holds the measure named.
    const extreme = /\b(?:lowest|minimum|least|smallest|coldest|coolest)\b/.test(parsed.lower) ? 'min' : /\b(?:highest|maximum|largest|greatest|hottest|warmest)\b/.test(parsed.lower) ? 'max' : undefined;
    const extremeTerm = extreme === undefined ? null : canonicalTerm(extreme);
    if (extremeTerm !== null && [...contentTerms].some((term) => this.pairedMeasureTerms.has(term))) contentTerms.add(extremeTerm);
    // ("Max x value", "the minimum y": a maximum or minimum asked, not a column's, ranks as "highest" does.)
    // (Not one per group: "max wind per month" is no ranking of days.)
    const extremeAsked = parsed.superlative && !perGroupWord.test(parsed.lower) ? /^\s*(?:the\s+)?(max|min)(?:imum)?\b/.exec(parsed.lower) : null;
    const extremeTermAsked = extremeAsked ? canonicalTerm(extremeAsked[1] === 'max' ? 'highest' : 'lowest') : null;
    if (extremeTermAsked !== null) contentTerms.add(extremeTermAsked);
    // ("The average order value" of orders with a `total_cents` and no column of values: what the
    // rows a word names are worth is their total or amount.)
    const valueAt = qWords.findIndex((w, i) => i > 0 && w.word === 'value');
    const valued = valueAt > 0 ? qWords[valueAt - 1] : undefined;
    if (valued !== undefined) {
      const named = [...this.tableStemsOf.keys()].filter((table) => this.namesData(table, valued.word, valued.stem));
      if (named.length > 0 && named.every((table) => ![...(this.columnLabels.get(table)?.keys() ?? [])].some((label) => label.split(' ').includes('value')))) imply('value', ownWorth(['total', 'amount'], named));
    }
    // ("The biggest order ever", "the 3 smallest invoices": a size superlative said of the rows a
    // word names ranks them by what they are worth, their total or amount, where the data has one;
    // not by a count they hold, `items_count`. Or by their size, where the data measures one: "the 5
    // largest nodes" of flare's `size`, not its `parent`.)
    // (Only of the data named, and no measure said: "biggest home by square footage" ranks by it.)
    const sizedAt = qWords.findIndex((w, i) => /^(?:biggest|largest|smallest|greatest)$/.test(qWords[i - 1]?.word ?? ''));
    const sizedWord = qWords[sizedAt];
    if (sizedWord !== undefined && !/\bby\s+[a-z]/.test(parsed.lower.slice(sizedWord.span[1]))) {
      const sizedTables = [...this.tableStemsOf.keys()].filter((table) => this.namesData(table, sizedWord.word, sizedWord.stem));
      const held = ['total', 'amount', 'size'].filter((word) => sizedTables.some((table) => [...(this.columnLabels.get(table)?.values() ?? [])].some((label) => words(label).includes(word))));
      if (held.length > 0) imply('', held);
    }
    // ("How long do houses stay on the market", "how long does a delivery take": a duration asked,
    // never a longitude; trial 21's first had been refused as about "long" and "stay".)
    if (/\bhow long\b/.test(parsed.lower)) {
      // Where a column of a duration is named by another word of it ("days on market" by "market";
      // "how long does it take to resolve a ticket" names no `first_response_minutes`).
      const said = new Set(qWords.map((w) => w.stem));
      const durationLabels = [...this.columnLabels.values()].flatMap((labels) =>
        [...labels.keys()].filter((label) => {
          const parts = label.split(' ');
          return parts.some((part) => /^(?:duration|days|hours|minutes|mins|seconds|secs)$/.test(part)) && parts.some((part) => part.length >= 4 && !stopWords.has(part) && !/^(?:duration|days|hours|minutes|seconds)$/.test(part) && said.has(stem(part)));
        }),
      );
      if (durationLabels.length > 0) {
        contentTerms.delete(canonicalTerm('long') ?? 'long');
        // (With the verb of a time spent: "stay", "take", "last", "wait" say no more than the duration;
        // unless the verb is the duration's own word: "how long do patients wait" of `wait_minutes`.)
        const named = new Set(durationLabels.flatMap((label) => label.split(' ').map((part) => stem(part))));
        for (const verb of ['stay', 'take', 'last', 'wait', 'remain', 'spend']) if (!named.has(stem(verb))) contentTerms.delete(canonicalTerm(verb) ?? verb);
      }
    }
    // ("On-time performance", "the on time rate": being punctual, no measure of time, unless a
    // column is named so, an `on_time` flag; "the best on-time performance" had ranked `air_time`.)
    if (/\bon[- ]time\b/.test(parsed.lower) && ![...this.allLabels.values()].some((labels) => [...labels.keys()].some((label) => ` ${label} `.includes(' on time ')))) contentTerms.delete(canonicalTerm('time') ?? 'time');
    // ("The most units", "more than 500 units": units said alone are a quantity. Where every column
    // of the data that says "unit" is a price per unit, `unit_cost`, `unit_price`, the word names
    // none of them; "the unit cost" and `units_sold` still do.)
    const unitTerm = canonicalTerm('unit');
    /** The quantity "units" stands for, where it names no price per unit (what "how many units" counts). */
    let unitsCounted: string | undefined;
    if (unitTerm !== null && contentTerms.has(unitTerm) && /\bunits\b/.test(parsed.lower) && !/\bunits?\s+(?:cost|price|rate|value|margin)s?\b/.test(parsed.lower)) {
      const unitLabels = [...this.columnLabels.values()].flatMap((labels) => [...labels.keys()].filter((label) => label.split(' ').some((word) => canonicalTerm(word) === unitTerm)));
      if (unitLabels.length > 0 && unitLabels.every((label) => perUnitLabel.test(label))) {
        contentTerms.delete(unitTerm);
        unitsCounted = ['quantity', 'qty'].map((word) => canonicalTerm(word)).find((term): term is string => term !== null && contentTerms.has(term));
      }
    }
    if (/\b(named|called)\b/.test(parsed.lower)) imply('', ['name']);
    if (/\btitled\b/.test(parsed.lower)) imply('', ['title']);
    // ("The last price of IBM": the latest, as the programs ranking by time word it.)
    if (parsed.timeOrder?.only === true && /^(?:first|last)$/.test(parsed.timeOrder.word)) imply('', [parsed.timeOrder.word === 'last' ? 'latest' : 'earliest']);

    // (How often a thing is used or chosen is no subject: "which insurance is used most often".)
    const howOften = frequencyCue.test(parsed.lower) ? new Set(['often', 'frequently', 'frequent', 'commonly', 'common', 'usually', 'usual', 'used', 'use', 'popular'].map((word) => canonicalTerm(word))) : undefined;
    // (Nor is a period the subject, nor "over time": "frobnication over time", "DAU by month" ask of
    // something no data names, whatever its time.)
    // (Nor how busy it was: "what was the busiest month" ranks the rows per month.)
    const overTime = /\bover time\b/.test(parsed.lower);
    const topicTerms = [...contentTerms].filter(
      (term) => !operationTerm.test(term) && !(howOften?.has(term) ?? false) && !periodWords.has(term) && !busyTerms.has(term) && !(overTime && (term === 'over' || term === canonicalTerm('time'))),
    );
    // The terms are already canonical: searched as they are, not folded a second time.
    const hits: SearchResult[] = contentTerms.size > 0 ? this.search.search([...contentTerms]) : [];
    // A program found only by the other columns its whole rows hold (the `output` field: "what time
    // is it" finding movies by `Running_Time_min`), with nothing of the question for its slots, is
    // found, but its words are no evidence it answers ("price of IBM in Jan 2005" fills the
    // date range's slots, and its rows hold the price asked).
    const outputOnly = (hit: SearchResult) => hit.terms.length > 0 && hit.terms.every((term) => (hit.match[term] ?? []).every((field) => field === 'output'));
    // The question's terms a program's text has only among its data's values (a word of a book's
    // title, "patient" of "The Silent Patient"): they say the program's data holds the word, not
    // that the program answers the question, unless it takes a value.
    const valuesOnly = (hit: SearchResult) => hit.queryTerms.filter((term) => hit.match[term] !== undefined && hit.match[term]!.every((field) => field === 'tableValues' || field === 'values'));
    const entry = (hit: SearchResult) => ({ id: hit.id as number, score: hit.score, queryTerms: hit.queryTerms, terms: hit.terms, valuesOnly: valuesOnly(hit), outputOnly: outputOnly(hit) });
    const unretrieved = (id: number) => ({ id, score: 0, queryTerms: [] as string[], terms: [] as string[], valuesOnly: [] as string[], outputOnly: false });
    const retrieved = hits.slice(0, rerankDepth).map(entry);
    // A data set retrieval found only past its depth, which other data sets' programs alike filled
    // ("the biggest daily high" of S&P prices, beside two weekly weathers' programs of "high" and
    // "day", a dozen each), has its best program ranked too, when it scores a third of the best or more.
    const depthTables = new Set(retrieved.map((hit) => this.candidates[hit.id]?.table));
    const bestRetrieved = hits[0]?.score ?? 0;
    for (const hit of hits.slice(rerankDepth)) {
      if (hit.score < bestRetrieved * pastDepthShare) break;
      const table = this.candidates[hit.id as number]?.table;
      if (depthTables.has(table)) continue;
      depthTables.add(table);
      retrieved.push(entry(hit));
    }
    // A follow-up scores one program, whatever retrieval thinks of it.
    const counting = /\b(?:how many|number of)\s+(different\s+|distinct\s+|unique\s+)?([a-z]+(?:-[a-z]+)?)(?:\s+([a-z]+(?:-[a-z]+)?))?/d.exec(parsed.lower);
    // ("How many class check-ins": a hyphenated word is the word the data writes joined, `checkins`.)
    if (counting) for (const group of [2, 3]) if (counting[group] !== undefined) counting[group] = counting[group].replaceAll('-', '');
    // ("how many refunded charges" counts charges: a word before a data set's name describes it.)
    // (Of two data sets' names, the second is what is counted: "how many book loans" counts loans, not bookings.)
    // ("How many seattle weather": both words one data set's name, the first is no description.)
    // ("How many customers ordered": a verb's past form after the counted word is no data set's name.)
    // ("How many barley varieties": the data's name, then a column's word, counts the column's values.)
    const columnAfterData =
      counting?.[3] !== undefined &&
      this.tableStemLists.some((stems) => stems.includes(stem(counting[2]!))) &&
      !this.tableStemLists.some((stems) => stems.includes(stem(counting[3]!))) &&
      // (A label rows are counted by, not a measure: "how many barley yields above 40" counts rows.)
      this.countedGroupLabels.some((label) => label === counting[3] || stem(label) === stem(counting[3]!));
    // ("How many billable hours": a flag's name or a value before a measure counts the measure; not
    // a column's name of two words, "how many distinct mpaa ratings".)
    const measureTermAnywhere = (word: string) => isMeasureTerm(canonicalTerm(word) ?? word);
    const qualifiesMeasure = (first: string, second: string) =>
      measureTermAnywhere(second) &&
      !measureTermAnywhere(first) &&
      ([...this.tables.values()].some((values) => values.isValueText(first)) || this.flagLabels().has(first)) &&
      ![...this.columnLabels.values()].some((labels) => labels.has(`${first} ${second}`) || labels.has(`${first} ${second.replace(/e?s$/, '')}`));
    // ("How many new cases": a measure's name of two words, `new_cases`, counts the measure, even
    // where the data is named for cases.)
    // (The name of a column some program totals or averages, not a label's: "number of distinct mpaa ratings".)
    const measureLabelCounted =
      counting?.[3] !== undefined &&
      counting[1] === undefined &&
      [...this.columnLabels].some(([table, labels]) => {
        const column = labels.get(`${counting[2]} ${counting[3]}`);
        return column !== undefined && this.candidates.some((candidate) => candidate.table === table && candidate.family === 'aggregate' && candidate.measure === column);
      });
    const adjectiveFirst =
      counting?.[3] !== undefined &&
      !/[^e]ed$/.test(counting[3]) &&
      (columnAfterData ||
        this.tableStemLists.some((stems) => stems.includes(stem(counting[3]!)) && !stems.includes(stem(counting[2]!))) ||
        qualifiesMeasure(counting[2] ?? '', counting[3]) ||
        measureLabelCounted);
    // "How many people died", "how many people were killed": people counted by what befell them
    // are the measure the verb implies, where a data set has it (the deaths of disasters, summed).
    const befellMatch = counting && !adjectiveFirst && peopleWords.has(counting[2]!) ? /^\s*(?:(?:were|was|have been|had been|got|have|had)\s+)?([a-z]+)/d.exec(parsed.lower.slice(counting.indices![2]![1])) : null;
    const befell = befellMatch?.[1];
    const befellAt = befellMatch?.indices?.[1] ? counting!.indices![2]![1] + befellMatch.indices[1][0] : -1;
    const befallen = befell === undefined ? undefined : (impliedMeasures[befell] ?? []).find((measure) => [...this.measureTerms.values()].some((terms) => terms.has(canonicalTerm(measure) ?? '')));
    // ("How many deaths from disease", "how many died of wounds": the cause counted, where a data
    // set measures it as a column of its own.)
    const cause = counting && /^(?:died|dead|deaths|killed|casualties|fatalities|cases|injuries|injured|victims|losses)$/.test(counting[2]!) ? /^\s*(?:[a-z]+\s+)?(?:from|of|due to|caused by)\s+([a-z]+)\b/.exec(parsed.lower.slice(counting.indices![2]![1]))?.[1] : undefined;
    const caused = cause !== undefined && [...this.measureTerms.values()].some((terms) => terms.has(canonicalTerm(cause) ?? '')) ? cause : undefined;
    const countedWord = caused ?? befallen ?? (adjectiveFirst ? counting?.[3] : counting?.[2]);
    const most = /\b(?:most|fewest|least)\s+([a-z]+)(?:\s+([a-z]+))?/d.exec(parsed.lower);
    // "Who opened the most issues", "which agent handled the most tickets": the most of the data's
    // own rows is a count per group (of a person, for "who"), never a ranking of rows by a measure
    // the question does not name.
    // ("Which agent closes the most tickets" of an `assignee`: a person asked for by a word for
    // people at work that names no column, as "who" asks.)
    // ("Top 3 sales reps by total deal amount": the people at work ranked are asked for alike.)
    const whichPerson = whichWorker.exec(parsed.lower)?.[1] ?? topWorkers.exec(parsed.lower)?.[1];
    const asksWho = /^\s*(?:and\s+)?who\b/.test(parsed.lower) || (whichPerson !== undefined && ![...this.allLabels.values()].some((labels) => [...labels.keys()].some((label) => label.split(' ').some((word) => stem(word) === stem(whichPerson)))));
    // A word of the data's own name is no measure's ("the most plays" of plays names no `ms_played`;
    // "the most played track" may).
    const dataWord = (table: string, term: string) => !/ed$/.test(most?.[1] ?? '') && (this.tableStemsOf.get(table) ?? []).some((tableStem) => tableStem === term || tableStem === stem(term));
    // So is a thing a label of the data names and no measure does: "which member borrowed the most
    // books" of loans with a `book_title` (each row is a book borrowed), unlike "the most late fees".
    const namesThing = (table: string, word: string) => {
      const term = canonicalTerm(word);
      // (Nor a column rows are ranked by: "the most rebounds" of `TRB` ranks players, counts none.)
      if (term === null || word.length < 3 || (this.measureTerms.get(table)?.has(term) ?? false) || (this.rankedTerms.get(table)?.has(term) ?? false)) return false;
      return this.labelSays(table, word);
    };
    // And "the most" said last of a question that names the data by a verb ("which book has been
    // borrowed the most" of loans): the most rows.
    // ("Which country do we ship the most to": a preposition left at the end.)
    const mostLast = /\b(?:most|least)(?:\s+(?:to|from|at|with|for|into))?\s*[?.!]*\s*$/.test(parsed.lower);
    // (Worked out once per table of a question: asked of every candidate in several places.)
    const mostRowsOf = new Map<string, boolean>();
    // What "top 5 countries by population" ranks by.
    const rankedByWord = /\b(?:top|bottom|best|worst)\s+(?:\d+\s+)?[a-z-]+(?:\s+[a-z-]+)?\s+by\s+([a-z]+)/.exec(parsed.lower)?.[1];
    // (Or "top 5 artists", "the top 10 tracks in Brazil" of plays: things the data groups by, ranked
    // with nothing to rank them by — no measure named, no "by" — are the ones with the most rows.)
    const topThings = /^\s*(?:(?:show|list|give)\s+(?:me\s+)?|what\s+are\s+)?(?:the\s+|our\s+)?(?:top|bottom)\s+(?:\d+\s+)?(?:(?:most|least)\s+([a-z]+ed)\s+)?(?!(?:[a-z]+est|most|least|best|worst)\b)([a-z]+(?:\s+[a-z]+)?)\s*(?=$|[?.!]|\b(?:in|on|for|from|during|this|last|of|among|with)\b)/.exec(parsed.lower) ?? undefined;
    const topThingsCounted = (table: string, said: RegExpExecArray) => {
      // ("Top 5 most played tracks" of plays: the verb the rows are made by.)
      if (said[1] !== undefined && !namesRowsOf(table, said[1])) return false;
      const end = said.index + said[0].length;
      const nouns = words(said[2] ?? '');
      const measures = this.measureTerms.get(table);
      const measureSaid = qWords.some((w) => (w.span[0] >= end || w.span[1] <= said.index) && measures?.has(canonicalTerm(w.word) ?? '') === true);
      const noun = nouns.at(-1) ?? '';
      return !measureSaid && !(this.tableStemsOf.get(table) ?? []).includes(stem(noun)) && this.labelSays(table, noun);
    };
    // (The words of those things name no measure: "top 10 tracks" of `track_duration_ms` beside `track.title`.)
    const topNounTerms = new Set(topThings === undefined ? [] : words(`${topThings[1] ?? ''} ${topThings[2] ?? ''}`).map((word) => canonicalTerm(word) ?? word));
    // A measure named by a verb's past form whose noun it is ("generated" of `generation`).
    const mostVerb = /\b([a-z]{4,}ed)\s+(?:the\s+)?(?:most|least)\b/.exec(parsed.lower)?.[1];
    const verbedMeasure = (term: string) => mostVerb !== undefined && stem(mostVerb).length >= 4 && term.startsWith(stem(mostVerb)) && deverbalTail.test(term.slice(stem(mostVerb).length));
    // ("The most generous country", "the least happy country": an adjective whose superlative is
    // asked, of the things the noun names; no count of them.)
    const mostQuality = this.mostQuality(parsed.lower);
    const mostQualified = mostQuality !== undefined;
    const mostRows = (table: string): boolean => {
      if (!mostRowsOf.has(table)) mostRowsOf.set(table, mostRowsOfTable(table));
      return mostRowsOf.get(table)!;
    };
    // (The data named by the verb its rows are made by: "which country do we ship to the most" of
    // shipments, "which car was rented the most" of rentals.)
    const namesRowsOf = (table: string, word: string) => {
      const term = canonicalTerm(word) ?? '';
      return (this.tableStemsOf.get(table) ?? []).some((tableStem) => tableStem === term || (term.length >= 3 && tableStem.startsWith(term) && deverbalTail.test(tableStem.slice(term.length))));
    };
    // (Or ranked "by" them: "top 3 restaurants by orders" of food orders counts the orders per restaurant.)
    const mostRowsOfTable = (table: string) =>
      (mostLast && (tablesNamed.has(table) || qWords.some((w) => namesRowsOf(table, w.word)))) ||
      (most !== null && [most[1], mostQualified ? undefined : most[2]].some((word) => word !== undefined && (this.namesData(table, word) || namesThing(table, word)))) ||
      (rankedByWord !== undefined && this.namesData(table, rankedByWord)) ||
      (topThings !== undefined && topThingsCounted(table, topThings));
    // The terms the question says only as a verb's past form ("handled", "sold": "which agent sold
    // the most homes" counts them, no average of a `sold_price`).
    const pastForm = (word: string) => /[^e]ed$/.test(word) || irregularPast.test(word);
    const pastOnly = new Set(qWords.filter((w) => pastForm(w.word)).map((w) => canonicalTerm(w.word)));
    for (const w of qWords) if (!pastForm(w.word)) pastOnly.delete(canonicalTerm(w.word));
    const onlyAsPastForm = (term: string) => pastOnly.has(term);
    const personColumnOf = (candidate: CandidateProfile): string | undefined =>
      candidate.choices.find((column) => personLabel.test(` ${foldValue(humanWords(column))} `));
    // "how many countries" of rows that are country-years: the different values of a column the
    // count names (not a key: one row each), which a distinct count answers and a row count does not;
    // "how many industries" of unemployment across industries, "how many disaster types": the data
    // set's one category (`series`, `Entity`).
    const countedColumns = new Map<string, string | undefined>();
    const countedColumn = (table: string): string | undefined => {
      if (!countedColumns.has(table)) countedColumns.set(table, countedColumnOf(table));
      return countedColumns.get(table);
    };
    const countedColumnOf = (table: string): string | undefined => {
      if (!countedWord) return undefined;
      // "How many job applications": both words the data's own name count its rows, not the
      // different jobs (`job.id`) its first word names.
      if (counting?.[3] !== undefined && !adjectiveFirst && (this.tableStemsOf.get(table) ?? []).length >= 2 && [counting[2]!, counting[3]].every((word) => this.namesData(table, word))) return undefined;
      const keys = this.keyColumns.get(table);
      const labels = [...(this.columnLabels.get(table) ?? [])];
      // (A name too short to be a label elsewhere still names what is counted: "how many jobs" of `job`.)
      // ("how many users" counts the different `user_id`s.)
      // (Not a text named by what it is of that most rows lack: "how many errors" counts the rows
      // with an `error_message`, not its different messages.)
      const often = this.tables.get(table)?.often;
      const found =
        labels.find(([label, column]) => !label.includes(' ') && (label === countedWord || stem(label) === stem(countedWord)) && !(often?.has(column) === true && humanWords(column).includes(' '))) ??
        this.tables
          .get(table)
          ?.labels.filter(({ column }) => stem(identifiedThing(pathWords(column)) ?? '') === stem(countedWord))
          // (An id before a name or a title, which two of the things may share: "how many jobs" of
          // `job.id` beside `job.title`.)
          .sort((a, b) => Number(namingWords.has(pathWords(a.column).split(' ').at(-1) ?? '')) - Number(namingWords.has(pathWords(b.column).split(' ').at(-1) ?? '')))
          .map(({ column }) => ['', column] as const)[0] ??
        this.tables.get(table)?.labels.flatMap((label) => (label.stems.length === 1 && !humanWords(label.column).includes(' ') && label.stems[0] === stem(countedWord) ? [['', label.column] as const] : []))[0] ??
        // ("How many species" of species habitat with a `gap_species_code`: what a longer label
        // identifies, when the data's name does not say its rows are those things.)
        (stem(humanWords(table).toLowerCase().split(' ').at(-1) ?? '') === stem(countedWord)
          ? undefined
          : this.tables
              .get(table)
              ?.labels.filter(({ column }) => stem(identifiedHead(pathWords(column)) ?? '') === stem(countedWord))
              .map(({ column }) => ['', column] as const)[0]);
      // ("how many resolved tickets" counts the resolved ones, not the flag's two values.)
      // ("How many days" of a `day` of weekdays, M to S: the days the rows are, not the 7 weekdays.)
      const weekdays = (column: string) => {
        const values = this.tables.get(table)?.valuesOf(column) ?? [];
        return values.length > 0 && values.every((value) => typeof value === 'string' && weekdayName.test(value.trim()));
      };
      if (found) return keys?.has(found[1]) || this.flagColumns.get(table)?.has(found[1]) || (counting?.[1] === undefined && weekdays(found[1])) ? undefined : found[1];
      const category = this.categoryColumns.get(table);
      const stems = this.tableStemsOf.get(table) ?? [];
      const named = stems.includes(stem(countedWord));
      // (The data's name says what its rows are before a preposition, "unemployment across
      // industries", and the thing they are of after it; without one, its last word is the rows:
      // "how many matches" of football matches counts matches, not divisions.)
      const nameWords = humanWords(table).toLowerCase().split(' ');
      const at = nameWords.findIndex((word) => stem(word) === stem(countedWord));
      const rowsNoun = at > 0 && !nameWords.slice(0, at).some((word) => namePrepositions.has(word));
      if (!category || !named || ((stem(countedWord) === stems[0] || rowsNoun) && !categoryWords.has(counting?.[3] ?? ''))) return undefined;
      return labels.find(([label]) => label === category)?.[1];
    };
    // A program over a column its slot chooses is no candidate when the question names none of them.
    // (Asked of a program more than once per question: worked out once.)
    const choosableIds = new Map<number, boolean>();
    const choosable = (id: number) => {
      let known = choosableIds.get(id);
      if (known === undefined) choosableIds.set(id, (known = isChoosable(id)));
      return known;
    };
    // (Programs of a data set choose among the same columns: whether the question names one is
    // worked out once per list of columns.)
    const choicesNamed = new Map<string, boolean>();
    const choiceNamed = (slot: CandidateProfile['slots'][number]) => {
      const key = (slot.enum_values ?? []).map(String).join('\u0000');
      let named = choicesNamed.get(key);
      if (named === undefined) choicesNamed.set(key, (named = namedChoice(slot, qWords) !== null));
      return named;
    };
    const rankedBy = parsed.rankedPeriods?.by;
    const isChoosable = (id: number) => {
      const candidate = this.candidates[id]!;
      return candidate.plans.every(
        (plan) =>
          plan.role !== 'column' ||
          choiceNamed(plan.slot) ||
          // (Or implied, of a measure per a time's part: "which month is the wettest" of precipitation,
          // or of rows ranked: "the fastest pokemon" of `Speed`.)
          ((groupsByTimePart(candidate) || candidate.family === 'top_n') && impliedChoice(plan.slot, qWords) !== null) ||
          // (Or the measure periods are ranked by: "which year was the hottest" of a series of any
          // measure, `temp_max` among them.)
          (candidate.family === 'time_series' && rankedBy != null && (plan.slot.enum_values ?? []).map(String).includes(rankedBy)) ||
          (candidate.family === 'count' && (countedColumn(candidate.table) !== undefined || (asksWho && personColumnOf(candidate) !== undefined))),
      );
    };
    const top = only === undefined ? retrieved.filter((hit) => choosable(hit.id)) : [hits.find((hit) => hit.id === only)].map((hit) => (hit ? entry(hit) : unretrieved(only)));
    // A data set the question names by its name ("how many readings on nov 2" of sensor readings),
    // none of whose programs that can answer retrieval's depth holds (other data sets' programs of
    // the date's words filled it), has its best such programs ranked too; named by a word no
    // program's text holds (a stop word elsewhere: "readings"), those of the kind the question asks for.
    const unranked = only === undefined ? [...tablesNamed].filter((table) => !top.some((hit) => this.candidates[hit.id]?.table === table)) : [];
    const askedFamilies = [...parsed.families].filter(([, weight]) => weight > 0).map(([family]) => family);
    for (const table of unranked) {
      const found = hits.filter((hit) => this.candidates[hit.id as number]?.table === table && choosable(hit.id as number)).slice(0, namedPastDepth);
      if (found.length > 0) {
        for (const hit of found) top.push(entry(hit));
        continue;
      }
      const fitting = this.candidates.filter((candidate) => candidate.table === table && candidate.family !== null && askedFamilies.includes(candidate.family) && choosable(candidate.index));
      for (const candidate of fitting.slice(0, namedPastDepth)) top.push(unretrieved(candidate.index));
    }
    let hitsById: Map<number, SearchResult> | undefined;
    /** Ranks a program found otherwise than by retrieval's depth, with its retrieval score if it has one. */
    const rankToo = (candidate: CandidateProfile) => {
      hitsById ??= new Map(hits.map((one) => [one.id as number, one]));
      const hit = hitsById.get(candidate.index);
      top.push(hit ? entry(hit) : unretrieved(candidate.index));
    };
    // A name nobody listed ("Titanic") is searched by a text search, whose words the question may not
    // share: those of the retrieved tables are ranked too — of several, those of a name or a title
    // (what a proper name names), not a director's or a note's.
    if (unlisted.some((t) => t.proper) && only === undefined) {
      const retrievedTables = new Set(top.map((hit) => this.candidates[hit.id]!.table));
      const searches = this.candidates.filter((c) => c.family === 'text_search' && retrievedTables.has(c.table) && !top.some((hit) => hit.id === c.index));
      const naming = (c: CandidateProfile) => c.plans.some((plan) => plan.role === 'term' && /(^|\s)(name|title)$/.test(plan.label ?? ''));
      for (const candidate of searches) {
        if (!naming(candidate) && searches.some((other) => other.table === candidate.table && naming(other))) continue;
        rankToo(candidate);
      }
      // So is the lookup of such a table by a column of names, one row each ("how many hurricanes
      // hit Texas" of one row per `state`): its row holds the figure asked.
      for (const candidate of this.candidates) {
        if (candidate.family !== 'lookup' || !retrievedTables.has(candidate.table) || top.some((hit) => hit.id === candidate.index)) continue;
        // (Not by ids or codes, which a name is none of: "our NPS" is no `subscription_id`.)
        const byName = (plan: SlotPlan) => {
          const last = plan.column === null ? undefined : foldValue(humanWords(plan.column)).split(' ').at(-1);
          return last !== undefined && last !== 'id' && !codeWords.test(last) && !this.tables.get(candidate.table)?.codesOnly(plan.column);
        };
        if (candidate.plans.some((plan) => plan.role === 'key' && plan.slot.type === 'string' && byName(plan))) rankToo(candidate);
      }
    }
    // A code said ("magnitude of earthquake ci37868143") is looked up by a key whose values are codes
    // of its kind, found by retrieval or not (a text search of titles had answered with no row).
    if (parsed.keyTokens.length > 0 && only === undefined) {
      const retrievedTables = new Set(top.map((hit) => this.candidates[hit.id]!.table));
      for (const candidate of this.candidates) {
        if (candidate.family !== 'lookup' || !retrievedTables.has(candidate.table) || top.some((hit) => hit.id === candidate.index)) continue;
        const values = this.tables.get(candidate.table);
        const coded = (plan: SlotPlan) => plan.role === 'key' && values !== undefined && values.codesOnly(plan.column) && parsed.keyTokens.some((token) => /\d/.test(token.value) && !values.otherCode(plan.column, token.value));
        if (candidate.plans.some(coded)) rankToo(candidate);
      }
    }
    // A whole number said of the data named ("show entry 900123" of timesheet entries) is looked up
    // by the data's key of whole numbers, found by retrieval or not (nothing had been: "entry" is the
    // data's name and "show" a stop word, and the list refused the number).
    if (only === undefined && tablesNamed.size > 0 && unlisted.some((t) => !t.proper && /^\d+$/.test(parsed.text.slice(t.span[0], t.span[1])))) {
      for (const candidate of this.candidates) {
        if (candidate.family !== 'lookup' || !tablesNamed.has(candidate.table) || top.some((hit) => hit.id === candidate.index)) continue;
        if (candidate.plans.some((plan) => plan.role === 'key' && plan.slot.type === 'integer')) rankToo(candidate);
      }
    }
    // "Which month had the most matches": the programs of the family asked, of the data whose rows a
    // word names by its columns (rowShapes), found by their words or not (retrieval had filled its
    // depth with other data's series: "match" is no word of football's programs).
    if (only === undefined) {
      const asked = [...parsed.families].sort((a, b) => b[1] - a[1])[0]?.[0];
      const rowTables = new Set(qWords.flatMap((word) => this.shapeNounTables.get(word.stem) ?? []));
      if (asked !== undefined && rowTables.size > 0) {
        for (const candidate of this.candidates) if (rowTables.has(candidate.table) && candidate.family === asked && !top.some((hit) => hit.id === candidate.index)) rankToo(candidate);
      }
    }
    // "Who authored the most pull requests": a count per person of the data named, found by its words or not.
    if (asksWho && only === undefined) {
      for (const candidate of this.candidates) {
        if (candidate.family !== 'count' || !mostRows(candidate.table) || top.some((hit) => hit.id === candidate.index)) continue;
        if (!candidate.groupBy.some((label) => personLabel.test(` ${label} `)) && personColumnOf(candidate) === undefined) continue;
        rankToo(candidate);
      }
    }
    // A whole value the question names brings the programs that filter its column, found by words
    // or not ("the countries in South Asia" of gapminder's `region`, when "countries" found the
    // countries data); with nothing retrieved ("list the victims in Koreatown": no program has the
    // word "victims"), every program of that data set is ranked. Their retrieval score is kept.
    // The values a data set holds that the question names: read once per data set and question.
    const mentionsRead = new Map<string, ValueMention[]>();
    const mentionsIn = (table: string): ValueMention[] => {
      let found = mentionsRead.get(table);
      if (found === undefined) {
        found = this.tables.get(table)?.mentions(qWords, parsed.text) ?? [];
        mentionsRead.set(table, found);
      }
      return found;
    };
    if (only === undefined) {
      const nothing = top.length === 0;
      for (const table of this.tables.keys()) {
        const found = mentionsIn(table);
        const columns = new Set(found.filter((mention) => !mention.part).map((mention) => mention.column));
        // (A value named by part of its words brings the programs choosing its column: `count_<table>_where`.)
        const parts = new Set(found.filter((mention) => mention.part).map((mention) => mention.column));
        if (columns.size === 0 && parts.size === 0) continue;
        // (Only columns no program already ranked filters: most questions find theirs by words.)
        // (Where rows are asked for, a count or an aggregate the question does not ask for filters
        // none: "list open incidents" of a status only the count and the list of any column's value
        // filter by.)
        const asked = (family: ProgramFamily | null) => family === null || !computedFamilies.has(family) || !parsed.families.has('list') || parsed.families.has(family);
        for (const hit of top) {
          const ranked = this.candidates[hit.id]!;
          if (ranked.table === table && asked(ranked.family)) for (const plan of ranked.plans) if (plan.role === 'eq' && plan.column !== null) columns.delete(plan.column);
        }
        if (columns.size === 0 && parts.size === 0) continue;
        for (const candidate of this.candidates) {
          if (candidate.table !== table || top.some((hit) => hit.id === candidate.index)) continue;
          // (A value of the column a program chooses is one it filters: `count_<table>_where`.)
          const filters = takesValueOf(candidate, columns, equalityRoles) || (candidate.countsValue && candidate.choices.some((column) => parts.has(column)));
          if (!(nothing && columns.size > 0) && !filters) continue;
          // (As for a date below: a series, a count, an aggregate or a ranking only where one is asked for.)
          if (!nothing && candidate.family !== null && computedFamilies.has(candidate.family) && !parsed.families.has(candidate.family)) continue;
          rankToo(candidate);
        }
      }
    }
    // (Two values of one column set against each other bring the programs grouping by that column,
    // or choosing it: "UPS vs FedEx average cost" names no column; see `compared` below.)
    // (Or a flag set against its opposite: "shuffle vs non-shuffle plays", "premium vs free users".)
    const comparedFlagOf = (table: string): { column: string; span: Span } | undefined => {
      const said = [...(this.flagColumns.get(table) ?? [])].flatMap((column) => {
        const mention = flagMention(humanWords(column), qWords);
        return mention === null ? [] : [{ column, span: mention.span }];
      });
      return said.length === 1 ? said[0] : undefined;
    };
    if (only === undefined && comparedCue.test(parsed.lower)) {
      for (const table of this.tables.keys()) {
        const column = comparedColumnOf(mentionsIn(table)) ?? comparedFlagOf(table)?.column;
        if (column === undefined) continue;
        const label = foldValue(humanWords(column));
        for (const candidate of this.candidates) {
          if (candidate.table === table && !top.some((hit) => hit.id === candidate.index) && (candidate.groupBy.includes(label) || candidate.choices.includes(column))) rankToo(candidate);
        }
      }
    }
    // The count of the rows with a value of a column it chooses is weighed against the table's plain
    // count, which has the same filters ("purchases by users in Brazil" is a count of purchases).
    if (only === undefined) {
      for (const hit of [...top]) {
        const ranked = this.candidates[hit.id]!;
        if (ranked.family !== 'count' || !ranked.countsValue) continue;
        for (const candidate of this.candidates) {
          if (candidate.table !== ranked.table || candidate.family !== 'count' || candidate.groupBy.length > 0 || candidate.choices.length > 0 || top.some((h) => h.id === candidate.index)) continue;
          rankToo(candidate);
        }
      }
    }
    // A count asked ("how many deployments took longer than 1000 seconds") brings the plain count of
    // the tables retrieval put first, whose words the question may share few of: the range over
    // `duration_seconds` had them all, and the count was not ranked at all.
    if (only === undefined && howMany.test(parsed.lower)) {
      const retrievedTables = new Set(top.slice(0, 3).map((hit) => this.candidates[hit.id]!.table));
      for (const table of retrievedTables) {
        for (const candidate of this.plainCounts.get(table) ?? []) if (!top.some((h) => h.id === candidate.index)) rankToo(candidate);
      }
    }
    // "How many customers ordered with PayPal": the count of the different values of the column the
    // question counts (`customer.id`), found by its words or not.
    if (only === undefined && countedWord) {
      for (const candidate of this.candidates) {
        if (candidate.family !== 'count' || top.some((hit) => hit.id === candidate.index)) continue;
        const counted = countedColumn(candidate.table);
        if (counted === undefined || !candidate.choices.includes(counted) || candidate.groupBy.length > 0 || candidate.plans.some((plan) => plan.chosen)) continue;
        rankToo(candidate);
      }
    }
    // So does a code written as a column's codes are ("cus_1009" of orders' `customer.id`, `cus_…`),
    // found by words or not.
    if (only === undefined) {
      for (const [table, values] of this.tables) {
        const columns = new Set(unlisted.filter((t) => t.proper).flatMap((t) => [...values.codeColumns(parsed.text.slice(t.span[0], t.span[1])), ...values.nameColumns(parsed.text.slice(t.span[0], t.span[1]))]));
        if (columns.size === 0) continue;
        for (const candidate of this.candidates) {
          if (candidate.table !== table || top.some((hit) => hit.id === candidate.index) || !takesValueOf(candidate, columns, keyRoles)) continue;
          rankToo(candidate);
        }
      }
    }
    // (A follow-up's program may not be retrieved at all: its score 0 divides nothing.)
    const maxBm25 = top[0]?.score || 1;
    // A stated date is applied only by a program with a date filter, whose words the question may
    // not share ("who died between April 30 and May 1"): those of the retrieved tables (of every
    // table when nothing was retrieved; of the tables the question names by their names, when it
    // names any of those) are ranked too, with no retrieval score. (Each costs a scoring: "average
    // AMZN price in 2009" had ranked every date-bounded average of ten data sets.)
    if (parsed.dates.length > 0 && only === undefined) {
      const retrievedTables = new Set(top.map((hit) => this.candidates[hit.id]!.table));
      const namedRetrieved = new Set([...retrievedTables].filter((table) => tablesNamed.has(table)));
      const rankedTables = namedRetrieved.size > 0 ? namedRetrieved : retrievedTables;
      const ranked = new Set(top.map((hit) => hit.id));
      for (const candidate of this.candidates) {
        if (ranked.has(candidate.index) || (rankedTables.size > 0 && !rankedTables.has(candidate.table))) continue;
        // (A series, a count, an aggregate or a ranking only where one is asked for: unasked, it
        // never answers, and each costs a scoring.)
        if (candidate.family !== null && computedFamilies.has(candidate.family) && !parsed.families.has(candidate.family)) continue;
        // (With what retrieval found of it past the depth: "the prices since 2008" of a date range
        // whose rows hold the price.)
        if (candidate.plans.some((plan) => plan.role === 'from' || plan.role === 'to')) rankToo(candidate);
      }
    }
    const mentionsByTable = new Map<string, ValueMention[]>();
    // Per table, the columns the question names by their full label (the longest where labels overlap).
    const folded = ` ${foldValue(parsed.text)} `;
    // Whether a label is said as a data set's name ("the fertility data"): once per label and question.
    const labelsSaidAsData = new Map<string, boolean>();
    const saidAsData = (label: string): boolean => {
      let said = labelsSaidAsData.get(label);
      if (said === undefined) labelsSaidAsData.set(label, (said = parsed.lower.includes(label) && new RegExp(`\\b${escapeRegExp(label)}\\s+(?:data|dataset|data\\s+set|table)\\b`).test(parsed.lower)));
      return said;
    };
    // A label ending in a preposition (`readingAt`: "reading at") said before a place or a thing
    // ("per reading at the Data Center", "at Plant A") is prose, no column.
    const prepositionPhrase = (label: string) => {
      if (!/ (?:at|on|in|by|of|to|for|from)$/.test(label)) return false;
      const said = [...parsed.lower.matchAll(new RegExp(`\\b${escapeRegExp(label)}\\b`, 'g'))];
      return said.length > 0 && said.every((match) => /^\s+(?:(?:the|a|an|our|my|their|its)\b|\p{Lu})/u.test(parsed.text.slice(match.index + match[0].length)));
    };
    const namedColumns = new Map<string, { label: string; column: string }[]>();
    // (Labels named as what describes another noun, "wound deaths": as specific as two words.)
    const modifierNamed = new Set<string>();
    for (const [table, probes] of this.labelProbes) {
      // The label's last word may be shortened in the data ("life expect" named by "life expectancy").
      // In the plural too: "the most populous countries" names `country`.
      const found: { label: string; column: string }[] = [];
      for (const probe of probes) {
        if (prepositionPhrase(probe.label)) continue;
        if (folded.includes(probe.whole) || folded.includes(probe.plural) || (folded.includes(probe.start) && this.shortLabel(probe.label).test(folded))) found.push({ label: probe.label, column: probe.column });
        else if (probe.modifier?.test(folded)) {
          found.push({ label: probe.label, column: probe.column });
          modifierNamed.add(`${table}\u0000${probe.label}`);
        }
      }
      namedColumns.set(table, found.filter((a) => !found.some((b) => b !== a && b.label.length > a.label.length && ` ${b.label} `.includes(` ${a.label} `))));
    }
    // (Or by a measure's name without its unit, which is as much its own: "fares" of `fare_usd`.)
    // (A table whose own column has the label another table's column names specifically is named
    // too: "price" is `price` of stock prices as much as `price_usd` of products.)
    const specificLabels = new Set([...namedColumns].flatMap(([table, found]) => found.filter(({ label }) => label.includes(' ') || this.unitlessLabels.has(`${table}\u0000${label}`) || modifierNamed.has(`${table}\u0000${label}`)).map(({ label }) => label)));
    const tablesByColumn = new Set([...namedColumns].filter(([, found]) => found.some(({ label }) => specificLabels.has(label))).map(([table]) => table));
    const rankedNoun = (/\b(?:which|what)\s+(?:\d+\s+)?([a-z]+)\s+(?:was|were|is|are|had|has|have)\s+the\s+[a-z]+est\b/.exec(parsed.lower) ?? /\bthe\s+[a-z]{3,}est\s+([a-z]+)\s*[?.!]*\s*$/.exec(parsed.lower))?.[1];
    const rankedLabel = rankedNoun === undefined ? undefined : [rankedNoun, rankedNoun.replace(/s$/, '')].find((label) => [...this.columnLabels.values()].some((labels) => labels.has(label)));
    const rankedTables = rankedLabel === undefined ? null : new Set([...this.columnLabels].filter(([, labels]) => labels.has(rankedLabel)).map(([table]) => table));
    // A data set named by a word that is also a column named of another ("countries" of the
    // countries data and of gapminder's `country`) is no clear hint for either.
    for (const table of [...tablesNamed]) {
      const naming = (this.candidates.find((c) => c.table === table)?.tableStems ?? []).filter((t) => qStems.has(t) || saidStems.has(t));
      const elsewhere = [...namedColumns].some(([other, found]) => other !== table && found.some(({ label }) => naming.every((t) => label.split(' ').some((w) => stem(w) === t))));
      if (naming.length > 0 && elsewhere) tablesNamed.delete(table);
    }
    // ("Tickets that came in by chat", "paid by card": a value after "by" is a filter, not groups.)
    const isColumnLabel = (cue: string) => [...this.allLabels.values()].some((labels) => labels.has(cue));
    // ("Which type of disaster killed the most": the kind asked for is the data's category, as
    // "per disaster type" is.)
    const kindOf = /\b(?:which|what)\s+(?:type|kind|category|sort)s?\s+of\s+([a-z]{3,})\b/.exec(parsed.lower)?.[1];
    const kindCue = kindOf === undefined ? [] : [`${kindOf.replace(/s$/, '')} type`];
    /** Whether a grouping cue is said after "per", "by", "each" or "every" (not a noun asked of: "which states are …"). */
    const cueAfterPer = remembered((cue: string) => new RegExp(`\\b(?:per|by|each|every)\\s+(?:the\\s+)?${escapeRegExp(cue)}\\b`).test(parsed.lower), 64);
    // ("By manager status": a flag's word and "status" or "flag" name the flag, `is_manager`.)
    const flagCue = (cue: string) => {
      const flag = /^([a-z]+) (?:status|flag)$/.exec(cue)?.[1];
      return flag === undefined ? [] : [`is ${flag}`, `has ${flag}`, `${flag} flag`].filter(isColumnLabel);
    };
    const cues = groupByCue(parsed.lower);
    // (A value that is also what programs group by is the grouping: "which user has the most pull
    // requests" of a `user.login` beside a `user.type` whose values are User and Bot.)
    const groupsBy = (cue: string) => this.candidates.some((candidate) => candidate.groupBy.includes(cue));
    const groupCue = [...cues.filter((cue) => isColumnLabel(cue) || groupsBy(cue) || ![...this.tables.values()].some((values) => values.isValueText(cue))), ...cues.flatMap(flagCue), ...kindCue];
    // ("Lowest rated product", "the most expensive neighborhood": the thing a superlative ranks, when
    // programs group by it and no data's rows are it, is a group; the reviews are rated, not ranked.
    // Grouped by one word of its stem too: "the happiest region" of a `Regional indicator`.)
    const supersNoun = /\b(?:[a-z]{3,}est|best|worst|(?:most|least)\s+[a-z]+)\s+(?:[a-z]+ed\s+|[a-z]+ing\s+)?([a-z]{3,}(?:\s+[a-z]{3,})?)\s*(?=[?.!]|$|\b(?:in|of|for|on|with|this|last|during|ever)\b)/.exec(parsed.lower)?.[1];
    const rankedGroup = supersNoun === undefined ? undefined : [supersNoun, supersNoun.replace(/s$/, ''), supersNoun.split(' ').at(-1) ?? ''].find((noun) => !this.tableStemLists.some((stems) => stems.at(-1) === stem(noun)) && !this.shapeNounTables.has(stem(noun)) && ![...this.measureTerms.values()].some((terms) => terms.has(canonicalTerm(noun) ?? noun)) && this.candidates.some((c) => c.groupBy.some((label) => label === noun || (!label.includes(' ') && stem(label) === stem(noun)))));
    if (rankedGroup !== undefined && !groupCue.includes(rankedGroup)) groupCue.push(rankedGroup);
    const asksHowMany = howMany.test(parsed.lower);
    const asksHowOften = frequencyCue.test(parsed.lower);
    // An operation named ("average", "total", "sum", "median"), not one only implied by "break down".
    const operationNamed = (parsed.families.get('aggregate') ?? 0) >= 1;
    // The groupings said with "per", "by", "for each" ("per disaster type", "by type of death"), where they are.
    const groupings = [...parsed.lower.matchAll(/\b(?:per|by|for each|for every)\s+(?:the\s+|their\s+|its\s+)?([a-z][a-z ]{1,40}?(?:\s\d{1,2})?)(?=\s*(?:[?.,!]|$|\band\b|\bwith\b|\bfor\b|\bin\b))/g)].map((match) => {
      const start = match.index + match[0].length - (match[1] ?? '').length;
      return { span: [start, start + (match[1] ?? '').length] as Span, words: foldValue(match[1] ?? '') };
    });
    const perCue = [
      ...groupings.map((g) =>
        g.words
          .split(' ')
          .slice(0, 3)
          .map((w) => w.replace(/s$/, ''))
          .join(' '),
      ),
      ...kindCue,
    ];
    const groupTerms = new Set(groupCue.flatMap((cue) => terms(cue)));
    // "how many deaths", "number of hurricanes": a measure of the data counted is its total, not a
    // count of rows (which would count the rows with deaths).
    // (Or, as of "units", the quantity a word of units implies where no data measures the word
    // itself: "how many shares" of a `quantity`. Not a word for the rows: "how many stays" counts
    // bookings, whose nights a stay implies.)
    const measuredAnywhere = (term: string | null) => term !== null && [...this.measureTerms.values()].some((terms) => terms.has(term));
    const unitsOf = countedWord === undefined ? [] : (impliedMeasures[countedWord] ?? []);
    const impliedCounted = countedWord === undefined || !unitsOf.includes('quantity') || measuredAnywhere(canonicalTerm(countedWord)) ? undefined : unitsOf.map((word) => canonicalTerm(word)).find((term): term is string => measuredAnywhere(term));
    const countedTerm = countedWord ? (countedWord === 'units' && unitsCounted !== undefined ? unitsCounted : (impliedCounted ?? canonicalTerm(countedWord))) : null;
    const rankMeasure = rankedByWord === undefined ? null : canonicalTerm(rankedByWord);
    // (Not when the word names the data itself: "how many plays" of plays with an `ms_played` counts plays.)
    // (The data's name kept whole where its stem is a word of an operation: "how many listings" of
    // listings with a host's `listings_count` counts listings.)
    // (Not a measure of an attribute the counted word is the owner of: "how many patients" counts no
    // `patient_age`, "how many players" no `player_height`.)
    const owners = new Map<string, boolean>();
    const ownerOnly = (table: string) => {
      const known = owners.get(table);
      if (known !== undefined) return known;
      const only = this.candidates
        .filter((candidate) => candidate.table === table && candidate.measure !== null && candidate.measureTerms.includes(countedTerm ?? ''))
        .every((candidate) => {
          const parts = words(humanWords(candidate.measure ?? ''));
          return parts.length >= 2 && attributeHeads.test(parts.at(-1) ?? '') && canonicalTerm(parts.at(-1) ?? '') !== countedTerm;
        });
      owners.set(table, only);
      return only;
    };
    // (Or one an aggregate may choose: "how many construction jobs" of a wide table's `construction`;
    // not after "by", where it groups: "car count by number of cylinders".)
    const countingGroups = counting !== null && /\b(?:by|per)\s+$/.test(parsed.lower.slice(0, counting.index));
    const measuredHere = (table: string) => countedTerm !== null && (this.measureTerms.get(table)?.has(countedTerm) ?? false);
    const countsMeasure = (table: string) =>
      countedTerm !== null &&
      (measuredHere(table) || ((this.measureChoiceTerms.get(table)?.has(countedTerm) ?? false) && !countingGroups)) &&
      (measureLabelCounted || !(this.tableStemsOf.get(table) ?? []).some((tableStem) => tableStem === stem(countedWord!) || tableStem === countedWord)) &&
      !(measuredHere(table) && ownerOnly(table));
    // "How many hurricanes hit Texas" of candidates counted per state: what a question counts, a
    // measure of other data only, is no count of this data's rows.
    // (Not a period: "on how many days did NVDA close above 300" counts the rows of dated prices,
    // whatever other data measures in days.)
    const elsewhere = new Map<string, boolean>();
    const measuredElsewhere = (table: string): boolean => {
      if (!elsewhere.has(table)) elsewhere.set(table, measuredOnlyElsewhere(table));
      return elsewhere.get(table)!;
    };
    const measuredOnlyElsewhere = (table: string) =>
      countedTerm !== null &&
      !periodWords.has(countedWord!) &&
      !countsMeasure(table) &&
      [...this.measureTerms].some(([other, terms]) => other !== table && terms.has(countedTerm)) &&
      !this.namesData(table, countedWord!) &&
      !(this.shapeNounsOf.get(table)?.has(stem(countedWord!)) ?? false) &&
      !this.labelSays(table, countedWord!);
    // "how many flights left SEA" of routes that each carry a `count` of flights, "how many women
    // were teachers in 1900" of jobs counted per job, sex and year: rows that are counts already
    // are summed, not counted — when what is counted is the data itself (its name, or a value it
    // holds), not rows ("how many entries"), the different values of a column ("how many jobs" of
    // a `job` column), a measure, nor something the data never names (refused, as elsewhere).
    // ("Which airport has the most departing flights": a ranking of the same sums.)
    const countedNouns = [
      ...(counting && !counting[1] && countedWord && counting.indices?.[adjectiveFirst ? 3 : 2] ? [{ word: countedWord, span: counting.indices[adjectiveFirst ? 3 : 2]! }] : []),
      ...(most ? [1, 2].flatMap((group) => (most[group] && most.indices?.[group] ? [{ word: most[group], span: most.indices[group] }] : [])) : []),
      // ("How many people were unemployed": people counted by what they were.)
      ...(befell !== undefined && befallen === undefined && befellAt >= 0 ? [{ word: befell, span: [befellAt, befellAt + befell.length] as Span }] : []),
    ].filter((noun) => !stopWords.has(noun.word));
    const weighed = new Map<string, boolean>();
    const countsWeight = (table: string): boolean => {
      if (!weighed.has(table)) weighed.set(table, weighs(table));
      return weighed.get(table)!;
    };
    // The values said whole, of four letters or more, and the data holding each (`valueElsewhere`).
    // (Read once the ranked tables' mentions are all found, when programs are scored.)
    let wholeValuesFound: { table: string; span: Span }[] | undefined;
    const wholeValues = () => (wholeValuesFound ??= [...mentionsByTable].flatMap(([table, mentions]) => mentions.filter((m) => !m.part && m.span[1] - m.span[0] >= 4).map((m) => ({ table, span: m.span }))));
    const weighs = (table: string): boolean => {
      if (!this.weightColumns.has(table) || countedNouns.length === 0 || countedColumn(table) !== undefined || countsMeasure(table)) return false;
      // (Or by the start of its name: "unemployed" of the unemployment data.)
      const namesData = (word: string) => (this.tableStemsOf.get(table) ?? []).some((tableStem) => tableStem === stem(word) || (stem(word).length >= 6 && tableStem.startsWith(stem(word))));
      if (countedNouns.some(({ word, span }) => namesData(word) || (mentionsByTable.get(table) ?? []).some((m) => m.span[0] <= span[0] && m.span[1] >= span[1]))) return true;
      // (So are things no data names, counted where the question names values of this data: "how
      // many flights from SFO to LAX" of routes with their flights' `count`. Not by its name alone:
      // "how many employees do the routes have" is no question about their flights.)
      const pointed = (mentionsByTable.get(table) ?? []).some((m) => !m.part);
      return pointed && countedNouns.every(({ word }) => !this.knows(word));
    };
    // Where things start or end, said by a verb ("departing flights", "receives the most"): `directed` below.
    // The first measure a word implies that some data has (`impliedMeasures`: "expensive" → price).
    const firstImpliedTerm = qWords
      .flatMap(({ word }) => (isMeasureTerm(canonicalTerm(word) ?? word) ? [] : (impliedMeasures[word] ?? [])))
      .map((one) => canonicalTerm(one))
      .find((term): term is string => term !== null && isMeasureTerm(term));
    const startsSaid = startWords.test(parsed.lower);
    const endsSaid = endWords.test(parsed.lower);
    // (Of the data's own rows ranked, "top 3 flights by departure delay", no place is grouped by.)
    const rankedRows = /\b(?:top|bottom|the)\s+(?:\d+\s+)?(?:[a-z]{3,}est\s+|(?:most|least)\s+[a-z]+\s+)?([a-z]{3,})\s+(?:by|with|in|of|from|[?.!]|$)/.exec(parsed.lower)?.[1];
    const rowsRankedOf = rankedRows === undefined || !this.rowsWord(rankedRows) ? null : new Set(this.rowsTables(rankedRows));
    // (A verb of moving things and where to or from, which says it whatever the verb: "which city
    // do we ship to the most", "emails sent to Bob", "orders shipped from Reno".)
    const movedWhere = movedTowards.exec(parsed.lower)?.[1];
    const askedDirection = movedWhere !== undefined ? (movedWhere === 'from' ? 'start' : 'end') : startsSaid === endsSaid ? null : startsSaid ? 'start' : 'end';
    // Verbs that may name a time column ("opened", "merged"): `timeNamed` below.
    const timeVerbs = qWords.map((w) => w.word).filter((word) => timeVerbFamilies.some((family) => family.has(word)) || (/.{3}ed$/.test(word) && !stopWords.has(word)));
    const computes = (parsed.families.get('aggregate') ?? 0) > 0 || (parsed.families.get('count') ?? 0) > 0;
    // (Or of a total, asked of groups: "which driver has the highest total fare".)
    const totalRanked = /^\s*(?:which|what)\b.*\b(?:highest|lowest|largest|smallest|biggest|greatest|most|least)\s+(total|sum|combined|overall)\b/.exec(parsed.lower);
    const rankedAverage =
      /\b(?:highest|lowest|largest|smallest|biggest|greatest|best|worst|top|bottom|most|least)\s+(?:average|avg|mean|median)\b/.test(parsed.lower) ||
      // ("Top 5 home teams by average goals": groups ranked by an average named after "by".)
      /\b(?:top|bottom|best|worst)\s+(?:\d+\s+)?[a-z]+(?:\s+[a-z]+)?\s+by\s+(?:the\s+|their\s+)?(?:average|avg|mean|median)\b/.test(parsed.lower) ||
      // (Not a column's own name: "the highest total receipts" of `Total_Receipts` ranks rows.)
      (totalRanked !== null && ![...namedColumns.values()].some((found) => found.some(({ label }) => ` ${parsed.lower.slice(totalRanked.index + totalRanked[0].length - totalRanked[1]!.length)}`.startsWith(` ${label}`))));
    const ranksOrComputes = computes || parsed.superlative || parsed.limit !== null;
    const maxCue = Math.max(0, ...parsed.families.values());

    // Where the question says a column's name of two words or more whole ("the average open count",
    // "the total amount paid"), per table: a value's or a flag's word there is that name's word.
    const columnNameSpans = new Map<string, ColumnNameSpan[]>();
    const columnNameSpansOf = (table: string): ColumnNameSpan[] => {
      let spans = columnNameSpans.get(table);
      if (!spans) {
        // (Or of one word without its unit or its word of counting: "forks" of `forks_count`, no `fork`
        // flag; unless said of what the rows are, "how many repositories are forks".)
        spans = (namedColumns.get(table) ?? [])
          .filter(({ label }) => label.includes(' ') || this.unitlessLabels.has(`${table}\u0000${label}`))
          .flatMap(({ label, column }) =>
            [...parsed.lower.matchAll(new RegExp(`\\b${label.split(' ').map(escapeRegExp).join('\\W+')}s?\\b`, 'g'))]
              .filter((match) => label.includes(' ') || !/\b(?:are|is|were|was)\s+$/.test(parsed.lower.slice(0, match.index)))
              .map((match) => ({ column, span: [match.index, match.index + match[0].length] as Span })),
          );
        columnNameSpans.set(table, spans);
      }
      return spans;
    };
    const withinColumnName = (table: string, span: Span) => columnNameSpansOf(table).some((named) => span[0] >= named.span[0] && span[1] <= named.span[1]);
    // The values each ranked table's columns hold that the question names.
    const compassSpans = parsed.comparisons.filter((c) => c.compass).map((c) => c.span);
    for (const hit of top) {
      const candidate = this.candidates[hit.id]!;
      if (mentionsByTable.has(candidate.table)) continue;
      // A value that is the data's own name ("earthquakes" of a `type` holding "earthquake", in the
      // earthquakes data) names the data, not a filter, unless its column is named beside it.
      const named = namedColumns.get(candidate.table) ?? [];
      const namesData = (m: ValueMention) =>
        !named.some((n) => n.column === m.column) && qWords.filter((w) => w.span[0] >= m.span[0] && w.span[1] <= m.span[1]).every((w) => candidate.tableStems.includes(w.stem));
      // Nor is a word of a compass bound ("west of longitude -110" names no West Virginia).
      const inCompass = (m: ValueMention) => compassSpans.some(([start, end]) => m.span[0] >= start && m.span[1] <= end);
      // Nor a word of a column's name of two words or more said whole ("the total amount paid" names
      // `amount_paid`, not the `status` paid), unless that value's own column is named too.
      const inColumnName = (m: ValueMention) => !named.some((n) => n.column === m.column) && withinColumnName(candidate.table, m.span);
      // Nor a value that is another column's whole name ("average kWh per building" of meters with
      // a `kwh` and a `unit` holding "kWh"), unless its own column is named too ("unit kWh").
      const isColumnName = (m: ValueMention) => {
        const column = this.allLabels.get(candidate.table)?.get(foldValue(parsed.text.slice(m.span[0], m.span[1])));
        return column !== undefined && column !== m.column && !named.some((n) => n.column === m.column);
      };
      // Nor is "people" in small letters, of data whose rows are people that the question names by no
      // other word ("which department has the most people" of employees with a department People),
      // unless the value's column is said beside it ("the people department").
      const namesPeople = (m: ValueMention) => {
        if (!this.personTables.has(candidate.table) || qWords.some((w) => candidate.tableStems.includes(w.stem))) return false;
        const inside = qWords.filter((w) => w.span[0] >= m.span[0] && w.span[1] <= m.span[1]);
        const [first] = inside;
        if (first === undefined || !inside.every((w) => peopleWords.has(w.word))) return false;
        const at = qWords.indexOf(first);
        // (In capitals a name, "work in People"; the question's first word is capitalised anyway.)
        const said = parsed.text.slice(m.span[0], m.span[1]);
        if ((at === 0 ? said.slice(1) : said) !== (at === 0 ? said.slice(1) : said).toLowerCase()) return false;
        const columnWords = new Set(humanWords(m.column).toLowerCase().split(/[\s.]+/).map(stem));
        return ![qWords[at - 1], qWords[at + inside.length]].some((w) => w !== undefined && columnWords.has(w.stem));
      };
      const kept = mentionsIn(candidate.table).filter((m) => !namesData(m) && !namesPeople(m) && !inCompass(m) && !inColumnName(m) && !isColumnName(m));
      // Nor a one-word value that is the verb of the value said right after it ("orders shipped
      // express" of a `status` holding "shipped" and a `shipping.method` holding "express"; "paid by
      // card"): the verb says which column the next value is of, not a status.
      const verbOfNext = (m: ValueMention) => {
        const inside = qWords.filter((w) => w.span[0] >= m.span[0] && w.span[1] <= m.span[1]);
        const [verb] = inside;
        if (inside.length !== 1 || verb === undefined || named.some((n) => n.column === m.column)) return false;
        const at = qWords.indexOf(verb);
        const next = qWords.slice(at + 1, at + 3).filter((w) => !stopWords.has(w.word) || w.word === 'by');
        return kept.some(
          (other) =>
            other.column !== m.column &&
            next.some((w) => w.span[0] === other.span[0]) &&
            words(pathWords(other.column)).some((part) => stem(part) === verb.stem),
        );
      };
      mentionsByTable.set(
        candidate.table,
        kept.filter((m) => !verbOfNext(m)),
      );
    }
    // A value the question excludes ("quakes that haven't been reviewed", "cars not from Japan") is
    // no equality: of a column of two values it is the other one; otherwise no program filters it
    // out, and the question is refused rather than answered for the value itself.
    const negated: Span[] = [];
    for (const [table, found] of mentionsByTable) {
      const values = this.tables.get(table);
      const turned: ValueMention[] = [];
      for (const mention of found) {
        if (!negation.test(parsed.lower.slice(0, mention.span[0])) && !outsideOf.test(parsed.lower.slice(0, mention.span[0]))) {
          turned.push(mention);
          continue;
        }
        const others = values?.valuesOf(mention.column)?.filter((value) => value !== mention.value);
        if (others?.length === 1) turned.push({ ...mention, value: others[0]! });
        else negated.push(mention.span);
      }
      mentionsByTable.set(table, turned);
    }
    // "flights from SEA to JFK", "routes leaving LAX": a value of both a column of where things start
    // (`origin`, `source`) and one of where they end (`destination`, `target`) belongs to the one its
    // preposition says; said with neither, it stays a value of both.
    for (const [table, found] of mentionsByTable) {
      const kept = found.filter((m) => {
        const direction = directionOf(m.column);
        if (direction === null) return true;
        const said = directionSaid(parsed.lower.slice(0, m.span[0]));
        return said === null || said === direction || !found.some((other) => other !== m && other.span[0] === m.span[0] && other.span[1] === m.span[1] && directionOf(other.column) === said);
      });
      mentionsByTable.set(table, kept);
    }
    // "by type of death": a value of the column the question groups by, said in the grouping itself
    // after "<column> of", names the grouping ("type of death" is `type`), not one group (it filtered
    // `type = Death`); "by director Steven Spielberg" is still the director Steven Spielberg.
    const groupingValues: Span[] = [];
    if (groupings.length > 0) {
      for (const [table, found] of mentionsByTable) {
        const labels = [...(this.columnLabels.get(table) ?? [])];
        const grouped = (m: ValueMention) =>
          groupings.some((g) => g.span[0] <= m.span[0] && g.span[1] >= m.span[1] && labels.some(([label, column]) => column === m.column && ` ${g.words} `.startsWith(` ${label} of `)));
        for (const m of found) if (grouped(m)) groupingValues.push(m.span);
        mentionsByTable.set(table, found.filter((m) => !grouped(m)));
      }
    }
    // Two values of one column set against each other ("UPS vs FedEx average cost", "compare UPS
    // and FedEx shipment counts") ask for the figure per value of that column: the grouping by it
    // answers, each named value one of its groups, and neither is a filter.
    // (So does a flag set against its opposite, of the programs choosing it: its value is then no filter.)
    const compared = new Map<string, { column: string; spans: Span[]; flag: boolean }>();
    if (comparedCue.test(parsed.lower)) {
      for (const [table, found] of mentionsByTable) {
        const column = comparedColumnOf(found);
        const flag = column === undefined ? comparedFlagOf(table) : undefined;
        const set = column !== undefined ? { column, spans: found.filter((m) => !m.part && m.column === column).map((m) => m.span), flag: false } : flag !== undefined ? { column: flag.column, spans: [flag.span], flag: true } : undefined;
        if (set === undefined) continue;
        compared.set(table, set);
        if (!set.flag) mentionsByTable.set(table, found.filter((m) => m.column !== set.column));
        const label = foldValue(humanWords(set.column));
        if (!groupCue.includes(label)) groupCue.push(label);
      }
    }
    // A value named by part of its words ("Africa" of "South Africa") is no reading where another
    // data set holds a whole value the question says around it ("sub-Saharan Africa").
    const wholeSpans = [...mentionsByTable].flatMap(([table, found]) => found.filter((m) => !m.part).map((m) => ({ table, span: m.span, column: m.column, value: m.value })));
    for (const [table, found] of mentionsByTable) {
      const kept = found.filter((m) => !m.part || !wholeSpans.some((w) => w.table !== table && w.span[0] <= m.span[0] && w.span[1] >= m.span[1] && w.span[1] - w.span[0] > m.span[1] - m.span[0]));
      mentionsByTable.set(table, kept);
    }

    // One value named twice side by side ("Germany (DE)", "Texas / TX") is one constraint: the
    // second naming had been a stated value no slot took, and the question was refused.
    for (const [table, found] of mentionsByTable) mentionsByTable.set(table, mergeRestatedValues(found, parsed.text));
    // A value said within a longer one of the same data is no value of its own: "Engineering
    // Managers" is the title Engineering Manager, not the department Engineering as well. (Not of
    // two fields of one thing: "LDL Cholesterol" of `test.name` is the `test.code` LDL too.)
    const thingOf = (column: string) => (column.includes('.') ? column.slice(0, column.lastIndexOf('.')) : humanWords(column).split(' ')[0]);
    // "When was ticket TCK-10501 closed": the word ending the question that names a time column
    // (`closed_at`) asks for it, no value ("closed" of `status`) to filter by.
    if (/^\s*(?:when|what (?:date|day|time))\b/.test(parsed.lower)) {
      for (const [table, found] of mentionsByTable) {
        const timeWords = new Set([...(this.timeColumnsOf.get(table) ?? [])].map((column) => stem(humanWords(column).split(' ')[0]!)));
        const asksTime = (m: ValueMention) => {
          const said = parsed.lower.slice(m.span[0], m.span[1]).trim();
          return /^[a-z]+$/.test(said) && timeWords.has(stem(said)) && /^\s*[?.!]*\s*$/.test(parsed.lower.slice(m.span[1]));
        };
        mentionsByTable.set(table, found.filter((m) => !asksTime(m)));
      }
    }
    for (const [table, found] of mentionsByTable) {
      const within = (m: ValueMention) =>
        found.some((o) => o !== m && !o.part && o.column !== m.column && thingOf(o.column) !== thingOf(m.column) && o.span[0] <= m.span[0] && o.span[1] >= m.span[1] && o.span[1] - o.span[0] > m.span[1] - m.span[0]);
      if (found.some(within)) mentionsByTable.set(table, found.filter((m) => !within(m)));
    }

    // Rows ranked by a time answer "the latest", "the most recent", "the oldest" and nothing else:
    // "the 5 deadliest disasters" ranks by deaths, and "the oldest victims" by age where the data
    // has one (the measure the word implies, which the question's terms then hold).
    const timeOrder = parsed.timeOrder?.word;
    // A value per period asked for ("per year", "each month", "over time"), not a period's adjective ("daily high").
    const perPeriodAsked = /\b(?:per|each|every|by|a)\s+(?:hour|day|week|month|quarter|year|decade)s?\b|\b(?:per|each|every|by)\s+(?:century|centuries)\b|\bover (?:time|the years)\b/.test(parsed.lower);
    const asksTimeOrder = timeOrder !== undefined && !(impliedMeasures[timeOrder] ?? []).some((word) => contentTerms.has(canonicalTerm(word) ?? ''));

    const flagSpansOf = new Map<string, Span[]>();
    const presenceSaidOf = new Map<string, { span: Span; column: string }[]>();
    const flagsSaidOf = new Map<string, { span: Span; column: string }[]>();
    // "at longitude 0.125, latitude 45.125": a number right after a column's name states that
    // column's value, a constraint like a date or a bound (a program that takes the longitude only
    // would answer every latitude).
    const labelledNumbersOf = new Map<string, Span[]>();
    const labelledNumbers = (table: string): Span[] => {
      let spans = labelledNumbersOf.get(table);
      if (spans === undefined) {
        spans = [];
        if (/\d/.test(parsed.lower)) {
          for (const label of this.numberLabels(table)) {
            if (label.length < 3) continue;
            // ("11th grade", "9th graders" of a grade level: an ordinal before the label's first word.)
            const first = label.split(' ')[0] ?? label;
            if (first.length >= 3 && parsed.lower.includes(first)) {
              for (const said of parsed.lower.matchAll(new RegExp(`\\b\\d+(?:st|nd|rd|th)\\s+${escapeRegExp(first)}(?:s|rs)?\\b`, 'g'))) spans.push([said.index, said.index + said[0].length]);
            }
            if (!parsed.lower.includes(label)) continue;
            for (const said of parsed.lower.matchAll(new RegExp(`\\b${escapeRegExp(label)}s?\\s+(?:of\\s+|is\\s+|=\\s*)?-?\\d+(?:\\.\\d+)?\\b`, 'g'))) spans.push([said.index, said.index + said[0].length]);
          }
        }
        labelledNumbersOf.set(table, spans);
      }
      return spans;
    };
    // The whole values of other data sets the question names, per table the question names by its
    // name, of data sets it does not (see `ignored` below): a name the data writes with a capital
    // ("Canada"; not a trading signal "long"), no number, nor words the table's own programs say
    // ("day" of birdstrikes' time of day "Day" is the flights' "hour of the day").
    const otherValueSpansOf = new Map<string, Span[]>();
    const otherValueSpans = (table: string): Span[] => {
      let spans = otherValueSpansOf.get(table);
      if (spans === undefined) {
        const ownWord = (word: string) => stopWords.has(word) || this.labelSays(table, word) || this.namesData(table, word) || this.tableTerms(table).has(canonicalTerm(word) ?? word) || foldValue(humanWords(table)).split(' ').includes(word);
        const other = (w: (typeof wholeSpans)[number]) => {
          const said = parsed.lower.slice(w.span[0], w.span[1]);
          return w.table !== table && !tablesNamed.has(w.table) && typeof w.value === 'string' && /^\p{Lu}\p{Ll}/u.test(w.value) && !/\d/.test(said) && !words(said).every(ownWord);
        };
        // (Of a data set the question does not name, a value of two words or more, which no common
        // word is: "avg temperature in warehouse a" is no Seattle weather's.)
        const several = (w: (typeof wholeSpans)[number]) => /\s/.test(parsed.lower.slice(w.span[0], w.span[1]).trim());
        spans = mergeSpans(wholeSpans.filter((w) => (tablesNamed.has(table) || several(w)) && other(w)).map((w) => w.span));
        otherValueSpansOf.set(table, spans);
      }
      return spans;
    };
    /** A program grouping by a thing's id → the same program by the thing's name (see `thing` below). */
    const namesOfIds = new Map<number, number>();
    // A question that asks nothing of what it names: no family's cue, no ranking, no list (see bareTotal).
    // ("By" after a participle says who did it, no grouping: "hours worked remotely by Berlin staff".)
    const agentOnly = [...parsed.lower.matchAll(/\bby\b/g)].every((by) => agentBy.test(parsed.lower.slice(0, by.index).replace(/\s[a-z]{3,}ly\s+$/, ' ')));
    const bareQuantity = maxCue === 0 && !parsed.superlative && parsed.limit === null && agentOnly && !/\b(?:list|show|display|find|which|who|where|when|what are|rows|records|all|each|every|per|vs|versus|across|among|between|trend|over time)\b/.test(parsed.lower);
    // The measures the question names (of any data): what an average per period is of, beside its
    // rows. ("The number of orders" is their count, which it gives; "total" and "average" say how.)
    // (Or a measure an aggregate chooses, by its words or initials: "average mpg per year" of cars'
    // `Miles_per_Gallon` is no average of the jobs per year.)
    // (Not the data's name nor the period: "how many rentals per day on average" names no
    // `rental_days`.)
    const measuresNamed = parsed.periodAverage
      ? [...contentTerms].filter(
          (term) =>
            term !== 'count' &&
            !operationTerm.test(term) &&
            !periodWords.has(term) &&
            ![...this.tableStemsOf.values()].some((stems) => stems.includes(term)) &&
            ([...this.measureTerms.keys()].some((table) => this.impliesAny(term, table)) || this.chosenMeasureTerms().has(term)),
        )
      : [];
    /** How many words of each named data set's name the question says. */
    const namedWords = new Map([...tablesNamed].map((table) => [table, new Set((this.tableStemsOf.get(table) ?? []).filter((tableStem) => qStems.has(tableStem) || saidStems.has(tableStem))).size]));
    const mostNamedWords = Math.max(0, ...namedWords.values());
    const moneyAsked = moneyQuestion.test(parsed.lower);
    const spanAsked = spanWords.test(parsed.lower.replace(/\bon[- ]time\b/g, ''));
    const durationAsked = /\b(?:durations?|how long)\b/.test(parsed.lower);
    const spanTables = new Set(durationAsked ? this.candidates.filter((other) => isDuration(other.measure)).map((other) => other.table) : []);
    const moneyTables = new Map<string, boolean>();
    const moneyMeasured = (table: string) => {
      let known = moneyTables.get(table);
      if (known === undefined) {
        known = top.some((hit) => {
          const other = this.candidates[hit.id];
          return other?.table === table && other.family === 'aggregate' && other.measure !== null && moneyLabel.test(` ${foldValue(humanWords(other.measure))} `);
        });
        moneyTables.set(table, known);
      }
      return known;
    };
    // What a data set's values leave of the question's unlisted words, read once per data set ranked.
    const unlistedOf = new Map<string, { mentionSpans: Span[]; own: typeof unlisted; properSpans: Span[]; constraints?: Span[] }>();
    const scored: Scored[] = top.map((hit) => {
      const candidate = this.candidates[hit.id]!;
      const mentions = mentionsByTable.get(candidate.table) ?? [];
      let tableUnlisted = unlistedOf.get(candidate.table);
      if (tableUnlisted === undefined) {
        // A value named by part of its words is a weaker reading: a capitalized run stays an unlisted
        // word too ("Premier League"), held against the programs that take neither.
        const mentionSpans = mentions.filter((m) => !m.part).map((m) => m.span);
        const unlistedHere = [...mentionSpans, ...negated, ...(compared.get(candidate.table)?.spans ?? [])];
        const own = unlisted.filter((t) => !unlistedHere.some(([s, e]) => t.span[0] < e && t.span[1] > s));
        tableUnlisted = { mentionSpans, own, properSpans: own.filter((t) => t.proper).map((t) => t.span) };
        unlistedOf.set(candidate.table, tableUnlisted);
      }
      const { mentionSpans, own } = tableUnlisted;
      const fill = fillSlots(candidate, {
        parsed,
        words: qWords,
        mentions,
        table: this.tables.get(candidate.table),
        unlisted: tableUnlisted.properSpans,
        known: wholeSpans,
        tableNamed: tablesNamed.has(candidate.table),
        noValues: groupingValues,
        columnNames: columnNameSpansOf(candidate.table),
        columnHint: compared.get(candidate.table)?.column ?? (candidate.family === 'count' ? (countedColumn(candidate.table) ?? (asksWho ? personColumnOf(candidate) : undefined)) : undefined),
      });
      // Periods ranked in data whose rows each count things (`count` of hourly activity) rank by
      // what the rows count, not by how many rows each has ("which month was the most active").
      const rankBy = candidate.family === 'time_series' ? candidate.plans.find((plan) => plan.role === 'rank_by') : undefined;
      const nPlan = rankBy === undefined ? undefined : candidate.plans.find((plan) => plan.role === 'limit' || plan.slot.name === 'n');
      if (rankBy !== undefined && nPlan !== undefined && fill.slots[nPlan.slot.name] != null && fill.slots[rankBy.slot.name] === undefined && rankBy.column !== null && rankBy.column === this.weightColumns.get(candidate.table) && (rankBy.slot.enum_values ?? []).includes('total')) {
        fill.slots[rankBy.slot.name] = 'total';
      }
      // A value the program has no use for is a stated filter it would ignore (see `route`): an
      // unlisted word no slot took, or a known value of a column the program neither filters nor
      // groups by ("average yield for Trebi" answered by yield per site, over every variety).
      const used = (span: Span) => fill.used.some(([s, e]) => span[0] < e && span[1] > s);
      const grouped = new Set(candidate.groupBy);
      // (A program grouping by the column it chooses groups by the one chosen: "desktop" of `device`
      // is a filter that a count per `browser` would ignore.)
      const choice = candidate.plans.find((plan) => plan.role === 'column');
      const choiceMade = choice === undefined ? undefined : fill.slots[choice.slot.name];
      const groupedBy = (column: string) => grouped.has(foldValue(humanWords(column))) && !(typeof choiceMade === 'string' && column !== choiceMade && candidate.choices.includes(column));
      // A name the data splits over two columns, said whole ("Wilson Alvarez" of `first_name` and
      // `last_name`): the part the program filters by answers for the whole name.
      const namePart = (m: (typeof mentions)[number]) =>
        nameColumn.test(m.column) &&
        mentions.some((other) => other.column !== m.column && nameColumn.test(other.column) && used(other.span) && /^\s*$/.test(parsed.text.slice(Math.min(m.span[1], other.span[1]), Math.max(m.span[0], other.span[0]))));
      // (Values set against each other are groups of a program grouping by their column, and
      // ignored by any other; so is a flag, whose value the grouping program then does not filter by.)
      const comparedHere = compared.get(candidate.table);
      const comparedGrouped = comparedHere !== undefined && (groupedBy(comparedHere.column) || (choice !== undefined && choiceMade === comparedHere.column));
      if (comparedHere?.flag === true && comparedGrouped) {
        for (const plan of candidate.plans) if (plan.column === comparedHere.column && plan.slot.type === 'boolean') delete fill.slots[plan.slot.name];
      }
      // (The grouping applies what the question set against each other.)
      if (comparedGrouped) fill.used.push(...comparedHere.spans);
      const comparedIgnored = comparedHere !== undefined && !comparedGrouped ? comparedHere.spans : [];
      const ignored = [
        ...comparedIgnored,
        ...own.filter((t) => !used(t.span)).map((t) => t.span),
        // (Nor a verb said with do, "did acme corp open": what was done, no value; see doneVerb.)
        ...mentions.filter((m) => !m.part && !used(m.span) && !groupedBy(m.column) && !namePart(m) && !doneVerb(parsed.lower, m.span)).map((m) => m.span),
        // (Nor a value only another data set holds: "the population of canada" of US population by
        // age and year, where subscriptions have a country "Canada".)
        ...otherValueSpans(candidate.table).filter((span) => !used(span) && !mentions.some((m) => m.span[0] < span[1] && m.span[1] > span[0])),
      ].map(([s, e]) => parsed.text.slice(s, e));
      // A date, bound or quoted term the program does not apply, or whose value its slot refuses
      // ("in 1935" when the data holds 1931 and 1932), would be answered over every row.
      const unapplied = mergeSpans([...statedSpans, ...labelledNumbers(candidate.table), ...negated.filter((span) => !used(span))])
        .filter((span) => !used(span) || fill.rejected.some(([s, e]) => span[0] < e && span[1] > s))
        .map(([s, e]) => parsed.text.slice(s, e));
      // A flag the question gives a value ("merged pull requests") is a constraint like a value.
      if (!flagSpansOf.has(candidate.table)) {
        const flagged: { span: Span; column: string }[] = [];
        const spans = [...(this.flagColumns.get(candidate.table) ?? [])].flatMap((column): Span[] => {
          // ("The average open count" names `open_count`, no flag `opened`; "late arrivals" names the flag `late_arrival`.)
          const others = columnNameSpansOf(candidate.table).filter((named) => named.column !== column).map((named) => named.span);
          const said = flagMention(humanWords(column), qWords, others);
          if (said) flagged.push({ span: said.span, column });
          return said ? [said.span] : [];
        });
        // (So is a flag of a thing's having been done, said by its verb: "students who completed" of
        // `has_completed_at`; a count of distinct students has no such filter. Not a flag of a
        // value's being there named by a noun, `has_rating`: "5 star ratings" bound the rating.)
        const present: { span: Span; column: string }[] = [];
        for (const [label, column] of this.presenceFlags.get(candidate.table) ?? []) {
          const others = columnNameSpansOf(candidate.table).filter((named) => named.column !== column).map((named) => named.span);
          const said = flagMention(label, qWords, others);
          if (said) {
            spans.push(said.span);
            present.push({ span: said.span, column });
          }
        }
        flagSpansOf.set(candidate.table, spans);
        presenceSaidOf.set(candidate.table, present);
        flagsSaidOf.set(candidate.table, flagged);
      }
      const flagSpans = flagSpansOf.get(candidate.table)!;
      const constraints = (tableUnlisted.constraints ??= mergeSpans([...globalSpans, ...mentionSpans, ...own.map((t) => t.span), ...flagSpans]));
      // (The time a span ends at, said, is the span's: "how long does delivery take" of the days from
      // shipping to `delivered_at`, no delivered shipments listed.)
      // (Or said as the span's own word: "how long does it take to resolve" of `minutes_to_resolve`.)
      const spanStems = candidate.measure !== null && isSpan(candidate.measure) ? new Set(words(humanWords(candidate.measure)).map((word) => stem(word))) : null;
      const spanEnds =
        spanStems === null
          ? []
          : (presenceSaidOf.get(candidate.table) ?? []).filter((said) => candidate.columns.includes(said.column) || words(parsed.lower.slice(...said.span)).some((word) => spanStems.has(stem(word)))).map((said) => said.span);
      // (So is a flag of 0 and 1 the program averages, said: "the survival rate" of `Survived`'s average.)
      const flagMeasured = candidate.measure === null ? [] : (flagsSaidOf.get(candidate.table) ?? []).filter((said) => said.column === candidate.measure).map((said) => said.span);
      const consumed = constraints.filter(([s, e]) => fill.used.some(([us, ue]) => us < e && ue > s) || spanEnds.some(([us, ue]) => us < e && ue > s) || flagMeasured.some(([us, ue]) => us < e && ue > s)).length;
      const constraintCoverage = constraints.length === 0 ? 1 : (consumed - fill.rejected.length) / constraints.length;
      const filled = candidate.plans.filter((plan) => fill.slots[plan.slot.name] !== undefined && fill.slots[plan.slot.name] !== null);
      // The words of a column the program bounds, when the question's bound went to it, are
      // explained by the program even where its text leaves them out (a count's bounds: "how many
      // states have an obesity rate above 18%").
      // (Not when all it takes is a date, which any dated data takes: "the prices since January
      // 2008" is no question about the sessions that landed on `/pricing`.)
      const datesOnly = filled.every((plan) => plan.role === 'from' || plan.role === 'to');
      const matched = new Set(filled.length > 0 && !datesOnly ? hit.queryTerms : hit.queryTerms.filter((term) => !hit.valuesOnly.includes(term)));
      for (const plan of filled) {
        // (A value the program took is as matched as its text: "phone" of `channel`, which the
        // count's text need not list, where counts per another label list it.)
        const value = fill.slots[plan.slot.name];
        if (plan.role === 'eq' && typeof value === 'string') {
          for (const word of foldValue(value).split(' ')) {
            const term = canonicalTerm(word);
            if (term !== null && contentTerms.has(term)) matched.add(term);
          }
        }
        if (!boundRoles.has(plan.role) || !plan.column) continue;
        for (const word of humanWords(plan.column).split(' ')) {
          const term = canonicalTerm(word);
          if (term !== null && contentTerms.has(term)) matched.add(term);
        }
      }
      // (So are hours, of data whose time holds hours: "which 5 hours had the highest count" of
      // hourly counts. Not days or years, which every dated data would then match.)
      for (const word of qWords) {
        const term = canonicalTerm(word.word);
        if (periodWords.get(word.word) === 'hour' && term !== null && contentTerms.has(term) && this.periodsOf.get(candidate.table)?.has('hour')) matched.add(term);
      }
      // (So is the thing counted, where the program's data holds one per row: "how many countries".)
      // (Listing them, a list answers of it, though only its output names the word: "list all bacteria".)
      let rowsListed = false;
      if (countedNoun !== undefined && (this.rowNounTables.get(stem(countedNoun)) ?? []).includes(candidate.table)) {
        const term = canonicalTerm(countedNoun);
        if (term !== null && contentTerms.has(term)) matched.add(term);
        rowsListed = term !== null && contentTerms.has(term);
      }
      // (So are the words its columns' shape says its rows are: "matches" of home and away teams.)
      const shapeNouns = this.shapeNounsOf.get(candidate.table);
      const rowsNamed = new Set<string>();
      if (shapeNouns !== undefined && shapeNouns.size > 0) {
        for (const word of qWords) {
          const term = shapeNouns.has(word.stem) ? canonicalTerm(word.word) : null;
          if (term !== null && contentTerms.has(term)) rowsNamed.add(term);
        }
      }
      for (const term of rowsNamed) matched.add(term);
      // (So is what the rows' weight counts, where it is summed: "how many flights" of routes'
      // `count`; and the verb saying where things end or start, of a program that takes that end's
      // value: "arrive at LAX".)
      if (candidate.measure !== null && candidate.measure === this.weightColumns.get(candidate.table) && countsWeight(candidate.table)) {
        for (const { word } of countedNouns) {
          const term = canonicalTerm(word);
          if (term !== null && contentTerms.has(term)) matched.add(term);
        }
      }
      if (askedDirection !== null && candidate.plans.some((plan) => plan.column !== null && directionOf(plan.column) === askedDirection && fill.slots[plan.slot.name] != null)) {
        for (const { word } of qWords) {
          const term = canonicalTerm(word);
          if ((askedDirection === 'start' ? startWords : endWords).test(word) && term !== null && contentTerms.has(term)) matched.add(term);
        }
      }
      // (So are the words naming the time column a date bounds: "signed up" of `signup_date`.)
      for (const [start, end] of fill.timeNamed ?? []) {
        for (const word of words(parsed.lower.slice(start, end))) {
          const term = canonicalTerm(word);
          if (term !== null && contentTerms.has(term)) matched.add(term);
        }
      }
      // (So is a flag's word said otherwise than its name, which the program took: "remotely" of `remote`.)
      for (const plan of candidate.plans) {
        if (plan.slot.type !== 'boolean' || typeof fill.slots[plan.slot.name] !== 'boolean') continue;
        for (const word of qWords) {
          const term = /ly$/.test(word.word) && plan.label !== null && stem(word.word.slice(0, -2)) === stem(plan.label.split(' ').at(-1) ?? '') ? canonicalTerm(word.word) : null;
          if (term !== null && contentTerms.has(term)) matched.add(term);
        }
      }
      // (So are the words that turn a flag it takes false: "listings that haven't sold", "not sold
      // yet" of `has_sold_date`.)
      if (candidate.plans.some((plan) => plan.slot.type === 'boolean' && fill.slots[plan.slot.name] === false)) {
        for (const { word } of qWords) {
          const term = denialWords.has(word) ? canonicalTerm(word) : null;
          if (term !== null && contentTerms.has(term)) matched.add(term);
        }
      }
      // (So is the verb of money asked, of a program whose measure is money: "how much did we make
      // in January" of a `total_amount`.)
      if (moneyAsked && candidate.family === 'aggregate' && candidate.measure !== null && moneyLabel.test(` ${foldValue(humanWords(candidate.measure))} `)) {
        for (const { word } of qWords) {
          const term = moneyVerb.test(word) ? canonicalTerm(word) : null;
          if (term !== null && contentTerms.has(term)) matched.add(term);
        }
      }
      // The one row of a thing the question names holds the measure "how many" counts ("how many
      // hurricanes hit Texas" of one row per state): its counting words are explained by it.
      const rowHoldsCount = candidate.family === 'lookup' && asksHowMany && countsMeasure(candidate.table) && candidate.plans.some((plan) => plan.role === 'key' && fill.slots[plan.slot.name] != null);
      if (rowHoldsCount) for (const term of contentTerms) if (operationTerm.test(term)) matched.add(term);
      const termCoverage = contentTerms.size === 0 || (hit.outputOnly && Object.keys(fill.slots).length === 0 && !rowsListed) ? 0 : matched.size / contentTerms.size;
      const topicMatched = new Set([...matched].filter((term) => topicTerms.includes(term) && (this.vocabulary.has(term) || term.length >= fuzzyTopicLength || rowsNamed.has(term)))).size;
      const valueEvidence = filled.some((plan) => valueRoles.has(plan.role)) ? 'value' : filled.some((plan) => boundRoles.has(plan.role)) ? 'bound' : null;
      // The cues lost a plural's s, and so does the column here ("species" → "specie" on both sides).
      // A typo of the grouping ("by orgin") is still it.
      // "per disaster type" of disasters, "per industry" of unemployment across industries: a grouping
      // named by the data's own name (or "type", "kind", "category") is by its one category, when
      // its programs group by one text column only (`Entity`, `series`).
      const category = this.categoryColumns.get(candidate.table);
      // ("by car", "which cars have" of cars are rows, not a category: the name's first word alone is none.)
      const byCategory =
        category !== undefined &&
        candidate.groupBy.includes(category) &&
        // (Said "per" or "by", or asked "which disaster type killed the most".)
        [...perCue, ...groupCue].some((cue) => {
          const cueWords = cue.split(' ');
          const named = cueWords.filter((w) => candidate.tableStems.includes(stem(w)));
          const typed = cueWords.some((w) => categoryWords.has(w));
          // ("Per stock" of `stock_prices` is per the stocks the prices are of: a first word that is
          // not the rows' own.)
          const rows = (w: string) => stem(w) === candidate.tableStems[0] && (candidate.tableStems.length === 1 || stem(w) === candidate.tableStems.at(-1));
          return named.length > 0 && cueWords.every((w) => named.includes(w) || categoryWords.has(w)) && (typed || named.every((w) => !rows(w)));
        });
      // "Which airport has the most departing flights", "… receives the most flights": a grouping by
      // where things start or end, said by the verb.
      // (Not when the question gives the place: "how many flights arrive at ORD" is one figure.)
      // (Of a program grouping by a column chosen, the one chosen: "which supplier sent us the most"
      // of a total per `supplier` or `to_warehouse` groups by no place things end at.)
      const groupChoice = candidate.groupColumns.length > 0 ? candidate.plans.find((plan) => plan.role === 'column') : undefined;
      const groupChosen = groupChoice === undefined ? undefined : fill.slots[groupChoice.slot.name];
      const directions =
        typeof groupChosen === 'string' && candidate.choices.includes(groupChosen) ? [directionOf(foldValue(humanWords(groupChosen)))].filter((d): d is 'start' | 'end' => d !== null) : this.groupDirections(candidate);
      const placeGiven = candidate.plans.some((plan) => plan.role === 'eq' && plan.column !== null && directionOf(plan.column) !== null && fill.slots[plan.slot.name] != null);
      // (Nor when it asks for no grouping or ranking: "how many shipments were sent last year" is one figure.)
      const groupingAsked = groupCue.length > 0 || parsed.superlative || /\b(?:which|where|what|per|each)\b/.test(parsed.lower);
      const directed = askedDirection !== null && directions.length > 0 && !placeGiven && groupingAsked && !rowsRankedOf?.has(candidate.table) ? directions.includes(askedDirection) : null;
      // A program that neither groups nor filters by where things start (or end), of a question that
      // says so, ranks something else (the busiest routes, not the busiest airport of departure).
      // (Only of a question asking for groups or a ranking: "the average departure delay" is of
      // every flight, each of which departs.)
      const undirected = askedDirection !== null && !placeGiven && groupingAsked && !rowsRankedOf?.has(candidate.table) && directions.length === 0 && this.directionColumns.get(candidate.table)?.has(askedDirection) === true ? 0.4 : 0;
      // "How many pull requests were opened per month", "merged per month": of several time
      // columns, the one the verb names (`created_at` for opened, created, submitted …; `merged_at`).
      const timeColumns = [...candidate.plans.filter((plan) => (plan.role === 'from' || plan.role === 'to') && plan.column).map((plan) => plan.column!), ...(candidate.family === 'time_series' ? candidate.columns : averagesPeriods(candidate) ? candidate.columns.slice(0, 1) : [])];
      // (Only of a question about time: "how many closed issues were authored by …" asks no series.)
      // (Or the word before the date, as the slots were filled: "signed up in 2023" of `signup_date`,
      // which names this data as a column's name does.)
      const timeNamed = fill.timeNamed
        ? 0.4
        : timeVerbs.length > 0 &&
          (parsed.interval !== null || parsed.dates.length > 0) &&
          timeColumns.some((column) => {
            const first = foldValue(humanWords(column)).split(' ')[0] ?? '';
            return timeVerbs.some((verb) => stem(verb) === stem(first) || timeVerbFamilies.some((family) => family.has(verb) && family.has(first)));
          })
          ? 0.2
          : 0;
      // Of data with several times, none named ("monthly ticket volume", "shipments per month"): the
      // time a thing begins its life (opened, created, shipped), not when it ends (closed, delivered).
      // (A step down for the others, so that data with one time loses nothing beside it.)
      const laterTime =
        timeNamed === 0 &&
        timeVerbs.length === 0 &&
        // (Or the newest or the oldest asked: "the last rental at Miami Beach" is the last picked up.)
        (parsed.interval !== null || parsed.dates.length > 0 || (asksTimeOrder && candidate.chronological)) &&
        timeColumns.length > 0 &&
        !timeColumns.some(startsLife) &&
        [...(this.timeColumnsOf.get(candidate.table) ?? [])].some(startsLife)
          ? candidate.chronological && parsed.interval === null && parsed.dates.length === 0
            ? 0.5
            : 0.1
          : 0;
      // (Nor a deadline, where the data has other times: "loans per month" are counted by when they
      // were checked out, not by when they were due.)
      const deadlineTime =
        timeNamed === 0 &&
        timeVerbs.length === 0 &&
        (parsed.interval !== null || parsed.dates.length > 0 || (asksTimeOrder && candidate.chronological)) &&
        timeColumns.some(isDeadline) &&
        !timeColumns.some((column) => this.timeColumnsOf.get(candidate.table)?.has(column) === true && !isDeadline(column)) &&
        [...(this.timeColumnsOf.get(candidate.table) ?? [])].some((column) => !isDeadline(column))
          ? 0.2
          : 0;
      // (A program grouping by the column it chooses groups by the one chosen: "top 5 players by
      // assists" of counts per `AST` is no grouping by player.)
      const chosenGroup = candidate.plans.find((plan) => plan.role === 'column' && candidate.groupColumns.length > 1 && typeof fill.slots[plan.slot.name] === 'string');
      const groupLabels = chosenGroup === undefined ? candidate.groupBy : groupLabelsOf(String(fill.slots[chosenGroup.slot.name]));
      const groupedAsAsked =
        directed === true ||
        (asksWho && groupLabels.some((label) => personLabel.test(` ${label} `))) ||
        (groupCue.length > 0 &&
          directed !== false &&
          (byCategory ||
            groupLabels.some((column) =>
              // ("which repository" of `repository_full_name`: a grouping named by the thing its name or
              // id names; "which user" is no `user_country`.)
              // (Not the first word of a longer cue: "per leave request" is no grouping by `leave_type`.)
              // ("which age group" of `age`: a level's word after the column's name says the same.)
              groupCue.some((cue) =>
                [column, column.replace(/s$/, '')].some(
                  (g) =>
                    g === cue ||
                    g.endsWith(` ${cue}`) ||
                    (g.startsWith(`${cue} `) && (namingTail.test(g.slice(cue.length + 1)) || kindTail.test(g.slice(cue.length + 1))) && !groupCue.some((other) => other.startsWith(`${cue} `))) ||
                    cue.endsWith(g) ||
                    (cue.startsWith(`${g} `) && levelTail.test(cue.slice(g.length + 1))) ||
                    (cue.length >= 5 && editDistance(cue, g, 1) <= 1) ||
                    // ("By region" of a `Regional indicator`: one word by its stem; "per position" of `Pos`
                    // by the word it abbreviates.)
                    (!g.includes(' ') && !cue.includes(' ') && (stem(g) === stem(cue) || abbreviates(cue, g))),
                ),
              ),
            )));
      // An aggregate that groups by what the question ranks and orders by the measure the question
      // names is a ranking too: "top genres by worldwide gross", "which origin has the most
      // horsepower" rank groups, not rows. ("which origin has the most cars" names no measure: a
      // count per group answers it.)
      // A word of the grouping is not the measure's ("top football by home score" names no away score).
      // ("Which agent handled the most calls": a verb's past form beside the most of the data's own
      // rows says what was done to them, no measure `handle_seconds`.)
      // ("Which source generated the most" of `net_generation`: the verb whose noun the measure is,
      // said right before "the most".)
      const measureVerbed = candidate.measureTerms.some((term) => verbedMeasure(term));
      const measureNamed =
        candidate.family === 'aggregate' &&
        (candidate.measureTerms.some((term) => contentTerms.has(term) && !groupTerms.has(term) && !dataWord(candidate.table, term) && (!mostRows(candidate.table) || !onlyAsPastForm(term))) || measureVerbed);
      // The total of what "how many" counts (a measure, or the rows' own counts) is the count asked.
      const weightCounted = countsWeight(candidate.table);
      const measureCounted = countsMeasure(candidate.table) || weightCounted;
      const measureChoice = candidate.measureChosen ? fill.slots[candidate.plans.find((plan) => plan.role === 'column')?.slot.name ?? ''] : undefined;
      const countedMeasure = weightCounted
        ? candidate.measure === this.weightColumns.get(candidate.table)
        : candidate.measureTerms.includes(countedTerm!) || (typeof measureChoice === 'string' && countedTerm !== null && columnTerms(measureChoice).includes(countedTerm));
      const answersCount = candidate.family === 'aggregate' && measureCounted && countedMeasure;
      // "Which payment method is used most often", "the most common origin": a count per group,
      // ranked, is that ranking.
      const rankedGroups =
        (groupedAsAsked || candidate.plans.some((plan) => plan.role === 'column') || (answersCount && candidate.groupBy.length > 0)) &&
        candidate.ranks &&
        (measureNamed || answersCount || (candidate.family === 'count' && (asksHowOften || mostRows(candidate.table))))
          ? (parsed.families.get('top_n') ?? 0)
          : 0;
      const family = answersCount ? 'count' : candidate.family;
      // ("How did life expectancy in Brazil change over time" of countries by year, data with no
      // series of its own: an aggregate per year or per month is the trend asked.)
      const periodTrend = candidate.family === 'aggregate' && candidate.groupBy.some((label) => periodLabel.test(label)) ? (parsed.families.get('time_series') ?? 0) : 0;
      const familyAgreement = family === null || maxCue === 0 ? 0 : Math.max(parsed.families.get(family) ?? 0, rankedGroups, periodTrend) - 0.6 * maxCue;
      // A program that computes what nothing in the question asks for — a count, an aggregate, a
      // ranking with no superlative or count stated — is a worse answer than rows: "price of IBM in
      // Jan 2005", "jobs in 1950" (all of which take the same date bounds).
      // A typo of the operation ("avrage") is read from the words retrieval matched.
      const typedOperation = candidate.family === 'aggregate' ? hit.terms.some((term) => aggregateTerms.has(term)) : candidate.family === 'count' ? hit.terms.includes('count') : false;
      // "flights per origin airport": a grouping asked is what a count or an aggregate per group answers.
      const distinctColumn = countedColumn(candidate.table);
      // (A count of the rows with a value of the column it chooses is a count like any: `count_<table>_where`.)
      const choosesColumn = candidate.choices.length > 0 && !candidate.countsValue;
      // "How many countries" of a customer's country (`customer.country`) counts the customers'
      // countries: a lesser reading than data whose own column is the country, where both are deployed.
      const qualifiedCount =
        candidate.family === 'count' && choosesColumn && distinctColumn !== undefined && distinctColumn.includes('.') && pathWords(distinctColumn).split(' ').some((word) => !qStems.has(stem(word)) && stem(word) !== stem(countedWord ?? '')) ? 0.35 : 0;
      // "How many deals did we win" of CRM deals with a `deal_name`: where the data's last word is
      // the thing counted, and a column of another name identifies it, the rows are those things;
      // their different names are asked only as such ("how many different deals").
      const rowsCounted =
        countedWord !== undefined &&
        distinctColumn !== undefined &&
        stem(foldValue(humanWords(distinctColumn))) !== stem(countedWord) &&
        // (Its last word, with no preposition before: "unemployment across industries" is of them.)
        rowsNounOf(candidate.table) === stem(countedWord) &&
        !/\b(?:different|distinct|unique|separate)\b/.test(parsed.lower);
      const distinctOfRows = candidate.family === 'count' && choosesColumn && candidate.groupBy.length === 0 && rowsCounted ? 0.5 : 0;
      const asked =
        candidate.family === 'count' && (measureCounted || (distinctColumn !== undefined && !rowsCounted && !choosesColumn && (candidate.groupBy.length === 0 || groupCue.length === 0)))
          ? 0
          : candidate.family === 'count' && choosesColumn
            ? distinctColumn !== undefined || counting?.[1] !== undefined || rankedGroups > 0 || (groupedAsAsked && groupCue.length > 0 && candidate.groupBy.length > 0)
              ? 1
              : 0
            : candidate.family === null || typedOperation || groupedAsAsked || answersCount
              ? 1
              : Math.max(parsed.families.get(candidate.family) ?? 0, rankedGroups, periodTrend);
      const boundsFilled = candidate.plans.some((plan) => boundRoles.has(plan.role) && fill.slots[plan.slot.name] !== undefined && fill.slots[plan.slot.name] !== null);
      const unasked =
        asked > 0 || candidate.family === null
          ? 0
          : candidate.family === 'top_n'
            ? parsed.superlative || parsed.limit
              ? 0
              : 1
            : candidate.family === 'count' || candidate.family === 'aggregate' || candidate.family === 'time_series'
              ? 1
              : candidate.family === 'range' && !boundsFilled
                ? 0.5
                : 0;
      // Asked for no grouping ("how many candidates are there", "average gas price"), one figure answers better than a breakdown.
      // ("How many devices are there" of a `device_id` asks how many different ones: a count per device lists them.)
      // ("How many female patients had appointments" is one count, not the count per patient age,
      // whose filters take "female" as well.)
      // The totals per a column the program chooses, where the column was chosen by a word the
      // question says other than as its groups ("female runners", "among male runners" of
      // `runner_name`), are no answer: the overall figure or a ranking with the question's filters is.
      // ("Which FitTrack version has …" says `app_version` as the groups.)
      // (Of a grouping by a time's part, the column chosen is the measure: "the average wind by hour of the day".)
      const chosenPlan = (candidate.family === 'aggregate' || candidate.family === 'count') && candidate.groupBy.length > 0 && !groupsByTimePart(candidate) ? candidate.plans.find((plan) => plan.role === 'column') : undefined;
      const chosen = chosenPlan ? fill.slots[chosenPlan.slot.name] : undefined;
      // (A count per a chosen column, only where the question names one of that column's values:
      // "premium tier policies with a fraud flag" counts the premium ones, no count per tier; "most
      // common species" names the groups by a word no grouping cue reads.)
      const choiceAggregate =
        typeof chosen === 'string' &&
        (candidate.family === 'aggregate' || mentions.some((m) => m.column === chosen && !m.part)) &&
        ![foldValue(humanWords(chosen)), foldValue(pathWords(chosen)), identifiedThing(pathWords(chosen)), foldValue(humanWords(chosen)).split(' ').at(-1), foldValue(humanWords(chosen)).split(' ').slice(-2).join(' ')].some((label) => label !== null && label !== undefined && groupCue.includes(label));
      // A column chosen for what it counts or groups, whose thing is said only after a preposition
      // behind the data's rows ("tickets from enterprise customers", "orders of premium members"),
      // qualifies the rows: neither the different customers nor the rows per customer are asked.
      const choicePlan = choosesColumn ? candidate.plans.find((plan) => plan.role === 'column') : undefined;
      const chosenColumn = choicePlan ? fill.slots[choicePlan.slot.name] : undefined;
      const qualifiesRows = typeof chosenColumn === 'string' && this.qualifiesRows(candidate.table, chosenColumn, qWords, parsed.lower, groupCue, countedWord) ? 0.5 : 0;
      const ungrouped =
        candidate.groupBy.length > 0
          ? (candidate.family === 'count' && distinctColumn !== undefined && !rankedGroups) ||
            // ("How many flights arrive at ORD": one figure, a count or a total of the rows' weight.)
            // ("What is the total overdue amount for customers in Germany": one total too, the
            // customers the rows it sums; a total per customer is asked "for each customer".)
            // ("How much did the Police department spend in 2023": one amount, the department a filter.)
            // ("Total sales from pro customers": said first, the total is one figure too.)
            ((candidate.family === 'count' || candidate.family === 'aggregate') && (asksHowMany || /^\s*(?:what\s+(?:is|was)\s+)?the\s+(?:total|overall|combined)\b|^\s*(?:total|overall|combined)\b|\bhow much\b/.test(parsed.lower)) && !parsed.superlative && !rankedGroups && groupCue.length === 0 && !/\b(?:per|each|every|across)\b/.test(parsed.lower))
            ? -0.6
            : -0.15
          : 0;
      // Of the groupings by a thing's name and by its id ("per campaign": `campaign.name`,
      // `campaign.id`), the name's: people read the answer by names (the ids had won on their
      // program's text). The name's program takes the id's place (below, once all are scored), and
      // no other. (A field's grouping lists its path's words: `campaign.name` is ["name", "campaign"].)
      const thing = candidate.groupBy.some((word) => word === 'name' || word === 'title') ? candidate.groupBy.find((word) => word !== 'name' && word !== 'title' && groupCue.includes(word)) : undefined;
      if (groupedAsAsked && thing !== undefined && !groupCue.some((cue) => / (?:id|code|number|key)$/.test(cue))) {
        const byId = top.find((hit) => {
          const other = this.candidates[hit.id]!;
          return other !== candidate && other.table === candidate.table && other.family === candidate.family && other.measure === candidate.measure && other.groupBy.includes(thing) && other.groupBy.includes('id');
        });
        if (byId) namesOfIds.set(byId.id, candidate.index);
      }
      // ("How many tickets by phone": the "by" of a value says how, no groups; the programs that list
      // that value in their text, counts per another label, had outranked the count.)
      const byValue = groupCue.length === 0 && valueByCue.test(parsed.lower) && candidate.groupBy.length > 0 && !groupedAsAsked && !rankedGroups && !parsed.superlative;
      // ("The 5 busiest routes" of routes: the grouping cue is the data's own rows, no column to group by.)
      const rowsCued = groupCue.length > 0 && groupCue.every((cue) => this.namesData(candidate.table, cue) && !isColumnLabel(cue));
      // ("Total tips by courier" of a `courier_name`: a grouping by a column of the data, or by the
      // thing a name column names, that a total or a count over all rows, or per another column,
      // leaves out.)
      const groupsUnmet =
        (candidate.family === 'aggregate' || candidate.family === 'count') &&
        candidate.choices.length === 0 &&
        // (Not a column with one row per value, "average kwh per reading" of a `reading_id` is per
        // row; nor a time, whose periods are asked otherwise: "per reading at the site" of `reading_at`.)
        // (Nor a grouping of the program that says the cue: "per party" of `party_affiliation` beside
        // `party_code`. Only a cue said after "per", "by" or "each", no noun asked of: "how many
        // states are in the midwest region".)
        // (Nor a period, which an average per period groups by: "average total count per year" of a `year`.)
        !averagesPeriods(candidate) &&
        groupCue.some((cue) => !periodWords.has(cue) && !candidate.groupBy.some((label) => label.split(' ').includes(cue)) && this.groupNames(candidate.table).has(cue) && cueAfterPer(cue));
      // (Of two groupings a cue names, the one it names whole before one it names by its kind: "by
      // course" is per `course_title`, whose thing is the course, not per `course_category`.)
      const kindOnly =
        groupedAsAsked &&
        groupCue.some(
          (cue) =>
            !candidate.groupBy.includes(cue) &&
            candidate.groupBy.some((label) => label.startsWith(`${cue} `) && kindTail.test(label.slice(cue.length + 1))) &&
            this.candidates.some((other) => other.table === candidate.table && other.family === candidate.family && other.measure === candidate.measure && other.groupBy.includes(cue)),
        );
      const group = choiceAggregate ? -0.6 : directed === false ? -0.25 : byValue ? -1 : groupCue.length === 0 && !groupedAsAsked ? ungrouped : groupedAsAsked ? (kindOnly ? 0.15 : 0.35) : candidate.groupBy.length > 0 ? (rowsCued || groupsUnmet ? -0.6 : -0.25) : groupsUnmet ? -0.6 : -0.1;
      // A column named by a label of two words or more ("temp max") that only other tables have counts against this one.
      // So does the thing a superlative ranks, named as a column only other tables have ("which 5
      // years were the warmest", "the coldest year" of yearly temperatures, not of daily weather).
      const columnCue = (tablesByColumn.size === 0 || tablesByColumn.has(candidate.table)) && (rankedTables === null || rankedTables.has(candidate.table)) ? 0 : -0.3;
      // "Per party" of a program choosing `Party_Code` by the thing its code is of, where another
      // program of the data groups by the column that writes that thing in words
      // (`Party_Affiliation`): the code is the lesser reading.
      const codeChosen = this.codeChosen(candidate, fill.slots, qStems) ? 0.5 : 0;
      // Naming the data set ("flights", "penguins") is the strongest hint of all; naming another one counts against.
      // (Its rows named by what its columns say they are — "matches" of home and away teams, not
      // "people" — is such a hint too, without counting against other data: a word for the rows, not a name.)
      // (Of data sets named, one named by fewer of its words than another is by its own is a lesser
      // reading: "the weekly weather" names weekly weather wholly, Seattle weather by one word.)
      const tableCue =
        tablesNamed.size === 0 ? ([...rowsNamed].some((term) => !peopleTerms.has(term)) ? 0.3 : 0) : tablesNamed.has(candidate.table) ? ((namedWords.get(candidate.table) ?? 0) < mostNamedWords ? 0 : 0.3) : -0.3;
      // ("How much rain fell" asks for an amount: a count of rows, the rainy days, misses it as a
      // ranking misses "the hottest".)
      // (Nor do rows: "how much was invoiced since October" is a total, not the invoices.)
      const amountMiss = (candidate.family === 'count' || candidate.family === 'range' || candidate.family === 'list') && !asksHowMany && /\bhow much\b/.test(parsed.lower);
      // (And a ranking by a measure misses a question ranking by time alone: "the first price of IBM".)
      const timeOnlyMiss = asksTimeOrder && parsed.timeOrder?.only === true && candidate.family === 'top_n' && !candidate.chronological;
      const superlativeMiss = (parsed.superlative && !candidate.ranks) || (candidate.chronological && !asksTimeOrder) || amountMiss || timeOnlyMiss;
      // (A series lists its periods: "the biggest daily high in feb 2020" asks for one day's high,
      // not every day's, unless a value per period is asked: "the highest temperature per year".)
      const periodsListed = superlativeMiss && candidate.family === 'time_series' && !perPeriodAsked ? 0.6 : 0;
      // (Periods ranked by the rows of some data: a series of other data counts other rows.)
      const periodRows = parsed.rankedPeriods?.tables;
      const rowsElsewhere = candidate.family === 'time_series' && periodRows !== undefined && periodRows.length > 0 && !periodRows.includes(candidate.table) ? 1 : 0;
      // A value said whole that another data set holds and this one does not, of a program that
      // takes no value of the question and whose data it does not name, points away from it: "the
      // most expensive house" of listings whose type is House, not the dearest parcel.
      const ownMentions = mentionsByTable.get(candidate.table) ?? [];
      const valueElsewhere =
        valueEvidence !== 'value' && !tablesNamed.has(candidate.table) && wholeValues().some(({ table, span }) => table !== candidate.table && !ownMentions.some((m) => m.span[0] < span[1] && m.span[1] > span[0])) ? 0.4 : 0;
      // An average per period ("how many orders a day on average") is one figure over the periods:
      // the program that averages them answers it, the series lists them. Asked for nothing of the
      // kind, that program answers nothing ("orders per day", "the average order value").
      // (Of the rows, or of the measure it totals: "the average monthly precipitation" of a measure
      // it does not total, or of other data, is not its average.)
      // (The series steps down only where its data's average per period answers.)
      const periodAverager = candidate.family === 'time_series' ? this.periodAveragers.get(candidate.table) : averagesPeriods(candidate) ? candidate : undefined;
      const averageFits = parsed.periodAverage && periodAverager !== undefined && measuresNamed.every((term) => totals(periodAverager, term));
      // (Of data whose rows are years, the average of a measure per year is its average over the
      // rows: "the average yearly net generation from fossil fuels" of a row per source and year.
      // Their finest period is the year; decades and centuries may follow it.)
      const yearlyRows = candidate.family === 'time_series' && parsed.interval?.value === 'year' && candidate.plans.some((plan) => plan.role === 'interval' && plan.slot.enum_values?.[0] === 'year');
      const periodAverage = averagesPeriods(candidate) ? (averageFits ? 0.5 : -1) : averageFits || (parsed.periodAverage && yearlyRows) ? -0.3 : 0;
      // ("MRR from Germany", "revenue in 2023": a quantity that adds up, named with nothing asked of
      // it, is its total; the rows' range by it, no bound said, lists them.)
      // (Or one named by its piling up: "hours worked" of `hours_worked`, averaged by name.)
      // (Its unit need not be said, nor that it is money: "MRR from Germany" of `mrr_usd`.)
      const piles = candidate.sums || (candidate.measure !== null && humanWords(candidate.measure).split(' ').some((word) => accumulated.test(word)));
      const bareTotal = bareQuantity && piles && candidate.groupBy.length === 0 && candidate.measureTerms.length > 0 && candidate.measureTerms.every((term) => contentTerms.has(term) || unitSuffix.test(term) || term === 'money') ? 0.7 : 0;
      // ("Who worked the most hours": the person with the most in all, of data some program of which
      // groups by a person, not the one row with the most.)
      const whoRows = asksWho && candidate.family === 'top_n' && this.candidates.some((other) => other.table === candidate.table && other.family === 'aggregate' && other.groupBy.some((label) => personLabel.test(` ${label} `))) ? 0.2 : 0;
      // "Which payment method is used most often": how often is a count; an aggregate of a measure
      // the question does not name (the average salary per payment method) answers something else.
      // So is a grouping asked with neither a measure nor an operation named ("applications per
      // stage", "break down applications by stage": the rows per stage, not their average rating).
      const oftenMiss = candidate.family === 'aggregate' && !measureNamed && !answersCount && (asksHowOften || (groupCue.length > 0 && !operationNamed)) ? 0.3 : 0;
      // A measure named only by a word of an operation ("total" of `order_total`) is not named
      // where the question names another measure of the data by its own word ("total tips by
      // courier": the tips per courier, not the orders' totals). Such a program is refused where it
      // ranks first (see `route`); its score stands, so that it keeps the rows' programs behind it.
      const saysMeasure = (term: string) => contentTerms.has(term) && !groupTerms.has(term) && !dataWord(candidate.table, term) && (!mostRows(candidate.table) || !onlyAsPastForm(term));
      // (Nor where the program's measure is not named at all: "total tips by city" is no total of
      // the items counted per city. A measure the program can be given, of its column's choices, is
      // its own.)
      // (Money, of a choice of money made: "total revenue" of `revenue_usd`.)
      const chosenTerm = (term: string) => candidate.choices.some((column) => words(humanWords(column)).some((word) => canonicalTerm(word) === term) || (term === 'money' && isMoneyMade(humanWords(column))));
      // ("Which cuisine makes the most money" beside deals with an `amount`: the tips' "amount" is
      // another thing's worth than the orders', whose own is `order_total`.)
      const elsewhereWorth = worthElsewhere.get(candidate.table);
      const otherWorth =
        elsewhereWorth !== undefined && candidate.measureTerms.some((term) => elsewhereWorth.has(term) && contentTerms.has(term)) && !candidate.measureTerms.some((term) => contentTerms.has(term) && !elsewhereWorth.has(term) && !operationTerm.test(term)) && !candidate.measureTerms.some((term) => saidTerms.has(term))
          ? 0.8
          : 0;
      // (Not of a span asked by "how long": "how long do patients stay" names the patients of a
      // `patient_age` as whose stay it is.)
      const spanAskedOf = durationAsked && isDuration(candidate.measure);
      const otherTerm =
        candidate.family === 'aggregate' && !answersCount && !spanAskedOf && candidate.measureTerms.filter(saysMeasure).every((term) => operationTerm.test(term))
          ? // (Of the data's measures, those an aggregate may choose too: "average return by signal" of a
            // `ret` no average per signal reads had averaged `low`.)
            [...(this.measureTerms.get(candidate.table) ?? []), ...(this.measureChoiceTerms.get(candidate.table) ?? [])].find(
              (term) => saysMeasure(term) && !operationTerm.test(term) && !candidate.measureTerms.includes(term) && !(elsewhereWorth?.has(term) ?? false) && !chosenTerm(term),
            )
          : undefined;
      // (Named as the question says it: "tips", not the term "tip".)
      const measureOtherwise = otherTerm === undefined ? undefined : (qWords.find((w) => canonicalTerm(w.word) === otherTerm)?.word ?? otherTerm);
      // A column the question names that the program does not read, unless it answers with whole rows
      // or the table itself is what the label names.
      const { reads, shaped, tableLabel, measures } = this.shapeOf(candidate);
      // "How many states have a rate above 18%" asks for a number: rows (a range, a list) are not it;
      // "who opened the most issues" a count per group, not the issues with the most comments; nor
      // is "which lab test is ordered most often" the result with the highest value.
      // (Unless it is the one row of a thing the question names, which holds the measure counted:
      // rowHoldsCount.)
      // (Nor the newest or oldest rows, where no order or number of them is said: "how many calls were
      // resolved on the first call" counts them.)
      const rowsForCount =
        asksHowMany && candidate.family !== null && (rowFamilies.has(candidate.family) || (candidate.chronological && !candidate.plans.some((plan) => (plan.role === 'order' || plan.role === 'limit') && fill.slots[plan.slot.name] != null))) && !rowHoldsCount
          ? 0.6
          : candidate.family === 'top_n' && (mostRows(candidate.table) || asksHowOften) && !measures.some((list) => list.some((term) => contentTerms.has(term) && !dataWord(candidate.table, term) && !onlyAsPastForm(term) && !topNounTerms.has(term)))
            ? 0.6
            : 0;
      // A measure the question names in part, with words it does not say ("co2" of "adjusted co2"
      // beside "co2"): the exact name ranks first. (The data's own name is no such word: the total
      // of orders' `order_total` is said whole by "the total".)
      const extraWords = Math.min(3, measures.reduce((sum, list) => (list.some((term) => contentTerms.has(term)) ? sum + list.filter((term) => !contentTerms.has(term) && !dataWord(candidate.table, term)).length : sum), 0));
      // A column asked as the grouping ("by country") must be grouped by, or be what the program
      // ranks or measures ("top cars by horsepower"): filtering on it, or whole rows holding it, is
      // not "average latitude by country".
      // (Worked out only when the question names a column of this table: most name none.)
      const named = namedColumns.get(candidate.table) ?? [];
      const unread: string[] = [];
      if (named.length > 0) {
        // "movies by director Steven Spielberg": a column given a value is a filter, not a grouping.
        const given = filledColumns(candidate, fill.slots);
        const valued = (column: string) => given.has(column);
        // "trips started at Alexanderplatz": the name of a time column of where things start (or end)
        // said before a place the program takes is where the place is, not that column.
        const placeCue = (label: string, column: string) => {
          const said = directionSaid(label);
          return said !== null && [...given].some((other) => other !== column && directionOf(other) === said);
        };
        // A ranking of whole rows by a column the question names answers per row already ("which state
        // had the most hurricanes" of one row per state), unless something is computed ("average
        // latitude by country"); "which origin has the most cars" names no column it ranks by.
        // (Or named by its measure's word, as "population" names `pop`: "top 5 countries by population".)
        const ranksNamed = candidate.selectsAll && !computes && (named.some((n) => shaped.has(n.column)) || (candidate.family === 'top_n' && measures.some((list) => list.length > 0 && list.every((term) => contentTerms.has(term)))));
        // Only a question that ranks or computes asks for a grouping ("which group is Alan in" does not).
        const asGrouping = (label: string) => ranksOrComputes && !ranksNamed && groupCue.some((cue) => label === cue || label.replace(/s$/, '') === cue);
        // A grouping by a column with one row per value ("average hurricanes per state" of a table of
        // states) is every row: an aggregate over all rows answers it.
        const keys = this.keyColumns.get(candidate.table);
        // (Named by its words or by an adjective that implies it: "the poorest country" ranks by income.)
        // (A ranking by time is named by "the latest", "the oldest".)
        // (Not by words said only within another column's name: "the largest nonfarm change" names
        // `nonfarm_change`, no ranking by `nonfarm`.)
        const withinOther = (list: string[]) => named.some((n) => !shaped.has(n.column) && list.every((term) => n.label.split(' ').some((word) => canonicalTerm(word) === term)));
        const ranksUnnamed =
          candidate.family === 'top_n' &&
          !(candidate.chronological && asksTimeOrder) &&
          !named.some((n) => shaped.has(n.column)) &&
          !measures.some((list) => list.length > 0 && list.every((term) => contentTerms.has(term)) && !withinOther(list));
        // A count reads a measure only as its bounds: named with none said, of groups asked for
        // ("discount by segment", "quantity per region"), the measure per group is what is asked,
        // and the rows per group are not it.
        // (Nor is a measure the count could group by, of a few values, asked where it groups by
        // another: "discount by segment" is no count per segment.)
        const choice = candidate.plans.find((plan) => plan.role === 'column');
        const chosen = choice === undefined ? undefined : fill.slots[choice.slot.name];
        const boundUnsaid = (column: string, label: string) => {
          if (candidate.family !== 'count' || groupCue.length === 0 || groupCue.includes(label) || parsed.comparisons.length > 0 || column === distinctColumn || chosen === column || keys?.has(column) || !this.boundedColumns(candidate.table).has(column)) return false;
          if (candidate.groupColumns.includes(column) && !candidate.choices.includes(column)) return false;
          const own = candidate.plans.filter((plan) => plan.column === column || plan.presence === column);
          if (own.some((plan) => (plan.role !== 'min' && plan.role !== 'max') || fill.slots[plan.slot.name] != null)) return false;
          return own.length > 0 || (candidate.choices.includes(column) && chosen != null);
        };
        // (A column the program could choose, another chosen, is not read: "which player has the
        // most assists" of rows counted per the chosen `Player` reads no `AST`, one of its choices.)
        const unchosen = (column: string) => typeof chosen === 'string' && column !== chosen && candidate.choices.includes(column) && !candidate.plans.some((plan) => plan.column === column && plan.role !== 'column');
        for (const { label, column } of named) {
          if (tableLabel === label) continue;
          // ("How many countries are in the fertility data": a column's name said as the data's names the data.)
          if (saidAsData(label) && (this.tableStemsOf.get(candidate.table) ?? []).some((tableStem) => label.split(' ').some((word) => stem(word) === tableStem))) continue;
          // "How many hotel bookings": a column named before the data's name in a count describes the rows counted.
          if (adjectiveFirst && label === counting?.[2]) continue;
          if (placeCue(label, column)) continue;
          if (asGrouping(label) && candidate.groupBy.length === 0 && keys?.has(column)) continue;
          // A ranking by a column the question does not name, of a question that names another
          // column it gives no value ("the highest government employment" ranked by nonfarm), ranks
          // by the wrong column.
          // ("how many countries", "the total population of all states" of a table with one row per
          // country or state count or sum its rows.)
          const missing =
            asGrouping(label) && !valued(column)
              ? !shaped.has(column) && !candidate.groupBy.includes(label) && !candidate.groupColumns.includes(column)
              : (!candidate.selectsAll &&
                  (!reads.has(column) || unchosen(column)) &&
                  !((computes || candidate.family === 'count' || candidate.family === 'aggregate') && keys?.has(column)) &&
                  // ("how many countries per year" counts the country-years of each year.)
                  !(candidate.family === 'count' && column === distinctColumn)) ||
                (ranksUnnamed && !valued(column) && !shaped.has(column) && !keys?.has(column));
          if (missing || boundUnsaid(column, label)) unread.push(label);
        }
      }
      // A grouping asked by a word of a column's name ("by party" of `Party_Affiliation`) that a
      // computed answer without groups ignores: the overall average is no average per party.
      // So does one grouped by another column ("which FitTrack version has the lowest average rating"
      // of the average per app).
      if (computes && !candidate.selectsAll) {
        const labels = this.columnLabels.get(candidate.table);
        const keys = this.keyColumns.get(candidate.table);
        for (const cue of groupCue) {
          if (unread.includes(cue)) continue;
          // (A cue inside a longer one said is that one's: "per customer tier" is no grouping by
          // "customer" besides, which `customer.country` had been read as.)
          if (groupCue.some((longer) => longer !== cue && ` ${longer} `.includes(` ${cue} `))) continue;
          if (candidate.groupBy.some((grouped) => ` ${grouped} `.includes(` ${cue} `) || ` ${cue} `.includes(` ${grouped} `))) continue;
          // ("miles per gallon" names the measure `Miles_per_Gallon` the program reads, no grouping.)
          const column = [...(labels ?? [])].find(([label, named]) => label !== cue && ` ${label} `.includes(` ${cue} `) && !candidate.columns.includes(named))?.[1];
          const valued = column !== undefined && candidate.plans.some((plan) => plan.column === column && fill.slots[plan.slot.name] != null);
          if (column !== undefined && !valued && !keys?.has(column)) unread.push(cue);
        }
      }
      // The busiest groups of rows that carry their own count (routes' `count` of flights): the
      // count's total per group, not the rows per group ("the busiest destination" had counted the
      // routes to each).
      const weight = this.weightColumns.get(candidate.table);
      // (Of measures a word implies alike, the first it implies: "the most expensive product" is
      // ranked by its price before its cost.)
      const rankedOrMeasured = candidate.rankedColumn ?? candidate.measure;
      const firstImplied = firstImpliedTerm !== undefined && rankedOrMeasured !== null && words(humanWords(rankedOrMeasured)).some((word) => canonicalTerm(word) === firstImpliedTerm) ? 0.02 : 0;
      const busyWeighed = weight !== undefined && candidate.groupBy.length > 0 && busyWords.test(parsed.lower) ? (candidate.family === 'count' ? 1 : candidate.measure === weight ? -0.3 : 0) : 0;
      // Money ranked by its verb ("which day of the week do I spend the most", "which customer paid
      // the least"), of data that measures money: a count ranks the rows, not the money.
      const moneyRanked = candidate.family === 'count' ? moneyRankVerb.exec(parsed.lower)?.[1] : undefined;
      if (moneyRanked !== undefined && moneyMeasured(candidate.table) && !unread.includes(moneyRanked)) unread.push(moneyRanked);
      // Nor is a measure a word implies, asked per group, the rows per group: "units by segment" of
      // a `Quantity` no program totals per segment (the count per segment had answered).
      if (candidate.family === 'count' && groupCue.length > 0 && (!asksHowMany || countsMeasure(candidate.table)) && distinctColumn === undefined) {
        const measuredHere = this.measureTerms.get(candidate.table);
        const impliedOnly = qWords.find(({ word }) => {
          const own = canonicalTerm(word);
          if (own === null || measuredHere?.has(own) || groupTerms.has(own) || dataWord(candidate.table, own)) return false;
          return (impliedMeasures[word] ?? []).some((one) => {
            const term = canonicalTerm(one);
            return term !== null && term !== own && (measuredHere?.has(term) ?? false) && contentTerms.has(term);
          });
        });
        if (impliedOnly !== undefined && !unread.includes(impliedOnly.word)) unread.push(impliedOnly.word);
      }
      // A program that would be refused (a stated value or filter it ignores) ranks below one that can answer.
      // So does a ranking of rows asked for the extreme of an average ("which version has the lowest
      // average rating"): it ranks single rows, not averages.
      const refused = ignored.length > 0 || unapplied.length > 0 || unread.length > 0 || (rankedAverage && candidate.family === 'top_n') ? 1 : 0;
      // "Top 5 countries by population": a count per country ranks by no population, where the data measures it.
      const countNotRanked = candidate.family === 'count' && rankMeasure !== null && (this.measureTerms.get(candidate.table)?.has(rankMeasure) ?? false) && !mostRows(candidate.table) ? 0.6 : 0;
      // The rows per hour of the day or per weekday answer only a question that asks by them ("what
      // time of day", "which weekday"), whatever else of theirs it says ("how many rainy days").
      const timePart = candidate.groupBy.find((label) => timePartLabels.has(label));
      const partUnasked = timePart !== undefined && !groupCue.includes(timePart) ? 3 : 0;
      // Money asked ("how much did Office HQ spend on electricity") of a measure that is none, where
      // a program of the same data totals money: that one answers (the kWh's total had won, then been refused).
      const moneyMiss = moneyAsked && candidate.family === 'aggregate' && candidate.measure !== null && !moneyLabel.test(` ${foldValue(humanWords(candidate.measure))} `) && moneyMeasured(candidate.table) ? 0.5 : 0;
      // A span of time between two times of a row (`hiring_time_days`) is asked with a word of time
      // ("how long", "the average hiring time", "the fastest"): "which source brings the most hires"
      // counts the hires, and "on-time rate" names no time.
      const spanUnasked = isSpan(candidate.measure) && !spanAsked ? 1 : 0;
      const spans = isDuration(candidate.measure);
      // (And "the duration", "how long", of data with such a span, is no other measure: "the average
      // loan duration by branch" of the renewals per branch.)
      // (Nor rows: "how long does delivery take" lists no delivered shipments.)
      // (Nor single rows ranked by the span, where no ranking is asked: "how long do cars stay on the
      // market" is the average of `days_on_market`, not its longest.)
      const spanOtherwise =
        !durationAsked || !spanTables.has(candidate.table)
          ? 0
          : candidate.family === 'aggregate' && candidate.measure !== null && !spans
            ? 0.5
            : candidate.family !== null && (rowFamilies.has(candidate.family) || (candidate.family === 'top_n' && !parsed.superlative && !candidate.chronological))
              ? 1
              : 0;
      const score =
        tableCue + columnCue - codeChosen + timeNamed - laterTime - deadlineTime - (candidate.family === 'count' && measuredElsewhere(candidate.table) ? 1 : 0) - unasked - undirected - rowsForCount - 0.1 * extraWords + hit.score / maxBm25 + 0.5 * familyAgreement + 0.9 * (constraintCoverage - 1) + group + 0.04 * filledCount(candidate, fill.slots) - 0.1 * fill.guessed + 0.3 * termCoverage - (superlativeMiss ? 0.6 : 0) - periodsListed - oftenMiss - otherWorth - refused - partUnasked - moneyMiss - spanUnasked - spanOtherwise - countNotRanked - rowsElsewhere - valueElsewhere - qualifiedCount - qualifiesRows - distinctOfRows + periodAverage + bareTotal - whoRows - busyWeighed + firstImplied;
      return { candidate, bm25: hit.score, score, fill, termCoverage, matchedTerms: matched.size, constraintCoverage, familyAgreement, superlativeMiss, ignored, unapplied, unread, topicTerms, topicMatched, valueEvidence, measureAsked: measureNamed || answersCount, otherMeasure: measureOtherwise, otherWorth: otherWorth > 0 };
    });
    for (const [idProgram, nameProgram] of namesOfIds) {
      const [byId, byName] = [scored.find((s) => s.candidate.index === idProgram), scored.find((s) => s.candidate.index === nameProgram)];
      if (byId && byName && byId.score >= byName.score) byName.score = byId.score + 0.001;
    }
    scored.sort((a, b) => b.score - a.score);
    // The counted noun of two words ("support tickets"), when the second is a noun too (not "were").
    const countedPhrase = counting && !adjectiveFirst && counting[3] !== undefined && !stopWords.has(counting[3]) && !/ed$/.test(counting[3]) ? [counting[2]!, counting[3]] : countedWord ? [countedWord] : [];
    const countedModifier = adjectiveFirst ? counting?.[2] : undefined;
    return Object.assign(scored, { parsed, tablesNamed, namedColumns, modifierNamed, rankedLabel, rankedTables, countedWord, countedPhrase, countedModifier, groupCue, mostQuality });
  }

  /**
   * The adjective of a superlative said with "most" or "least": before a noun the data knows ("the
   * most generous country", "least happy country"), or last after "is the" ("which country is the
   * most generous"); a word no data knows, neither a participle ("the most departing flights" are
   * counted) nor a word of how often ("the most common country" is counted too).
   */
  private mostQuality(lower: string): string | undefined {
    const before = /(?:^\s*|\bthe\s+)(?:most|least)\s+([a-z]{3,})\s+([a-z]{3,})\b/.exec(lower);
    const last = /\b(?:is|are|was|were)\s+the\s+(?:most|least)\s+([a-z]{3,})\s*[?.!]*\s*$/.exec(lower);
    const known = (word: string) => this.knows(word) || this.knows(word.replace(/e?s$/, ''));
    // (A noun of the data: what its rows are, or a column's word.)
    const noun = (word: string) => [...this.tableStemsOf.keys()].some((table) => this.namesData(table, word) || this.labelSays(table, word));
    const word = before?.[2] !== undefined && noun(before[2]) ? before[1] : last?.[1];
    if (word === undefined || howOftenWords.has(word) || stopWords.has(word) || /(?:ing|ed)$/.test(word)) return undefined;
    return known(word) ? undefined : word;
  }

  private flagLabelSet: Set<string> | undefined;
  /** The names of the columns programs filter by yes or no (`billable`, `refunded`), made once. */
  private flagLabels(): Set<string> {
    return (this.flagLabelSet ??= new Set(this.candidates.flatMap((candidate) => candidate.plans.flatMap((plan) => (plan.slot.type === 'boolean' && plan.column !== null ? [foldValue(humanWords(plan.column))] : [])))));
  }

  private readonly shortLabels = new Map<string, RegExp>();
  /** Per table, its plain counts (no grouping, no column chosen): what "how many" asks of it. */
  private readonly plainCounts = new Map<string, CandidateProfile[]>();
  /** One-word column names of 3 letters (`ret`, `sal`), which a longer word of a question may shorten to. */
  private readonly threeLetterLabels: string[];
  /** Per table, each column label padded as `rank` looks for it in a question (made once, not per question). */
  private readonly labelProbes = new Map<string, { label: string; column: string; whole: string; plural: string; start: string; modifier: RegExp | undefined }[]>();

  /** The column labels of two words or more that hold a ranking word ("personal best"), as said in a question. */
  private readonly rankingLabels: RegExp[] = [];

  /** Per table, the stems of its name. */
  private readonly tableStemsOf = new Map<string, string[]>();

  /** Whether a word of the question is a word of the table's name, by its stem or whole ("listings", kept whole). */
  private namesData(table: string, word: string, wordStem = stem(word)): boolean {
    // (Or by its synonym, either way: "traffic" of web sessions, "rides" of bike trips, "trips" of bike rides.)
    const synonym = synonymOf(word);
    return (
      (this.tableStemsOf.get(table) ?? []).some((tableStem) => tableStem === wordStem || tableStem === word || tableStem === synonym || synonymOf(tableStem) === wordStem) ||
      (peopleWords.has(word) && this.personTables.has(table))
    );
  }

  /** Whether the program's chosen column is a code named only by the thing it codes, which another program of the data groups by in words. */
  private codeChosen(candidate: CandidateProfile, slots: Readonly<Record<string, SlotValue>>, saidStems: ReadonlySet<string>): boolean {
    const plan = candidate.plans.find((one) => one.role === 'column');
    const chosen = plan === undefined ? undefined : slots[plan.slot.name];
    if (typeof chosen !== 'string') return false;
    const stems = words(humanWords(chosen)).map((word) => stem(word));
    if (stems.length < 2 || !codeHeadStems.has(stems.at(-1)!) || stems.every((one) => saidStems.has(one))) return false;
    const thing = stems[0]!;
    return this.candidates.some(
      (other) => other.table === candidate.table && other.groupBy.some((label) => { const own = label.split(' ').map((word) => stem(word)); return own[0] === thing && !codeHeadStems.has(own.at(-1)!); }),
    );
  }

  /**
   * What "which month had the most <words>" ranks periods by, and the data whose series answer: the
   * measure a time series has when the words name it ("the highest total precipitation", "the most
   * disease deaths"), else the rows' count when they name the rows ("the most deaths", "the fewest
   * matches"), else, said of an average or a total, the measure the superlative implies ("the
   * warmest on average") or the one series of the data named before it ("was the s&p 500 highest
   * on average"); undefined otherwise.
   */
  private periodRanking(superlative: string, words: string, averaged: boolean, subject?: string, period?: string): { by: string | null; tables: string[] } | undefined {
    const said = words.split(' ');
    // A series' measure named ranks by it, the rows' word beside it notwithstanding ("the most
    // disease deaths" of a war's `disease` per month, not the rows of another data's deaths).
    const stems = new Set(said.map(stem));
    // (Not where the words name a column of other data more fully: "the warmest actual high" of weekly
    // weather's `actual.high` is no S&P `high`.)
    const fuller = (own: string[], table: string) =>
      [...this.programColumns()].some(
        ([other, columns]) =>
          other !== table &&
          [...columns].some((column) => {
            const parts = foldValue(pathWords(column)).split(' ');
            return parts.length > own.length && own.every((word) => parts.includes(word.toLowerCase())) && parts.every((part) => stems.has(stem(part)));
          }),
      );
    // (A count of two words by its first: "the most views" of `view_count`.)
    // (Its words in any case and by their canonical terms: "co2" of `CO2`, "max temperature" of `temp_max`.)
    const terms = new Set(said.map((word) => canonicalTerm(word) ?? word));
    // (Less a word that only qualifies it: "fossil fuel generation" of `net_generation`.)
    const saysWord = (word: string) => {
      const lower = word.toLowerCase();
      return stems.has(stem(lower)) || terms.has(canonicalTerm(lower) ?? lower);
    };
    const saysAll = (own: string[]) => {
      const named = own.length === 2 && own[1] === 'count' ? own.slice(0, 1) : own;
      return named.some(saysWord) && named.every((word) => saysWord(word) || qualifyingWords.has(word.toLowerCase()));
    };
    const measured = this.seriesRankedBy(({ words: own, table }) => saysAll(own) && !fuller(own, table));
    if (measured) return measured;
    if (/^(most|fewest|least)$/.test(superlative) && said[0] !== '' && this.rowsWord(said.at(-1)!)) return { by: null, tables: this.rowsTables(said.at(-1)!) };
    // ("What was the busiest month", no rows said: of the one data set with a time, its rows.)
    if (/^(most|fewest|least)$/.test(superlative) && said[0] === '' && this.timeColumnsOf.size === 1) return { by: null, tables: [...this.timeColumnsOf.keys()] };
    // ("Which month had the most signups": the rows counted by the time whose name the word begins,
    // `signup_date`.)
    if (/^(most|fewest|least)$/.test(superlative) && said[0] !== '' && said.length === 1) {
      const word = stem(said[0]!);
      const timed = [...this.timeColumnsOf].filter(([, columns]) => [...columns].some((column) => stem(humanWords(column).split(' ')[0]!) === word)).map(([table]) => table);
      if (timed.length > 0) return { by: null, tables: timed };
    }
    // ("The warmest on average": a measure the adjective implies, the beginning of a series'
    // measure's word. Only said of an average or a total: "which 5 years were the warmest" of
    // yearly rows ranks the rows, whose grain may already be the period; or of rows finer than the
    // period, which no row is: "which month is the windiest" of daily weather.)
    // (Of several, the one its extreme names too: "the coldest" of `temp_min` beside `temp_max`.)
    const implied = (impliedMeasures[superlative] ?? []).filter((word) => !extremeTerms.has(canonicalTerm(word) ?? word));
    const extremes = (impliedMeasures[superlative] ?? []).filter((word) => extremeTerms.has(canonicalTerm(word) ?? word));
    // (Not where other data's rows are such periods: "which 5 years were the warmest" of yearly
    // global temperatures beside daily weather ranks the years those rows are.)
    const finer = (table: string) => period !== undefined && this.rowsFinerThan(table, period) && !this.rowsArePeriods(period);
    const impliedFits = ({ words: own, table }: { words: string[]; table: string }) => (averaged || finer(table)) && own.some((word) => implied.some((start) => word.startsWith(start)));
    const impliedBy =
      implied.length === 0 ? undefined : (this.seriesRankedBy((series) => impliedFits(series) && series.words.some((word) => extremes.includes(word))) ?? this.seriesRankedBy(impliedFits));
    if (impliedBy) return impliedBy;
    if (!averaged) return undefined;
    // ("In which year was the s&p 500 highest on average": the data named between, whose one series
    // ranks by its measure.)
    if (subject !== undefined && words.replace(/\b(?:on|the|average|overall|in|total)\b/g, '').trim() === '') {
      const subjectStems = new Set(subject.split(/\s+/).map(stem));
      const named = new Set([...this.tableStemsOf].filter(([, own]) => own.length > 0 && own.every((part) => subjectStems.has(part) || /^\d+$/.test(part))).map(([table]) => table));
      const series = this.candidates.filter((candidate) => candidate.family === 'time_series' && named.has(candidate.table));
      const [measured] = this.seriesMeasures().filter(({ table }) => named.has(table));
      if (series.length === 1 && measured !== undefined) return { by: measured.measure, tables: [measured.table] };
    }
    return undefined;
  }

  private programColumnsOf: Map<string, Set<string>> | undefined;

  /** Per table, every column its programs read: worked out once. */
  private programColumns(): Map<string, Set<string>> {
    if (!this.programColumnsOf) {
      const columns = new Map<string, Set<string>>();
      for (const candidate of this.candidates) columns.set(candidate.table, new Set([...(columns.get(candidate.table) ?? []), ...candidate.columns]));
      this.programColumnsOf = columns;
    }
    return this.programColumnsOf;
  }

  private seriesMeasuresOf: { measure: string; table: string; words: string[] }[] | undefined;

  /** Whether some data's rows are periods of `period` (its series' finest period: yearly temperatures' years). */
  private rowsArePeriods(period: string): boolean {
    const rank = periodRank(period);
    return this.candidates.some((candidate) => finestPeriod(candidate) === rank);
  }

  /** Whether a table's series come in periods finer than `period` (its rows are days, the period a month): no row is such a period. */
  private rowsFinerThan(table: string, period: string): boolean {
    const rank = periodRank(period);
    return rank > 0 && this.candidates.some((candidate) => candidate.table === table && (finestPeriod(candidate) ?? rank) < rank);
  }

  /**
   * Each time series' measure (its `rank_by` column; of a series of any measure, each it chooses
   * among), its table and its words: worked out once.
   */
  private seriesMeasures(): { measure: string; table: string; words: string[] }[] {
    this.seriesMeasuresOf ??= this.candidates.flatMap((candidate) => {
      if (candidate.family !== 'time_series') return [];
      const measure = candidate.plans.find((plan) => plan.role === 'rank_by')?.column;
      const measures = typeof measure === 'string' ? [measure] : candidate.choices;
      return measures.map((one) => ({ measure: one, table: candidate.table, words: humanWords(one).split(' ') }));
    });
    return this.seriesMeasuresOf;
  }

  /** The first series' measure that `fits`, and every table whose series ranks by it. */
  private seriesRankedBy(fits: (series: { measure: string; table: string; words: string[] }) => boolean): { by: string; tables: string[] } | undefined {
    const found = this.seriesMeasures().filter(fits);
    if (found.length === 0) return undefined;
    const by = found[0]!.measure;
    return { by, tables: found.filter(({ measure }) => measure === by).map(({ table }) => table) };
  }


  /** Whether a word is what some data's rows are: its name, or what its columns say (`rowShapes`). */
  private rowsWord(word: string): boolean {
    return this.rowsTables(word).length > 0;
  }

  /** The tables whose rows a word names: by their name, or the shape of their columns (or its synonym's: "rides" of `bike_trips`). */
  private rowsTables(word: string): string[] {
    const wordStems = [stem(word), canonicalTerm(word)].filter((s): s is string => s !== null);
    const named = [...this.tableStemsOf].filter(([, stems]) => wordStems.some((s) => stems.includes(s))).map(([table]) => table);
    return [...named, ...wordStems.flatMap((s) => this.shapeNounTables.get(s) ?? [])];
  }

  private readonly numberLabelsOf = new Map<string, string[]>();

  /**
   * The labels a number said after names a column by (labelledNumbers in `rank`): every column's,
   * and a name's last word alone where no other column's name has it ("district 3" of
   * `Candidate_District`; not a period's: "year 2020" may be any date). Worked out once per table.
   */
  private numberLabels(table: string): string[] {
    let known = this.numberLabelsOf.get(table);
    if (known === undefined) {
      const labels = [...(this.columnLabels.get(table)?.keys() ?? [])];
      const lastWords = labels.flatMap((label) => {
        const last = label.split(' ').at(-1)!;
        return label.includes(' ') && last.length >= 5 && !periodWords.has(last) && labels.filter((other) => other.split(' ').includes(last)).length === 1 ? [last] : [];
      });
      known = [...labels, ...lastWords];
      this.numberLabelsOf.set(table, known);
    }
    return known;
  }

  /** Per table, the time columns its programs bound or count by. */
  private readonly timeColumnsOf = new Map<string, Set<string>>();
  /** Per table, the stems of the nouns its columns' shape says its rows are (rowShapes). */
  private readonly shapeNounsOf = new Map<string, Set<string>>();
  /** Those nouns' stems → the tables whose rows they are. */
  private readonly shapeNounTables = new Map<string, string[]>();

  /** Tables whose rows are people by their name (`employees`, `patients`): "people" names them too. */
  private readonly personTables = new Set<string>();
  /** Per table, the periods a series of its data can be counted in (`hour`, `day`, … `year`). */
  private readonly periodsOf = new Map<string, Set<string>>();

  /** The labels counts group by, of every table (`listedValues`). */
  private readonly countedGroupLabels: string[];

  /** Per table, the one text column its programs group by, when there is one (disasters' `entity`). */
  private readonly categoryColumns = new Map<string, string>();

  /** Per table, the columns a lookup program looks a row up by: one row per value. */
  private readonly keyColumns = new Map<string, Set<string>>();
  /** The stem of the thing a table's key names (`countr` of `country`), and the tables keyed by it. */
  private readonly rowNounTables = new Map<string, string[]>();

  /** The first words of every table's column labels ("user" of `user_id`): a code right after one is a value. */
  private readonly columnFirstWords: Set<string>;

  /** Per table, the terms of the columns its aggregates measure ("death" of `avg_deaths`). */
  private readonly measureTerms = new Map<string, Set<string>>();
  /** Per table, the terms of the columns an aggregate may choose to measure (a wide table's `construction`). */
  private readonly measureChoiceTerms = new Map<string, Set<string>>();
  /** Per table, the terms of the columns its rows are ranked by ("reb" of `TRB`, ranked or chosen to rank by). */
  private readonly rankedTerms = new Map<string, Set<string>>();
  /** Per table, its program of the rows (and a measure's total) per period on average. */
  private readonly periodAveragers = new Map<string, CandidateProfile>();
  /** The words of measures held as a least and a greatest column (`temp` of `temp_min_c`, `temp_max_c`). */
  private readonly pairedMeasureTerms = new Set<string>();

  /** Per table, whether it has a column of where things start (`origin`) and one of where they end (`destination`). */
  private readonly directionColumns = new Map<string, Set<'start' | 'end'>>();

  /** Per table, the columns of true and false some program filters by. */
  private readonly flagColumns = new Map<string, Set<string>>();
  /** Per data set, its flags of a thing's having been done (`has_completed_at`, `has_sold_date`): each one's label, a past participle ("completed"), and column. */
  private readonly presenceFlags = new Map<string, Map<string, string>>();

  /** Per table, a column of counts an aggregate sums (`count`, `n`, `frequency`): each row stands for that many of what the data counts. */
  private readonly weightColumns = new Map<string, string>();
  /** Every table's name stems, once per table. */
  private readonly tableStemLists: string[][];

  /** " life expect" followed by more letters of its last word: the label as the data shortens it. */
  private shortLabel(label: string): RegExp {
    let pattern = this.shortLabels.get(label);
    if (!pattern) {
      // (Not its superlative said of an average or a total: "the highest average closing price"
      // ranks averages and names no `high`, where "the highest price" of stocks is their `high`.)
      pattern = new RegExp(` ${escapeRegExp(label)}(?!(?:est|er) (?:average|avg|mean|median|total|sum|overall|combined) )[a-z]{2,} `);
      this.shortLabels.set(label, pattern);
    }
    return pattern;
  }

  private initials?: Set<string>;

  /**
   * Column names of one word of three or four letters with one vowel at most, which words seldom
   * are: initials (`adr`, `kwh`, `mrr`; not `year`, `rate` or `city`).
   */
  private initialed(): Set<string> {
    this.initials ??= new Set([...this.allLabels.values()].flatMap((labels) => [...labels.keys()].filter((label) => /^[a-z]{3,4}$/.test(label) && (label.match(/[aeiouy]/g) ?? []).length <= 1 && !stopWords.has(label) && canonicalTerm(label) === label)));
    return this.initials;
  }

  /**
   * The longest term of the programs' own words (4 letters or more, 3 fewer than the word at least;
   * 3 letters for a word of 8 or more: `mag` of "magnitude", `pop` of "population") that begins `term`.
   */
  private shortened(term: string): string | undefined {
    let best: string | undefined;
    for (let length = term.length - 3; length >= (term.length >= 8 ? 3 : 4); length -= 1) {
      const prefix = term.slice(0, length);
      if (this.structureTerms.has(prefix)) {
        best = prefix;
        break;
      }
    }
    return best;
  }

  private readonly shapes = new Map<number, { reads: Set<string>; shaped: Set<string>; tableLabel: string; measures: string[][] }>();

  /**
   * What a program reads (every column) and shapes its answer by (groups, ranks or
   * measures), and its table as words: worked out once per program, not per question.
   */
  private measureHeadsOf: Set<string> | undefined;

  /** The terms of the last words of the measures the programs total, average or rank by (`cost` of `unit_cost`). */
  private measureHeads(): Set<string> {
    this.measureHeadsOf ??= new Set(
      this.candidates.flatMap((candidate) => {
        const measure = candidate.measure ?? candidate.rankedColumn;
        const last = measure === null ? undefined : words(humanWords(measure)).at(-1);
        const term = last === undefined ? null : canonicalTerm(last);
        return term === null ? [] : [term];
      }),
    );
    return this.measureHeadsOf;
  }

  /** The columns some program of the table takes bounds of (its measures: "discount above 0.2"). */
  private readonly boundedColumns = remembered(
    (table) => new Set(this.candidates.filter((c) => c.table === table).flatMap((c) => c.plans.flatMap((plan) => ((plan.role === 'min' || plan.role === 'max') && plan.column !== null ? [plan.column] : [])))),
    10_000,
  );


  private shapeOf(candidate: CandidateProfile): { reads: Set<string>; shaped: Set<string>; tableLabel: string; measures: string[][] } {
    let shape = this.shapes.get(candidate.index);
    if (!shape) {
      // (A column filtered by its value's being there is filtered too: `has_sold_date` ranks nothing.)
      const filtered = new Set(candidate.plans.flatMap((plan) => (plan.column ? [plan.column] : plan.presence !== undefined ? [plan.presence] : [])));
      // (A series' time is bucketed as well as bounded: "per year" names the time it groups by; so
      // is an average per period's.)
      const bucketed = candidate.family === 'time_series' || averagesPeriods(candidate) ? candidate.columns[0] : undefined;
      const shaped = new Set([...candidate.columns.filter((column) => !filtered.has(column) || column === bucketed), ...candidate.groupBy]);
      // The columns it ranks, measures or ranges, as the index's terms ("adjusted co2" → adjust, co2).
      const measured = [...shaped, ...candidate.plans.filter((plan) => plan.role === 'min' || plan.role === 'max').flatMap((plan) => (plan.column ? [plan.column] : []))];
      shape = {
        reads: new Set([...candidate.columns, ...filtered]),
        shaped,
        tableLabel: foldValue(humanWords(candidate.table)),
        measures: [...new Set(measured)].map((column) => terms(humanWords(column))).filter((list) => list.length > 0),
      };
      this.shapes.set(candidate.index, shape);
    }
    return shape;
  }

  /**
   * A verb whose noun is a word of the programs ("adopted pets" of `pet_adoptions`, "deployed" of
   * deployments, "enrolled" of enrollments, "arrived" of arrivals): the data's own words, no value.
   */
  private verbOfName(term: string): boolean {
    return term.length >= 4 && nominalSuffixes.some((suffix) => this.structureTerms.has(`${term}${suffix}`));
  }

  /**
   * A word is one of the programs' terms, or a typo of a column's word: one edit in 5 letters or
   * more, two in 8 ("orgin" is origin; "country" is not count, two edits away). `onlyStructure`:
   * a word of the programs' own (names, columns, tables), not a data value; `typosOf`: the words a
   * typo is forgiven of, and in how many edits (every column's word by default).
   */
  /** Whether the word is, or implies, a measure the table's programs compute ("sales" of `total`). */
  private impliesAny(word: string, table: string): boolean {
    const terms = this.measureTerms.get(table);
    if (!terms) return false;
    return measureTermsOf(word).some((term) => terms.has(term));
  }

  /** Whether a word of one of the table's column labels is the word (by its stem). */
  /** Whether a column's name names the word as what it holds: its last word, or the word before an id, code, number, name or key. */
  private labelHeadSays(table: string, word: string): boolean {
    return [...(this.columnLabels.get(table)?.keys() ?? [])].some((label) => {
      const parts = label.split(' ');
      const head = parts.length >= 2 && /^(?:id|code|number|no|num|name|key)$/.test(parts.at(-1) ?? '') ? parts.at(-2) : parts.at(-1);
      return head !== undefined && stem(head) === stem(word);
    });
  }

  /** Whether a column's one-word name abbreviates the word ("team" of `Tm`, "position" of `Pos`: `synonyms`). */
  private labelAbbreviates(table: string, word: string): boolean {
    return [...(this.allLabels.get(table)?.keys() ?? [])].some((label) => !label.includes(' ') && abbreviates(word, label));
  }

  private labelSays(table: string, word: string): boolean {
    return [...(this.columnLabels.get(table)?.keys() ?? [])].some((label) => label.split(' ').some((part) => stem(part) === stem(word)));
  }

  /** A table named by the first part of its glued name ("wind" of `windvectors`, 4 letters and 40 % at least): that name's stem. */
  private gluedTableStem(word: string, wordStem: string): string | undefined {
    if (word.length < 4) return undefined;
    for (const tableStems of this.tableStemLists) {
      const named = tableStems.find((tableStem) => tableStem !== wordStem && tableStem.startsWith(word) && word.length >= 0.4 * tableStem.length);
      if (named) return named;
    }
    return undefined;
  }

  private readonly groupDirectionsOf = new Map<number, ('start' | 'end')[]>();

  /**
   * What names a column of the table as a grouping: its labels, and the thing a name or id column
   * names ("courier" of `courier_name`); not a key column (one row per value) nor a time column.
   */
  private groupNames(table: string): Set<string> {
    let names = this.groupNamesOf.get(table);
    if (names === undefined) {
      names = new Set<string>();
      for (const [label, column] of this.allLabels.get(table) ?? []) {
        if ((this.keyColumns.get(table)?.has(column) ?? false) || (this.timeColumnsOf.get(table)?.has(column) ?? false)) continue;
        names.add(label);
        const thing = identifiedThing(pathWords(column));
        if (thing !== null) names.add(thing);
      }
      this.groupNamesOf.set(table, names);
    }
    return names;
  }

  private readonly groupNamesOf = new Map<string, Set<string>>();

  /** Where the things a program groups by start or end (`origin`, `destination`): worked out once per program. */
  private groupDirections(candidate: CandidateProfile): ('start' | 'end')[] {
    let directions = this.groupDirectionsOf.get(candidate.index);
    if (directions === undefined) {
      directions = candidate.groupBy.map((label) => directionOf(label)).filter((d): d is 'start' | 'end' => d !== null);
      this.groupDirectionsOf.set(candidate.index, directions);
    }
    return directions;
  }

  private initialledColumns: { short: string; column: string; table: string }[] | undefined;

  /** Every column whose name's initials are three letters or more and no stop word ("mpg" of `Miles_per_Gallon`), with them. */
  private columnInitials(): { short: string; column: string; table: string }[] {
    this.initialledColumns ??= [...this.allLabels].flatMap(([table, labels]) =>
      [...labels].flatMap(([label, column]) => {
        const short = initials(label);
        return short !== null && short.length >= 3 && !stopWords.has(short) ? [{ short, column, table }] : [];
      }),
    );
    return this.initialledColumns;
  }

  private chosenMeasures: Set<string> | undefined;

  /** The terms of the measures aggregates choose among (`column` slots), their words and their initials ("mpg"); no period's word. */
  private chosenMeasureTerms(): Set<string> {
    this.chosenMeasures ??= new Set(
      this.candidates
        .filter((candidate) => candidate.family === 'aggregate')
        .flatMap((candidate) => candidate.choices)
        .flatMap((column) => {
          const label = foldValue(humanWords(column));
          const short = initials(label);
          return [...terms(label), ...(short !== null && short.length >= 3 ? [short] : [])];
        })
        .filter((term) => !periodWords.has(term)),
    );
    return this.chosenMeasures;
  }

  private participleLabels: Map<string, string> | undefined;

  /**
   * "Which product has the best reviews", "which category gets the worst reviews": the best or the
   * worst of a data set's rows, said of a thing asked for with "which", is their rating — the one
   * column of ratings or stars that data has. Written so ("… the best reviews rating"), the things
   * are ranked by it, as "the best rating" ranks them, not single reviews.
   */
  private rowsQuality(question: string): string {
    return question.replace(/^(\s*which\s+[a-z]+(?:\s+[a-z]+)?\s+(?:has|have|had|gets|get|got|receives|received|earns|earned)\s+(?:the\s+)?(?:best|worst)\s+)([a-z]+)(?=\s*[?.!]*\s*$)/i, (whole, _before: string, rows: string) => {
      const word = rows.toLowerCase();
      const named = [...this.tableStemsOf.keys()].filter((table) => this.namesData(table, word));
      const ratings = named.flatMap((table) => [...(this.columnLabels.get(table)?.values() ?? [])].filter((label) => /(?:^| )(?:rating|stars)$/.test(label)));
      return ratings.length === 1 ? `${whole} ${ratings[0]}` : whole;
    });
  }

  /**
   * A measure said as a verb's past participle of the rows ("flights that were delayed", "delayed
   * flights", "discounted orders"): that measure above zero, written out as a bound ("… delayed,
   * delay over 0"); "not delayed" is at most zero. Only of a one-word numeric column whose values
   * reach zero or below and above it (a `delay` of -20 to 99), which some program bounds, and not
   * where the participle is already bounded ("delayed by more than 30 minutes") or ranked ("the most
   * delayed").
   */
  private participleBounds(question: string): string {
    this.participleLabels ??= new Map(
      this.candidates.flatMap((candidate) =>
        candidate.plans.flatMap((plan) => {
          const { observed_minimum: low, observed_maximum: high } = plan.slot;
          const label = plan.column === null ? '' : foldValue(humanWords(plan.column));
          const numeric = (plan.slot.type === 'integer' || plan.slot.type === 'number') && typeof low === 'number' && typeof high === 'number';
          return (plan.role === 'min' || plan.role === 'max') && numeric && low <= 0 && high > 0 && /^[a-z]{3,}$/.test(label) ? [[stem(label), label] as const] : [];
        }),
      ),
    );
    if (this.participleLabels.size === 0) return question;
    let added = '';
    for (const said of question.matchAll(/\b([a-z]{3,}ed)\b/gi)) {
      const word = said[1]!.toLowerCase();
      // (Or the noun of the verb: "renewed" of `renewals`.)
      const label = this.participleLabels.get(stem(word)) ?? [...this.participleLabels].find(([labelStem]) => labelStem.startsWith(stem(word)) && deverbalTail.test(labelStem.slice(stem(word).length)))?.[1];
      if (label === undefined || label === word) continue;
      const before = question.slice(0, said.index).toLowerCase();
      const after = question.slice(said.index + said[0].length).toLowerCase();
      // (Not "at" a place: "renewed at Central".)
      if (/\b(?:most|least|more|less|the)\s+$/.test(before) || /^\s+(?:by|more|less|over|under|above|below|at\s+(?:least|most)|than|between|for)\b/.test(after)) continue;
      added += /\b(?:not|never|n't)\s+(?:been\s+)?$|n't\s+(?:been\s+)?$/.test(before) ? `, ${label} at most 0` : `, ${label} over 0`;
    }
    // ("Trips that had an incident", "with any incidents", "had no incidents": a count of things
    // each row has, said as having one or none.)
    // (Written as the bound in its place: "had no incidents" would read as a negated value.)
    // ("Had no incidents", "never had a hurricane" are read as none where they are said.)
    const had = question.replace(/\b(had|has|have|having|with|without|involved|involving)\s+(?:(a|an|any|some|one or more|at least one)\s+)?([a-z]{3,})\b(?!\s+(?:of|over|under|above|below|more|less|at|than|between)\b)/gi, (whole, verb: string, _many: string | undefined, noun: string, at: number) => {
      const label = this.participleLabels?.get(stem(noun.toLowerCase()));
      if (label === undefined || /\b(?:not|never|no)\s+(?:\w+\s+)?$|n't\s+(?:\w+\s+)?$/i.test(question.slice(0, at))) return whole;
      return verb.toLowerCase() === 'without' ? `with ${label} at most 0` : `${verb} ${label} over 0`;
    });
    return added === '' ? had : `${had.replace(/\s*[?.!]+\s*$/, '')}${added}`;
  }

  /**
   * A state still to come ("reports waiting for approval", "awaiting review", "pending payment",
   * "yet to be shipped") is not that state yet: written as "not approved", which a program reads as
   * its time of approval left empty, or refuses. The noun's value ("Approved" of a `status`) had
   * answered, the very rows not asked for. Only where the data knows the state's participle
   * (`approved_at`, a status "Approved"), and the phrase itself is no value ("Pending Approval").
   */
  private awaitedStates(question: string): string {
    return question.replace(/\b(?:still\s+)?(?:waiting\s+(?:for|on|to\s+be)|awaiting|pending|yet\s+to(?:\s+be|\s+get)?|still\s+to\s+be)\s+(?:the\s+|an?\s+|their\s+|its\s+|his\s+|her\s+)?([a-z]{4,})\b/gi, (phrase: string, noun: string) => {
      if ([...this.tables.values()].some((values) => values.isValueText(foldValue(phrase)))) return phrase;
      const lower = noun.toLowerCase();
      const base = lower.replace(/(?:ation|ion|ment|al|ure|ing)$/, '');
      // (The participle said, or made of the noun: approval → approved, shipment → shipped, payment → paid, review → reviewed.)
      const doubled = /^[^aeiou]*[aeiou][^aeiouwxy]$/.test(base) ? [`${base}${base.at(-1)}ed`] : [];
      const forms = [pastForms[lower], pastForms[base], /ed$/.test(lower) ? lower : undefined, ...doubled, `${base}ed`, `${base}d`, /y$/.test(lower) ? lower.replace(/y$/, 'ied') : undefined, `${lower}ed`, `${lower}d`];
      // (The very word, a column's or a value's: "pending listings" names no "listingsed".)
      const state = forms.find((form): form is string => form !== undefined && form.length >= 4 && (this.columnWords.has(form) || [...this.tables.values()].some((values) => values.isValueText(form))));
      return state === undefined ? phrase : `not ${state}`;
    });
  }


  /**
   * Rows said to be free ("how many enrollments were free", "free enrollments", "enrolled for
   * free", "free of charge", "at no cost"): what was paid for them is nothing, written out as a
   * bound ("… costing $0 or less"), which a program bounding a price takes. Only where some program
   * bounds a column of money (price, cost, fee, amount, paid, charge, fare) and no data holds "free",
   * as a value ("the free plan" of a `plan` holding "Free") or in a column's name (`is_free`).
   */
  private freeOfCharge(question: string): string {
    if (!/\bfree\b|\bno\s+(?:cost|charge)\b/i.test(question)) return question;
    this.pricesBounded ??=
      this.candidates.some((candidate) => candidate.plans.some((plan) => (plan.role === 'min' || plan.role === 'max') && plan.column !== null && moneyColumn.test(` ${foldValue(humanWords(plan.column))} `))) &&
      ![...this.tables.values()].some((table) => table.isValueText('free')) &&
      ![...this.allLabels.values()].some((labels) => [...labels.keys()].some((label) => label.split(' ').includes('free')));
    if (!this.pricesBounded) return question;
    const costing = 'costing $0 or less';
    return question
      .replace(/\b(?:(?:for|as)\s+free|free\s+of\s+charge|at\s+no\s+(?:cost|charge))\b/gi, () => costing)
      .replace(/\b(is|are|was|were|be|been|being)\s+free\b(?!\s+(?:of|from|to|for|text|form)\b)/gi, (_whole, copula: string) => `${copula} ${costing}`)
      .replace(/\bfree\s+([a-z]+)\b/gi, (whole, noun: string) => ([...this.tableStemsOf.keys()].some((table) => this.namesData(table, noun.toLowerCase())) ? `${noun} ${costing}` : whole));
  }

  private pricesBounded: boolean | undefined;

  /**
   * "Total orders by courier", "the total flights per airline": the total of the rows a data set's
   * name says is how many there are, written out as "number of …" (a count), not a sum of a column
   * whose name holds the word (`order_total`). Not where a column counts those things itself
   * (`orders`, `order_count`, `num_orders`: "total orders" sums it) or is named so whole
   * (`total_orders`), nor of a word of worth ("total sales", see `ownWorth`).
   */
  private totalRows(question: string): string {
    return question.replace(/\b(total|overall)(\s+)(?:number\s+of\s+)?([a-z]+s)\b(?!\s+(?:value|amount|cost|price|revenue|spend|worth)s?\b)/gi, (whole, _total: string, space: string, noun: string) => {
      const word = noun.toLowerCase();
      if (worthWords.has(word) || /ss$/.test(word)) return whole;
      const nounStem = stem(word);
      if (![...this.tableStemsOf.keys()].some((table) => this.namesData(table, word, nounStem))) return whole;
      const counts = [...this.allLabels.values()].some((labels) =>
        [...labels.keys()].some((label) => {
          const stems = label.split(' ').map((one) => stem(one));
          const at = stems.indexOf(nounStem);
          if (at < 0) return false;
          const others = stems.filter((_, index) => index !== at);
          return others.length === 0 || others.every((one) => countWordStems.has(one)) || (at > 0 && stems[at - 1] === totalStem);
        }),
      );
      return counts ? whole : `number of${space}${noun}`;
    });
  }

  /** The terms of a table's programs' own texts: names, questions, examples, descriptions, columns. */
  private readonly tableTerms = remembered(
    (table) => new Set(this.candidates.filter((c) => c.table === table).flatMap((c) => (['name', 'question', 'examples', 'description', 'columns'] as const).flatMap((field) => terms(c.document[field])))),
    10_000,
  );

  /** The columns a table's aggregates compute: each one's measure, and every column a `column` slot of one chooses. */
  private readonly computedColumns = remembered(
    (table) => new Set(this.candidates.filter((c) => c.table === table && c.family === 'aggregate').flatMap((c) => [...(c.measure === null ? [] : [c.measure]), ...c.choices])),
    10_000,
  );

  /** Whether the programs know a word only among their data's values ("capital" of a company "Blue Capital"). */
  private valueOnlyTerm(word: string): boolean {
    const term = canonicalTerm(word);
    return term !== null && this.valueOnlyTerms.has(term);
  }

  /** Whether a word of five letters or more is one edit from a word of a data set's name (its plural's s aside). */
  private dataNameTypo(word: string): boolean {
    if (word.length < 5) return false;
    const single = word.replace(/s$/, '');
    return [...this.tableStemsOf.keys()].some((table) => words(humanWords(table)).some((part) => part.length >= 5 && editDistance(single, part.replace(/s$/, ''), 1) <= 1));
  }

  private knows(word: string, options: { onlyStructure?: boolean; typosOf?: { words: Iterable<string>; edits: number } } = {}): boolean {
    if (peopleWords.has(word) && this.personTables.size > 0) return true;
    if (this.shapeNounTables.has(stem(word))) return true;
    // ("The wind speed" of `windvectors`: the first part of a data set's glued name.)
    if (this.gluedTableStem(word, stem(word)) !== undefined) return true;
    // ("Which 5 hours had the highest count", "the highest hourly count" of hourly counts: a period
    // some data's time is counted in is a word of that data.)
    const period = periodWords.get(word);
    if (period !== undefined && [...this.periodsOf.values()].some((periods) => periods.has(period))) return true;
    const term = canonicalTerm(word);
    if (term === null || (options.onlyStructure ? this.structureTerms : this.vocabulary).has(term) || this.verbOfName(term)) return true;
    // A column's word as the data shortens it ("significance" of `sig`, "magnitude" of `mag`).
    if (term.length >= 7 && this.shortened(term) !== undefined) return true;
    if (word.length < 5) return false;
    const allowed = options.typosOf?.edits ?? (word.length >= 8 ? 2 : 1);
    for (const known of options.typosOf?.words ?? this.columnWords) if (Math.abs(known.length - word.length) <= allowed && editDistance(word, known, allowed) <= allowed) return true;
    return false;
  }

  /**
   * The question with each ranking word ("best", "top", "most", "last") of a column's name of two
   * words or more, said whole, blanked to letters of the same length (spans stay where they are).
   */
  private rankingWordsInLabels(text: string): string {
    if (this.rankingLabels.length === 0 || !rankingWord.test(text)) return text;
    let out = text;
    for (const said of this.rankingLabels) out = out.replace(said, (whole) => whole.replace(rankingWords, (word) => 'x'.repeat(word.length)));
    return out;
  }

  /**
   * "List all the cuisines", "which departments are there": the values of a column some program
   * groups by, each with its rows counted (`count per cuisine`), not the rows of the data listed.
   * The plural must be a column's label and no data set's name ("list all recipes" lists them).
   */
  private listedValues(question: string): string {
    const asked = /^\s*(?:list|show(?: me)?|give me|what are|which|name)\s+(?:all\s+)?(?:of\s+)?(?:the\s+)?(?:different\s+|distinct\s+|unique\s+|possible\s+|various\s+)?([a-z]+(?:\s+[a-z]+)?)\s*(?:are there|are in the data|do we have|exist|are available|are listed|there are)?\s*[?.!]*\s*$/i.exec(question);
    const phrase = asked?.[1]?.toLowerCase();
    if (!phrase || !/s$/.test(phrase)) return question;
    const stems = phrase.split(' ').map((word) => stem(word));
    if (stems.length === 1 && this.tableStemLists.some((tableStems) => tableStems.includes(stems[0]!))) return question;
    const sameWords = (label: string) => {
      const words = label.split(' ');
      return words.length === stems.length && words.every((word, index) => stem(word) === stems[index]);
    };
    const label = this.countedGroupLabels.find(sameWords);
    return label === undefined ? question : `count per ${label}`;
  }

  /**
   * A count of a data set's own rows without its "in total" or "altogether" ("how many exams were
   * taken in total"): the words total nothing there, and "total" had drawn the question to programs
   * of totals. ("How many people died in total" of disasters keeps it: the people are a measure's.)
   */
  private countSaidWhole(question: string): string {
    const counted = /\b(?:how many|number of)\s+([a-z]+)/i.exec(question)?.[1]?.toLowerCase();
    if (counted === undefined || !this.tableStemLists.some((stems) => stems.includes(stem(counted)))) return question;
    return question.replace(/\s*\b(?:in total|altogether|all together|all told)\b/gi, '');
  }

  /**
   * A word a column's name of 3 letters shortens, said whole ("the average return" of `ret`, "the
   * total salary" of `sal`): written as the column's name, when the data knows the word no other
   * way (the generator's own wording, "the most rows to return", is no word of the data). Longer
   * names are found by their words' beginnings in retrieval (`shortened`).
   */
  private shortLabelWords(question: string): string {
    if (this.threeLetterLabels.length === 0) return question;
    return question.replace(/(?<![\p{L}\p{N}])\p{Ll}{6,7}(?![\p{L}\p{N}])/gu, (word) => {
      const term = canonicalTerm(word);
      if (term === null || stopWords.has(word) || (this.vocabulary.has(term) && !this.describedOnly.has(term))) return word;
      return this.threeLetterLabels.find((label) => word.startsWith(label)) ?? word;
    });
  }

  /**
   * A period's adjective that is no period asked for (it was read as a series of every hour): one
   * that is part of a data set's name, said beside another word of it ("the average temperature in
   * the seattle hourly normals" of `seattle_weather_hourly_normals`), or one that describes the
   * rows counted ("how many monthly co2 measurements are there"). It is left out.
   */
  private periodWordsOfNames(question: string): string {
    const named = (word: string | undefined, other: string) => word !== undefined && this.tableStemLists.some((stems) => stems.includes(stem(word)) && stems.includes(stem(other)));
    let text = question.replace(/\b(hourly|daily|weekly|monthly|quarterly|yearly|annual)(\s+)(?=([a-z]+))/gi, (whole, adjective: string, space: string, next: string, at: number) => {
      const before = /([a-z]+)\s+$/i.exec(question.slice(0, at))?.[1];
      return named(before?.toLowerCase(), adjective.toLowerCase()) || named(next.toLowerCase(), adjective.toLowerCase()) ? '' : adjective + space;
    });
    // ("Per census year", "by fiscal quarter", "each trading day": the period, its kind unsaid, where
    // no data knows the kind's word.)
    text = text.replace(/\b(per|by|each|every)\s+(census|fiscal|calendar|financial|school|academic|tax|trading|business|working|reporting|survey|model)\s+(?=(?:hour|day|week|month|quarter|year)s?\b)/gi, (whole, before: string, kind: string) => (this.knows(kind.toLowerCase()) ? whole : `${before} `));
    // ("How many monthly co2 measurements": the rows counted, whichever words describe them. Not a
    // value of the data, "how many annual subscriptions" of a `billing_cycle`: that is a filter.)
    text = text.replace(/\b(how many\s+(?:different\s+|distinct\s+)?)(hourly|daily|weekly|monthly|quarterly|yearly|annual)\s+(?=[a-z])/gi, (whole, counting: string, adjective: string) =>
      [...this.tables.values()].some((table) => table.isValueText(adjective.toLowerCase())) ? whole : counting,
    );
    return text;
  }

  /**
   * A period's adverb that is a value of some data ("how many customers pay monthly" of a
   * `billing_cycle` holding "monthly"; "pay annually" of one holding "annual"): that value, a
   * filter, no series of the period. Not when the question has another cue of a series ("per
   * month", "over time"), nor when it names a data set that holds no such value ("how many flights
   * monthly").
   */
  /** See `qualifiesRows` in `rank`: the chosen column's thing said after the data's rows and a preposition, and asked no other way. */
  private qualifiesRows(table: string, column: string, qWords: readonly QuestionWord[], lower: string, groupCue: readonly string[], countedWord: string | undefined): boolean {
    const noun = identifiedThing(pathWords(column)) ?? foldValue(humanWords(column)).split(' ').at(-1);
    if (noun === undefined || groupCue.some((cue) => cue === noun || cue.endsWith(` ${noun}`)) || (countedWord !== undefined && stem(countedWord) === stem(noun))) return false;
    const at = qWords.findIndex((word) => word.stem === stem(noun));
    const said = qWords[at];
    if (at <= 0 || said === undefined) return false;
    const tableStems = this.tableStemsOf.get(table) ?? [];
    return qWords.slice(0, at).some((word) => tableStems.includes(word.stem)) && /\b(?:from|of|by|for|with)\s+(?:[a-z]+\s+){0,2}$/.test(lower.slice(0, said.span[0]));
  }

  private heldPeriodValue(parsed: ParsedQuestion): void {
    if (parsed.interval === null) return;
    const said = parsed.lower.slice(...parsed.interval.span);
    const forms = heldPeriodForms[said];
    if (forms === undefined) return;
    const holders = [...this.tables].filter(([, values]) => forms.some((form) => values.isValueText(form))).map(([table]) => table);
    if (holders.length === 0) return;
    const rest = parsed.lower.slice(0, parsed.interval.span[0]) + ' ' + parsed.lower.slice(parsed.interval.span[1]);
    if (seriesCue.test(rest)) return;
    const stems = new Set(questionWords(parsed.lower).map((word) => word.stem));
    if ([...this.tableStemsOf].some(([table, tableStems]) => !holders.includes(table) && tableStems.some((tableStem) => stems.has(tableStem)))) return;
    parsed.interval = null;
    parsed.families.delete('time_series');
  }

  /**
   * A day said as a value some data holds, with no preposition of time before it ("next day
   * shipments" of a service level `next_day`, "same day delivery"): the value, not a date (it had
   * been refused as a day past the data).
   */
  private heldDateValues(parsed: ParsedQuestion): void {
    parsed.dates = parsed.dates.filter(({ span }) => {
      const said = foldValue(parsed.lower.slice(...span));
      if (!/[a-z]/.test(said) || /\b(?:in|on|at|during|since|from|after|before|until|till|through|by|of|for|between)\s+(?:the\s+)?$/.test(parsed.lower.slice(0, span[0]))) return true;
      return ![...this.tables.values()].some((values) => values.isValueText(said));
    });
  }

  /**
   * A value or a column's name in quotes as it is ("deaths from 'other' causes" of `other`, "the
   * “Pending” orders"): quotes mark a search term, but a value or a name said whole was refused as
   * a term no search takes. Other quoted words stay a search term ('search cars for "ford"').
   */
  /**
   * A name written as capitalized words joined by a dash ("Atlas Logistics - Premium Support
   * Renewal", a deal named for its account, its product and its kind) is one value, as if it were
   * quoted, where it is no known value and one of its parts is none either: the values it holds
   * ("Atlas Logistics" of the accounts, "Premium Support" of the products) had each filtered, and the
   * rest ("Renewal") was dropped without a word (trial 22). A name whose every part is a known value
   * ("Paris - London") is left to the values.
   */
  /**
   * A verb and its particle said apart that the data writes as one word ("how many users signed up"
   * of an event `signup`, "logged in" of `login`, "checked out" of `checkout`): that word, where a
   * value or a column's name is it.
   */
  private joinedVerbs(question: string): string {
    if (!/\b(?:up|in|out|off|on|back|over)s?\b/i.test(question)) return question;
    return question.replace(/\b([a-z]{2,})[\s-]+(up|in|out|off|on|back|over)s?\b/gi, (said: string, word: string, particle: string) => {
      // (The verb's stem: "signed" sign, "logged" log, "checking" check, "drops" drop.)
      const verb = word.toLowerCase().replace(/(?:ed|ing|s)$/, '').replace(/([bdglmnprt])\1$/, '$1');
      const joined = `${verb}${particle.toLowerCase()}`;
      const known = (word: string) => [...this.tables.values()].some((values) => values.isValueText(word)) || [...this.allLabels.values()].some((labels) => labels.has(word));
      return known(joined) || known(`${joined}s`) ? joined : said;
    });
  }

  /**
   * Words joined by hyphens that are a column's name, written as its words ("profit by sub-category"
   * of `Sub-Category`, "e-mail" of `e_mail`): the question's cues read words of letters, and "sub"
   * alone had been the grouping asked for. Not where the joined words are a value of the data.
   */
  private hyphenedLabels(question: string): string {
    if (!question.includes('-')) return question;
    return question.replace(/\b[\p{L}\d]+(?:-[\p{L}\d]+)+\b/gu, (joined: string) => {
      const spaced = foldValue(joined);
      const named = [...this.allLabels.values()].some((labels) => [...labels.keys()].some((label) => ` ${label} `.includes(` ${spaced} `)));
      return named && ![...this.tables.values()].some((values) => values.isValueText(spaced)) ? joined.replace(/-/g, ' ') : joined;
    });
  }

  private dashedNames(question: string): string {
    return question.replace(titledRun, (run: string, offset: number) => {
      // (Not inside quotes, which say where a value begins and ends already.)
      if ((question.slice(0, offset).match(/["“”«»]/g)?.length ?? 0) % 2 === 1) return run;
      const words = run.split(/\s+/);
      // (A question's first word is capitalized anyway: "Show Atlas Logistics - …".)
      const start = offset === 0 || /^\s*$/.test(question.slice(0, offset)) ? words.findIndex((word) => !stopWords.has(word.toLowerCase())) : 0;
      const name = words.slice(Math.max(start, 0)).join(' ');
      const parts = name.split(/\s+[-–—]\s+/);
      if (parts.length < 2 || parts.some((part) => part === '') || name.split(/\s+/).filter((word) => !/^[-–—]$/.test(word)).length < 3) return run;
      const known = (text: string) => [...this.tables.values()].some((values) => values.isValueText(foldValue(text)));
      if (known(name) || parts.every(known)) return run;
      return `${words.slice(0, Math.max(start, 0)).map((word) => `${word} `).join('')}"${name}"`;
    });
  }

  private unquotedValues(question: string): string {
    return question.replace(/(^|[\s([])(['"‘“«])([^'"‘’“”«»]{1,80}?)(['"’”»])(?=[\s?.,!;:)\]]|$)/g, (whole, before: string, _open: string, inner: string) =>
      [...this.tables.values()].some((table) => table.isValueText(foldValue(inner))) || [...this.allLabels.values()].some((labels) => labels.has(foldValue(inner))) ? before + inner : whole,
    );
  }

  /**
   * A word no data knows that ends a data set's name, written whole ("how many quakes" of
   * earthquakes, "cards" of scorecards): people clip compounds to their last part. So is a place's
   * adjective of a data set named by the place.
   */
  private clippedTableWords(question: string): string {
    question = this.tableInitials(question);
    return question.replace(/(?<![\p{L}\p{N}])\p{Ll}{4,}(?![\p{L}\p{N}])/gu, (word) => {
      const wordStem = stem(word);
      if (wordStem.length < 4 || this.knows(word)) return word;
      for (const stems of this.tableStemLists) {
        const whole = stems.find((tableStem) => tableStem.length - wordStem.length >= 3 && tableStem.endsWith(wordStem));
        if (whole) return whole.slice(0, whole.length - wordStem.length) + word;
      }
      // (A place's adjective names the data named by the place: "the crimean war data" of `crimea`.)
      const place = /^(\p{Ll}{4,}?)(?:i?an|ese)$/u.exec(word)?.[1];
      if (place !== undefined) {
        for (const stems of this.tableStemLists) {
          const named = stems.find((tableStem) => tableStem === stem(place) || tableStem === stem(`${place}a`) || tableStem === stem(`${place}y`));
          if (named) return named === stem(place) ? place : stem(`${place}a`) === named ? `${place}a` : `${place}y`;
        }
      }
      return word;
    });
  }

  /**
   * A data set named by its name's initials ("PRs" of pull requests, "po" of purchase orders), a
   * word no data knows otherwise: written as the name. Initials two data sets share ("pr" of pull
   * requests and product reviews) name the one whose columns the question names ("which repo gets
   * the most PRs"), or none.
   */
  private tableInitials(question: string): string {
    const initialled = (this.initialledTables ??= [...this.tableStemsOf.keys()].flatMap((table) => {
      const name = words(humanWords(table)).filter((word) => !/^\d+$/.test(word));
      const short = name.length >= 2 && name.length <= 4 ? name.map((word) => word[0]).join('') : '';
      return short.length >= 2 ? [{ table, short, name: name.join(' ') }] : [];
    }));
    if (initialled.length === 0) return question;
    const qWords = questionWords(question);
    const said = new Set(qWords.map((word) => word.stem));
    return question.replace(/(?<![\p{L}\p{N}])([A-Za-z]{2,4}?)(s?)(?![\p{L}\p{N}])/gu, (whole, letters: string, _plural: string, at: number) => {
      const word = letters.toLowerCase();
      // (Only the initials of some data set are looked at further: most short words are none.)
      const named = initialled.filter((one) => one.short === word);
      if (named.length === 0 || stopWords.has(whole.toLowerCase()) || shortWords.has(word) || this.knows(whole.toLowerCase()) || (whole !== word && this.knows(word))) return whole;
      // (Not after a number: "at 5 pm", "3 mb".)
      if (/\d\s*$/.test(question.slice(0, at))) return whole;
      // (Its own: a word of a column's name no other of them has, or a value of its own.)
      const labelsOf = (table: string) => [...(this.columnLabels.get(table)?.values() ?? [])];
      const ownColumn = (one: (typeof named)[number]) => labelsOf(one.table).some((label) => words(label).some((part) => part.length >= 3 && said.has(stem(part)) && !named.some((other) => other !== one && labelsOf(other.table).some((otherLabel) => words(otherLabel).includes(part)))));
      const ownValue = (one: (typeof named)[number]) => (this.tables.get(one.table)?.mentions(qWords, question) ?? []).some((mention) => !mention.part && !named.some((other) => other !== one && this.tables.get(other.table)?.isValueText(foldValue(question.slice(...mention.span)))));
      const owning = named.length > 1 ? named.filter((one) => ownColumn(one) || ownValue(one)) : named;
      const chosen = owning.length === 1 ? owning[0] : undefined;
      return chosen === undefined ? whole : chosen.name;
    });
  }

  private initialledTables: { table: string; short: string; name: string }[] | undefined;

  /**
   * Names the data writes as one word and people as two ("S&P 500" for `sp500`, "CO 2" for `co2`,
   * "COVID-19" for `covid19`): glued when the glued word is a term of the programs, and only then
   * ("top 5", "in 2005" stay as they are).
   */
  private joinCompounds(question: string): string {
    return question.replace(/(?<![\p{L}\p{N}])(\p{L}{1,8})(?:\s*&\s*(\p{L}{1,8}))?(?:[\s-]?(\d{1,4}))?(?![\p{L}\p{N}])/gu, (whole: string, a: string, b?: string, digits?: string) => {
      if (!b && !digits) return whole;
      const letters = a + (b ?? '');
      const known = (word: string) => {
        const term = canonicalTerm(word.toLowerCase());
        return term !== null && this.vocabulary.has(term);
      };
      if (known(letters + (digits ?? ''))) return letters + (digits ?? '');
      if (b && known(letters)) return digits ? `${letters} ${digits}` : letters;
      return whole;
    });
  }

  /**
   * Words that look like a data value no list holds (DataValues keep a column's top values only):
   * proper-noun-like runs and words after "in/for/of/from", minus anything already read as a date,
   * number, term or limit, stop words, and words the programs, columns or table names use. A
   * lower-case word must also be unknown to the whole index (values and examples included).
   */
  private unlistedValues(parsed: ParsedQuestion, spans: Span[]): { span: Span; proper: boolean }[] {
    const out: { span: Span; proper: boolean }[] = [];
    for (const token of parsed.valueTokens) {
      if (spans.some(([s, e]) => token.span[0] < e && token.span[1] > s)) continue;
      const tokenTerms = words(token.value).map((w) => canonicalTerm(w));
      if (tokenTerms.length === 0 || tokenTerms.some((t) => t === null || /^\d/.test(t))) continue;
      const known = (t: string | null) => t !== null && (this.structureTerms.has(t) || (!token.proper && (this.vocabulary.has(t) || this.verbOfName(t))));
      // ("The average length of stay": a word for a measure some data has — nights — is no value.)
      const implied = (word: string) => !token.proper && (impliedMeasures[word] ?? []).some((measure) => this.vocabulary.has(canonicalTerm(measure) ?? ''));
      if (tokenTerms.every(known) || words(token.value).every(implied)) continue;
      out.push({ span: token.span, proper: token.proper });
    }
    return out;
  }
}

/** Capitalized words joined by a dash between spaces: "Atlas Logistics - Premium Support Renewal". */
const titledRun = /(?<![\p{L}\p{N}"'])\p{Lu}[\p{L}\p{N}'&.-]*(?:\s+(?:[-–—]\s+)?\p{Lu}[\p{L}\p{N}'&.-]*)*/gu;

/** The last word of a column's name that gives its unit, not what it measures. */
// (Not `min`, `max`: `temp_min` is a minimum, not minutes.)
// (And a nutrient's grams or milligrams, a volume's millilitres, energy's kilocalories: `protein_g`, `sodium_mg`, `volume_ml`, `energy_kcal`.)
const unitSuffix = /^(?:usd|eur|gbp|jpy|chf|cad|aud|km|mi|miles|kg|g|mg|ml|kcal|lb|lbs|mins|sec|secs|ms|hr|hrs|pct|percent|kwh|mwh|mph|kmh|kph|cm|mm|ft)$/;

// Words that make a question a ranking, as a column's name may hold them (`personal_best`, `top_speed`).
const rankingWord = /\b(?:best|worst|top|bottom|most|least|highest|lowest|first|last|max|min|maximum|minimum|fastest|slowest|longest|shortest)\b/i;
const rankingWords = new RegExp(rankingWord.source, 'gi');

// Words asking for a figure of any data, no attribute of a thing ("what is the share of …").
/** Words that join a data set's name's parts: what its rows are, and what they are of ("unemployment across industries"). */
const namePrepositions = new Set(['across', 'by', 'per', 'of', 'in', 'for', 'among', 'between', 'with', 'from', 'on', 'at']);

const attributeWords = new Set(['number', 'amount', 'value', 'values', 'percentage', 'percent', 'proportion', 'share', 'ratio', 'fraction', 'breakdown', 'distribution', 'list', 'trend', 'median', 'maximum', 'minimum', 'range', 'spread', 'majority', 'details', 'kind', 'kinds', 'types', 'sort', 'difference', 'change', 'growth', 'rest', 'most', 'least', 'first', 'last', 'best', 'worst', 'name', 'names']);

// A grouping by a period of time: a year, a month, a date.
const periodLabel = /(?:^|\s)(?:year|month|quarter|week|date|day)s?$/;

// How often, said of a kind ranked by its count ("the most common type of death"): no attribute.
const howOftenWords = new Set(['common', 'frequent', 'popular', 'usual', 'typical', 'prevalent']);

// Superlatives that rank by whatever the question or the program names ("the highest rate", "the
// cheapest flight", "the busiest station"), no quality of their own.
const generalSuperlatives = new Set(['highest', 'lowest', 'largest', 'smallest', 'biggest', 'greatest', 'latest', 'earliest', 'newest', 'fewest', 'busiest', 'quietest', 'nearest', 'closest', 'furthest', 'farthest', 'cheapest', 'priciest', 'costliest', 'dearest', 'commonest', 'rarest', 'hottest', 'coldest']);

// Words for the rows of any data that are no stop words ("how many items", "how many points have a
// speed above 10"; "records", "rows" and "entries" are stop words, known to every router). Counted,
// they are no word the data must know; a column of points is still a column.
const rowWords = new Set(['item', 'items', 'point', 'points', 'measurement', 'measurements', 'sample', 'samples']);


/** The months of the year asked for, over the years: "month of the year", "calendar month", "which month … on average". */
const monthOfYear = /\b(?:months? of (?:the )?year|calendar months?|(?:which|what) month\b(?=.*\b(?:on average|typically|usually|normally|tends? to)\b))/;

// A column's label that holds money: a price, a cost, an amount, a sum in a currency.
const moneyLabel = / (?:price|prices|cost|costs|amount|amt|total|revenue|sales|gross|income|earnings|profit|salary|salaries|wage|wages|pay|payment|payments|fee|fees|fare|fares|spend|spent|budget|charge|charges|tip|tips|mrr|arr|usd|eur|gbp|jpy|chf|cad|aud|inr|cny|dollars|euros|value|receipts) /;

// Words that open a date ("since March", "until 2020").
const datePrepositions = new Set(['since', 'until', 'till', 'after', 'before', 'during', 'from', 'through']);

/**
 * An area's unit as one word, as columns write it (`area_sqm`, `living_sqft`): "150 m²", "square
 * metres", "sq ft" (trial 21: "bigger than 150 m2" and "size in square metres" had been refused).
 */
function areaUnits(question: string): string {
  return question
    .replace(/\b(?:square|sq\.?) ?(?:met(?:er|re)s?|m)\b|\bm(?:2|²)(?![\w²])/gi, 'sqm')
    .replace(/\b(?:square|sq\.?) ?(?:feet|foot|ft)\b|\bft(?:2|²)(?![\w²])/gi, 'sqft');
}

/**
 * An acronym's plural in its singular ("SKUs", "IDs", "PRs", "VINs"): the stemmer leaves a word
 * ending in "us" or "is" alone (status, analysis), and "skus" had matched nothing.
 */
function singularAcronyms(question: string): string {
  return question.replace(/\b([A-Z]{2,})s\b/g, '$1');
}

/** A place excluded, right before it: "outside the USA", "apart from Texas" (not "the outside temperature in Seattle"). */
const outsideOf = /\b(?:outside|apart from)(?:\s+of)?(?:\s+the)?\s*$/;

/** A negation just before a value: "not", "n't", "never", "without", "except", "excluding", "other than", "non-", at most three words before it. */
const negation = /(?:\bnot|n't|\bnever|\bwithout|\bexcept|\bexcluding|\bother than|\bnon)(?:[\s-]+[a-z']+){0,3}[\s-]*$/;

/** Spans the question states as constraints: numbers with comparisons, dates, limits, intervals, search terms. */
function constraintSpans(parsed: ParsedQuestion): Span[] {
  return [
    ...parsed.comparisons.map((c) => c.span),
    ...parsed.dates.map((d) => d.span),
    ...(parsed.limit ? [parsed.limit.span] : []),
    ...(parsed.interval ? [parsed.interval.span] : []),
    ...parsed.searchTerms.map((t) => t.span),
  ];
}

/** Overlapping spans are one constraint read two ways ("since 1990" as a date and as a number). */
function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s < last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

// Nouns impliedMeasures reads as measures (adjectives and verbs need no care: "cheapest" is a price whatever surrounds it).
const measureNouns = new Set(['revenue', 'size', 'payroll', 'money', 'dollars', 'cost', 'costs']);
// Words for what rows are worth, whose implied measures are read as the rows' own (see `ownWorth`).
const worthWords = new Set(['spent', 'spend', 'revenue', 'sales', 'money', 'dollars']);
/** A column's name (folded, spaced at both ends) that says money paid or asked: what "free" bounds at 0. */
const moneyColumn = / (?:price|prices|cost|costs|fee|fees|amount|paid|charge|charges|fare|fares) /;
/** Words beside a thing's name in a column that counts those things (`order_count`, `num_orders`, `orders_qty`). */
const countWordStems = new Set(['count', 'number', 'num', 'no', 'n', 'qty', 'quantity', 'cnt'].map((word) => stem(word)));
const totalStem = stem('total');
// Words for people in general, and the names of data sets whose rows are people (and, counted, by
// what befell them: "how many people died").
/**
 * A request for a task other than reading data, as a command at the start: 'translate "order
 * shipped" to french', "write an email to the customer", "book a flight to Paris". (Not "show",
 * "list", "find", "count", "plot": those read the data.)
 */
// (Words that are nouns too — "book sales", "email addresses", "schedule for route 5" — only with
// an object after them: "book a flight", "email the customer", "write an email".)
const otherTask = /^\s*(?:(?:please|now|then|ok(?:ay)?|hey)[\s,]+)?(?:(?:can|could|would|will) you\s+(?:please\s+)?)?(?:(?:translate|draft|compose)\b|(?:write|send|email|e-mail|text|call|phone|book|reserve|schedule|remind|buy|purchase|sell|sing|paint|tweet|post)\s+(?:a|an|the|this|that|these|those|my|our|your|me|us|him|her|them|it)\b|(?:write|send|email|text|post|tweet)\s+["'“])/;

/** Words for any data's rows: "which record has the highest price" asks for a row. */
const anyRowWords = new Set(['one', 'ones', 'record', 'records', 'row', 'rows', 'entry', 'entries', 'item', 'items', 'line', 'lines', 'observation', 'observations', 'measurement', 'measurements', 'sample', 'samples', 'point', 'points']);

const peopleWords = new Set(['people', 'persons', 'person', 'individuals', 'humans', 'staff', 'headcount']);
// What rows are, said by the shape of their columns (column labels folded: `home_team` is "home team").
const rowShapes: { nouns: string[]; fits(labels: readonly string[]): boolean }[] = [
  // Two sides of a contest, at home and away: matches.
  { nouns: ['match', 'game', 'fixture'], fits: (labels) => labels.some((label) => label.startsWith('home ') && labels.includes(`away ${label.slice(5)}`)) },
  // A person's first and last name, or an age beside a gender.
  { nouns: ['person', 'people', 'individual'], fits: (labels) => (labels.includes('first name') && labels.includes('last name')) || (labels.includes('age') && (labels.includes('gender') || labels.includes('sex'))) },
  // People with a date or cause of death: victims.
  {
    nouns: ['victim', 'casualty', 'fatality', 'death'],
    fits: (labels) => rowShapes[1]!.fits(labels) && labels.some((label) => /\b(?:death|died|killed|fatal)\b/.test(label)),
  },
];
// The last word of column names saying a value is a code for something written otherwise (`party_code`;
// not an id, which names one thing: "which customer" is its `customer_id`, no `customer_country`).
const codeHeadStems = new Set(['code'].map((word) => stem(word)));
// Those words as search terms.
const peopleTerms = new Set(['people', 'persons', 'person', 'individuals', 'humans', 'individual'].map((word) => canonicalTerm(word) ?? word));
/** Short words that are no data set's initials ("am", "pm", "vs", "no"), whatever a name's letters are. */
const shortWords = new Set(['am', 'pm', 'vs', 'no', 'if', 'up', 'ok', 'id', 'ids', 'etc', 'per', 'yes', 'yet', 'nor', 'via']);
/** A period's adverb or adjective, and the values of data it is said for (`heldPeriodValue`). */
const heldPeriodForms: Record<string, string[]> = {
  hourly: ['hourly'],
  daily: ['daily'],
  weekly: ['weekly'],
  monthly: ['monthly'],
  quarterly: ['quarterly'],
  yearly: ['yearly', 'annual', 'annually'],
  annually: ['annually', 'annual', 'yearly'],
  annual: ['annual', 'annually', 'yearly'],
};
/** A series asked for by other words than a period's adverb. */
const seriesCue = /\b(?:over time|trend|trends|evolution|timeline|time series|(?:per|by|each|every) (?:hour|day|week|month|quarter|year|decade)s?|(?:per|by|each|every) (?:century|centuries)|over the (?:years|months|weeks))\b|\b(?:hourly|daily|weekly|monthly|quarterly|yearly|annually)\b/;

// Words that only qualify a measure's name, left unsaid in questions ("generation" of `net_generation`).
const qualifyingWords = new Set(['net', 'gross', 'total', 'overall']);

// Words of a period, as a series' `interval` names it.
const periodWords = new Map<string, string>([
  ...['hour', 'hours', 'hourly'].map((word) => [word, 'hour'] as const),
  ...['day', 'days', 'daily'].map((word) => [word, 'day'] as const),
  ...['week', 'weeks', 'weekly'].map((word) => [word, 'week'] as const),
  ...['month', 'months', 'monthly'].map((word) => [word, 'month'] as const),
  ...['quarter', 'quarters', 'quarterly'].map((word) => [word, 'quarter'] as const),
  ...['year', 'years', 'yearly', 'annual', 'annually'].map((word) => [word, 'year'] as const),
  // (With their stems, as the question's terms are: "decad", "centuri".)
  ...['decade', 'decades'].flatMap((word) => [word, stem(word)]).map((word) => [word, 'decade'] as const),
  ...['century', 'centuries'].flatMap((word) => [word, stem(word)]).map((word) => [word, 'century'] as const),
]);
const personStems = new Set(
  ['employees', 'staff', 'members', 'users', 'customers', 'patients', 'students', 'players', 'athletes', 'passengers', 'workers', 'volunteers', 'applicants', 'candidates', 'people', 'persons', 'subscribers', 'teachers', 'doctors', 'nurses', 'drivers', 'agents', 'residents', 'voters', 'donors', 'runners', 'contacts', 'guests'].map((noun) => stem(noun)),
);
// Columns of people ("who …"): authors, users, owners, agents, customers.
/** Words for people at work, which name whoever a ticket, a deal or a task is assigned to. */
const workerWords = /agent|rep|representative|employee|staff member|worker|person|salesperson|technician|engineer|developer|contributor|inspector/;
const workerWord = new RegExp(`^(?:${workerWords.source})s?$`);
const whichWorker = new RegExp(`^\\s*(?:and\\s+)?(?:which|what)\\s+(${workerWords.source})s?\\b`);
const topWorkers = new RegExp(`\\b(?:top|bottom|best|worst)\\s+(?:\\d+\\s+)?(?:[a-z]+\\s+)?(${workerWords.source})s?\\s+(?:by|in|for|on)\\b`);
// (The person word last, or before what names the person — `customer_id`, `owner_name` —, not before
// an attribute of theirs: `buyer_country`; a name a person's alone — `name`, `full_name` —, not a
// thing's: `event_name`.)
const personLabel = / (?:author|authors|user|users|login|owner|owners|agent|agents|assignee|customer|customers|client|employee|rep|seller|creator|reporter|person|member|driver|player|manager|sender|buyer|director|artist|doctor|physician|teacher|instructor|student|patient|courier|technician|inspector|reviewer|approver)(?: (?:full name|display name|name|id|login|email|username|handle|code))? $|^ (?:full |first |last |display )?name $/;
// Verbs (and the first words of time columns) of a thing coming into being.
/** Whether a time column's first word says when a thing begins its life (`opened_at`, `shipped_on`). */
// A time by which something is to happen, not when it did: `due_date`, `deadline`, `expires_at`.
const isDeadline = remembered((column: string) => deadlineName.test(foldValue(humanWords(column))), 10_000);
// (Or its last, after the thing's own name: a call's `call_start`.)
const startsLife = remembered((column: string) => {
  const parts = foldValue(humanWords(column)).split(' ');
  return lifeStartWords.has(parts[0] ?? '') || (parts.length === 2 && /^(?:start|started|begin|begun|began)$/.test(parts[1] ?? ''));
}, 10_000);
// Verbs of sending (and the first words of their time columns): "shipments sent in January" of `shipped_on`.
const sendingWords = new Set(['sent', 'send', 'shipped', 'ship', 'dispatched', 'dispatch', 'mailed', 'posted']);
// The first words of time columns of when a thing begins its life.
const lifeStartWords = new Set(['opened', 'open', 'created', 'create', 'creation', 'submitted', 'filed', 'placed', 'registered', 'joined', 'raised', 'reported', 'started', 'start', 'shipped', 'sent', 'dispatched', 'ordered', 'order', 'issued', 'issue', 'booked', 'booking', 'purchased', 'purchase', 'departed', 'departure', 'signup', 'pickup', 'picked', 'applied', 'rented', 'borrowed', 'checked', 'admitted', 'enrolled', 'listed', 'logged']);
const creationWords = new Set(['opened', 'open', 'created', 'create', 'creation', 'submitted', 'filed', 'placed', 'registered', 'joined', 'raised', 'reported', 'posted', 'published', 'signed', 'signup', 'made', 'started']);
// Verbs of one family name a time column whose first word is of the same family ("won" of `closed_date`).
const timeVerbFamilies = [creationWords, sendingWords, closingWords];
// The endings that make a noun of a verb's stem (`adopt` → adoption, `deploy` → deployment, `arriv` → arrival).
const nominalSuffixes = ['ion', 'ment', 'al'];
// How often a value occurs, asked as a ranking.
// ("Which browser do desktop users use most", "which plan do customers pick the most": a verb of
// choosing, then the most or least, ending the question.)
const frequencyCue = /\b(?:most|least)\s+(?:often|common(?:ly)?|frequent(?:ly)?|popular|used|usual)\b|\b(?:rarest|commonest)\b|\b(?:use|uses|used|choose|chooses|chose|pick|picks|picked|prefer|prefers|preferred)\s+(?:the\s+)?(?:most|least)\s*[?.!]*\s*$/;
// The names of a column of counts (`count`, dplyr's `n`, `freq`).
const weightName = /^(count|counts|cnt|n|freq|frequency|occurrences|tally)$/;
// Words of how much goes on somewhere: the most (or fewest) rows, or the most of what they count.
const busyTerms = new Set(['busiest', 'quietest', 'busier', 'quieter', 'busy', 'quiet'].map((word) => canonicalTerm(word) ?? word));
const busyWords = /\b(?:busiest|quietest|most active|least active|busier|quieter)\b/;
/** Families that answer with rows of the data rather than a figure. */
const rowFamilies = new Set<ProgramFamily>(['list', 'range', 'lookup', 'text_search']);

const equalityRoles: ReadonlySet<SlotRole> = new Set(['eq']);
const keyRoles: ReadonlySet<SlotRole> = new Set(['eq', 'key']);

/** Whether a program takes a value of one of `columns` in a slot of these roles: on the column itself, or on the column it chooses among them. */
function takesValueOf(candidate: CandidateProfile, columns: ReadonlySet<string>, roles: ReadonlySet<SlotRole>): boolean {
  return candidate.plans.some((plan) => roles.has(plan.role) && (plan.column !== null ? columns.has(plan.column) : plan.chosen === true && candidate.choices.some((column) => columns.has(column))));
}

/** The columns the filled slots give a value or a bound (a slot on the chosen column: the column chosen). */
function filledColumns(candidate: CandidateProfile, slots: Readonly<Record<string, SlotValue>>): Set<string> {
  const chosen = candidate.plans.find((plan) => plan.role === 'column');
  const chosenColumn = chosen ? slots[chosen.slot.name] : undefined;
  const columns = new Set<string>();
  for (const plan of candidate.plans) {
    const value = slots[plan.slot.name];
    if (value === undefined || value === null) continue;
    const column = plan.chosen ? (typeof chosenColumn === 'string' ? chosenColumn : null) : plan.column;
    if (column !== null) columns.add(column);
  }
  return columns;
}

/** "per origin", "by species", "for each island", "which island has the most": the grouping asked for. */
/** The one column two different values the question names whole belong to ("UPS", "FedEx" of `carrier`), if one. */
function comparedColumnOf(mentions: readonly ValueMention[]): string | undefined {
  const whole = mentions.filter((m) => !m.part);
  const columns = new Set(whole.filter((m) => whole.some((other) => other.column === m.column && String(other.value) !== String(m.value))).map((m) => m.column));
  return columns.size === 1 ? [...columns][0] : undefined;
}

function groupByCue(lower: string): string[] {
  const out: string[] = [];
  for (const match of lower.matchAll(/\b(?:per|by|for each|for every|each|across|among|between)\s+(?:the\s+|their\s+|its\s+)?([a-z][a-z ]{1,30}?(?:\s\d{1,2})?)(?=\s*(?:[?.,!]|$|\band\b|\bwith\b|\bfor\b|\bin\b))/g)) {
    // (A numbered column's number too: "by type 2".)
    // "purchases made by users in Brazil", "issues opened by bots": "by" after a verb's participle
    // names who did it, not groups ("grouped by", "broken down by", "sorted by" still group).
    // (Unless a measure is named by its participle after an operation, and no people follow: "average
    // price paid by category" is per category, "total paid by students" is what students paid.)
    const before = lower.slice(0, match.index);
    if (match[0].startsWith('by') && agentBy.test(before) && !(operatedMeasure.test(before) && !personStems.has(stem(match[1]?.split(' ')[0] ?? '')))) continue;
    // "across all meters", "among all users": over every one, not per one.
    if (/^all\b/.test(match[1] ?? '')) continue;
    // "the average life expectancy across countries" is over them all too; only a comparison or a
    // breakdown across them is per one ("how does the price vary across regions").
    if (/^(?:across|among)\b/.test(match[0]) && !/\b(?:compare[sd]?|comparing|comparison|break(?:s|ing)?\s+down|breakdown|var(?:y|ies|ied)|differ(?:s|ed)?|distribution|split)\b/.test(lower)) continue;
    // "top 3 shows by downloads": what the ranked things are ranked by, not a grouping.
    if (match[0].startsWith('by') && rankedBy.test(before)) continue;
    const words = foldValue(match[1] ?? '').split(' ');
    // "by origin", "by mpaa rating", "per time of day": one to three words, the column name.
    out.push(words.slice(0, 3).join(' '), words.slice(0, 2).join(' '), words[0] ?? '');
  }
  // "incumbents vs challengers": two kinds set against each other are the groups of the column
  // named by both ("incumbent challenger status").
  for (const match of lower.matchAll(/\b([a-z]{3,})\s+(?:vs\.?|versus|compared (?:to|with))\s+([a-z]{3,})\b/g)) {
    out.push(`${match[1]!.replace(/s$/, '')} ${match[2]!.replace(/s$/, '')}`);
  }
  // ("which FitTrack version has": a value before the noun; the noun alone is a cue too.)
  // ("Which 5 neighborhoods had the most deaths": past how many.)
  for (const match of lower.matchAll(/\bwhich\s+(?:\d+\s+)?([a-z]+(?:\s[a-z]+)?)\s+(?:has|have|had|gets|got|is)\b/g)) {
    const noun = foldValue(match[1] ?? '');
    out.push(noun, noun.split(' ').at(-1) ?? '');
  }
  // ("Species with the longest flippers", "the team with the most wins": the noun asked first, as
  // "which species has" asks it.)
  for (const match of lower.matchAll(/^\s*(?:(?:show|list|find|give)\s+(?:me\s+)?)?(?:the\s+)?([a-z]+(?:\s[a-z]+)?)\s+(?:with|having|that\s+(?:has|have|had))\s+the\s+(?:most|least|fewest|[a-z]{3,}est)\b/g)) {
    const noun = foldValue(match[1] ?? '');
    out.push(noun, noun.split(' ').at(-1) ?? '');
  }
  // "which source generated the most", "which genre made the highest": the noun a verb ranks.
  // "which creative type made the most": one or two words, the fewest that leave a verb.
  // ("Which country brings in the most MRR": a verb's particle between; "sends us the most
  // traffic": its object.)
  // ("Which on-call engineer resolved the most": a hyphened word of the noun.)
  for (const match of lower.matchAll(/\bwhich\s+(?:\d+\s+)?((?:[a-z]+(?:-[a-z]+)?\s+){1,3}?)(?!the\b)[a-z]+\s+(?:(?:in|out|up|on|off|down|back|away|us|me|them|you)\s+)?(?:the\s+)?(?:most|least|highest|lowest|largest|smallest|biggest|greatest|fewest)\b/g)) {
    // (Not the verb's auxiliary: "which insurance is used most" groups by insurance, not "insurance is".)
    out.push(foldValue((match[1] ?? '').trim().replace(/\s+(?:is|are|was|were|has|have|had|do|does|did|gets?|got|being|been)$/, '')));
  }
  // ("Which merchant do we spend the most at", "which plan did customers pick the most": the verb
  // said with do and its subject.)
  // ("Which country do we ship to the most": a preposition after the verb.)
  for (const match of lower.matchAll(/\bwhich\s+(?:\d+\s+)?([a-z]+(?:\s[a-z]+)?)\s+(?:do|does|did)\s+(?:we|you|they|i|people|(?:the\s+|our\s+)?[a-z]+s)\s+[a-z]+\s+(?:(?:to|from|at|with|for|into)\s+)?(?:the\s+)?(?:most|least|highest|lowest|fewest)\b/g)) {
    const noun = foldValue(match[1] ?? '');
    out.push(noun, noun.split(' ').at(-1) ?? '');
  }
  // ("Which pollutant exceeds the limit most often": the noun before a verb and its object.)
  for (const match of lower.matchAll(/\bwhich\s+([a-z]{3,})\s+(?!(?:is|are|was|were|do|does|did)\b)[a-z]+\s+(?:[a-z]+\s+){0,4}?(?:the\s+)?(?:most|least)\s+(?:often|frequently)\b/g)) out.push(match[1] ?? '');
  // ("Gender breakdown of the staff", "the age group distribution": the noun a breakdown is of.)
  for (const match of lower.matchAll(/\b([a-z]+(?:\s[a-z]+)?)\s+(?:breakdown|distribution|split|mix)\b/g)) {
    const noun = foldValue(match[1] ?? '').replace(/^(?:the|a|an|our|their|its|show|give|me)\s+/, '');
    out.push(noun, noun.split(' ').at(-1) ?? '');
  }
  // "the busiest dropoff zone", "the quietest station": the noun ranked by its rows.
  for (const match of lower.matchAll(/\b(?:busiest|quietest|least busy)\s+([a-z]+(?:\s[a-z]+)?)/g)) out.push(foldValue(match[1] ?? ''), foldValue(match[1] ?? '').split(' ')[0] ?? '');
  // "the most borrowed book", "the most common origin", "the least visited parks": the noun ranked.
  for (const match of lower.matchAll(/\b(?:most|least)\s+(?:[a-z]{3,}ed|common|popular|frequent)\s+([a-z]+(?:\s[a-z]+)?)/g)) out.push(foldValue(match[1] ?? ''), foldValue(match[1] ?? '').split(' ')[0] ?? '');
  // "top genres by gross", "the 5 best teams in goals": the noun ranked.
  // ("top 5 best-selling products by quantity": past a hyphened adjective.)
  // ("Top 3 destination countries by shipping spend", "top 3 product areas by ticket volume": a
  // grouping of two words, as written and in the singular.)
  // ("Top 5 artists": the noun said last, after "top" or "bottom".)
  for (const match of lower.matchAll(/\b(?:(?:top|bottom|best|worst)\s+(?:\d+\s+)?(?:[a-z]+-[a-z]+\s+)?((?:[a-z]+\s+)?[a-z]+)\s+(?:by|in|for|on|of)\b|(?:top|bottom)\s+(?:\d+\s+)?(?:[a-z]+-[a-z]+\s+)?((?:[a-z]+\s+)?[a-z]+)\s*[?.!]*\s*$)/g)) {
    const noun = foldValue(match[1] ?? match[2] ?? '');
    out.push(noun);
    if (noun.includes(' ')) out.push(singularNoun(noun), noun.split(' ').at(-1) ?? '');
  }
  // "What time of day", "at what hour", "which weekday", "busiest day of the week": the hours of the
  // day or the days of the week a time falls on (`count_<table>_by_hour_of_day`, `…_by_day_of_week`).
  if (/\b(?:time of (?:the )?day|(?:what|which) hours?\b|hour of (?:the )?day|hours of (?:the )?day)/.test(lower)) out.push('hour of day');
  if (/\b(?:day of (?:the )?week|days of (?:the )?week|weekdays?)\b/.test(lower)) out.push('day of week');
  // ("Which month is the wettest on average", "average temperature by month of the year": the
  // months of the year, over the years.)
  if (monthOfYear.test(lower)) out.push('month of year');
  // (A plural in -ies is the column's -y: "top 5 countries by revenue" groups by `country`.)
  // (Not the s of a singular in -ss or -us: "which vehicle class", "per status".)
  return [...new Set(out.filter((w) => w.length > 1).map((w) => (/[^aeiou]ies$/.test(w) && !/(?:^| )(?:series|species)$/.test(w) ? w.replace(/ies$/, 'y') : w.replace(/([^su])s$/, '$1'))))];
}

/** "top 3 shows ", "the 5 worst drivers ": the things a ranking ranks, before "by" and its measure. */
const rankedBy = /\b(?:top|bottom|best|worst)\s+(?:\d+\s+)?[a-z-]+(?:\s[a-z-]+)?\s+$/;

/** The words after a thing in a column of its kind or maker: "which insurance" of `insurance_provider`, "which payment" of `payment_method`. */
const kindTail = /^(?:provider|carrier|vendor|method|type|kind|category|brand|model|company|tier|class|source)$/;
/** The words after a thing's name in a column naming it: `repository full name`, `driver id`. */
const namingTail = /^(?:full name|display name|name|id|login|username|handle|title|code|key|slug|number|no)$/;
// A "by" the question says (its phrase, when no grouping cue is left, was a value: "by phone").
const valueByCue = /\bby\s+\w/;
// Money asked: "how much money", "how much did … pay, spend, cost, charge, owe, earn, make".
// (Or taken in: "how much did the Stadium Lot take in"; "how much time does it take" asks no money.)
const moneyVerbs = 'pay|paid|spend|spent|cost|charge|charged|owe|owed|earn|earned|make|made|collect|collected';
// Words that column names shorten (`arr_delay`, `dest`, `dept_name`), and what they stand for; not
// those the terms fold already (`amt`, `qty`, `temp`, `pop`), nor a `min` or `max` of either sense.
const abbreviations: Record<string, string> = wordTable({
  dep: 'departure',
  arr: 'arrival',
  dest: 'destination',
  orig: 'origin',
  cnt: 'count',
  desc: 'description',
  addr: 'address',
  dept: 'department',
  emp: 'employee',
  mgr: 'manager',
  cust: 'customer',
  prod: 'product',
  txn: 'transaction',
  acct: 'account',
  fl: 'flight',
  flt: 'flight',
  yr: 'year',
  elev: 'elevation',
  precip: 'precipitation',
  dist: 'distance',
  dur: 'duration',
  wt: 'weight',
  ht: 'height',
  // (A box score's: "assists" of `AST`, "team" of `Tm`, "rebounds" of `TRB`.)
  ...boxScoreNames(),
  trb: 'rebound',
});

// Periods from the finest to the coarsest.
const periodOrder = ['hour', 'day', 'week', 'month', 'quarter', 'year', 'decade', 'century'];
const periodRank = (period: string) => periodOrder.indexOf(period === 'date' ? 'day' : period);

/** The rank (`periodOrder`) of the finest period a time series offers; undefined of other programs. */
function finestPeriod(candidate: CandidateProfile): number | undefined {
  if (candidate.family !== 'time_series') return undefined;
  const ranks = candidate.plans.flatMap((plan) => (plan.role === 'interval' ? (plan.slot.enum_values ?? []).map((value) => periodRank(String(value))).filter((rank) => rank >= 0) : []));
  return ranks.length > 0 ? Math.min(...ranks) : undefined;
}
// A money verb said of a ranking: "spend the most", "paid the least on rent" (not of a thing
// counted after it: "paid the most invoices").
const moneyRankVerb = /\b(spend|spent|pay|paid|earn|earned|charge|charged|cost)\s+(?:the\s+)?(?:most|least)(?=\s*(?:[?.!,]|$)|\s+(?:on|at|in|for|to|from|during|with|per|each|money|dollars|overall)\b)/;
const moneyQuestion = new RegExp(`\\bhow much (?:money\\b|(?:did|does|do|will|would|has|have|had)\\b.*\\b(?:${moneyVerbs}|(?:take|took|taken) in)\\b)`);
// Last words of a measure's name that are an attribute of the thing named before them (`patient_age`, `player_height`).
const attributeHeads = /^(?:age|height|weight|score|rating|price|cost|size|length|speed|income|salary|bmi|temperature)$/;
// A measure that is a span of time in a unit (`delivery_time_days`, `ride_duration_minutes`, `minutes_to_resolve`).
// (And a time spent somewhere or before something: `days_on_market`, `minutes_in_queue`, `days_until_paid`.)
const spanMeasure = / (?:time|duration|stay) (?:seconds|minutes|hours|days)$|^ (?:seconds|minutes|hours|days) to [a-z]+$|^ (?:seconds|minutes|hours|days|nights|weeks) (?:on|in|at|until|before|since) [a-z]+(?: [a-z]+)?$/;
// Any measure of a span of time, the data's own too: `rental_days`, `nights`, `duration_seconds`.
const durationMeasure = new RegExp(`${spanMeasure.source}| (?:duration|seconds|secs|minutes|mins|hours|hrs|days|nights)$|^ duration\\b`);
/** Whether a measure is a span of time in a unit (`spanMeasure`), or any measure of one (`durationMeasure`); worked out once per column. */
const isSpan = (measure: string | null): boolean => measure !== null && spanOfColumn(measure);
const isDuration = (measure: string | null): boolean => measure !== null && durationOfColumn(measure);
const spanOfColumn = remembered((measure: string) => spanMeasure.test(` ${humanWords(measure)}`), 10_000);
const durationOfColumn = remembered((measure: string) => durationMeasure.test(` ${humanWords(measure)}`), 10_000);
// Words that ask for a span of time.
const spanWords = /\b(?:time|times|duration|durations|stay|stays|long|longer|longest|short|shorter|shortest|fast|faster|fastest|slow|slower|slowest|quick|quicker|quickest|take|takes|took|taking|last|lasts|lasted|length|days|hours|minutes|seconds|weeks|turnaround|lead|wait)\b/;
const moneyVerb = new RegExp(`^(?:${moneyVerbs}|take|took)$`);
// Words after a column's name that name its values as levels ("age group", "income bracket").
const levelTail = /^(?:groups?|brackets?|bands?|ranges?|levels?|classes|class|categor(?:y|ies)|types?|kinds?|segments?)$/;

/** A participle just before "by" that names who did something (`made`, `opened`, `authored`), not a grouping. */
const agentBy = /\b(?!(?:grouped|sorted|ordered|ranked|broken|split|divided|segmented|categorized|categorised|classified|bucketed|aggregated|partitioned|organized|organised|arranged)\b)(?:[a-z]+ed|made|written|done|sold|taken|given|paid|sent|built|run|won|held|seen|bought|caught|driven|flown|drawn|led|hit|shot|struck|read)\s+$/;
/** An operation and a measure named by its participle, just before "by" ("average price paid", "total amount spent"). */
const operatedMeasure = /\b(?:average|avg|mean|median|total|sum)\s+(?:[a-z]+\s+)?[a-z]+\s+$/;

/** Words that turn a flag, and the "yet" or "still" said with them (`rank`: explained by a flag taken false). */
const denialWords = new Set([...flagDenials, 'yet', 'still']);

/** The stem of what a data set's rows are by its name: its last word, unless a preposition comes before ("unemployment across industries"). */
function rowsNounOf(table: string): string | undefined {
  const words = humanWords(table).toLowerCase().split(' ');
  return words.slice(0, -1).some((word) => namePrepositions.has(word)) ? undefined : stem(words.at(-1) ?? '');
}

/** `country` → `countries`, `class` → `classes`, `state` → `states`. */
function plural(label: string): string {
  return label.endsWith('y') ? `${label.slice(0, -1)}ies` : /(s|x|ch|sh)$/.test(label) ? `${label}es` : `${label}s`;
}

/** `destination countries` → `destination country`, `product areas` → `product area` (the last word). */
function singularNoun(words: string): string {
  return words.replace(/ies$/, 'y').replace(/(?<=(?:ss|ch|sh|x))es$/, '').replace(/(?<![su])s$/, '');
}

/** Every stop word, as a regular expression's alternation (for `modifierOf`). */
const stopWordAlternation = [...stopWords].map(escapeRegExp).join('|');

/**
 * A plural label in the singular, said before another plural noun, as English puts a noun that
 * describes another ("wound deaths" of `wounds`, "goal totals" of `goals`); undefined for a label
 * whose last word is no plural ("status", "gas", "class").
 */
function modifierOf(label: string): RegExp | undefined {
  const last = label.split(' ').at(-1) ?? label;
  if (last.length < 5 || !/[^s]s$/.test(last) || /(?:us|is|ics|news|ss|as)$/.test(last)) return undefined;
  const singular = label.slice(0, label.length - (/ies$/.test(last) ? 3 : /(?:sses|ches|shes|xes)$/.test(last) ? 2 : 1)) + (/ies$/.test(last) ? 'y' : '');
  return new RegExp(` ${escapeRegExp(singular)} (?!(?:${stopWordAlternation}) )[a-z]{2,}[^s\\W]s `);
}

/** The index's word for a column named by a stop word ("value" → "columnvalue"). */
function stopColumnWord(word: string): string {
  return `column${word}`;
}

/** The slots a fill gives, less a ranking by total or average: that says how, not what. */
function filledCount(candidate: CandidateProfile, slots: Record<string, SlotValue>): number {
  const rankBy = candidate.plans.find((plan) => plan.role === 'rank_by')?.slot.name;
  return Object.keys(slots).length - (rankBy !== undefined && slots[rankBy] !== undefined ? 1 : 0);
}

/** Two programs of one table that look up, or search, the same column for the same value, and take nothing else. */

function sameAnswer(a: Scored, b: Scored): boolean {
  // The groups of one thing named by two of its fields ("which lab test": per `test.code` and per
  // `test.name`) are one answer in two spellings.
  // (A grouping's labels are the column's words, then the thing it identifies, when it names one.)
  const thing = (s: Scored) => (s.candidate.groupBy.length === 2 ? s.candidate.groupBy[1] : undefined);
  if (a.candidate.table === b.candidate.table && a.candidate.family === b.candidate.family && a.candidate.measure === b.candidate.measure && thing(a) !== undefined && thing(a) === thing(b)) {
    return JSON.stringify(a.fill.slots) === JSON.stringify(b.fill.slots);
  }
  const rowFinders = new Set(['lookup', 'text_search']);
  if (a.candidate.table !== b.candidate.table || !rowFinders.has(a.candidate.family ?? '') || !rowFinders.has(b.candidate.family ?? '')) return false;
  const values = (s: Scored) =>
    s.candidate.plans
      .filter((plan) => plan.role !== 'limit' && s.fill.slots[plan.slot.name] !== undefined && s.fill.slots[plan.slot.name] !== null)
      .map((plan) => `${plan.column ?? plan.slot.name}=${String(s.fill.slots[plan.slot.name]).toLowerCase()}`);
  const [x, y] = [values(a), values(b)];
  return x.length === 1 && y.length === 1 && x[0] === y[0];
}

// Words after "per" that are a rate, not a grouping ("per capita"), and periods a time series takes.
const extremeTerms = new Set(['max', 'min'].flatMap((word) => canonicalTerm(word) ?? []));

const categoryWords = new Set(['type', 'types', 'kind', 'kinds', 'category', 'categories', 'class', 'sort', 'sorts']);

const notGroupings = new Set(['capita', 'person', 'head', 'cent', 'unit', 'day', 'week', 'month', 'year', 'quarter', 'hour', 'minute', 'decade', 'century', 'time', 'date', 'period']);

/**
 * The one-word groupings a question asks for by its form: "per X", "by X", "for each X", "across
 * X" at the end of a clause, and "which X has/had/<verb>ed the most/…". Rates and periods excluded.
 */
function unknownGroupings(lower: string): string[] {
  const out: string[] = [];
  for (const match of lower.matchAll(/\b(?:per|by|for each|for every|across)\s+(?:the\s+|their\s+|its\s+|each\s+)?([a-z]{3,})(?=\s*(?:[?.,!]|$|\band\b|\bwith\b|\bfor\b|\bin\b))/g)) out.push(match[1] ?? '');
  // ("Which gym trainer taught the most spin classes": the noun after a word that describes it.)
  // (Not an auxiliary before the verb: "which genre gets skipped the most" is per genre.)
  const which = /^\s*which\s+(?:([a-z]{3,})\s+)?(?!(?:gets?|got|is|are|was|were|has|have|had|do|does|did|been|being)\s)([a-z]{3,})\s+(?:has|have|had|is|was|gets|got|[a-z]+ed|made|sold|won|taught|sent|paid|bought|brought|caught|took|gave|saw|ran|wrote|led|held|kept|spent|drove|flew|rode|did)\s+(?:the\s+)?(?:most|least|highest|lowest|largest|smallest|biggest|greatest|fewest)\b/.exec(lower);
  // ("Which device type": a level's word after a word of a column's name is that column; the pair
  // is given, and the router takes the first word when a column is named by it.)
  if (which) out.push((which[1] !== undefined && levelTail.test(which[2] ?? '') ? `${which[1]} ${which[2]}` : which[2]) ?? '');
  return out.filter((word) => !notGroupings.has(word.replace(/s$/, '')));
}

/**
 * A logistic over what makes a routing trustworthy: the share of the question's words the program
 * knows, the share of stated filters it applies, family agreement, and the margin to the runner-up.
 */
function confidenceOf(best: Scored, second: Scored | undefined): number {
  const margin = second ? Math.min(1, Math.max(0, best.score - second.score)) : 1;
  const unmatched = best.matchedTerms / Math.max(best.termCoverage, 1e-9) - best.matchedTerms;
  // One matched word ("time") is thin evidence unless the question also states values the program uses.
  // A slot filled with an unlisted word is a guess, not evidence that the program fits.
  // So is a date alone, where no word of the question is a word of the program's own ("deaths in
  // 1950" of movies released then, "deaths" a word of some titles).
  const datesOnly = Object.keys(best.fill.slots).every((name) => best.candidate.plans.some((plan) => plan.slot.name === name && (plan.role === 'from' || plan.role === 'to')));
  const thin = (best.matchedTerms < 2 && Object.keys(best.fill.slots).length - best.fill.guessed === 0) || (best.matchedTerms === 0 && datesOnly) ? 1 : 0;
  const z = -5 + 5 * best.termCoverage + 2.2 * best.constraintCoverage + 1.2 * best.familyAgreement + 3 * margin - 1.2 * Math.min(unmatched, 3) - 2 * thin - (best.superlativeMiss ? 2.5 : 0) - 0.6 * best.fill.guessed;
  const logistic = 1 / (1 + Math.exp(-z));
  // The logistic reads the question's words; the score also weighs retrieval, table and family cues.
  // A clear winner — well ahead of the runner-up, with a good score, every stated filter applied,
  // nothing guessed — is not refused for a thin wording ("total population in 2000" for a program
  // on `people`). On the bench no out-of-scope question comes near: their best margin is ≤ 0.31.
  const clear = best.score >= clearWinner.score && margin >= clearWinner.margin && best.constraintCoverage >= 1 && !best.superlativeMiss && best.fill.guessed === 0;
  return round(clear ? Math.max(logistic, 0.5) : logistic);
}

const clearWinner = { score: 0.6, margin: 0.5 };

/** The question's own words for its subject terms: `"country", "population"`. */
function topicWords(question: string, topicTerms: string[]): string {
  const seen = new Set<string>();
  for (const word of questionWords(question)) if (topicTerms.includes(canonicalTerm(word.word) ?? '')) seen.add(word.original);
  // (A word read as another, a column's short name for it, is named as it was read.)
  return [...(seen.size > 0 ? seen : topicTerms)].map((word) => `"${word}"`).join(', ');
}

/**
 * "what about Morris?", "and in 1931?", "same for GOOG", "only the Japanese ones", "top 5 instead";
 * a bare grouping, all the question says ("by channel", "per month?", "broken down by status").
 */
const followUpCue =
  /^\s*(?:and|but|what about|how about|same (?:for|with|in)|the same|now|only|just|instead|then|also|ok(?:ay)?,?\s+(?:and|now|what about)|(?:break|split)\s+(?:it|that|this|them|those)\b)\b|\b(?:instead|as well|too)\s*[?.!]*\s*$|^\s*(?:(?:broken\s+down|split|grouped|sorted)\s+)?(?:by|per|for each)\s+[a-z]+(?:\s+[a-z]+){0,2}\s*[?.!]*\s*$/i;

// A follow-up asking for the last answer per a column: "and by sex?", "what about per island",
// "break that down by phase of flight", "split by month".
const regroupCue = /\b(?:(?:broken|break|split)\s+(?:(?:it|that|this|them|those)\s+)?(?:down|up)?\s*by|by|per|for each|for every)\s+\w/i;

/** The question reads as a follow-up of the previous one: it is tried as one before it is routed alone. */
export function looksLikeFollowUp(question: string): boolean {
  return followUpCue.test(question);
}

/**
 * Whether the question refers back to an earlier answer ("and what is the direction there?", "the
 * average horsepower of those"): "there" as a place, not "are there"; "those", "them", "these".
 */
export function refersBack(question: string): boolean {
  const lower = question.toLowerCase().replace(/\b(?:is|are|was|were)\s+there\b|\bthere\s+(?:is|are|was|were|be)\b/g, ' ');
  return /\b(?:there|those|them|these)\b/.test(lower);
}

/** A follow-up applies everything it states to the program the conversation was using: trusted, not certain. */
const followUpConfidence = 0.6;

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/**
 * Mentions of one column's same value written next to each other, with nothing but spaces and
 * punctuation between ("Germany (DE)", "TX, Texas"), as one mention spanning both.
 */
function mergeRestatedValues(mentions: ValueMention[], text: string): ValueMention[] {
  if (mentions.length < 2) return mentions;
  const sorted = [...mentions].sort((a, b) => a.span[0] - b.span[0]);
  const kept: ValueMention[] = [];
  for (const mention of sorted) {
    const previous = kept.at(-1);
    const restated =
      previous !== undefined &&
      !previous.part &&
      !mention.part &&
      previous.column === mention.column &&
      String(previous.value).toLowerCase() === String(mention.value).toLowerCase() &&
      previous.span[1] <= mention.span[0] &&
      /^[\s(),/=:-]{1,4}$/.test(text.slice(previous.span[1], mention.span[0]));
    if (restated) kept[kept.length - 1] = { ...previous, span: [previous.span[0], mention.span[1]] };
    else kept.push(mention);
  }
  return kept;
}

/** A program of the rows, and of a measure's total, per period on average (it takes an `interval` and computes one figure). */
function averagesPeriods(candidate: CandidateProfile): boolean {
  return candidate.family === 'aggregate' && candidate.plans.some((plan) => plan.role === 'interval');
}

/** Whether the word is, or implies, the measure the program computes ("revenue" of `total_amount`). */
function totals(candidate: CandidateProfile, word: string): boolean {
  return measureTermsOf(word).some((term) => candidate.measureTerms.includes(term));
}

/** A ranking of periods asked: how many (its span), the period's word, the superlative, the words it ranks by, and the data named between. */
interface PeriodAsked {
  count?: { value: number; span: Span };
  period: string;
  periodSpan: Span;
  superlative: string;
  words?: string;
  subject?: string;
}

/** "Which 3 months had the most flights", "which year was the s&p 500 highest on average": the period first. */
function periodFirst(lower: string): PeriodAsked | null {
  const match =
    /\b(?:which|what)\s+(?:(\d+)\s+)?(?:[a-z]+\s+)?(hour|day|date|week|month|quarter|year|decade|century)s?\s+(?:(?:in|of|during)\s+(?:[a-z]+\s+)?\d{4}\s+)?(?:had|has|have|saw|recorded|was|were|is|are|got|did)\s+(?:the\s+)?(?:((?:[a-z0-9&]+\s+){1,3}?)(?:at\s+its\s+|at\s+their\s+)?)?(most|fewest|least|highest|lowest|largest|smallest|biggest|greatest|[a-z]{3,}est)\b(?:\s+((?:[a-z][a-z0-9]*\s+){0,2}[a-z][a-z0-9]{2,}))?/d.exec(lower);
  if (match === null) return null;
  return {
    ...(match[1] === undefined ? {} : { count: { value: Number(match[1]), span: match.indices![1]! } }),
    period: match[2]!,
    periodSpan: match.indices![2]!,
    superlative: match[4]!,
    ...(match[5] === undefined ? {} : { words: match[5] }),
    ...(match[3] === undefined ? {} : { subject: match[3].trim() }),
  };
}

/**
 * "What was the busiest day on github", "what were the 3 quietest months for orders": the
 * superlative first — busiest (most active) as the most rows, quietest (least active) as the
 * fewest — and the rows' data said after on/in/for/of/at.
 */
function superlativeFirst(lower: string): PeriodAsked | null {
  // (Or said bare: "busiest month".)
  // (Or any adjective's: "what is the windiest month", whose measure the adjective implies; a
  // year said after it bounds it.)
  const match = /(?:\b(?:which|what)\s+(?:was|is|were|are)\s+the\s+|^\s*(?:the\s+)?)(?:(\d+)\s+)?(busiest|quietest|most active|least active|[a-z]{3,}est)\s+(hour|day|date|week|month|quarter|year|decade|century)s?\b(?!\s+of\s+(?:the\s+)?(?:day|week|month|year)\b)(?:\s+(?:on|in|for|of|at)\s+(?:the\s+)?([a-z][a-z0-9&]*(?:\s+[a-z][a-z0-9&]*){0,2}?))?(?:\s+(?:in|during)\s+\d{4})?\s*[?.!]*\s*$/d.exec(lower);
  if (match === null) return null;
  return {
    ...(match[1] === undefined ? {} : { count: { value: Number(match[1]), span: match.indices![1]! } }),
    period: match[3]!,
    periodSpan: match.indices![3]!,
    superlative: superlativeOf(match[2] ?? ''),
    ...(match[4] === undefined ? {} : { words: match[4] }),
  };
}

/** Busiest (most active) as the most rows, quietest (least active) as the fewest; any other superlative as said. */
function superlativeOf(said: string): string {
  return /^(?:quietest|least active)$/.test(said) ? 'fewest' : /^(?:busiest|most active)$/.test(said) ? 'most' : said;
}

/** General words for a measure, which the word before them says of what: "resolution time", "error rate". */
const generalMeasureHeads = /^(?:time|times|rate|rates|amount|amounts|value|values|level|levels|score|scores|size|count|length|duration)$/;

/** Words for a view of the data itself, said before "of" ("summary of orders", "history of prices"): no attribute. */
const dataViews = /^(?:summary|summaries|overview|history|histories|breakdown|distribution|trend|trends|evolution|report|reports|analysis|stats|statistics|figures|numbers|data|info|information|details|rundown|snapshot|picture|view|views|records|log|logs|timeline|progress|development|chart|graph|table|tally|list|listing|sample|examples|all|each|every|some|most|none|any)$/;

/** The canonical terms of a column's name ("goods producing" of `goods_producing`). */
function columnTerms(column: string): string[] {
  return terms(foldValue(humanWords(column)));
}
