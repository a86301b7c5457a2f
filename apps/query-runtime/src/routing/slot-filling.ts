// Fills one candidate's slots from a parsed question and checks every value against the slot
// (type, range, enum) before it is returned; also reports which parts of the question the candidate
// used, so a program that would ignore a stated filter loses confidence instead of running silently.
import type { Slot } from '../generation/index.js';
import { groupsByTimePart, type CandidateProfile, type SlotPlan } from './candidate-profile.js';
import type { ParsedQuestion, Span } from './question-parse.js';
import { convertMeasure, convertTime, irregularPast, measureUnitOf, parseNumber, timeUnitOf, type MeasureUnit, type TimeUnit } from './question-parse.js';
import { demonymsOf, placeNames } from './place-codes.js';
import type { ColumnValues, SlotValue } from './routing.types.js';
import { abbreviates, canonicalTerm, closingWords, editDistance, escapeRegExp, foldValue, humanWords, identifiedThing, impliedMeasures, initials, pathWords, perUnitLabel, remembered, rememberedBy, stem, stopWords, textTails, timeSpanWord, wordTable } from './text-terms.js';

export interface QuestionWord {
  word: string;
  /** As typed, case kept. */
  original: string;
  stem: string;
  span: Span;
}

/** Where the question says a column's name of two words or more whole. */
export interface ColumnNameSpan {
  column: string;
  span: Span;
}

export interface ValueMention {
  column: string;
  value: SlotValue;
  span: Span;
  /** Named by part of its words ("Premier League"): it fills a slot, but a program without one is not held to it. */
  part?: true;
}

interface ValueEntry {
  column: string;
  value: SlotValue;
  words: string[];
  /** Short, numeric or common values only count next to their column's name ("4 cylinders", "rated G"). */
  needsLabel: boolean;
  labelStems: string[];
  /** The words of its column's name, as said ("time of day"). */
  labelWords: string[];
  /** The column holds outcomes (`result`: pass, fail): a verb's past form names its value ("failed"). */
  outcome: boolean;
}

/** Where a word sits in a value of several words (for the values named by part of their words). */
interface InnerWord {
  entry: ValueEntry;
  position: number;
}

// Words before the things counted ("the most hires", "fewer cancellations").
const countedAfter = new Set(['most', 'fewest', 'least', 'more', 'fewer']);
// Words between a verb and the noun it is said of that rank the noun ("sold the most homes").
const rankingBetween = new Set(['the', ...countedAfter]);

/** The values one table's columns hold, looked up by their first word (and, for part of a value, by any word). */
const operationWords = new Set(['top', 'bottom', 'first', 'last', 'total', 'average', 'avg', 'mean', 'count', 'sum', 'max', 'min', 'maximum', 'minimum', 'most', 'least', 'highest', 'lowest', 'all', 'list', 'show', 'number']);

export class TableValues {
  private readonly byFirstWord = new Map<string, ValueEntry[]>();
  /** The values of several words of completely listed columns, by each of their words. */
  private readonly byAnyWord = new Map<string, InnerWord[]>();
  readonly labels: { column: string; stems: string[]; words: string[] }[] = [];
  /** The stems of every data set's one-word column names (`useLabelStems`): a word one of them names is no value by its stem alone. */
  private everyLabelStem: ReadonlySet<string> = new Set();
  /** Columns whose every value is listed: a word none of them matches is no value of theirs. */
  private readonly complete = new Set<string>();
  /** Columns often without a value, which some program filters by its being there: "no temperature" of them is none recorded. */
  readonly often = new Set<string>();

  /**
   * `structural` tells the words the programs themselves use (their names, descriptions, columns
   * and tables: "movies", "rating"), which never name a value by being part of it.
   */
  constructor(
    columns: Record<string, ColumnValues>,
    labels: Map<string, string>,
    private readonly structural: (word: string) => boolean = () => false,
  ) {
    for (const [column, label] of labels) this.labels.push({ column, stems: labelStems(label), words: foldValue(label).split(' ') });
    for (const [column, values] of Object.entries(columns)) {
      if (!values.partial) this.complete.add(column);
      const label = labels.get(column) ?? column;
      for (const value of values) this.add(column, value, label, !values.partial);
      // Codes of places are named by the places' names too ("Germany" of `DE`, "Texas" of `TX`).
      for (const [code, names] of placeNames(label, values, !values.partial)) for (const name of names) this.add(column, code, label, false, name);
      // So are countries by their people's adjective: "French wines", "Japanese cars".
      for (const value of values) for (const adjective of demonymsOf(label, value)) this.add(column, value, label, false, adjective);
      // A state of one word is named by its adjective too ("rainy days" of a weather `rain`, "foggy" of
      // `fog`): of a column of a dozen states at most, every one listed.
      if (!values.partial && values.length <= 12) for (const value of values) for (const adjective of adjectivesOf(value)) this.add(column, value, label, false, adjective, true);
    }
  }

  /** The values of columns named for years that programs filter by (a budget's `fiscal_year`). */
  private readonly years = new Set<number>();

  /** Whether a column named for years holds this year among the values a program filters by. */
  holdsYear(year: number): boolean {
    return this.years.has(year);
  }

  /** A value of the column, found by its own words or, for a code, by `spelled` (a place's name). */
  add(column: string, value: SlotValue, label: string, complete = false, spelled?: string, asWrittenOnly = false): void {
    if (typeof value === 'number' && labelStems(label).includes('year')) this.years.add(value);
    if (spelled === undefined) {
      // Whether every known value of the column has a digit (ids, codes), and whether any does not.
      if (/\d/.test(String(value))) this.digits.add(column);
      else this.words.add(column);
      // The letters every known value starts its digits with (`ord_` of `ord_100217`), if one.
      const prefix = codePrefix(String(value));
      if (!this.prefixes.has(column)) this.prefixes.set(column, prefix);
      else if (this.prefixes.get(column) !== prefix) this.prefixes.set(column, null);
      // The shape every known value shares, if one: a fixed length after a fixed prefix (`SM` and
      // 32 hexadecimal digits of a message SID, a commit's 40).
      const text = String(value);
      // The start every known value shares, whatever their lengths.
      const lead = this.leads.get(column);
      if (lead === undefined) this.leads.set(column, text);
      else if (lead !== null) {
        let common = 0;
        while (common < lead.length && lead[common] === text[common]) common += 1;
        this.leads.set(column, common > 0 ? lead.slice(0, common) : null);
      }
      const known = this.hashes.get(column);
      if (known === undefined) this.hashes.set(column, { prefix: text, length: text.length, hex: hexTail.test(text) });
      else if (known !== null) {
        let common = 0;
        while (common < known.prefix.length && known.prefix[common] === text[common]) common += 1;
        this.hashes.set(column, known.length === text.length ? { prefix: known.prefix.slice(0, common), length: known.length, hex: known.hex && hexTail.test(text) } : null);
      }
      // The shortest and longest known value.
      const extent = this.extents.get(column);
      this.extents.set(column, extent === undefined ? { shortest: text.length, longest: text.length } : { shortest: Math.min(extent.shortest, text.length), longest: Math.max(extent.longest, text.length) });
      // How many known values are names written as people's are ("Olga Lopez"), of how many.
      const shapes = this.nameShapes.get(column) ?? { names: 0, all: 0 };
      shapes.all += 1;
      if (typeof value === 'string' && personName.test(value)) shapes.names += 1;
      this.nameShapes.set(column, shapes);
    }
    // A code of three capitals every value of its column is written as ("REP", "DEM", "IND").
    if (complete && spelled === undefined && typeof value === 'string' && /^[A-Z]{3}$/.test(value)) {
      const codes = this.threeLetterCodes.get(value) ?? [];
      if (!codes.some((code) => code.column === column)) codes.push({ column, value });
      this.threeLetterCodes.set(value, codes);
    }
    if (complete) {
      const listed = this.listed.get(column) ?? [];
      if (!listed.includes(value)) listed.push(value);
      this.listed.set(column, listed);
    }
    const words = foldValue(spelled ?? String(value)).split(' ').filter((w) => w.length > 0);
    const first = words[0];
    if (!first) return;
    // A one-word value that is also a word of ranking or counting ("top", "total", "average") names
    // the value only beside its column's name: "top 5 years" ranks, "side top" filters.
    const needsLabel = typeof value !== 'string' || (words.length === 1 && (first.length < 2 || stopWords.has(first) || /^\d+$/.test(first) || operationWords.has(first)));
    const entry = { column, value, words, needsLabel, labelStems: labelStems(label), labelWords: foldValue(label).split(' '), outcome: outcomeLabel.test(` ${foldValue(label)} `) };
    // Part of a value can only be known to name it alone when every value of the column is listed.
    if (complete && typeof value === 'string' && words.length > 1) {
      for (const [position, word] of words.entries()) {
        const place = { entry, position };
        for (const key of new Set([word, stem(word)])) {
          const list = this.byAnyWord.get(key) ?? [];
          list.push(place);
          this.byAnyWord.set(key, list);
        }
      }
    }
    // Under the word and its stem, so "comedies" finds "Comedy". (An adjective under itself alone:
    // "toppy" is no way to say the side `top`, which "top" names only beside its column's name.)
    for (const key of new Set(asWrittenOnly ? [first] : [first, stem(first)])) {
      const list = this.byFirstWord.get(key) ?? [];
      if (list.some((e) => e.column === column && e.value === value && e.words.join(' ') === words.join(' '))) continue;
      list.push(entry);
      this.byFirstWord.set(key, list);
    }
  }

  private readonly listed = new Map<string, SlotValue[]>();

  /** Whether folded words are the whole of a value named without its column's name ("chat", "credit card"). */
  isValueText(text: string): boolean {
    const words = text.split(' ');
    return (this.byFirstWord.get(words[0] ?? '') ?? []).some((entry) => !entry.needsLabel && entry.words.join(' ') === text);
  }

  /** The stems of every data set's one-word column names (theirs included), which a value's stem alone does not take. */
  useLabelStems(stems: ReadonlySet<string>): void {
    this.everyLabelStem = stems;
  }

  /** Whether a known value of the column holds the word ("Harris County" of a `county` that writes it). */
  writesWord(column: string, word: string): boolean {
    const folded = foldValue(word);
    return [...this.byFirstWord.values()].some((entries) => entries.some((entry) => entry.column === column && entry.words.includes(folded)));
  }

  /** Every value of a completely listed column; undefined when the column's values are not all known. */
  valuesOf(column: string): readonly SlotValue[] | undefined {
    return this.complete.has(column) ? this.listed.get(column) : undefined;
  }

  private readonly digits = new Set<string>();
  private readonly words = new Set<string>();
  private readonly prefixes = new Map<string, string | null>();

  /** The columns whose every known value starts its digits with the letters this code does (`u0381` of `user_id`'s `u0097`…). */
  codeColumns(token: string): string[] {
    const prefix = codePrefix(token);
    const prefixed = prefix === null ? [] : [...this.prefixes].filter(([, known]) => known === prefix).map(([column]) => column);
    // Or, of a hash or a SID (twelve characters or more), the columns whose every known value has its
    // length, the prefix they all share and hexadecimal digits after it.
    const shaped = (shape: HashShape | null) =>
      shape !== null && shape.length === token.length && token.startsWith(shape.prefix) && (!shape.hex || hexTail.test(token.slice(shape.prefix.length).toLowerCase()));
    const hashed = token.length < 12 ? [] : [...this.hashes].filter(([column, shape]) => !prefixed.includes(column) && shaped(shape)).map(([column]) => column);
    // Or, of any length, the columns whose every known value starts with the same letters and a
    // joining `_` or `-` this code starts with, then letters and digits: `sub_llpr` of `sub_lfls`, `sub_m41o`….
    const led = [...this.leads].filter(([column, lead]) => !prefixed.includes(column) && !hashed.includes(column) && lead !== null && joinedLead(lead) !== null && token.startsWith(joinedLead(lead)!) && /^[A-Za-z0-9]{3,24}$/.test(token.slice(joinedLead(lead)!.length))).map(([column]) => column);
    return [...prefixed, ...hashed, ...led];
  }

  /** Per column, what every known value looks like (see `add`); null when they differ in length. */
  private readonly hashes = new Map<string, HashShape | null>();

  /** Per column, the start every known value shares; null for none. */
  private readonly leads = new Map<string, string | null>();

  private readonly nameShapes = new Map<string, { names: number; all: number }>();

  /**
   * The columns not every value of which is listed whose known values are (nearly all) names
   * written as people's are, when `token` is one ("Aisha Petrova" of an `employee.name` whose
   * listed values are "Olga Lopez", "Ravi Shah", …).
   */
  nameColumns(token: string): string[] {
    if (!personName.test(token)) return [];
    return [...this.nameShapes].filter(([column, { names, all }]) => !this.complete.has(column) && all >= 3 && names >= 0.8 * all).map(([column]) => column);
  }

  private readonly extents = new Map<string, { shortest: number; longest: number }>();
  /** Codes of three capitals of completely listed columns, by code. */
  private readonly threeLetterCodes = new Map<string, { column: string; value: string }[]>();

  /**
   * Whether a token could be a value of the column by its length: "CO2" is no tracking number where
   * every known one has 11 or 12 characters. (Half the shortest known value's length to twice the
   * longest: the known values may be a sample. Not by their digits, which a sample of codes sorted
   * first — airports' "00M", "00R" — misleads about: "LAX" is one.)
   */
  fitsKey(column: string | null, token: string): boolean {
    const extent = column === null ? undefined : this.extents.get(column);
    return extent === undefined || (token.length * 2 >= extent.shortest && token.length <= extent.longest * 2);
  }

  /** A code written with other letters before its digits than every known value of the column has: `cus_1009` is no `ord_…`. */
  otherCode(column: string | null, token: string): boolean {
    const prefix = column === null ? null : (this.prefixes.get(column) ?? null);
    return prefix !== null && codePrefix(token) !== prefix;
  }

  /**
   * Whether the question's word at `i`, a verb's past form ("sold", "hired", "cancelled"), is said of
   * the noun after it ("sold homes", "hired candidates"): the state a value of `column` names, not
   * another column named by the word (`sold_price`, `hired_at`), unless the noun goes on with that
   * column's name ("sold price").
   */
  saidOfNoun(question: readonly QuestionWord[], i: number, column: string): boolean {
    const said = question[i];
    // (Past the ranking between: "which agent sold the most homes", "resolved the fewest incidents".)
    let at = i + 1;
    while (rankingBetween.has(question[at]?.word ?? '')) at += 1;
    const next = question[at];
    if (said === undefined || !(/.{3}ed$/.test(said.word) || irregularPast.test(said.word)) || next === undefined || stopWords.has(next.word) || /\d/.test(next.word)) return false;
    return !this.labels.some((label) => label.column !== column && label.stems.includes(said.stem) && label.stems.includes(next.stem));
  }

  /**
   * Whether the question says a value's word as the value writes it where another column's name
   * has it in another form: "open incidents" of a status Open beside `opened_at` (the verb's past
   * names the time: "incidents opened in April").
   */
  private otherForm(said: string, entry: ValueEntry, labelWords: readonly string[]): boolean {
    return said === entry.words[0] && !labelWords.includes(said);
  }

  /** Whether a column of the table is named for years (`Year`, `year_built`). */
  hasYear(): boolean {
    return this.labels.some((label) => label.stems.includes('year'));
  }

  /** The column's known values are codes with digits (`ak18247005`), none a plain word: "Alaska" is none of them. */
  codesOnly(column: string | null): boolean {
    return column !== null && this.digits.has(column) && !this.words.has(column);
  }

  isComplete(column: string | null): boolean {
    return column !== null && this.complete.has(column);
  }

  /** The values the question names; `text` is the question the words were read from. */
  mentions(question: QuestionWord[], text = ''): ValueMention[] {
    const out: ValueMention[] = [];
    /** The mentions whose value (or the name it is spelled by) is written exactly as said. */
    const literal = new Set<ValueMention>();
    const seen = new Set<ValueEntry>();
    for (let i = 0; i < question.length; i += 1) {
      const word = question[i]!;
      seen.clear();
      // A state under way said as done to the thing: "incidents being investigated" are those
      // Investigating, "orders being processed" Processing.
      const underWay = question[i - 1]?.word === 'being' && /.{3}ed$/.test(word.word) ? `${word.word.slice(0, -2)}ing` : undefined;
      for (const key of underWay === undefined ? lookupKeys(word.word) : [underWay, ...lookupKeys(word.word)]) {
        for (const entry of this.byFirstWord.get(key) ?? []) {
          if (seen.has(entry)) continue;
          seen.add(entry);
          const end = i + entry.words.length - 1;
          if (end >= question.length) continue;
          let ok = true;
          for (let k = 0; k < entry.words.length && ok; k += 1) ok = sameWord(k === 0 && underWay !== undefined && entry.words[0] === underWay ? underWay : question[i + k]!.word, entry.words[k]!, entry.outcome);
          if (!ok) continue;
          // "R movies": a value typed exactly as the data writes it needs no column name beside it.
          // So does a code a word stands for ("female" of `F`).
          // So does a value written with its signs as the data writes them ("aged 65+" of `65+`).
          const exact =
            typeof entry.value === 'string' &&
            entry.words.length === 1 &&
            // (Not a value in small letters that is a stop word, "in" of a direction: "movements in
            // Atlanta" says where; "IN" is Indiana as the data writes it.)
            ((word.original === entry.value && !operationWords.has(entry.words[0]!) && !(stopWords.has(entry.words[0] ?? '') && entry.value === entry.value.toLowerCase())) ||
              (valueSynonyms[word.word] ?? []).includes(entry.words[0]!) ||
              (/[^\p{L}\p{N}\s]/u.test(entry.value) && writtenAt(text, word.span[0], entry.value)));
          if (entry.needsLabel && !exact && !nearLabel(question, i, end, entry.labelStems)) continue;
          if (entry.words.length === 1 && periodAsked(question, i) && !nearLabel(question, i, end, entry.labelStems)) continue;
          // Nor the thing its column sorts, said after the column's kind word: "the most common type
          // of death" asks for the types of the deaths, not the type Death.
          const kindBefore = question[i - 1]?.word === 'of' ? question[i - 2]?.stem : undefined;
          if (entry.words.length === 1 && !exact && kindBefore !== undefined && kindStems.has(kindBefore) && entry.labelStems.includes(kindBefore)) continue;
          // Nor a word of its own column's name said whole: "which time of day" names no value Day of `time_of_day`.
          if (entry.words.length === 1 && entry.labelWords.length > 1 && withinName(question, i, entry.labelWords)) continue;
          // A code in capitals said in small letters as a period's word is the period: "a day on
          // average", "the busiest day" name no airport `DAY`.
          if (entry.words.length === 1 && typeof entry.value === 'string' && /^\p{Lu}{2,4}$/u.test(entry.value) && word.original !== entry.value && periodValueWords.has(word.word) && !nearLabel(question, i, end, entry.labelStems)) continue;
          // A one-word value that is also a word of another column's name ("deaths" of a `death_date`,
          // beside a `type` holding "Death") names that column, not the value, unless the value's own
          // column is named beside it ("type death").
          // (Nor, said in another form than the value's, a word of any data set's column name:
          // "prices" of sp500's `price` is no landing page "/pricing".)
          // Said as what the rows are ("how many days are forecasts"), the word is the value again,
          // unless the other column's name goes on after it ("days are forecast highs").
          if (
            entry.words.length === 1 &&
            !exact &&
            (this.labels.some((label) => label.column !== entry.column && label.stems.includes(word.stem) && !this.otherForm(word.word, entry, label.words)) || (word.word !== entry.words[0] && this.everyLabelStem.has(word.stem))) &&
            !nearLabel(question, i, end, entry.labelStems) &&
            !(copulas.has(question[i - 1]?.word ?? '') && !this.everyLabelStem.has(question[i + 1]?.stem ?? '')) &&
            !this.saidOfNoun(question, i, entry.column) &&
            // (Nor a noun of the state counted, after "the most": "which source brings the most hires"
            // counts the stage Hired, not a time `hired_at`.)
            !(countedAfter.has(question[i - 1]?.word ?? '') && /[^s]s$/.test(word.word) && question[i + 1] === undefined)
          ) continue;
          // A value spelled like a stop word ("IN", "OR", "ME": US states) is that value only as the
          // data writes it: "airports in state TX" holds no Indiana. (Or as a word that stands for
          // it: "inbound" of a direction `in`.)
          if (typeof entry.value === 'string' && entry.words.length === 1 && stopWords.has(entry.words[0]!) && word.original !== entry.value && !(valueSynonyms[word.word] ?? []).includes(entry.words[0] ?? '')) continue;
          // A word the data writes in lower case, said inside a name in capitals, is part of that
          // name: "the recipe for Creamy Rice Crumble" names no main ingredient "rice".
          const capital = (at: number) => at >= 0 && at < question.length && /^\p{Lu}/u.test(question[at]!.original);
          if (typeof entry.value === 'string' && entry.words.length === 1 && entry.value === entry.value.toLowerCase() && capital(i) && (capital(i - 1) || capital(end + 1)) && i > 0) continue;
          // Nor a value inside a code with digits, unless it is the whole of the value as written:
          // "MLS-TX-247876" (a listing's id) names no state TX.
          const span: Span = [word.span[0], question[end]!.span[1]];
          if (typeof entry.value === 'string' && insideCode(text, span[0], span[1]) && !/[-_]/.test(entry.value)) continue;
          const mention = { column: entry.column, value: entry.value, span };
          out.push(mention);
          if (entry.words.every((w, k) => question[i + k]!.word === w)) literal.add(mention);
        }
      }
    }
    out.push(...this.misspelt(question, out));
    // Words that are one column's value as written and another's only by their stem ("Engineering"
    // of a `department`, "Engineer" of a `title`) are the value written.
    const literalSpans = new Set([...literal].map((m) => `${m.span[0]}:${m.span[1]}`));
    // So are words one column writes exactly and another only among signs ("ak" of a network `ak`,
    // not of the sources ",ak,").
    const said = (m: ValueMention) => text.slice(m.span[0], m.span[1]).toLowerCase();
    const exactly = (m: ValueMention) => text !== '' && typeof m.value === 'string' && m.value.toLowerCase() === said(m);
    const exactSpans = new Set(out.filter(exactly).map((m) => `${m.span[0]}:${m.span[1]}`));
    // A value written as one token with its signs ("@acme_support", "/v1/orders") holds every
    // shorter value said within it: "@acme" of the same handles, a team "Support".
    const joined = out.filter((m) => typeof m.value === 'string' && /[^\p{L}\p{N}\s]/u.test(m.value) && text !== '' && !/\s/.test(said(m)) && m.value.toLowerCase().includes(said(m)) && said(m).length >= m.value.length - 2);
    const within = (m: ValueMention) => joined.some((whole) => whole !== m && whole.span[0] <= m.span[0] && whole.span[1] >= m.span[1] && whole.span[1] - whole.span[0] > m.span[1] - m.span[0]);
    const kept = out.filter((m) => (literal.has(m) || !literalSpans.has(`${m.span[0]}:${m.span[1]}`)) && (exactly(m) || !exactSpans.has(`${m.span[0]}:${m.span[1]}`)) && !within(m));
    // A name whose first three letters are the one code of three capitals a column writes it by,
    // where no value is named there otherwise: "Republican" of a party `REP`. In lower case too
    // ("democrats" of `DEM`, "euros" of `EUR`), when the programs themselves do not use the word
    // and the column has a few codes only.
    for (const word of this.threeLetterCodes.size > 0 ? question : []) {
      const lower = /^\p{Ll}{5,}$/u.test(word.original) && !stopWords.has(word.word) && !this.structural(word.word) && !this.structural(stem(word.word));
      if (!(/^\p{Lu}\p{Ll}{5,}$/u.test(word.original) || lower) || kept.some((m) => m.span[0] < word.span[1] && m.span[1] > word.span[0])) continue;
      const codes = this.threeLetterCodes.get(word.original.slice(0, 3).toUpperCase()) ?? [];
      // (In lower case, only of a column of a few codes — parties, currencies: "farmers" is no
      // airport `FAR` of a hundred.)
      if (codes.length === 1 && (!lower || (this.listed.get(codes[0]!.column)?.length ?? Infinity) <= maxSpelledCodes)) kept.push({ column: codes[0]!.column, value: codes[0]!.value, span: word.span });
    }
    return [...kept, ...this.partMentions(question, kept)];
  }

  /**
   * Values named with a typo ("pensylvania", "Beverly Hils"): a word of five letters or more that
   * names no value and no word of the programs, within one edit of a value's word (two from eight
   * letters), its other words said as written; only when exactly one value is that close.
   */
  private misspelt(question: QuestionWord[], found: readonly ValueMention[]): ValueMention[] {
    // (A question is read for each data set's values more than once while it is routed.)
    const asked = question.map((word) => word.original).join(' ');
    if (this.lastMisspelt?.asked === asked) return this.lastMisspelt.out;
    const out = this.readMisspelt(question, found);
    this.lastMisspelt = { asked, out };
    return out;
  }

  private lastMisspelt: { asked: string; out: ValueMention[] } | undefined;

  private readMisspelt(question: QuestionWord[], found: readonly ValueMention[]): ValueMention[] {
    // (A later word of a value whose first is said as written may be of four letters: "Beverly Hils".)
    const unknown = question.map(
      (word) =>
        word.word.length >= 4 && /^\p{L}+$/u.test(word.word) && !stopWords.has(word.word) && !this.structural(word.word) && !this.structural(word.stem) && lookupKeys(word.word).every((key) => !this.byFirstWord.has(key) && !this.byAnyWord.has(key)),
    );
    // Most questions name every value as written: nothing to look for.
    if (!unknown.some(Boolean)) return [];
    const out: ValueMention[] = [];
    const covered = (at: number) => found.some((m) => m.span[0] <= question[at]!.span[0] && m.span[1] >= question[at]!.span[1]);
    const close = (asked: string, value: string, later: boolean) => {
      const limit = Math.max(later ? 1 : 0, typoLimit(asked.length));
      return Math.abs(asked.length - value.length) <= limit && editDistance(asked, value, limit) <= limit;
    };
    for (let i = 0; i < question.length; i += 1) {
      if (covered(i)) continue;
      // The value's words from the question's i-th on, one of them misspelt.
      const matches = (entry: ValueEntry, typoAt: number) =>
        !entry.needsLabel &&
        i + entry.words.length <= question.length &&
        entry.words.every((w, k) => (k === typoAt ? unknown[i + k]! && (k > 0 || question[i]!.word.length >= 5) && close(question[i + k]!.word, w, k > 0) : sameWord(question[i + k]!.word, w)));
      const hits = new Map<string, ValueEntry>();
      // The first word misspelt: the values' first words of about its length and its first letter.
      if (unknown[i] && question[i]!.word.length >= 5) {
        for (const key of this.firstWordsLike(question[i]!.word)) for (const entry of this.byFirstWord.get(key) ?? []) if (matches(entry, 0)) hits.set(`${entry.column}\u0000${String(entry.value)}`, entry);
      }
      // Or a later one ("Beverly Hils"), where an unknown word follows.
      if (unknown.some((flag, at) => flag && at > i)) {
        for (const key of lookupKeys(question[i]!.word)) {
          for (const entry of this.byFirstWord.get(key) ?? []) {
            for (let k = 1; k < entry.words.length; k += 1) if (unknown[i + k] && matches(entry, k)) hits.set(`${entry.column}\u0000${String(entry.value)}`, entry);
          }
        }
      }
      if (hits.size !== 1) continue;
      const [entry] = hits.values();
      out.push({ column: entry!.column, value: entry!.value, span: [question[i]!.span[0], question[i + entry!.words.length - 1]!.span[1]] });
    }
    return out;
  }

  /** The values' first words that begin with the word's two letters and are about as long (a typo's reach). */
  private firstWordsLike(word: string): string[] {
    if (this.firstWordsByInitial === undefined) {
      this.firstWordsByInitial = new Map();
      for (const key of this.byFirstWord.keys()) {
        const list = this.firstWordsByInitial.get(key[0] ?? '') ?? [];
        list.push(key);
        this.firstWordsByInitial.set(key[0] ?? '', list);
      }
    }
    // (And whose second letter is the word's: a typo seldom falls on both of the first two.)
    const reach = typoLimit(word.length);
    return (this.firstWordsByInitial.get(word[0] ?? '') ?? []).filter((key) => key[1] === word[1] && Math.abs(key.length - word.length) <= reach);
  }

  private firstWordsByInitial: Map<string, string[]> | undefined;

  /**
   * Values named by part of their words ("Premier League" for "English Premier League", "Dortmund"
   * for "Borussia Dortmund"): the longest run of the question's words that is a run of a value's
   * words, when no whole value is named there, the run says something of its own (a word that is
   * not a stop word, a number or a word of the programs: "movies" is no part of "Based on Movie",
   * nor "creative type" of "Multiple Creative Types"; alone, of four letters or more), and it is
   * part of exactly one value of its column ("Bundesliga" is part of two divisions: none is chosen).
   */
  private partMentions(question: QuestionWord[], whole: ValueMention[]): ValueMention[] {
    const overlaps = (a: Span, b: Span) => a[0] < b[1] && b[0] < a[1];
    const runs = this.partRuns(question).filter(({ span, values }) => values.size === 1 && !whole.some((m) => overlaps(m.span, span)));
    // Only the longest of overlapping runs of one column counts ("Premier League", not "League").
    return runs
      .filter((run) => !runs.some((other) => other !== run && other.column === run.column && overlaps(other.span, run.span) && other.span[1] - other.span[0] > run.span[1] - run.span[0]))
      .map(({ column, span, values }) => ({ column, value: [...values][0]!, span, part: true as const }));
  }

  /**
   * Words the question says that are part of several values of one of `columns` and of no other value
   * (the whole values it names aside): "bundesliga" of the divisions "Deutsche Bundesliga" and
   * "Österreichische Bundesliga". Which one is meant, the words do not say.
   */
  ambiguousParts(question: QuestionWord[], text: string, columns: ReadonlySet<string>): { column: string; span: Span; values: SlotValue[] }[] {
    const runs = this.partRuns(question);
    if (!runs.some(({ column, values }) => values.size >= 2 && columns.has(column))) return [];
    const whole = this.mentions(question, text);
    const overlaps = (a: Span, b: Span) => a[0] < b[1] && b[0] < a[1];
    return runs
      .filter(({ column, span, values }) => values.size >= 2 && columns.has(column) && !whole.some((m) => overlaps(m.span, span)))
      .filter((run) => !runs.some((other) => other !== run && overlaps(other.span, run.span) && other.span[1] - other.span[0] >= run.span[1] - run.span[0] && (other.column !== run.column || other.values.size === 1)))
      .map(({ column, span, values }) => ({ column, span, values: [...values] }));
  }

  /** Every run of the question's words that is part of values of a column (see partMentions), with those values. */
  private partRuns(question: QuestionWord[]): { column: string; span: Span; values: Set<SlotValue> }[] {
    const found = new Map<string, { column: string; span: Span; values: Set<SlotValue> }>();
    // (The places a word holds in the values, each met once per question word: several spellings of
    // the word may find the same one.)
    const seen = new Set<InnerWord>();
    for (let i = 0; i < question.length; i += 1) {
      seen.clear();
      for (const key of lookupKeys(question[i]!.word)) {
        for (const hit of this.byAnyWord.get(key) ?? []) {
          if (seen.has(hit)) continue;
          seen.add(hit);
          const { entry, position } = hit;
          let length = 0;
          while (position + length < entry.words.length && i + length < question.length && sameWord(question[i + length]!.word, entry.words[position + length]!)) length += 1;
          if (length === 0 || length === entry.words.length) continue;
          // Each word as the value spells it and as the question does ("movie", "movies").
          const telling = entry.words
            .slice(position, position + length)
            .filter((w, k) => !stopWords.has(w) && !/^\d+$/.test(w) && !this.structural(w) && !this.structural(question[i + k]!.word));
          // (A short word in capitals the value writes in capitals too is an acronym that says enough:
          // "the AI track" of "AI and Machine Learning".)
          // (Said beside the column's name, and not spelled like a stop word: "US airports" is no
          // "US Airways", nor "airports in the USA" a distributor "USA Films".)
          const acronym = length === 1 && /^\p{Lu}{2,3}$/u.test(question[i]!.original) && !stopWords.has(question[i]!.word) && nearLabel(question, i, i, entry.labelStems) && String(entry.value).split(/[^\p{L}\p{N}]+/u).includes(question[i]!.original);
          if (!acronym && (telling.length === 0 || (length === 1 && telling[0]!.length < 4))) continue;
          // One word said in the plural of the value's singular is the common noun: "comedy films"
          // are no "Based on Short Film".
          if (length === 1 && question[i]!.word !== entry.words[position] && question[i]!.word.replace(/e?s$/, '') === entry.words[position]) continue;
          // One word right after an operation is what it measures: "the total energy delivered" is
          // no "Bayside Energy Stop", "the most energy" no station either.
          if (length === 1 && measuredAfter.has(question[i - 1]?.word ?? '')) continue;
          // One word right before the column's own name says which column, no value of it: "by
          // energy source" is no source "Nuclear Energy" (a trial's total of one source for all three).
          // (Not an acronym or a capitalised name: "the AI track" is the track "AI and Machine Learning".)
          // (Not before the thing a kind names: "noise complaints" are complaints of the type "Noise -
          // Residential", of a `complaint_type`.)
          const next = question[i + 1];
          const kindOfNext = next !== undefined && kindStems.has(entry.labelStems.at(-1) ?? '') && next.stem !== entry.labelStems.at(-1);
          if (length === 1 && !acronym && /^\p{Ll}/u.test(question[i]!.original) && next !== undefined && entry.labelStems.includes(next.stem) && !kindOfNext) continue;
          // One word in small letters right after "which", "what", "each", "every" or "per" is the
          // kind of thing asked about, no name: "which league has the most matches" asks for a
          // division, not of the "English Premier League".
          if (length === 1 && /^\p{Ll}/u.test(question[i]!.original) && i > 0 && askedKind.has(question[i - 1]!.word)) continue;
          // One word in small letters right after a number is what the number counts, no name: "1-star
          // reviews" name no product "LEGO Star Wars Set".
          if (length === 1 && /^\p{Ll}/u.test(question[i]?.original ?? '') && /^\d+(?:\.\d+)?$/.test(question[i - 1]?.word ?? '')) continue;
          // One word in small letters right after "a" or "an" says what kind of thing, no name: "recommend
          // a good book" is no distributor "Good Machine Releasing".
          if (length === 1 && /^\p{Ll}/u.test(question[i]?.original ?? '') && (question[i - 1]?.word === 'a' || question[i - 1]?.word === 'an')) continue;
          // Nor after "how": "how long do cars stay" names no lot "Airport Long-Term".
          if (length === 1 && /^\p{Ll}/u.test(question[i]?.original ?? '') && question[i - 1]?.word === 'how') continue;
          // One verb form written in small letters says what happened, no name: "tickets received
          // by phone" is no subject "Wrong item received" (a trial's count of 13 for 233).
          if (length === 1 && /^\p{Ll}/u.test(question[i]!.original) && /(?:ed|ing)$/.test(question[i]!.word)) continue;
          // A name the question goes on with otherwise is another name: "Aisha Petrova" is no part
          // of the approver "Aisha Haddad" (nor "Ana Lima" of "Maria Ana").
          const proper = (at: number) => at > 0 && at < question.length && /^\p{Lu}/u.test(question[at]!.original);
          const before = i - 1;
          const after = i + length;
          if ((position > 0 && proper(before) && !sameWord(question[before]!.word, entry.words[position - 1]!)) || (position + length < entry.words.length && proper(after) && !sameWord(question[after]!.word, entry.words[position + length]!))) continue;
          const span: Span = [question[i]!.span[0], question[i + length - 1]!.span[1]];
          const place = `${entry.column}\u0000${span[0]}\u0000${span[1]}`;
          const at = found.get(place) ?? { column: entry.column, span, values: new Set<SlotValue>() };
          at.values.add(entry.value);
          found.set(place, at);
        }
      }
    }
    return [...found.values()];
  }
}

/** Words before the kind of thing a question asks about ("which league", "per team"). */
const askedKind = new Set(['which', 'what', 'each', 'every', 'per']);

// Asked for every plan of every program a question ranks: worked out once per label.
const labelStems = remembered((label: string): string[] => {
  const words = foldValue(label)
    .split(' ')
    .filter((w) => w.length >= 2);
  const telling = words.filter((w) => !stopWords.has(w));
  // A column named only by stop words ("value") is still named by them.
  return (telling.length > 0 ? telling : words).map((w) => stem(w));
}, 10_000);

// Words people use for the values a data set codes otherwise ("women" for `Female`, "F").
// (Not the other way, "female" for `women`: tried, it turned refusals of "how many women worked as
// teachers" into counts of the jobs data's rows for women, the teachers dropped — docs/decisions.md.)
const valueSynonyms: Record<string, string[]> = wordTable({
  women: ['female', 'f'],
  woman: ['female', 'f'],
  girls: ['female'],
  females: ['female'],
  men: ['male', 'm'],
  man: ['male', 'm'],
  boys: ['male'],
  males: ['male'],
  // A sex written as its letter ("female patients" of `F`).
  female: ['f'],
  male: ['m'],
  // An outcome of death as records write it ("how many patients died" of a discharge `Expired`).
  died: ['expired', 'deceased', 'dead'],
  dead: ['expired', 'deceased', 'died'],
  deceased: ['expired', 'dead', 'died'],
  deaths: ['expired', 'deceased', 'dead', 'died'],
  // Activities written in -ing, said in the past: "the distance I ran" of `Running`.
  ran: ['running'],
  swam: ['swimming'],
  rode: ['riding'],
  // A pollutant as data names it by its formula ("average ozone by city" of a `pollutant` O3).
  ozone: ['o3'],
  // A side of a trade said as done ("how many shares were bought" of a `side` BUY).
  bought: ['buy'],
  sold: ['sell'],
  // The two spellings of cancelled.
  canceled: ['cancelled'],
  cancelled: ['canceled'],
  // A direction of goods or calls as data shortens it ("inbound movements" of a `movement_type` in).
  inbound: ['in', 'incoming'],
  incoming: ['in', 'inbound'],
  outbound: ['out', 'outgoing'],
  outgoing: ['out', 'outbound'],
});
/** The words people say for values the data codes otherwise (`valueSynonyms`' words). */
export const valueSynonymWords: ReadonlySet<string> = new Set(Object.keys(valueSynonyms));

// The verb saying what something is: a value right after it classifies the rows ("days are forecasts").
const copulas = new Set(['is', 'are', 'was', 'were']);

// Operations whose next word is the measure ("total energy", "most revenue", "average speed").
const measuredAfter = new Set(['total', 'average', 'avg', 'mean', 'median', 'most', 'least', 'more', 'less', 'sum', 'overall', 'cumulative', 'combined']);

// Columns of outcomes, whose values are verbs said in the past ("failed" of `result` = fail).
const outcomeLabel = / (result|results|outcome|outcomes|verdict|decision|grade|disposition) $/;

// A verb's past form the data writes as a state: "deals we lose" are `lost`, "charges that fail" `failed`.
export const pastForms: Record<string, string> = { lose: 'lost', win: 'won', pay: 'paid', send: 'sent', buy: 'bought', sell: 'sold', begin: 'begun', do: 'done' };

/** The spellings a question's word may take in the data (remembered per word, as `stem` is). */
const lookupKeys: (word: string) => readonly string[] = remembered(keysOf, 50_000);

function keysOf(word: string): string[] {
  const keys = [word, stem(word), ...(valueSynonyms[word] ?? [])];
  const past = pastForms[word];
  if (past) keys.push(past);
  else if (word.length >= 4 && /[a-z]$/.test(word) && !/(ed|ing|s)$/.test(word)) keys.push(word.endsWith('e') ? `${word}d` : `${word}ed`);
  for (const suffix of ['es', 's', 'ese', 'ean', 'an', 'ian', 'ish', 'n', 'i', 'y']) if (word.endsWith(suffix) && word.length - suffix.length >= 3) keys.push(word.slice(0, -suffix.length));
  // foggy → fog, sunny → sun
  if (/(.)\1y$/.test(word)) keys.push(word.slice(0, -2));
  if (word.endsWith('ean') && word.length > 5) keys.push(`${word.slice(0, -3)}e`);
  // A noun of what was done is the state it leaves: "cancellations" of a status Cancelled,
  // "approvals" of Approved, "rejections" of Rejected, "conversions" of Converted.
  keys.push(...statesOfNoun(word.replace(/s$/, '')));
  // A plural of a noun that is the verb itself is the state too: "hires" of a stage Hired, "wins"
  // of Won, "declines" of Declined. (Not of a noun without the verb's e: "orders" are no Ordered.)
  const singular = /[^s]s$/.test(word) ? word.slice(0, -1) : undefined;
  const pastOfSingular = singular !== undefined && Object.hasOwn(pastForms, singular) ? pastForms[singular] : undefined;
  if (pastOfSingular !== undefined) keys.push(pastOfSingular);
  else if (singular !== undefined && singular.length >= 4 && singular.endsWith('e')) keys.push(`${singular}d`);
  return keys;
}

/** The participles a noun of an action may stand for (cancellation → cancelled, validation → validated, rejection → rejected, approval → approved). */
function statesOfNoun(noun: string): string[] {
  let match: RegExpExecArray | null;
  if ((match = /^(.{3,})ssion$/.exec(noun))) return [`${match[1]}tted`];
  if ((match = /^(.{3,})sion$/.exec(noun))) return [`${match[1]}ted`];
  if ((match = /^(.{3,})ation$/.exec(noun))) return [`${match[1]}ed`, `${match[1]}ated`];
  if ((match = /^(.{3,})tion$/.exec(noun))) return [`${match[1]}ted`];
  if ((match = /^(.{3,})al$/.exec(noun))) return [`${match[1]}ed`];
  return [];
}

/** The typos a word of this length forgives: none below five letters, one to seven, two from eight. */
function typoLimit(length: number): number {
  return length >= 8 ? 2 : length >= 5 ? 1 : 0;
}

function sameWord(asked: string, value: string, outcome = false): boolean {
  if (asked === value) return true;
  // A verb's past form is no state the data writes otherwise: "who opened the most issues",
  // "issues opened per month" name no `state` = open ("shipped" of `shipped` is the word itself).
  // ("raining" is still `rain`: weather said as a verb.) An outcome is: "vehicles that failed
  // inspection" have the `result` fail.
  // (An activity the data writes in -ing is said in the past too: "distance cycled" of `Cycling`.)
  if (/.{3}ed$/.test(asked) && /.{3}ing$/.test(value) && stem(asked) === stem(value)) return true;
  if (!outcome && /.{3}ed$/.test(asked) && !/ed$/.test(value) && !(valueSynonyms[asked] ?? []).includes(value)) return false;
  return lookupKeys(asked).includes(value) || (value.length > 3 && stem(asked) === stem(value));
}

/** Whether `text` holds `value` as written at `start`, not run on into another word or number. */
function writtenAt(text: string, start: number, value: string): boolean {
  return text.startsWith(value, start) && !/[\p{L}\p{N}]/u.test(text[start + value.length] ?? '');
}

/**
 * The column's name beside the value: a word of it within two words, and, for a name of several
 * words, every one of them within four ("away score of 0" names the away score's 0, not the home
 * score's).
 */
function nearLabel(question: QuestionWord[], start: number, end: number, stems: string[]): boolean {
  const around = (reach: number) => question.slice(Math.max(0, start - reach), Math.min(question.length, end + reach + 1)).map((word) => word.stem);
  if (!around(2).some((stem) => stems.includes(stem))) return false;
  return stems.length < 2 || stems.every((stem) => around(4).includes(stem));
}

export function questionWords(text: string): QuestionWord[] {
  const out: QuestionWord[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = foldValue(match[0]).replace(/ /g, '');
    if (word) out.push({ word, original: match[0], stem: stem(word), span: [match.index, match.index + match[0].length] });
  }
  return out;
}

export interface SlotFill {
  slots: Record<string, SlotValue>;
  /** Parts of the question this candidate used. */
  used: Span[];
  /** Values read for a slot that failed its checks (out of range, not in the enum), where the question states them. */
  rejected: Span[];
  /** Of those, the bounds past the data's own range (which would select nothing), with that range as the data holds it. */
  outside: { span: Span; label: string; low: number | string; high: number | string }[];
  /** Slots filled with a word no value list holds (weaker evidence than a known value). */
  guessed: number;
  /** A required slot could not be filled. */
  unfit: boolean;
  /** Where a date bounds a time column a word before it names ("signed up" of "signed up in 2023", `signup_date`): the question speaks of this data. */
  timeNamed?: Span[];
}

export interface FillContext {
  parsed: ParsedQuestion;
  words: QuestionWord[];
  mentions: ValueMention[];
  table: TableValues | undefined;
  /** Question words that look like a data value nobody listed (see `unlistedValues` in the router). */
  unlisted?: Span[];
  /** Where some data set holds a whole value the question names, and in which column ("Trattoria Da Luca" of `restaurant_name`). */
  known?: { span: Span; column: string }[];
  /** The question names this candidate's table ("gapminder", "cars"). */
  tableNamed?: boolean;
  /** Words that look like values but are not ("death" of "by type of death", a grouping): no slot takes them. */
  noValues?: Span[];
  /** Where a column's name of two words or more is said whole ("open count"): no other column's flag is named there. */
  columnNames?: ColumnNameSpan[];
  /** The column a `column` slot takes when the question names none of its options by its words ("how many industries": `series`). */
  columnHint?: string | undefined;
}

/** What filling a program's slots reads of the program alone: worked out once per program, not for each question. */
interface ProgramReading {
  /** The columns this program bounds by a number (`$column` for a chosen one): with several, an unlabelled "above 20" is no one's. */
  boundColumnSet: Set<string>;
  boundColumns: number;
  /**
   * "LDL results above 160": a bound no column is named for goes to the one column whose name says
   * it is the rows' value (`value`, `reading`, `measurement`), as to the only column bounded.
   */
  valueColumn: string | undefined;
  /** The plans of a bound of a fixed column. */
  boundPlans: SlotPlan[];
  /** The time columns a date bounds. */
  boundTimes: Set<string>;
  measureStems: Set<string>;
  /** The plan of the `column` slot, if the program chooses a column. */
  columnPlan: SlotPlan | undefined;
}

const readingOf = rememberedBy((candidate: CandidateProfile): ProgramReading => {
  const boundColumnSet = new Set(candidate.plans.filter((plan) => plan.role === 'min' || plan.role === 'max').map((plan) => (plan.chosen ? '$column' : (plan.column ?? plan.slot.name))));
  const valueColumns = [...boundColumnSet].filter((column) => genericValueName.test(pathWords(column).split(' ').at(-1) ?? ''));
  return {
    boundColumnSet,
    boundColumns: boundColumnSet.size,
    valueColumn: valueColumns.length === 1 ? valueColumns[0] : undefined,
    boundPlans: candidate.plans.filter((plan) => (plan.role === 'min' || plan.role === 'max') && !plan.chosen),
    boundTimes: new Set(candidate.plans.flatMap((plan) => ((plan.role === 'from' || plan.role === 'to') && plan.column !== null ? [plan.column] : []))),
    measureStems: new Set(candidate.measure === null ? [] : foldValue(humanWords(candidate.measure)).split(' ').map(stem)),
    columnPlan: candidate.plans.find((plan) => plan.role === 'column'),
  };
});

export function fillSlots(candidate: CandidateProfile, context: FillContext): SlotFill {
  const { parsed, mentions } = context;
  const { boundColumnSet, boundColumns, valueColumn, boundPlans, boundTimes, measureStems, columnPlan } = readingOf(candidate);
  // "claims over $5,000" of `amount_claimed` and `amount_paid`: a comparison that money (a verb, an
  // adjective) ties to several bounded columns bounds one: the column another of whose words the
  // question says nearest the comparison ("claims" for claimed, "paid more than" for paid), else
  // the first. (It had bounded both.)
  const comparedColumn = new Map<Span, string>();
  for (const c of parsed.comparisons) {
    const columns = [...new Set(boundPlans.filter((plan) => ['this', 'named'].includes(comparedMeasure(c.span, plan, parsed.lower, candidate.tableStems))).map((plan) => plan.column ?? plan.slot.name))];
    if (columns.length < 2) continue;
    const distance = (column: string) => {
      const own = labelStems(humanWords(column)).filter((labelStem) => !moneyMeasures.some((m) => labelStem === stem(m)));
      const near = context.words.filter((w) => own.includes(w.stem) && (w.span[1] <= c.span[0] || w.span[0] >= c.span[1])).map((w) => Math.min(Math.abs(c.span[0] - w.span[1]), Math.abs(w.span[0] - c.span[1])));
      return near.length > 0 ? Math.min(...near) : Infinity;
    };
    const nearest = columns.map((column) => ({ column, distance: distance(column) })).sort((a, b) => a.distance - b.distance)[0]!;
    comparedColumn.set(c.span, nearest.distance < Infinity ? nearest.column : columns[0]!);
  }
  // "Orders shipped in November" of `shipped_at` and a `status` of shipped: the word naming the time
  // column a date bounds says when, not which state (the orders delivered since were shipped too).
  const timeWords = parsed.dates.flatMap((date) => {
    const naming = timeNaming(date.span, context);
    return naming !== null && naming.columns.some((column) => boundTimes.has(column)) ? [naming.word.span] : [];
  });
  const timeNamed: Span[] = [];
  const namesMeasure = (span: Span) => {
    const said = foldValue(parsed.text.slice(span[0], span[1]));
    if (said.includes(' ') || !measureStems.has(stem(said))) return false;
    const next = context.words.find((w) => w.span[0] >= span[1]);
    return !(next !== undefined && (candidate.tableStems.includes(next.stem) || candidate.tableStems.includes(stem(next.word))));
  };
  const slots: Record<string, SlotValue> = {};
  const used: Span[] = [];
  const rejected: Span[] = [];
  const outside: SlotFill['outside'] = [];
  const take = (plan: SlotPlan, value: SlotValue | null, span: Span | null): boolean => {
    if (value === null) return false;
    const checked = checkValue(plan, value);
    if (checked === null) {
      if (span) {
        rejected.push(span);
        used.push(span);
        const extent = pastTheData(plan, value);
        if (extent) outside.push({ span, label: plan.label ?? plan.slot.name, ...extent });
      }
      return false;
    }
    slots[plan.slot.name] = checked;
    if (span) used.push(span);
    return true;
  };
  const overlaps = (span: Span) => ([s, e]: Span) => span[0] < e && span[1] > s;
  const taken = (span: Span) => used.some(overlaps(span)) || (context.noValues?.some(overlaps(span)) ?? false);
  // "on each island", "per island": a word after "each", "every" or "per" names the groups, no value of them.
  const eachOf = (span: Span) => /\b(each|every|per)\s+$/.test(parsed.lower.slice(0, span[0]));

  // A whole value some data set holds at `span`, of a column named otherwise than `column` (any, when null).
  const knownElsewhere = (span: Span, column: string | null) =>
    (context.known ?? []).some((known) => overlaps(span)(known.span) && (column === null || lastWord(known.column) !== lastWord(column)));
  // A program over a column its `column` slot chooses reads that first: the column the question
  // names, and a bound of the question then belongs to it (`columnPlan`).
  const hinted = context.columnHint !== undefined && (columnPlan?.slot.enum_values ?? []).map(String).includes(context.columnHint) ? context.columnHint : null;
  // (A distinct count takes the column the question counts before another it names: "how many
  // distinct vehicles used our garages" counts vehicles, not garages.)
  const countsColumn = hinted !== null && !candidate.countsValue && candidate.groupBy.length === 0;
  // (A column's name said within a value of another column names no column: "Engineering
  // Managers" is a title, no choice of `manager_id`.)
  const namingWords = context.words.filter((word) => !mentions.some((m) => m.column !== null && m.span[0] <= word.span[0] && m.span[1] >= word.span[1] && m.span[1] - m.span[0] > word.span[1] - word.span[0]));
  // A column the program filters by yes or no (`won`, `policy_violation`) is named to filter, not
  // chosen, where another column is named: "which category has the most policy violations" counts
  // the violations per category.
  const yesNo = new Set(candidate.plans.flatMap((plan) => (plan.slot.type === 'boolean' && plan.column !== null ? [plan.column] : [])));
  const namedColumns = columnPlan ? namedChoices(columnPlan.slot, namingWords) : [];
  const namedOtherwise = columnPlan && namedColumns[0] !== undefined && yesNo.has(namedColumns[0]) ? namedChoice({ ...columnPlan.slot, enum_values: namedColumns.length > 1 ? namedColumns.filter((column) => !yesNo.has(column)) : (columnPlan.slot.enum_values ?? []).filter((column) => !yesNo.has(String(column))) }, namingWords) : null;
  // (The measure per a time's part may be implied: "which month is the wettest" of precipitation; so
  // may the measure rows are ranked by: "the fastest pokemon" of `Speed`.)
  let chosen = columnPlan
    ? ((countsColumn ? hinted : null) ?? namedOtherwise ?? namedColumns[0] ?? hinted ?? (groupsByTimePart(candidate) || candidate.family === 'top_n' ? impliedChoice(columnPlan.slot, namingWords) : null) ?? rankedChoice(candidate, columnPlan.slot, parsed))
    : null;
  // A program counting the rows with a value of the column it chooses ("how many issues did octocat
  // open") chooses, when the question names no column, the one column a value it gives belongs to;
  // so it does between columns named alike ("employee emp_10040" of `employee.id`, not `employee.name`).
  const alike = columnPlan && chosen !== null ? namedChoices(columnPlan.slot, context.words) : [];
  // (So does one whose only named column is the thing counted: "how many runners are from Kenya"
  // counts results of the country Kenya, not of a runner's name.)
  const countedOnly = chosen !== null && chosen === hinted && alike.length <= 1;
  // (Nor one named only by the thing the data's rows are: "average deal amount in EMEA" of deals
  // is of the deals in the region EMEA, not a choice of `deal_name`, whose other words go unsaid;
  // nor "which rep won the most deals", the deals counted; `won` of its yes or no filter is no other
  // choice.)
  // (Nor, of a count, one whose whole name is the word for the rows, said in the plural, that holds
  // a few kinds of them: "how many medals did Kenya win" of a table of medals whose `medal` is Gold,
  // Silver or Bronze counts Kenya's medals, not its 3 kinds. Many values are things of their own:
  // "how many countries" of country-years counts the countries.)
  const kindsOfRows = (column: string) => candidate.family === 'count' && namesTheRows(column, candidate.table, context.words) && context.table?.isComplete(column) === true && (context.table.valuesOf(column)?.length ?? Infinity) <= kindsOfRowsAtMost;
  const rowsColumn = chosen !== null && alike.filter((column) => !yesNo.has(column)).length <= 1 && (namedByRowsAlone(chosen, candidate.table, context.words) || kindsOfRows(chosen)) ? chosen : null;
  const rowsOnly = rowsColumn !== null;
  // (Nor one named only by the thing it identifies, where a value of another choice is given: "list
  // hired candidates" lists the stage Hired, no choice of `candidate_name` without a name.)
  // (Unless the thing is said as the groups: "which user gets PRs closed fastest" of `user.login`
  // groups by the user, and "closed" is a state said of the pull requests.)
  const thingsOnly = () => chosen !== hinted && alike.length > 0 && alike.every((column) => namedByThingAlone(column, context.words) && !thingAsGroups(column, context.words));
  if (columnPlan && (chosen === null || alike.length > 1 || countedOnly || rowsOnly || thingsOnly()) && candidate.countsValue) {
    const choices = new Set(candidate.choices);
    // (A value named by part of its words only when no value is named whole: "dependabot" of `dependabot[bot]`.)
    // (Nor a verb said with do: "how many tickets did acme corp open" gives a company, no status.)
    // (Nor a value inside a longer one another column holds whole: "Mexico" of "Mexico City".)
    const inLonger = (m: ValueMention) => mentions.some((o) => !o.part && o.column !== m.column && o.span[0] <= m.span[0] && o.span[1] >= m.span[1] && o.span[1] - o.span[0] > m.span[1] - m.span[0]);
    const named = mentions.filter((m) => choices.has(m.column) && !taken(m.span) && !eachOf(m.span) && !doneVerb(parsed.lower, m.span) && !inLonger(m));
    const owners = new Set((named.some((m) => !m.part) ? named.filter((m) => !m.part) : named).map((m) => m.column));
    // Or the one column whose codes look like a code it gives ("u0381" of users `u0001`…).
    // Or of the one column whose values are names, of a name no column lists ("Aisha Petrova").
    if (owners.size === 0) {
      for (const span of context.unlisted ?? []) for (const column of context.table?.codeColumns(parsed.text.slice(span[0], span[1])) ?? []) if (choices.has(column)) owners.add(column);
    }
    if (owners.size === 0) {
      // (Not a value a column of another kind holds: a restaurant is no podcast guest of a name like a person's.)
      for (const span of (context.unlisted ?? []).filter((unknown) => !knownElsewhere(unknown, null))) for (const column of context.table?.nameColumns(parsed.text.slice(span[0], span[1])) ?? []) if (choices.has(column)) owners.add(column);
    }
    // Of several columns holding the value ("Liverpool" of `home_team` and `away_team`, "Berlin" of
    // `origin_city` and `destination_city`), the one the question points at: by the direction its
    // preposition gives ("from Berlin"), or by a word of its name the others' names lack ("home").
    if (owners.size > 1) {
      const at = named.find((m) => owners.has(m.column))?.span;
      const said = at === undefined ? null : directionSaid(parsed.lower.slice(0, at[0]));
      const directed = [...owners].filter((column) => said !== null && directionOf(column) === said);
      const stemsOf = (column: string) => labelStems(humanWords(column));
      const saidStems = new Set(context.words.filter((word) => at === undefined || !overlaps(at)(word.span)).map((word) => word.stem));
      const worded = [...owners].filter((column) => stemsOf(column).some((own) => saidStems.has(own) && [...owners].every((other) => other === column || !stemsOf(other).includes(own))));
      const [pointed] = directed.length === 1 ? directed : worded.length === 1 ? worded : [];
      if (pointed !== undefined) {
        owners.clear();
        owners.add(pointed);
      }
    }
    const [owner] = owners.size === 1 ? owners : [];
    // (Nor ones named only by the things they identify: "deals with enterprise accounts" names
    // `account.name`, `account.id` and `deal_name` so, and gives a value of `account.size`.)
    if (owner !== undefined && (alike.length <= 1 || alike.includes(owner) || countedOnly || rowsOnly || thingsOnly())) chosen = owner;
  }
  // (Without such a value, a choice named by the rows' word alone is no choice: "top 3 deals by
  // amount" ranks the deals, not the totals per deal name; "how many different deals" still counts names.)
  if (rowsColumn !== null && chosen === rowsColumn && !differentOnes.test(parsed.lower) && !(kindsOfRows(rowsColumn) && kindsAsked.test(parsed.lower))) chosen = null;
  if (columnPlan && chosen !== null) take(columnPlan, chosen, null);
  // (A bound on, or a value of, the chosen column is a plan of that column; with none chosen, of none.)
  const plans = candidate.plans.map((planned) => (planned.chosen && chosen !== null ? { ...planned, column: chosen, label: humanWords(chosen) } : planned));
  for (const plan of plans) {
    switch (plan.role) {
      case 'eq': {
        if (plan.chosen && plan.column === null) break;
        // A value of the column the program chooses ("energy" of "Nuclear Energy" in "how many
        // different energy sources") describes that column: filtering on it would count one value.
        // (Not a whole value said without "different": "how many silver medals did Germany win"
        // counts the silver ones, which no count of the different medals does.)
        if (chosen !== null && plan.column === chosen && !plan.chosen) {
          const described = mentions.find((m) => m.column === plan.column && !taken(m.span));
          if (described && (described.part || differentOnes.test(parsed.lower))) used.push(described.span);
          break;
        }
        // Two values or more of the column the program groups by ("compare condos and townhouses",
        // "Red vs White") are groups of its answer: a filter would keep only the first of them.
        const named = mentions.filter((m) => m.column === plan.column && !taken(m.span) && fitsEnum(plan.slot, m.value));
        if (!plan.chosen && plan.column !== null && new Set(named.map((m) => String(enumValue(plan.slot, m.value)))).size >= 2 && candidate.groupBy.includes(foldValue(humanWords(plan.column)))) {
          for (const m of named) used.push(m.span);
          break;
        }
        // (A verb said with do, "did kchen open", is explained as what was done: no value.)
        for (const done of mentions.filter((m) => m.column === plan.column && doneVerb(parsed.lower, m.span))) used.push(done.span);
        // (A number inside a comparison is its bound, no value: "more than 2 incidents" of incidents 0 to 5.)
        const bounding = (value: SlotValue, span: Span) => typeof value === 'number' && parsed.comparisons.some((c) => overlaps(c.span)(span));
        // (A value that is a word of the measure the program totals, said as no word of the rows
        // follows it, names that measure: "how much has Maria Lopez paid out" of `paidAmount`, no
        // claim whose status is paid; "the paid amount of paid claims" is both.)
        for (const m of mentions) if (m.column === plan.column && !taken(m.span) && namesMeasure(m.span)) used.push(m.span);
        // (A value both a start's and an end's column hold goes to the one its preposition says:
        // "shipments from Germany" of `origin.country` and `destination.country`.)
        const misdirected = (m: ValueMention) => {
          const said = directionSaid(parsed.lower.slice(0, m.span[0]));
          if (said === null || plan.column === null || directionOf(plan.column) === null || directionOf(plan.column) === said) return false;
          return plans.some((other) => other !== plan && other.role === 'eq' && other.column !== null && directionOf(other.column) === said && mentions.some((o) => o.column === other.column && overlaps(o.span)(m.span)));
        };
        const mention = mentions.find((m) => m.column === plan.column && !taken(m.span) && fitsEnum(plan.slot, m.value) && !(plan.chosen && eachOf(m.span)) && !doneVerb(parsed.lower, m.span) && !timeWords.some(overlaps(m.span)) && !bounding(m.value, m.span) && !misdirected(m));
        if (mention) take(plan, enumValue(plan.slot, mention.value), mention.span);
        else {
          // (A flag is said by its name or its opposite, not by whatever follows a word of its name:
          // "how many times was golden dragon inspected" gives `on_time` no value "was golden".)
          const typed = flagValue(plan, context) ?? (plan.slot.type === 'boolean' ? null : labelledValue(plan, context)) ?? wholeYear(plan, parsed);
          // ("top 5 countries": the 5 is how many, no country.)
          if (typed && !taken(typed.span) && !(parsed.limit && overlaps(parsed.limit.span)(typed.span)) && !timeWords.some(overlaps(typed.span)) && !bounding(typed.value, typed.span) && take(plan, typed.value, typed.span)) {
            // ("With no temperature": the none the flag of its being there says, no bound left.)
            if (plan.presence !== undefined && typed.value === false) for (const c of parsed.comparisons) if (c.none && overlaps(c.span)(typed.span)) used.push(c.span);
          }
        }
        break;
      }
      case 'min':
      case 'max': {
        // A year held as a number takes the question's dates: "in 1920" is 1920 to 1920, "since 1980" from 1980.
        const years = yearBound(plan, parsed, context);
        if (years) {
          take(plan, years.value, years.span);
          break;
        }
        // "since 1980", "before 2000" bound a time, never a count or an amount.
        const temporal = (span: Span) => /^(since|after|from|before|until|till)\b/.test(parsed.lower.slice(span[0], span[1]));
        const comparison = parsed.comparisons.find(
          (c) => {
            if ((plan.role === 'min' ? c.min : c.max) === null || temporal(c.span)) return false;
            // ("Bookings with no review score" of scores 1–10: no score given, not a score of 0; nor
            // of a column chosen, whose values the program does not know.)
            // (Nor of a column often without a value, which programs filter by its being there:
            // "readings with no temperature recorded" have none recorded.)
            if (c.none && (plan.chosen || (typeof plan.slot.observed_minimum === 'number' && plan.slot.observed_minimum > 0) || (plan.column !== null && (context.table?.often.has(plan.column) ?? false)))) return false;
            // ("How many negative reviews" of a `sentiment` holding negative: a value, no sign.)
            if (c.sign && mentions.some((m) => overlaps(c.span)(m.span))) return false;
            // (Freezing is a temperature's: "hours below freezing" bounds no wind; of a least and a
            // greatest temperature, the least falls below it and the greatest rises above it.)
            if (c.freezing) {
              const temperature = (other: SlotPlan) => other.role === plan.role && !other.chosen && /^(?:temp|temperature)\b/.test(foldValue(other.label ?? other.slot.name));
              const temperatures = candidate.plans.filter(temperature);
              if (!temperature(plan)) return false;
              const side = plan.role === 'max' ? 'min' : 'max';
              const sided = temperatures.filter((other) => foldValue(other.label ?? '').split(' ').includes(side));
              return temperatures.length < 2 || sided.length !== 1 || sided[0] === plan;
            }
            // "Under half an hour" bounds a time taken, never a fare.
            if (c.unit && !columnTimeUnit(plan) && !/\b(duration|time|length|wait|delay|runtime)\b/.test(plan.label ?? '')) return false;
            // "Heavier than 5 kg" bounds no column named in a unit of length.
            const measure = columnMeasureUnit(plan);
            if (c.measure && measure && measure.dimension !== c.measure.dimension) return false;
            // And the one column counted in a unit of time is what it bounds, whatever else the question names.
            if (c.unit && columnTimeUnit(plan) && candidate.plans.filter((other) => other.role === plan.role && columnTimeUnit(other)).length === 1) return true;
            // Two years ("between 1920 and 1930") bound the data's year, where it has one, whatever
            // measure is named beside them ("more than 1500 deaths" is still deaths); a number
            // that is no year never bounds a year.
            const yearish = [c.min, c.max].every((v) => v === null || (Number.isInteger(v) && v >= 1000 && v <= 2200));
            const years = yearish && c.min !== null && c.max !== null && c.min !== c.max;
            if (years && context.table?.hasYear()) return yearLabelled(plan);
            if (!yearish && yearLabelled(plan)) return false;
            // "older than 30" names its column by the adjective as well as a column name would.
            const adjective = comparedMeasure(c.span, plan, parsed.lower, candidate.tableStems);
            const compared = comparedColumn.get(c.span);
            if ((adjective === 'this' || adjective === 'named') && compared !== undefined && compared !== (plan.column ?? plan.slot.name)) return false;
            // "ending cash over 1000 dollars": the column whose name is said whole before the
            // comparison is bounded, not another sharing its last word (`beginning_cash`).
            if (adjective === 'named') return belongsTo(c.span, plan, context, true, !yearish, plan.role, boundColumnSet);
            return adjective === 'this' || (adjective === 'none' && belongsTo(c.span, plan, context, boundColumns === 1 || (plan.column !== null && plan.column === valueColumn), !yearish, plan.role, boundColumnSet));
          },
        );
        // "Out of stock", "in stock": a stock (inventory, quantity on hand) of none, or of some.
        const stock = /\b(out of|in) stock\b/.exec(parsed.lower);
        if (!comparison && stock && / (stock|inventory|on hand|available|quantity) /.test(` ${foldValue(plan.label ?? plan.slot.name)} `)) {
          const none = stock[1] === 'out of';
          if (plan.role === (none ? 'max' : 'min')) take(plan, none ? 0 : plan.slot.type === 'integer' ? 1 : nextDouble(0, 1), [stock.index, stock.index + stock[0].length]);
          else used.push([stock.index, stock.index + stock[0].length]);
          break;
        }
        if (!comparison) {
          // "a satisfaction score of 1", "rating 5": a number written after the column's name, with no
          // comparison, is both bounds (unless the program filters the column by a value: that takes it).
          const valued = candidate.plans.some((other) => other.role === 'eq' && other.column === plan.column);
          const exact = !valued && (plan.slot.type === 'integer' || plan.slot.type === 'number') ? labelledValue(plan, context) : null;
          if (exact && typeof exact.value === 'number' && !parsed.comparisons.some((c) => c.span[0] < exact.span[1] && c.span[1] > exact.span[0])) take(plan, exact.value, exact.span);
          break;
        }
        const stated = plan.role === 'min' ? comparison.min : comparison.max;
        // "above 18%" of a rate held as a fraction (0.159): 0.18. "More than an hour" of a column
        // counted in minutes (`duration_min`): 60.
        const unit = columnTimeUnit(plan);
        // (A time said in hours or days, of a column whose name gives no unit — "delayed by more than
        // an hour" of `delay` — is no number of it: 1 would be a minute. Minutes and seconds are
        // taken as said, the units such a column most likely counts: "delayed more than 60 minutes".)
        if (stated !== null && comparison.unit && !unit && !/^(?:minute|second)$/.test(comparison.unit)) break;
        // "heavier than 5 kg" of a column of grams (`body_mass_g`): 5000.
        const measure = columnMeasureUnit(plan);
        const converted = stated !== null && comparison.measure && measure ? convertMeasure(stated, comparison.measure, measure) : undefined;
        // (Freezing of a temperature in °F is 32.)
        const fahrenheit = comparison.freezing === true && / (?:f|fahrenheit|degf) $/.test(` ${foldValue(plan.label ?? '')} `);
        const raw = fahrenheit
          ? 32
          : stated !== null && comparison.percent && fractionColumn(plan)
            ? stated / 100
            : stated !== null && comparison.unit && unit
              ? convertTime(stated, comparison.unit, unit)
              : converted !== undefined
                ? converted
                : stated;
        const strict = plan.role === 'min' ? comparison.strictMin : comparison.strictMax;
        // "more than 30" leaves 30 out: the next whole number of an integer slot, the next double of a
        // number slot (the programs' bounds are inclusive; 30.000000000000004 keeps a row of 30.0 out
        // and every row above it in).
        const step = plan.role === 'min' ? 1 : -1;
        const bound = raw === null || !strict ? raw : plan.slot.type === 'integer' ? (Number.isInteger(raw) ? raw + step : raw) : nextDouble(raw, step);
        // A converted bound of a whole-number column is its nearest whole number inside ("over 2000 kg" of pounds: 4410).
        const value = bound !== null && converted !== undefined && plan.slot.type === 'integer' && !Number.isInteger(bound) ? (plan.role === 'min' ? Math.ceil(bound) : Math.floor(bound)) : bound;
        take(plan, value, comparison.span);
        break;
      }
      case 'from':
      case 'to': {
        const date = parsed.dates.find((d) => (plan.role === 'from' ? d.from : d.to) !== null);
        // A year said within a value the question names whole ("A grades in Fall 2024" of a `term`)
        // is that value's, no date.
        if (date && mentions.some((m) => !m.part && typeof m.value === 'string' && /\d/.test(m.value) && m.span[0] <= date.span[0] && m.span[1] >= date.span[1])) break;
        // A year a column of years already took ("spent in 2023" of `fiscal_year`) bounds no other date:
        // the budget's 2023 lines were approved in 2022 as well.
        // Nor does it where this program has no such column to take it: the data's years are that
        // column's ("in 2023" of budget lines is their fiscal year, not when they were approved).
        // "Closed in October" of `closed_at` beside the main `created_at`: a date said after the word
        // of another time column is that column's, no bound on this one.
        // (The nearest of the three words before the date that names a time column decides: this
        // plan's own, another's, or none.)
        const naming = date && plan.column !== null ? timeNaming(date.span, context, plan.column) : null;
        const namesOwn = naming?.columns.includes(plan.column!) ?? false;
        if (naming !== null && !namesOwn) break;
        // Of a program's two windows (the count's main time and a second one), a date goes to the
        // second only when its column is named before it ("closed in October"), else to the first.
        const windowed = [...new Set(candidate.plans.filter((other) => (other.role === 'from' || other.role === 'to') && other.column !== null).map((other) => other.column!))];
        // (Or a verb of an ending names the second: "how many deals did we win in 2026" of `closed_date`.)
        const ending = date && naming === null && windowed.length > 1 ? endingTime(date.span, context, windowed) : undefined;
        if (ending !== undefined && ending !== plan.column) break;
        if (date && windowed.length > 1 && plan.column !== windowed[0] && !namesOwn && ending !== plan.column) break;
        const whole = date ? calendarYearOf(date) : null;
        const yearColumn = (other: SlotPlan) => other.role === 'eq' && yearLabelled(other);
        const yearTaken =
          date !== undefined &&
          (candidate.plans.some((other) => yearColumn(other) && slots[other.slot.name] !== undefined && wholeYear(other, parsed)?.span === date.span) ||
            (whole !== null && !candidate.plans.some(yearColumn) && context.table?.holdsYear(whole) === true));
        if (date && !yearTaken) {
          const day = date.floating ? dayOfData(date, plan.slot) : date;
          // (The word naming the column is explained by the bound: "shipped" of "orders shipped in March".)
          if (take(plan, plan.role === 'from' ? day.from : day.to, date.span) && naming !== null && namesOwn) {
            used.push(naming.word.span);
            timeNamed.push(naming.word.span);
          }
        }
        break;
      }
      case 'limit':
        // (A series ranks its periods only when asked which ones rank first; else it gives them all.)
        if (candidate.family === 'time_series' && !parsed.rankedPeriods) break;
        if (parsed.limit) take(plan, parsed.limit.value, parsed.limit.span);
        else if (parsed.single) take(plan, 1, null);
        break;
      case 'order': {
        if (candidate.family === 'time_series' && !parsed.rankedPeriods) break;
        // (A ranking by time takes only the words of time: "the lowest fine" says nothing of it.)
        // (Nor a word of time inside a column's name said: "resolved on the first call" of a flag
        // `resolved_first_call` asks for no first calls.)
        const timeWord = parsed.timeOrder?.word;
        const named = timeWord !== undefined && candidate.plans.some((other) => other.label !== null && other.label.split(' ').includes(timeWord) && other.label.split(' ').filter((word) => word !== timeWord).every((word) => parsed.lower.includes(word)));
        const ordinal = named && /^(?:first|last)$/.test(timeWord) && !/\b(?:most|least|top|bottom|best|worst|[a-z]{3,}est)\b/.test(parsed.lower);
        const order = candidate.chronological ? (named ? null : (parsed.timeOrder?.order ?? null)) : (durationOrder(parsed, candidate, chosen) ?? (ordinal ? null : parsed.order));
        if (order) take(plan, order, null);
        break;
      }
      case 'rank_by': {
        // Said only when it is not the program's own: the slot's default leads.
        const wanted = candidate.family === 'time_series' ? periodRankWanted(parsed, plan, candidate) : rankWanted(parsed, candidate);
        if (wanted !== null && wanted !== plan.slot.default) take(plan, wanted, null);
        break;
      }
      case 'interval':
        if (parsed.interval) take(plan, parsed.interval.value, parsed.interval.span);
        break;
      case 'term': {
        const term = parsed.searchTerms.find((t) => !taken(t.span));
        const known = mentions.find((m) => m.column === plan.column && !taken(m.span));
        if (term) take(plan, term.value, term.span);
        else if (known) take(plan, String(known.value), known.span);
        break;
      }
      case 'key': {
        const mention = mentions.find((m) => m.column === plan.column && !taken(m.span));
        if (mention) {
          take(plan, mention.value, mention.span);
          break;
        }
        const key = keyValue(plan, context, taken, candidate.tableStems) ?? wholeYear(plan, parsed);
        if (key) take(plan, key.value, key.span);
        break;
      }
      case 'column':
      case 'other':
        break;
    }
  }
  // A value the data's lists do not hold ("Japan" when only the 10 most frequent countries are
  // known) goes to the program's one unfilled text slot on a categorical column; with two such slots
  // it is not clear which one it filters, and it stays unused (the router then refuses rather than
  // answer for the whole table).
  // Optional filters only: a required lookup key is read by `keyValue` ("the capital of France" is no airport name).
  let open = plans.filter((plan) => plan.role === 'eq' && plan.slot.type === 'string' && slots[plan.slot.name] === undefined && !(plan.chosen && plan.column === null) && !context.table?.isComplete(plan.column));
  let unlisted = (context.unlisted ?? []).filter((span) => !taken(span));
  // Only when the question otherwise points at this data (its table or the slot's column is named):
  // "the capital of France" is no airport state.
  const pointsAt = (plan: SlotPlan) => context.tableNamed === true || (plan.label !== null && labelStems(plan.label).some((l) => context.words.some((w) => w.stem === l)));
  // The name as written, less a possessive ("Germany's health" names Germany).
  const asWritten = (span: Span) => parsed.text.slice(span[0], span[1]).replace(/['’]s$/, '');
  let guessed = 0;
  // "flights from BOS to SFO": of a column of where things start and one of where they end, each
  // name goes to the one its preposition says.
  for (const span of unlisted) {
    const said = directionSaid(parsed.lower.slice(0, span[0]));
    const slot = said === null ? undefined : open.find((plan) => plan.column !== null && directionOf(plan.column) === said);
    if (slot && open.some((plan) => plan !== slot && plan.column !== null && directionOf(plan.column) !== null) && pointsAt(slot) && take(slot, asWritten(span), span)) guessed = 1;
  }
  open = open.filter((plan) => slots[plan.slot.name] === undefined);
  unlisted = unlisted.filter((span) => !taken(span));
  // (A name a column of another kind holds whole is that column's value, no guess here: "Trattoria
  // Da Luca" is a restaurant, no podcast guest; "Germany" of countries is a country elsewhere too.)
  const [span] = unlisted.length === 1 ? unlisted : [];
  const named = span === undefined ? null : asWritten(span);
  // (Not a code written as another column's codes are: "inv_10423" is an invoice's id, looked up,
  // not searched for among subscriptions `sub_…` or customers `cus_…`; "ticket TCK-10847" no
  // customer's name.)
  const codeOfOthers = (plan: SlotPlan) => {
    const owners = named === null ? [] : (context.table?.codeColumns(named) ?? []);
    return owners.length > 0 && (plan.column === null || !owners.includes(plan.column));
  };
  const [slot] = open.length === 1 && guessed === 0 ? open.filter((plan) => (unlisted.length !== 1 || !knownElsewhere(unlisted[0]!, plan.column)) && !codeOfOthers(plan)) : [];
  // ("flights to SEA" is no origin.)
  const against = (plan: SlotPlan, at: Span) => {
    const said = directionSaid(parsed.lower.slice(0, at[0]));
    return said !== null && plan.column !== null && directionOf(plan.column) !== null && directionOf(plan.column) !== said;
  };
  // ("Cook County" of a `county` column that writes "Cook": the column's own word after a name is no part of it.)
  const unlabelled = (plan: SlotPlan, name: string | null) => {
    const last = plan.label?.split(' ').at(-1);
    if (name === null || last === undefined || last.length < 4 || plan.column === null || context.table?.writesWord(plan.column, last) !== false) return name;
    const trimmed = name.replace(new RegExp(`\\s+${escapeRegExp(last)}$`, 'i'), '');
    return trimmed.length > 0 ? trimmed : name;
  };
  // ("The manager of E-10705": a code after the column's name and "of" is what it belongs to, not its value.)
  const possessed = (plan: SlotPlan, at: Span) => {
    const before = /([a-z]+)\s+of\s+$/.exec(parsed.lower.slice(0, at[0]))?.[1];
    return before !== undefined && plan.label !== null && /[-_]/.test(parsed.text.slice(at[0], at[1])) && labelStems(plan.label).includes(stem(before));
  };
  if (slot !== undefined && pointsAt(slot) && span !== undefined && !against(slot, span) && !possessed(slot, span) && take(slot, unlabelled(slot, named), span)) guessed = 1;
  // A lookup's text key takes the one name the question gives under the same condition: "what is
  // the population of Texas" of a table of states, "the income of Germany" of one of countries.
  const keys = candidate.plans.filter((plan) => plan.role === 'key' && plan.slot.type === 'string' && slots[plan.slot.name] === undefined);
  // (Not a word for a column of codes: "earthquakes in Alaska" looks no event id up; nor a name for
  // a key whose every value is known and none is it: "Texas" of states written TX would find nothing.)
  const [key] =
    keys.length === 1 &&
    guessed === 0 &&
    !(named !== null && !/\d/.test(named) && context.table?.codesOnly(keys[0]!.column)) &&
    !(named !== null && context.table?.otherCode(keys[0]!.column, named)) &&
    // (Nor a word of another size than the key's values: "CO2" is no tracking number.)
    !(named !== null && context.table?.fitsKey(keys[0]!.column, named) === false) &&
    !context.table?.isComplete(keys[0]!.column)
      ? keys
      : [];
  const keyPointed = key !== undefined && (context.tableNamed === true || (key.label !== null && labelStems(key.label).some((l) => context.words.some((w) => w.stem === l))));
  if (keyPointed && span !== undefined && take(key, named, span)) guessed = 1;
  // A text search takes it too, when the question names this data or one of its columns: "what is
  // the IMDB rating of Titanic" of movies searched by title (a title is no listed value).
  const searches = candidate.plans.filter((plan) => plan.role === 'term' && slots[plan.slot.name] === undefined);
  const [search] = searches.length === 1 && guessed === 0 && !codeOfOthers(searches[0]!) ? searches : [];
  const dataPointed = () => context.tableNamed === true || (context.table?.labels.some((label) => label.stems.length > 0 && label.stems.every((l) => context.words.some((w) => w.stem === l))) ?? false);
  if (search !== undefined && span !== undefined && dataPointed() && take(search, named, span)) guessed = 1;
  // Required slots with a default are fine; without one the program cannot run.
  const unfit = candidate.slots.some((slot) => slot.required && slots[slot.name] === undefined && (slot.default === null || slot.default === undefined));
  return { slots, used, rejected, outside, guessed, unfit, ...(timeNamed.length > 0 ? { timeNamed } : {}) };
}

/**
 * Whether a column says where something starts (`origin`, `source`, `from_airport`) or where it ends
 * (`destination`, `dest`, `target`). Remembered by name: asked per program and mention of every question.
 */
export const directionOf = remembered(findDirection, 10_000);

function findDirection(column: string): 'start' | 'end' | null {
  // (A nested field by its whole path: `destination.country`.)
  const label = ` ${foldValue(pathWords(column))} `;
  // (A ride's `pickup_zone` and `dropoff_zone`, a shipment's `ship_from` and `ship_to`, a move's `start_station`.)
  if (/ (origin|orig|source|src|from|departure|sender|start|pickup|pick up|boarding) /.test(label)) return 'start';
  if (/ (destination|dest|target|dst|to|arrival|recipient|end|dropoff|drop off|alighting) /.test(label)) return 'end';
  return null;
}

/** The direction the words before a value give it: "from", "leaving" a start; "to", "bound for" an end. */
export function directionSaid(before: string): 'start' | 'end' | null {
  // (An article between: "from the Airport".)
  if (/\b(from|out of|leaving|departing|departed|left|start(s|ed|ing)? (at|from|in))\s*(?:\bthe\s+)?$/.test(before)) return 'start';
  if (/\b(to|into|towards?|arriv(e|es|ed|ing) (at|in)|land(s|ed|ing)? (at|in)|bound for|reaching|end(s|ed|ing)? (at|in))\s*(?:\bthe\s+)?$/.test(before)) return 'end';
  return null;
}

/**
 * "The slowest first response", "the fastest delivery": of a program over a duration (minutes,
 * seconds, a time to, a latency), slow is long and fast is short — the other way round from a speed.
 */
function durationOrder(parsed: ParsedQuestion, candidate: CandidateProfile, chosen: string | null): 'asc' | 'desc' | null {
  // (Of a program choosing its column, the one chosen, not every choice: "the best open rate" of a
  // ranking of any measure, `bounces` among them.)
  const columns = [...candidate.columns.filter((column) => !candidate.choices.includes(column)), ...(chosen !== null && candidate.choices.includes(chosen) ? [chosen] : [])];
  const said = /\b(slowest|fastest|quickest)\b/.exec(parsed.lower)?.[1];
  if (said && columns.some((column) => durationLabel.test(` ${foldValue(humanWords(column))} `))) return said === 'slowest' ? 'desc' : 'asc';
  // ("The worst departure delays", "the best price": of a measure nobody wants more of, the worst
  // is the most and the best the least.)
  const judged = /\b(worst|best)\b/.exec(parsed.lower)?.[1];
  if (judged && !/\bbest[- ](?:selling|sellers?|rated|performing)\b/.test(parsed.lower) && columns.some((column) => unwantedLabel.test(` ${foldValue(humanWords(column))} `))) return judged === 'worst' ? 'desc' : 'asc';
  return null;
}

/**
 * What a time series ranks its periods by when asked which rank first: their count (null, the
 * slot's default) unless the question names the series' measure, then its total or average as said,
 * or as the measure adds up or not ("the most precipitation" a total, "the highest temperature" an average).
 */
function periodRankWanted(parsed: ParsedQuestion, plan: SlotPlan, candidate: CandidateProfile): 'total' | 'average' | null {
  // (Of a series of any measure, the measure ranked by is one it chooses among.)
  const by = parsed.rankedPeriods?.by;
  if (by === null || by === undefined || (by !== plan.column && !(plan.column === null && candidate.choices.includes(by)))) return null;
  const average = /\b(average|averages|avg|mean|typical)\b/.test(parsed.lower);
  const total = /\b(total|totals|sum|combined|cumulative)\b/.test(parsed.lower);
  if (average !== total) return average ? 'average' : 'total';
  if (notAdding.test(` ${humanWords(by)} `)) return 'average';
  // (So is one the question calls a level beside its name: "the highest wheat price" of `wheat`.)
  const named = humanWords(by).split(' ').at(-1) ?? '';
  const beside = named === '' ? undefined : new RegExp(`\\b${escapeRegExp(named.toLowerCase())}\\s+([a-z]+)\\b`).exec(parsed.lower)?.[1];
  if (beside !== undefined && notAdding.test(` ${beside} `)) return 'average';
  // A level said highest or lowest, of a series whose own measure is no quantity that adds up (its
  // plan says so: `rank_by.adds`), is averaged: "which year had the highest co2" of monthly
  // concentrations; "the most precipitation" adds up, and so does the highest (a quantity that piles up).
  const level = by === plan.column && candidate.seriesAdds === false && !/\b(?:most|least|fewest|more|less)\b/.test(parsed.lower) && !humanWords(by).split(' ').some((word) => piling.test(word));
  return level ? 'average' : 'total';
}

/**
 * Whether the question ranks groups by their total or their average of the program's measure:
 * "total", "overall", "combined" against "average", "mean", "typical"; or a quantity
 * counted in its own plural after "the most" or "the fewest" ("which cause affected the most
 * customers", "the farm that harvested the most tons": a total), or named after "top N <groups> by"
 * ("top 5 counties by acres burned"), unless the measure is a rate, a score or a level, which does
 * not add up.
 */
export function rankWanted(parsed: ParsedQuestion, candidate: CandidateProfile): 'total' | 'average' | null {
  const { lower, average, total, howMuch, ranksOrGroups, extreme } = figureWords(parsed);
  if (average !== total) return average ? 'average' : 'total';
  if (average || candidate.measure === null) return null;
  const measure = humanWords(candidate.measure);
  // (A price named as what was paid, "price paid", is money paid, which adds up: "which category
  // brings in the most revenue" of course enrollments' `pricePaid` is its total.)
  if (notAdding.test(` ${measure} `) && !accumulated.test(measure.split(' ').at(-1) ?? '')) return null;
  // ("How much did we pay in overtime", "how much rain fell": an amount, all of it.)
  if (howMuch) return 'total';
  // ("Hours worked by Berlin staff" of `hours_worked`: a quantity named by its piling up, all of it.)
  if (!ranksOrGroups && measure.split(' ').some((word) => accumulated.test(word))) return 'total';
  const stems = new Set(measure.split(' ').map(stem));
  for (const match of lower.matchAll(/\b(?:most|fewest|least)\s+((?:[a-z]+\s+){0,2}?)([a-z]+s)\b/g)) {
    if (stems.has(stem(match[2]!))) return 'total';
  }
  // ("Top 5 companies by number of applicants", "the highest number of applicants" of a count each
  // row carries: all of them, not the number per row on average.)
  for (const [, counted] of lower.matchAll(/\b(?:number|count)\s+of\s+([a-z]+s)\b/g)) {
    if (counted !== undefined && stems.has(stem(counted))) return 'total';
  }
  // (Or by the unit the measure is counted in: "which driver drove the most km" of `distance_km`.)
  for (const match of lower.matchAll(/\b(?:most|fewest|least)\s+([a-z]+)\b/g)) {
    const unit = match[1] ?? '';
    if (stems.has(stem(unit)) && measureUnitOf(unit) !== undefined) return 'total';
  }
  // ("Top 5 vehicles by distance", "which campaign has the highest spend": a quantity that piles up
  // — a distance, fuel or energy used, money spent or made, clicks, units — ranks its groups by its total.)
  if (measure.split(' ').some((word) => piling.test(word)) && extreme) return 'total';
  // "Top 5 counties by acres burned": groups ranked by a quantity that adds up, by its total.
  for (const match of lower.matchAll(/\b(?:top|bottom)\s+(?:\d+\s+)?[a-z]+\s+by\s+([a-z]+)(?:\s+([a-z]+))?/g)) {
    // (Counted in its plural, as after "the most": "by csat" or "by life expectancy" may be averages.)
    if ([match[1], match[2]].some((word) => word !== undefined && /[^su]s$/.test(word) && stems.has(stem(word)))) return 'total';
    // (Or the measure with a verb of its piling up: "top 5 vehicles by distance driven", "fuel used".)
    if (match[1] !== undefined && stems.has(stem(match[1])) && match[2] !== undefined && accumulated.test(match[2])) return 'total';
  }
  return null;
}

/** The words of figures `rankWanted` reads in the question alone: once per question (it is asked for each program ranked). */
function figureWords(parsed: ParsedQuestion): { lower: string; average: boolean; total: boolean; howMuch: boolean; ranksOrGroups: boolean; extreme: boolean } {
  let found = figureWordsOf.get(parsed);
  if (found !== undefined && found.of === parsed.lower) return found;
  // ("the total number of" counts; "the overall average" is an average.)
  const lower = parsed.lower.replace(/\btotal (number|count)\b|\boverall\b(?=\s+(average|avg|mean)\b)/g, ' ');
  found = {
    of: parsed.lower,
    lower,
    average: /\b(average|averages|avg|mean|typical|typically)\b/.test(lower),
    total: /\b(total|totals|overall|sum|combined|altogether|cumulative)\b/.test(lower),
    howMuch: /\bhow much\b/.test(lower),
    ranksOrGroups: /\b(?:most|fewest|least|top|bottom|highest|lowest|per|each|every)\b/.test(lower),
    extreme: /\b(?:most|fewest|least|top|bottom|highest|lowest|biggest|largest|smallest)\b/.test(lower),
  };
  figureWordsOf.set(parsed, found);
  return found;
}

const figureWordsOf = new WeakMap<ParsedQuestion, ReturnType<typeof figureWords> & { of: string }>();

// Measures that pile up, whose groups rank by their totals ("top 5 vehicles by distance").
const piling = /^(?:distance|km|miles|mileage|fuel|liters|litres|gallons|kwh|mwh|energy|consumption|generation|spend|spent|cost|costs|revenue|sales|amount|fee|fees|paid|clicks|impressions|conversions|views|downloads|installs|units|quantity|qty|items|deaths|cases|injuries|fatalities|casualties|precipitation|rain|rainfall|snow|snowfall)$/;

// Participles of a quantity piling up ("distance driven", "fuel used", "hours worked").
export const accumulated = /^(?:driven|travell?ed|flown|walked|run|ridden|covered|used|consumed|burned|burnt|spent|earned|sold|paid|collected|generated|raised|produced|played|watched|streamed|worked|logged|billed|invoiced|shipped|delivered|donated)$/;

// Measures whose totals mean nothing: rates, shares, scores, levels, prices, ages, temperatures.
// (Nor readings of a state: a wind, a speed, a humidity, a pressure, a concentration.)
const notAdding = / (rate|rates|ratio|percent|percentage|pct|share|score|scores|rating|ratings|index|level|levels|price|prices|age|temperature|temp|expectancy|avg|average|mean|median|per|wind|speed|humidity|pressure|visibility|elevation|altitude|height|weight|concentration|ppm|aqi|balance) /;

// Measures nobody wants more of: delays and waits, errors and failures, harm, losses, what is paid.
const unwantedLabel = / (delay|delays|latency|wait|waiting|errors?|defects?|bugs?|failures?|complaints?|unsubscribes?|chargebacks?|disputes?|fraud|abandon(?:s|ment)?|absences?|overdue|cancell?ations?|injur(?:y|ies)|deaths?|fatalit(?:y|ies)|crimes?|accidents?|incidents?|violations?|emissions?|pollution|unemployment|debt|loss|losses|churn|bounces?|downtime|outages?|refunds?|cost|costs|price|prices|fee|fees|expenses?) /;
const durationLabel = / (minutes?|mins?|seconds?|secs?|hours?|hrs?|days?|ms|millis|milliseconds|duration|latency|delay|wait|waiting|elapsed|turnaround|response time|lead time|time to) /;

function fitsEnum(slot: Slot, value: SlotValue): boolean {
  return slot.type !== 'enum' || enumValue(slot, value) !== null;
}

function enumValue(slot: Slot, value: SlotValue): SlotValue | null {
  if (slot.type !== 'enum') return value;
  const folded = foldValue(String(value));
  const found = (slot.enum_values ?? []).find((option) => option === value || foldValue(String(option)) === folded);
  return found ?? null;
}

/** "in 2000" for an integer slot on a year column: a date that is one whole calendar year. */
function wholeYear(plan: SlotPlan, parsed: ParsedQuestion): { value: SlotValue; span: Span } | null {
  // A year column with few values is an enum of numbers (barley's 1931 and 1932).
  const numeric = plan.slot.type === 'integer' || plan.slot.type === 'number' || (plan.slot.type === 'enum' && (plan.slot.enum_values ?? []).some((v) => typeof v === 'number'));
  if (!numeric || !yearLabelled(plan)) return null;
  const date = parsed.dates.find((d) => calendarYearOf(d) !== null);
  // A year the enum lacks is returned all the same: `take` rejects it, and the question is refused
  // rather than answered over every year.
  return date ? { value: calendarYearOf(date)!, span: date.span } : null;
}

/**
 * A day or a month written without its year ("the talks on September 17", "orders in November") in
 * the data's latest year that reaches it, by the slot's observed extent: a conference of 2024 asked
 * about in 2026. Outside any year of the data, or with no extent known, it stays in the reference
 * date's year.
 */
function dayOfData(date: { from: string | null; to: string | null }, slot: Slot): { from: string | null; to: string | null } {
  const { observed_minimum: low, observed_maximum: high } = slot;
  if (typeof low !== 'string' || typeof high !== 'string' || (date.from === null && date.to === null)) return date;
  // (February 29 moved to a year without it is no day.)
  const real = (day: string) => {
    const time = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
  };
  // An open bound ("since March", "before June") in the latest year of the data it leaves some of.
  if (date.from === null || date.to === null) {
    const day = (date.from ?? date.to)!;
    const within = (moved: string) => (date.from !== null ? moved <= high.slice(0, 10) : moved >= low.slice(0, 10) && moved <= high.slice(0, 10));
    if (within(day)) return date;
    for (let year = Number(high.slice(0, 4)); year >= Number(low.slice(0, 4)); year -= 1) {
      const moved = `${year}${day.slice(4)}`;
      if (within(moved) && real(moved)) return date.from !== null ? { from: moved, to: null } : { from: null, to: moved };
    }
    return date;
  }
  // (A month the data reaches part of is the data's: "in November" of data up to November 12.)
  const reaches = (from: string, to: string) => from <= high.slice(0, 10) && to >= low.slice(0, 10);
  if (reaches(date.from, date.to)) return date;
  // (A whole month ends on its last day in the year it moves to: February of 2024 has a 29th.)
  const wholeMonth = date.from.endsWith('-01') && date.from.slice(0, 7) === date.to.slice(0, 7) && date.to === lastDayOfMonth(date.to);
  for (let year = Number(high.slice(0, 4)); year >= Number(low.slice(0, 4)); year -= 1) {
    const moved = { from: `${year}${date.from.slice(4)}`, to: wholeMonth ? lastDayOfMonth(`${year}${date.to.slice(4, 7)}-01`) : `${year}${date.to.slice(4)}` };
    if (reaches(moved.from, moved.to) && real(moved.from)) return moved;
  }
  return date;
}

/** The last day of the month of an ISO day. */
function lastDayOfMonth(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** The year a date range is, when it is one whole calendar year ("in 2023"). */
function calendarYearOf(date: { from: string | null; to: string | null }): number | null {
  const { from, to } = date;
  return from !== null && to !== null && from.slice(0, 4) === to.slice(0, 4) && from.endsWith('-01-01') && to.endsWith('-12-31') ? Number(from.slice(0, 4)) : null;
}

/**
 * A year column: named for years, or whole numbers whose every value is a plausible year (monarchs'
 * reign `start` and `end`, 1509–1820), which a stated date bounds ("ended after 1750"). Remembered
 * per plan: asked of every plan of every program ranked, for every question.
 */
const yearLabelled = rememberedBy((plan: SlotPlan): boolean => {
  const { observed_minimum: low, observed_maximum: high } = plan.slot;
  // (A number of years is no year: `years_experience` of 0 to 30, `age_years`; "in 2025" bounds
  // the date, not the experience. Named "year", or holding years, it is one.)
  const counted = typeof high === 'number' && high < 1000;
  if (plan.label !== null && plan.label.split(' ').some((w) => w === 'year' || (w === 'years' && !counted) || (w !== 'years' && stem(w) === 'year'))) return true;
  return plan.slot.type === 'integer' && typeof low === 'number' && typeof high === 'number' && low >= 1000 && high <= 2200;
});

/** The unit of time a column is counted in, by the last word of its name (`duration_min`, `wait_seconds`, `length_of_stay_days`). */
function columnTimeUnit(plan: SlotPlan): TimeUnit | undefined {
  const last = (plan.label ?? '').split(' ').at(-1);
  return last === undefined ? undefined : timeUnitOf(last);
}

/** The unit of mass, length or volume a column is counted in, by the last word of its name (`body_mass_g`, `weight_in_lbs`). */
function columnMeasureUnit(plan: SlotPlan): MeasureUnit | undefined {
  const words = (plan.label ?? '').split(' ');
  return words.length >= 2 ? measureUnitOf(words.at(-1)!, true) : undefined;
}

/** A column whose every value lies between 0 and 1 (a rate, a share): percentages bound it as fractions. */
function fractionColumn(plan: SlotPlan): boolean {
  const { observed_minimum: low, observed_maximum: high } = plan.slot;
  return typeof low === 'number' && typeof high === 'number' && low >= 0 && high <= 1;
}

/**
 * Whether a comparison made by a comparative adjective measures this plan's column ('this'),
 * another ('other'), or is made by no such adjective ('none'): the measure its superlative implies
 * ("older than 30" an age as "the oldest", "faster than 300" a speed). 'named': a word of this
 * column's name is said right before it, which the caller weighs against other columns' names.
 */
function comparedMeasure(span: Span, plan: SlotPlan, lower: string, tableStems: readonly string[] = []): 'this' | 'named' | 'other' | 'none' {
  const word = /^[a-z]+/.exec(lower.slice(span[0], span[1]))?.[0] ?? '';
  // "cost less than 20", "weighs over 3000": the verb before the comparison names its measure; so
  // does money around the number ("under $20", "less than 20 dollars").
  const [, before = '', verb = ''] = /(?:([a-z]+)\s+)?([a-z]+)\s*$/.exec(lower.slice(0, span[0])) ?? [];
  // (So do thousands or millions said of the rows, with no unit after them, "listings under 300k",
  // "homes over 1.5 million": how prices are said; "over 2k sqft" counts feet, "population between 1
  // million and 10 million" people.)
  const scaled =
    /\d\s?(?:k|m|bn|thousand|million|billion|mln)$/.test(lower.slice(span[0], span[1])) &&
    /^\s*(?:[?.!,]|$|(?:in|at|for|from|of|on|during|since|before|after|and|or|with)\b)/.test(lower.slice(span[1])) &&
    (tableStems.includes(stem(verb)) || tableStems.includes(verb) || (verb !== '' && stopWords.has(verb)));
  const money = /[$€£]/.test(lower.slice(span[0], span[1])) || /^\s*(dollars?|usd|euros?|eur|pounds?|gbp|bucks)\b/.test(lower.slice(span[1])) || scaled;
  const compared = /er$/.test(word) ? impliedMeasures[word.replace(/ier$/, 'iest').replace(/er$/, 'est')] : undefined;
  const label = foldValue(plan.label ?? plan.slot.name);
  // "BTC close below $30,000": the column's own name just before the comparison names its measure,
  // whatever money or the adjective say (a price column is called `close`, `high`, `open` as well
  // as `price`; "gas cheaper than $1.60" of `gas`).
  // ('named': unless another column's name is said there more fully — the caller asks belongsTo.)
  // (Not the data's own name: "listings under $300,000" names no `list_price`.)
  if ((compared !== undefined || money) && verbMeasures[verb] === undefined && !tableStems.includes(stem(verb)) && !tableStems.includes(verb) && label.split(' ').some((labelWord) => labelWord.length > 2 && stem(labelWord) === stem(verb))) return 'named';
  // "sold for more than $2 million": what a thing went for is its price.
  const soldFor = verb === 'for' && tradeVerbs.has(before) ? moneyMeasures : undefined;
  // "patients over 65", "customers under 30": a bare number of people, of an age's size, is their age.
  const stated = Number(/\d+(?:\.\d+)?/.exec(lower.slice(span[0], span[1]))?.[0] ?? Number.NaN);
  // ("Employees are over 50", "how many staff were under 25": the people before "to be" too.)
  const aged = (personNouns.has(verb) || (/^(?:are|were|is|was|aged)$/.test(verb) && personNouns.has(before))) && stated > 0 && stated < 120 && /^\s*(?:[?.!,]|$|(?:in|at|for|from|who|that|with|and|or|had|have|has|were|was|are|is|did|do)\b)/.test(lower.slice(span[1])) ? ['age'] : undefined;
  const measures = compared ?? verbMeasures[verb] ?? soldFor ?? aged ?? (money ? moneyMeasures : undefined);
  if (!measures) return 'none';
  // "Longer than 7 nights": the column named right after the number (by its first word) is the
  // measure, whatever the adjective implies (not `price_per_night`).
  const after = /^\s*([a-z]+)/.exec(lower.slice(span[1]))?.[1];
  const first = label.split(' ')[0] ?? '';
  if (after !== undefined && !money && first.length > 2 && stem(first) === stem(after)) return 'this';
  return measures.some((measure) => label.includes(measure)) ? 'this' : 'other';
}

/** People a question counts or bounds, whose bare number is their age ("patients over 65"). */
const personNouns = new Set(['patients', 'patient', 'people', 'persons', 'customers', 'clients', 'employees', 'staff', 'workers', 'candidates', 'applicants', 'users', 'members', 'residents', 'students', 'players', 'athletes', 'passengers', 'drivers', 'visitors', 'victims', 'voters', 'subscribers', 'men', 'women', 'adults', 'kids', 'children']);

/** Verbs of a trade, after which "for" gives its price ("sold for", "bought for", "rented for"). */
const tradeVerbs = new Set(['sold', 'sell', 'sells', 'selling', 'bought', 'buy', 'buys', 'purchased', 'rented', 'rent', 'rents', 'leased', 'listed', 'went', 'go', 'goes', 'traded', 'auctioned']);

const moneyMeasures = ['price', 'cost', 'amount', 'total', 'revenue', 'sales', 'salary', 'income', 'gross', 'pay', 'fee', 'spend', 'budget', 'value'];
const verbMeasures: Record<string, string[]> = {
  cost: ['price', 'cost', 'amount'],
  costs: ['price', 'cost', 'amount'],
  costing: ['price', 'cost', 'amount'],
  priced: ['price'],
  // "invoices with an amount over 5000" of a `total` with no `amount` (a noun, said as a verb is).
  amount: ['amount', 'total'],
  earn: ['salary', 'income', 'earnings', 'pay', 'wage'],
  earns: ['salary', 'income', 'earnings', 'pay', 'wage'],
  earned: ['salary', 'income', 'earnings', 'pay', 'wage', 'revenue', 'gross'],
  paid: ['salary', 'pay', 'wage', 'amount', 'price'],
  weigh: ['weight', 'mass'],
  weighs: ['weight', 'mass'],
  weighed: ['weight', 'mass'],
  lasted: ['duration', 'length', 'minutes', 'seconds', 'hours'],
  lasts: ['duration', 'length', 'minutes', 'seconds', 'hours'],
  took: ['duration', 'minutes', 'seconds', 'hours', 'time'],
  take: ['duration', 'minutes', 'seconds', 'hours', 'time'],
};

/** The year a date of the question gives a min/max slot on a year column ("in 1920" → 1920 both ends). */
function yearBound(plan: SlotPlan, parsed: ParsedQuestion, context: FillContext): { value: number; span: Span } | null {
  if ((plan.slot.type !== 'integer' && plan.slot.type !== 'number') || !yearLabelled(plan)) return null;
  // ("Who was the monarch in 1690" of reigns from `start` to `end`: one year within the span, which
  // no bound on one end of it answers, unless the question names that end: "reigns that ended in
  // 1820". "Before 1700" still bounds the start.)
  const labels = context.table?.labels ?? [];
  const ends = (word: string | undefined) => (word === undefined ? undefined : /^(?:start|begin|began|from)$/.test(word) ? 'start' : /^(?:end|finish|to|until)$/.test(word) ? 'end' : undefined);
  const own = ends(labels.find((label) => label.column === plan.column)?.stems[0]);
  const spanned = own !== undefined && labels.some((label) => label.column !== plan.column && ends(label.stems[0]) !== undefined && ends(label.stems[0]) !== own) && !context.words.some((word) => ends(word.stem) !== undefined);
  for (const date of parsed.dates) {
    if (spanned && date.from !== null && date.to !== null && date.from.slice(0, 4) === date.to.slice(0, 4)) continue;
    const bound = plan.role === 'min' ? date.from : date.to;
    if (bound === null) continue;
    // ("The 1995 budget" of `budget_year` beside `forecast_year`: a year followed by the first word
    // of another year column's name is that column's.)
    const next = context.words.find((word) => word.span[0] >= date.span[1]);
    const other = next !== undefined && (context.table?.labels ?? []).some((label) => label.column !== plan.column && label.stems.includes('year') && label.stems[0] !== 'year' && label.stems[0] === next.stem);
    if (other) continue;
    // Only whole years: "since March 1980" is no year bound (1980 would take in its January).
    if (plan.role === 'min' ? !bound.endsWith('-01-01') : !bound.endsWith('-12-31')) continue;
    return { value: Number(bound.slice(0, 4)), span: date.span };
  }
  return null;
}

/** The most codes a column may have for a word in small letters to be read as one of them ("democrats" of a party `DEM`). */
const maxSpelledCodes = 12;

/** Whether the question's word at `i` is part of `name` said whole, word for word. */
function withinName(question: readonly QuestionWord[], i: number, name: readonly string[]): boolean {
  for (let start = Math.max(0, i - name.length + 1); start <= i; start += 1) {
    if (name.every((word, k) => question[start + k]?.word === word)) return true;
  }
  return false;
}

/**
 * Words of periods, said as periods after "which", "per", "each", "how many (trading)": "which day
 * had the biggest return" names no time of day "Day" ("during the day" does).
 */
const periodValueWords = new Set(['day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years', 'hour', 'hours', 'date', 'time']);
const periodAsked = (question: QuestionWord[], i: number) =>
  periodValueWords.has(question[i]!.word) && [question[i - 1]?.word, question[i - 2]?.word].some((word) => word !== undefined && /^(?:which|what|each|per|every|many)$/.test(word));

/**
 * A flag named by its column's word: "resolved tickets", "employees who work remotely" are true;
 * "unresolved", "inactive", "non-remote", "not resolved", "isn't active" false; "is", "has" and
 * "flag" name no flag (`is_active`, `has_discount`, `fraud_flag`: "flagged for fraud"). A flag of
 * two or three words is named by all of them close together, in any order: `late_arrival` by "late
 * arrivals", `home_visit_required` by "required a home visit"; "not"/"without" before or among them
 * turns it.
 */
function flagValue(plan: SlotPlan, context: FillContext): { value: SlotValue; span: Span } | null {
  if (plan.slot.type !== 'boolean' || !plan.label) return null;
  // (A flag of a value's being there is named by its column's name: "bookings with special requests".)
  const others = (context.columnNames ?? []).filter((named) => named.column !== (plan.column ?? plan.presence)).map((named) => named.span);
  // (Of a value's being there, never a value the data holds: "open claims" of a `status` open is
  // no claim without `closed_at`, which "not closed" is.)
  // (A value said by a word of the column's own name still names it: "hired applications" of a
  // stage Hired are those with a `hired_at`, where the program does not filter by the stage.)
  const own = plan.presence === undefined ? [] : labelStems(plan.label);
  const ownWord = (span: Span) => context.words.some((word) => word.span[0] === span[0] && word.span[1] === span[1] && own.includes(word.stem));
  const values = plan.presence === undefined ? [] : context.mentions.filter((m) => !m.part && !ownWord(m.span)).map((m) => m.span);
  // (Nor a word saying its opposite that is a value the data holds: "delayed shipments" of a
  // status Delayed beside `on_time`.)
  const opposite = flagPhraseOpposites.get(foldValue(plan.label));
  const held = opposite === undefined ? [] : context.mentions.filter((m) => !m.part && opposite.has(foldValue(context.parsed.text.slice(m.span[0], m.span[1])))).map((m) => m.span);
  const said = flagMention(plan.label, context.words, [...others, ...values, ...held]);
  // (A value of a text being there, the text named by what it is of: "errors" of `error_message`,
  // "requests with errors".)
  const [head, tail, ...more] = foldValue(plan.label).split(' ');
  if (said === null && plan.presence !== undefined && endTimeLabel.test(` ${foldValue(plan.label)} `)) {
    // (An end not yet come, said as the state the rows are still in: "how many cars are still
    // parked" of an `exit_time`, "patients still admitted" of a `discharged_at`, "open tasks" of a
    // `completed_at`; had counted every row.) Not a word a value of the data holds: "open claims"
    // of a status open are those.
    const still = /\b(?:still|currently)\s+(?:being\s+)?(?:[a-z]{3,}ed|open|active|ongoing|pending|running|out|in)\b|\b(?:open|active|ongoing|unfinished|incomplete|outstanding)\s+[a-z]+/.exec(context.parsed.lower);
    const span: Span | null = still === null ? null : [still.index, still.index + still[0].length];
    if (span !== null && !context.mentions.some((m) => m.span[0] < span[1] && m.span[1] > span[0])) return { value: false, span };
  }
  return said ?? (plan.presence !== undefined && head !== undefined && tail !== undefined && more.length === 0 && textTails.has(tail) && head.length >= 4 ? flagMention(head, context.words, [...others, ...values]) : null);
}

// Names of a time when a row's thing ends, or its outcome comes: a value missing there says it has not yet.
// (A cancellation too: a subscription without `cancelled_at` is still active.)
const endTimeLabel = / (?:exit|exited|end|ended|discharged|discharge|completed|completion|closed|resolved|returned|delivered|finished|checkout|out|left|departed|settled|fulfilled|cancelled|canceled|cancellation|churned|terminated|termination) /;

/** The value a question gives a flag called `label` (`flagValue`), with where it says it. */
export function flagMention(label: string, words: readonly QuestionWord[], skip: readonly Span[] = []): { value: boolean; span: Span } | null {
  // Asked for every program with the flag, of the same question: worked out once per label.
  const known = flagMentions.get(words);
  let found = known?.get(label);
  if (found === undefined) {
    found = findFlag(label, words);
    (known ?? flagMentions.set(words, new Map()).get(words)!).set(label, found);
  }
  // The first naming outside `skip` ("the average open count of opened emails": `opened` is the second "open").
  return found.find((said) => !skip.some(([start, end]) => said.span[0] >= start && said.span[1] <= end)) ?? null;
}

/**
 * Words that say a flag is false without its own word (stems, both ways): "students who failed
 * Chemistry" of a `passed` flag, "rejected applications" of `approved`.
 */
const flagOpposites = new Map<string, Set<string>>();
for (const [yes, no] of [
  ['pass', ['fail']],
  ['approv', ['reject', 'deni', 'declin']],
  ['accept', ['reject', 'declin']],
  ['open', ['clos']],
  ['present', ['absent']],
  ['success', ['fail']],
  ['successful', ['fail']],
  ['won', ['lost']],
  ['win', ['lost']],
] as const) {
  for (const word of no) {
    flagOpposites.set(yes, new Set([...(flagOpposites.get(yes) ?? []), word]));
    flagOpposites.set(word, new Set([...(flagOpposites.get(word) ?? []), yes]));
  }
}

/** The prepositions a flag's name may open with (`on_time`, `in_stock`, `off_peak`). */
const flagPrepositions = new Set(['on', 'in', 'at', 'off', 'out', 'under', 'over', 'up']);

const flagMentions = new WeakMap<readonly QuestionWord[], Map<string, { value: boolean; span: Span }[]>>();

/** Every place the question names the flag called `label`, in order. */
function findFlag(label: string, words: readonly QuestionWord[]): { value: boolean; span: Span }[] {
  // A flag of two words said by one word of its opposite: "late trips" of `on_time`.
  const opposite = flagPhraseOpposites.get(foldValue(label));
  const said = opposite === undefined ? undefined : words.find((word) => opposite.has(word.word));
  if (said !== undefined) return [{ value: deniedBefore(words, words.indexOf(said)), span: said.span }];
  // (A flag of a numbered column is said with its number: "fire type pokemon" has no `Type 2`.)
  const numbers = foldValue(label).split(' ').filter((part) => /^\d+$/.test(part));
  if (numbers.some((number) => !words.some((word) => word.word === number))) return [];
  const stems = labelStems(label).filter((s) => !flagVerbs.has(s));
  if (stems.length > 1) {
    const said = stems.length <= 3 ? findFlagWords(stems, words) : null;
    return said !== null ? [said] : stems.length === 2 ? findHadThing(label, stems[0] ?? '', words) : [];
  }
  if (stems.length !== 1) return [];
  const found: { value: boolean; span: Span }[] = [];
  // (A flag named by a preposition and one word, `on_time`, is said whole, "on time", "on-time":
  // "the average idle time" names no trip on time. `in_stock` is also said "out of stock".)
  const whole = foldValue(label).split(' ');
  if (whole.length === 2 && flagPrepositions.has(whole[0] ?? '')) {
    for (let i = 0; i + 1 < words.length; i += 1) {
      const start = words[i];
      const end = words[i + 1];
      if (start === undefined || end === undefined || start.word !== whole[0] || end.stem !== stems[0]) continue;
      if (['per', 'by', 'each'].includes(words[i - 1]?.word ?? '')) continue;
      found.push({ value: !deniedBefore(words, i), span: [start.span[0], end.span[1]] });
    }
    if (whole[0] === 'in') {
      for (let i = 0; i + 2 < words.length; i += 1) {
        const [out, of, noun] = [words[i], words[i + 1], words[i + 2]];
        if (out?.word === 'out' && of?.word === 'of' && noun !== undefined && noun.stem === stems[0]) found.push({ value: false, span: [out.span[0], noun.span[1]] });
      }
    }
    return found;
  }
  const [flag] = stems;
  // (A flag of who a thing went to, `assignee`, is named by what was done: "assigned", "unassigned".)
  const done = flag!.length >= 6 && flag!.endsWith('e') ? flag!.slice(0, -1) : null;
  // (Or by the noun of its doing: "cancellations" of `is_cancelled`, "completions" of
  // `completed`, "approvals" of `approved`; "canceled" and "cancelled" alike.)
  const single = (s: string) => s.replace(/([a-z])\1$/, '$1');
  const flagStem = flag ?? '';
  const nominal = (said: string) => flagStem.length >= 5 && /(?:ation|ion|al)$/.test(said) && single(said.replace(/(?:ation|ion|al)$/, '')) === single(flagStem);
  const names = (word: string, stemmed?: string) => {
    const said = stemmed ?? stem(word);
    // (Of a verb whose past form doubles its last letter, any form: "cancels" of `cancelled`.)
    return said === flag || said === done || (said.length >= 5 && single(said) === single(flagStem)) || (word.length > 4 && word.endsWith('ly') && stem(word.slice(0, -2)) === flag) || nominal(said);
  };
  const opposites = flagOpposites.get(flag!);
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!.word;
    const plain = names(word, words[i]!.stem);
    const prefixed = plain ? null : /^(un|in|im|non|dis)(.{3,})$/.exec(word);
    const negative = (prefixed !== null && prefixed !== undefined && names(prefixed[2]!)) || (!plain && opposites?.has(words[i]!.stem ?? stem(word)) === true);
    if (!negative && !plain) continue;
    // ("non-remote" is two words here: "non", "remote".)
    // "per resolved", "by remote": a grouping by the flag, no value of it.
    if (['per', 'by', 'each'].includes(words[i - 1]?.word ?? '')) continue;
    found.push({ value: negative === deniedBefore(words, i), span: words[i]!.span });
  }
  return found;
}

/**
 * A flag of a thing and what was done with it (`certificate_issued`, `receipt_attached`,
 * `refund_granted`), said by the thing as had: "enrollments that got a certificate", "with a
 * certificate", "have no certificate", "didn't receive a certificate" (false with "no", "without"
 * or a denial before it). Only where the name's second word is a past participle (`…ed`), and the
 * thing follows a word of having, at most two articles or "any" between.
 */
function findHadThing(label: string, thingStem: string, words: readonly QuestionWord[]): { value: boolean; span: Span }[] {
  const [thing, done] = foldValue(label).split(' ').filter((word) => !flagVerbs.has(word));
  if (thing === undefined || done === undefined || !(/^[a-z]{3,}ed$/.test(done) || irregularDone.has(done)) || stem(thing) !== thingStem) return [];
  const found: { value: boolean; span: Span }[] = [];
  words.forEach((said, i) => {
    if (said.stem !== thingStem) return;
    let at = i - 1;
    let denied = false;
    while (at > 0 && i - at <= 2 && (denialFillers.has(words[at]?.word ?? '') || words[at]?.word === 'no')) {
      denied ||= words[at]?.word === 'no';
      at -= 1;
    }
    const having = words[at];
    if (having === undefined || !havingWords.has(having.word)) return;
    found.push({ value: !(denied || having.word === 'without' || deniedBefore(words, at)), span: [having.span[0], said.span[1]] });
  });
  return found;
}

// Past participles not in -ed that end such a flag's name (`postmortem_done`, `interview_held`).
const irregularDone = new Set(['done', 'held', 'given', 'sent', 'paid', 'made', 'taken', 'written', 'built', 'shown', 'seen']);

/** Words before a thing had (`findHadThing`): "got a certificate", "with a receipt", "without a refund". */
const havingWords = new Set(['got', 'get', 'gets', 'getting', 'gotten', 'have', 'has', 'had', 'having', 'with', 'without', 'received', 'receive', 'receives', 'receiving', 'earned', 'earn', 'earns', 'obtained']);

/**
 * A flag of several words (`findFlag`): each word's first place in the question, all within a few
 * words of each other ("required a home visit", "home visit was required").
 */
function findFlagWords(stems: readonly string[], words: readonly QuestionWord[]): { value: boolean; span: Span } | null {
  // (Said in another form of the same root: "booked instantly" of `instant_bookable`.)
  const places = stems.map((flagStem) => {
    const exact = words.findIndex((w) => w.stem === flagStem);
    const root = flagStem.replace(/(?:abl|ibl)$/, '');
    return exact >= 0 || root.length < 4 ? exact : words.findIndex((w) => stem(w.word.replace(/(?:ably|ibly|able|ible|ly|ed|ing)$/, '')) === root);
  });
  if (places.some((place) => place < 0)) return null;
  const [first, last] = [Math.min(...places), Math.max(...places)];
  if (last - first > stems.length + 2) return null;
  if (['per', 'by', 'each'].includes(words[first - 1]?.word ?? '')) return null;
  const among = words.slice(first, last + 1).filter((_, index) => !places.includes(first + index)).map((w) => w.word);
  const denied = deniedBefore(words, first) || among.some((w) => flagDenials.has(w));
  return { value: !denied, span: [words[first]!.span[0], words[last]!.span[1]] };
}

/**
 * Whether a denial comes before the flag said at `index`: right before it, or before one other word
 * and any articles or "to be" ("not remote", "isn't a member", "did not include an emissions test",
 * "not set to auto-renew").
 */
function deniedBefore(words: readonly QuestionWord[], index: number): boolean {
  // "Out of stock" of `in_stock`, "out of warranty", "out of network": the flag's opposite.
  if (words[index - 1]?.word === 'of' && words[index - 2]?.word === 'out') return true;
  let others = 0;
  for (let j = index - 1; j >= 0 && j >= index - 4; j -= 1) {
    const word = words[j]!.word;
    if (flagDenials.has(word)) return true;
    if (denialFillers.has(word)) continue;
    others += 1;
    if (others > 1) return false;
  }
  return false;
}

// Flags of two words and the words that say their opposite.
const flagPhraseOpposites = new Map<string, ReadonlySet<string>>([
  ['on time', new Set(['late', 'delayed', 'overdue', 'tardy'])],
]);

// Words between a denial and its flag that leave it denied ("not set to auto-renew", "isn't a member").
const denialFillers = new Set(['a', 'an', 'the', 'any', 'to', 'be', 'been', 'being']);

// Words of a flag's name that name no flag: `is_active`, `has_discount`, `fraud_flag`, `flagged`.
const flagVerbs = new Set(['is', 'has', 'ha', 'flag', 'flagg']);
// A word before a flag that turns it ("not", "non-", "isn't": the tokens `isn` and `t`).
export const flagDenials: ReadonlySet<string> = new Set(['not', 'no', 'non', 'never', 't', 'isn', 'aren', 'wasn', 'weren', 'don', 'doesn', 'didn', 'hasn', 'haven', 'without']);

/** Ordinals spelled out ("the second floor", "the third round"). */
const spelledOrdinals: ReadonlyMap<string, number> = new Map(['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'].map((word, index) => [word, index + 1]));

/** "origin ORD", "state = CA", "cluster 3": a value written right after its column's name. */
function labelledValue(plan: SlotPlan, context: FillContext): { value: SlotValue; span: Span } | null {
  if (!plan.label) return null;
  // "1 star reviews", "a 5-star rating", "tickets rated 2 stars": stars given are a rating's value
  // (`rating`, `stars`, `satisfaction_score`, `review_score`), whatever the column is called.
  const stars = ratesLabel(plan.label) ? starsSaid.exec(context.parsed.text) : null;
  if (stars && (plan.slot.type === 'integer' || plan.slot.type === 'number' || (plan.slot.type === 'enum' && (plan.slot.enum_values ?? []).some((v) => typeof v === 'number')))) {
    const value = parseNumber(stars[1] ?? '');
    const accepted = value === null ? null : plan.slot.type === 'enum' ? enumValue(plan.slot, value) : value;
    if (accepted !== null) return { value: accepted, span: [stars.index, stars.index + stars[0].length] };
  }
  const named = labelStems(plan.label);
  // ("9th graders": the label's word said as the people it describes, after an ordinal.)
  // (Or spelled, right before the label: "the second floor" of a `floor` 2.)
  const ordinal = (word: QuestionWord | undefined) => word !== undefined && (/^\d+(?:st|nd|rd|th)$/.test(word.word) || spelledOrdinals.has(word.word));
  const stemOf = (at: number) => {
    const word = context.words[at]!;
    return /[a-z]{3}ers$/.test(word.word) && ordinal(context.words[at - 1]) && named.includes(stem(word.word.slice(0, -2))) ? stem(word.word.slice(0, -2)) : word.stem;
  };
  // (No word of the label said: nothing to read.)
  if (!context.words.some((_, at) => named.includes(stemOf(at)))) return null;
  // A thing's id is named by the thing too: "manager 1001" of `manager_id`.
  const stems = named.length > 1 && named.at(-1) === 'id' && !named.slice(0, -1).some((stem) => stem === 'id') && !context.words.some((word) => word.stem === 'id') ? named.slice(0, -1) : named;
  const own = foldValue(plan.label).split(' ');
  const words = context.words;
  // Every word of a label of several ("away score of 0" is not the home score's 0).
  // (A grade level of 9 is said "9th grade" too: its first word is enough after an ordinal.)
  const ordinalNamed = stems.length > 1 && words.some((word, at) => stemOf(at) === stems[0] && ordinal(words[at - 1]));
  if (stems.length > 1 && !ordinalNamed && !stems.every((stem) => words.some((word) => word.stem === stem))) return null;
  for (let i = 0; i < words.length; i += 1) {
    if (!stems.includes(stemOf(i))) continue;
    let next = i + 1;
    // (A measure's filler word too: "satisfaction score of 1".)
    // (And the label's own further words: the 5 of `pm2_5` is its name, no value.)
    while (next < words.length && (own.includes(words[next]!.word) || /^(is|of|equals|equal|to|the|in|was|were|exactly|score|rating|level)$/.test(words[next]!.word))) next += 1;
    const after = words[next];
    const before = words[i - 1];
    const numeric = plan.slot.type === 'integer' || plan.slot.type === 'number';
    // (A number joined to the name before it when the word after it is none: "1-star reviews" of
    // `stars`; not "top 5 years", a count.)
    const joined = before !== undefined && /^\d+$/.test(before.word) && context.parsed.text.slice(before.span[1], words[i]!.span[0]) === '-';
    const afterFits = after && (plan.slot.type !== 'string' || /^[A-Z0-9]{1,6}$/.test(context.parsed.text.slice(after.span[0], after.span[1]))) && !(numeric && parseNumber(after.word) === null && joined);
    // (A number before it that ends a code is none: "trip T-500204 start" is no start station 500204.)
    const beforeCode = before !== undefined && /[A-Za-z0-9][-_]$/.test(context.parsed.text.slice(0, before.span[0]));
    const numberedSlot = numeric || (plan.slot.type === 'enum' && (plan.slot.enum_values ?? []).some((v) => typeof v === 'number'));
    const raw = numberedSlot && ordinal(before) ? before : afterFits ? after : before && /^\d+$/.test(before.word) && !beforeCode ? before : null;
    if (!raw) continue;
    // "jobs in 1950": the table's word is also the column's label, but the year is a date the
    // question states, not a code of the text column.
    // (Nor a count's: "deaths from disease in 1856" is the year's, no 1,856 deaths.)
    if ((plan.slot.type === 'string' || !yearLabelled(plan)) && context.parsed.dates.some((date) => raw.span[0] >= date.span[0] && raw.span[1] <= date.span[1])) continue;
    const numbered = numeric || (plan.slot.type === 'enum' && (plan.slot.enum_values ?? []).some((v) => typeof v === 'number'));
    // A number is read whole, with its sign and decimals ("longitude -0.125, latitude 45.125"): the
    // words split it at the point.
    // A code is read whole too: "manager of E-10705" is no manager "E".
    const code = raw === after && !numbered ? /^[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)+/.exec(context.parsed.text.slice(raw.span[0])) : null;
    const span: Span = raw === after && numbered ? (wholeNumberAt(context.parsed.text, raw.span) ?? raw.span) : code ? [raw.span[0], raw.span[0] + code[0].length] : raw.span;
    const text = context.parsed.text.slice(span[0], span[1]);
    // (A code after "of" is what the label belongs to: "the manager of E-10705" asks for that
    // employee's manager, not for the people E-10705 manages; "manager E-10336" is one.)
    if (code && words.slice(i + 1, next).some((word) => word.word === 'of')) continue;
    const value = numbered ? (raw === before && ordinal(before) ? (spelledOrdinals.get(before.word) ?? parseNumber(text.replace(/(?:st|nd|rd|th)$/, ''))) : parseNumber(text)) : text;
    if (value === null) continue;
    // The word after a column name is only a value when the slot accepts it ("rated dramas" is not a rating).
    const accepted = plan.slot.type === 'enum' ? enumValue(plan.slot, value) : value;
    if (accepted === null) continue;
    // (Nor, after a kind word and "of", the thing the kind sorts: "the type of death" asks for the
    // deaths' types, not the type Death — unless written as the data writes the value.)
    if (raw === after && kindStems.has(stems.at(-1) ?? '') && words.slice(i + 1, next).some((word) => word.word === 'of') && accepted !== text) continue;
    return { value: accepted, span: [Math.min(span[0], words[i]!.span[0]), Math.max(span[1], words[i]!.span[1])] };
  }
  return null;
}

/** A column of ratings given: stars, a rating, a satisfaction or review score. */
const ratingLabel = / (?:rating|ratings|rated|stars?|csat|satisfaction|review score)(?= )/;
const ratesLabel = remembered((label: string) => ratingLabel.test(` ${foldValue(label)} `), 10_000);
/** Stars said with their number: "1 star", "5-star", "4.5 stars" (not "a star player"). */
const starsSaid = /\b(\d(?:\.\d)?)[- ]?stars?\b/i;

/** Whether the text from `start` to `end` is part of a longer code joined by dashes or underscores, with digits ("MLS-TX-247876"). */
function insideCode(text: string, start: number, end: number): boolean {
  if (text === '') return false;
  let from = start;
  let to = end;
  while (from > 0 && /[A-Za-z0-9_-]/.test(text[from - 1] ?? '')) from -= 1;
  while (to < text.length && /[A-Za-z0-9_-]/.test(text[to] ?? '')) to += 1;
  const code = text.slice(from, to).replace(/^[-_]+|[-_]+$/g, '');
  return code.length > end - start && /[-_]/.test(code) && /\d/.test(code) && /[A-Za-z]/.test(code);
}

/** The number written from the word at `span` on: its minus sign (not a hyphen of a word) and its decimals. */
function wholeNumberAt(text: string, span: Span): Span | null {
  const signed = text[span[0] - 1] === '-' && !/[\p{L}\p{N}]/u.test(text[span[0] - 2] ?? ' ');
  const start = signed ? span[0] - 1 : span[0];
  const number = /^-?\d+(?:\.\d+)?(?![\d.]*\d)/.exec(text.slice(start));
  return number ? [start, start + number[0].length] : null;
}

/** The double next to `value` upwards (1) or downwards (-1). */
export function nextDouble(value: number, direction: 1 | -1): number {
  if (!Number.isFinite(value)) return value;
  if (value === 0) return direction * Number.MIN_VALUE;
  const bits = new BigInt64Array(new Float64Array([value]).buffer);
  // Away from zero is one more in the bits' magnitude, towards zero one less.
  bits[0] = bits[0]! + ((value > 0) === (direction > 0) ? 1n : -1n);
  return new Float64Array(bits.buffer)[0]!;
}

const unitWords = new Set(['min', 'mins', 'sec', 'secs', 'ms', 'hr', 'hrs', 'mm', 'cm', 'km', 'ft', 'kg', 'g', 'mg', 'ml', 'kcal', 'lb', 'lbs', 'usd', 'eur', 'pct', 'percent', 'kwh', 'mph', 'kmh'].map((w) => stem(w)));

/** The column of a `column` slot's options whose every word the question says (the one of most words). */
export function namedChoice(slot: Slot, words: QuestionWord[]): string | null {
  return namedChoices(slot, words)[0] ?? null;
}

/**
 * The column of a `column` slot's options a word of the question implies (`impliedMeasures`: "wettest"
 * of `precipitation`, "hottest" of `temp_max`): the one whose words begin with the most implied
 * words, when one alone does.
 */
export function impliedChoice(slot: Slot, words: QuestionWord[]): string | null {
  const columns = (slot.enum_values ?? []).map(String);
  for (const { word } of words) {
    const implied = impliedMeasures[word];
    if (implied === undefined) continue;
    const scored = columns.map((column) => {
      const own = humanWords(column).toLowerCase().split(' ');
      return { column, hits: implied.filter((part) => own.some((one) => one.startsWith(part))).length };
    });
    const best = Math.max(0, ...scored.map((one) => one.hits));
    const chosen = scored.filter((one) => one.hits === best);
    if (best > 0 && chosen.length === 1) return chosen[0]!.column;
  }
  return null;
}

/**
 * Whether a column of a choice is named only by the thing it identifies, which is what the table's
 * rows are, its name's last word (`deal_name` of `crm_deals` by "deal", not `course_title` of
 * `course_enrollments` by "course"): its other words unsaid.
 */
function namedByRowsAlone(column: string, table: string, words: readonly QuestionWord[]): boolean {
  return choiceNames(column).thing === lastWord(table) && namedByThingAlone(column, words);
}

/**
 * Whether a column's whole name is the last word of its table's (`medal` of `olympic_medals`), said
 * in the plural: the rows' own word ("how many medals"; not "how many weather" of `weather`).
 */
function namesTheRows(column: string, table: string, words: readonly QuestionWord[]): boolean {
  const { stems } = choiceNames(column);
  return stems.length === 1 && stems[0] === lastWord(table) && words.some((w) => w.stem === stems[0] && /s$/.test(w.word) && w.word !== w.stem);
}

/** The most values a column of the rows' own name holds as kinds of them (a medal's Gold, Silver, Bronze). */
const kindsOfRowsAtMost = 12;

// Kinds of a thing asked for ("how many medal types", "what kinds of medals"): its different values.
const kindsAsked = /\b(?:types?|kinds?|sorts?|categories|varieties)\b/;

/** Whether a column of a choice is named only by the thing it identifies (`account.name` by "accounts"), its other words unsaid. */
function namedByThingAlone(column: string, words: readonly QuestionWord[]): boolean {
  const { stems, thing } = choiceNames(column);
  return thing !== null && stems.some((own) => own !== thing && !words.some((w) => w.stem === own));
}

/** Of a series of any measure, the measure its periods are ranked by ("which year was the hottest": `temp_max`), when it is one of the choices. */
function rankedChoice(candidate: CandidateProfile, slot: Slot, parsed: ParsedQuestion): string | null {
  const by = parsed.rankedPeriods?.by;
  return candidate.family === 'time_series' && typeof by === 'string' && (slot.enum_values ?? []).map(String).includes(by) ? by : null;
}

/** Whether the thing a column of a choice identifies is said as the groups: right after "which", "what", "per", "by" or "each". */
function thingAsGroups(column: string, words: readonly QuestionWord[]): boolean {
  const { thing } = choiceNames(column);
  return thing !== null && words.some((w, i) => w.stem === thing && groupingWords.has(words[i - 1]?.word ?? ''));
}

// Things asked for as different ones ("how many different deals"): their names or ids, told apart.
const differentOnes = /\b(?:different|distinct|unique)\b/;

/** The columns of a `column` slot's options the question names, those of most words (all of them when they tie). */
function namedChoices(slot: Slot, words: QuestionWord[]): string[] {
  const found: { column: string; size: number }[] = [];
  const columns = (slot.enum_values ?? []).map(String);
  // The noun of a name of two whose first only qualifies it ("diagnosis" of `primary_diagnosis`),
  // when no other column of the choice ends in it and it says what the column holds (not "name",
  // "type" or "date"). (Not a noun before it: "tickets" is no name of `support_tickets`.)
  const heads = columns.map((column) => {
    const { stems } = choiceNames(column);
    return stems.length === 2 && qualifiers.has(stems[0]!) && !genericHeads.has(stems[1]!) ? stems[1]! : null;
  });
  // Any such noun, when it is said as the groups ("which FitTrack version has …" of `app_version`,
  // "the most common species" of `Wildlife Species`): right after "which", "what", "per", "by",
  // "each", "common" or "frequent", or one word (a value) after it.
  const nouns = columns.map((column) => {
    const { stems } = choiceNames(column);
    return stems.length === 2 && !genericHeads.has(stems[1]!) ? stems[1]! : null;
  });
  const asGroups = (noun: string) => words.some((w, i) => w.stem === noun && [1, 2].some((back) => i >= back && (groupingWords.has(words[i - back]!.word) || frequencyWords.has(words[i - back]!.word))));
  for (const [index, column] of columns.entries()) {
    const { stems, thing, short, path } = choiceNames(column);
    const byInitials = short !== null && short.length >= 3 && words.some((w) => w.word === short);
    // (Or by the word the name abbreviates: "rebounds" of `TRB`, "position" of `Pos`.)
    const said = (list: readonly string[]) => list.length > 0 && list.every((s) => words.some((w) => w.stem === s || shortens(s, w.word) || extremeWords.get(s)?.has(w.word) === true || abbreviates(w.word, s)));
    // A name of three words or more said without one of its middle words ("aircraft model" of
    // `Aircraft Make Model`): its first and last said side by side.
    const skipping = stems.length >= 3 && words.some((w, i) => w.stem === stems[0] && words[i + 1]?.stem === stems.at(-1)) && stems.slice(1, -1).filter((s) => !said([s])).length === 1;
    const head = heads[index];
    const byHead = head !== null && head !== undefined && heads.filter((other) => other === head).length === 1 && words.some((w) => w.stem === head);
    const noun = nouns[index];
    const byGroups = noun !== null && noun !== undefined && nouns.filter((other) => other === noun).length === 1 && asGroups(noun);
    // A name of three words or more said by its last two side by side, where no other option ends
    // in them ("age group" of `member_age_group`).
    const tail = stems.length >= 3 ? stems.slice(-2).join(' ') : null;
    const byTail =
      tail !== null &&
      columns.filter((other) => choiceNames(other).stems.slice(-2).join(' ') === tail).length === 1 &&
      words.some((w, i) => w.stem === stems.at(-2) && words[i + 1]?.stem === stems.at(-1));
    // Likewise by its first two side by side, where no other option begins with them ("price
    // change" of `price_change_percentage_24h`).
    const front = stems.length >= 3 ? stems.slice(0, 2).join(' ') : null;
    const byFront =
      front !== null &&
      columns.filter((other) => choiceNames(other).stems.slice(0, 2).join(' ') === front).length === 1 &&
      words.some((w, i) => w.stem === stems[0] && words[i + 1]?.stem === stems[1]);
    // A title said by the thing it is the title of ("top 3 courses" of `course_title`), where no
    // other option identifies that thing (a `job.id` beside `job.title`: "how many jobs" counts ids).
    const titled = stems.length === 2 && stems[1] === titleStem ? (stems[0] ?? null) : null;
    const byTitle = titled !== null && said([titled]) && columns.every((other) => other === column || (choiceNames(other).thing !== titled && choiceNames(other).stems[0] !== titled));
    // A measure of two words whose second only says it is a sum of money or a figure ("tip" of
    // `tip_amount`, "tolls" of `tolls_amount`), where no other option begins with that word.
    const [lead, figure] = stems;
    const byLead = stems.length === 2 && lead !== undefined && figure !== undefined && figureHeads.has(figure) && said([lead]) && columns.filter((other) => choiceNames(other).stems[0] === lead).length === 1;
    // (A name of a general word beside stop words only is said whole: "on time" of `on_time`, not any "time".)
    const whole = foldValue(humanWords(column)).split(' ');
    // A count of two words said by its first in the plural ("views" of `view_count`, "likes" of
    // `like_count`; "forks" of `forks_count`), where no other option begins with that word: the
    // singular alone ("view all videos", "look like") is an everyday word.
    const counted = whole.length === 2 && whole[1] === 'count' && whole[0] !== undefined && whole[0].length >= 3 ? (whole[0].endsWith('s') ? whole[0] : `${whole[0]}s`) : null;
    const byCount = counted !== null && words.some((w) => w.word === counted) && columns.filter((other) => choiceNames(other).stems[0] === lead).length === 1;
    const generalOnly = stems.length === 1 && genericHeads.has(stems[0] ?? '') && whole.length > 1 && whole.every((part) => stopWords.has(part) || stem(part) === stems[0]);
    if (generalOnly && !words.some((_, i) => whole.every((part, k) => words[i + k]?.word === part))) continue;
    if (!byInitials && !said(stems) && !skipping && !(thing !== null && said([thing])) && !byHead && !byGroups && !byTail && !byFront && !byTitle && !byLead && !byCount) continue;
    found.push({ column, size: path.length > stems.length && said(path) ? path.length : said(stems) ? stems.length : skipping ? stems.length - 1 : byTail || byFront ? 2 : 1 });
  }
  const most = Math.max(0, ...found.map((f) => f.size));
  const largest = found.filter((f) => f.size === most).map((f) => f.column);
  // Of names said alike, the one said as the groups ("which device opened the most emails" is per
  // `device`, not per the flag `opened`): right after "which", "what", "per", "by" or "each".
  if (largest.length < 2) return largest;
  const grouped = largest.filter((column) => {
    const { path } = choiceNames(column);
    return words.some((w, i) => path.includes(w.stem) && i > 0 && groupingWords.has(words[i - 1]!.word));
  });
  return grouped.length > 0 ? [...grouped, ...largest.filter((column) => !grouped.includes(column))] : largest;
}

const groupingWords = new Set(['which', 'what', 'per', 'by', 'each']);
// Second words of a measure's name that say only that it is a figure (`tip_amount`, `order_value`).
const figureHeads = new Set(['amount', 'amt', 'value', 'total', 'sum'].map((word) => stem(word)));
const titleStem = stem('title');
// The words of a maximum or a minimum a column's name ends in ("the average high temperature" of `temp_max`).
const extremeWords = new Map([
  [stem('max'), new Set(['max', 'maximum', 'high', 'highs', 'highest', 'peak'])],
  [stem('min'), new Set(['min', 'minimum', 'low', 'lows', 'lowest'])],
]);
// "the most common / frequent X": X is the groups counted.
const frequencyWords = new Set(['common', 'frequent']);

// First words of column names that only qualify the next (stemmed as choiceNames stems them).
const qualifiers = new Set(['primary', 'main', 'principal', 'secondary', 'final', 'initial', 'current', 'original', 'preferred', 'chief', 'official', 'actual', 'estimated', 'reported', 'assigned', 'default', 'previous', 'latest', 'first', 'last'].map((word) => stem(word)));

// Last words of column names that say how a value is written, not what it is (`start_station_name`, `rideable_type`).
// The stems of a column's last word that say it holds kinds of the thing before it (`complaint_type`, `crime_category`).
const kindStems = new Set(['type', 'kind', 'categor', 'category', 'categori', 'class', 'sort']);
const genericHeads = new Set(['name', 'id', 'type', 'kind', 'code', 'date', 'time', 'at', 'on', 'number', 'num', 'no', 'count', 'amount', 'value', 'total', 'flag', 'status', 'level', 'score', 'rate', 'usd', 'min', 'max']);

/** How a column a `column` slot chooses may be named (`namedChoices`), worked out once per column. */
interface ChoiceNames {
  /** Every word of the name, one letter too ("life expectancy" is no name of `p_life_expect`), but a unit at its end ("running time" of `Running_Time_min`). */
  stems: readonly string[];
  /** The thing an identifier's "id" or a name's "name" is of, stemmed ("user u0381" of `user_id`, "which approver" of `approver.name`). */
  thing: string | null;
  /** Its initials, as people shorten a name of three words or more ("mpg" of `Miles_per_Gallon`). */
  short: string | null;
  /** The field's whole path: "merchant category" names `merchant.category` more than "merchant" names `merchant.name`. */
  path: readonly string[];
}

const choiceNames = remembered(namesOfChoice, 10_000);

function namesOfChoice(column: string): ChoiceNames {
  // (A name of stop words only is its words all the same: a course's `level`.)
  const parts = foldValue(humanWords(column))
    .split(' ')
    .filter((w) => w.length > 0);
  const content = parts.filter((w) => !stopWords.has(w));
  const said = content.length > 0 ? content : parts;
  const all = said.map((w) => stem(w));
  const thing = identifiedThing(pathWords(column));
  // ("Min" after a word of time is minutes, `Running_Time_min`; after others a minimum, `temp_min`.)
  const unit = all.length >= 2 && unitWords.has(all.at(-1)!) && (said.at(-1) !== 'min' || timeSpanWord.test(said.at(-2) ?? ''));
  const names: ChoiceNames = {
    stems: unit ? all.slice(0, -1) : all,
    thing: thing === null ? null : stem(thing),
    short: initials(foldValue(humanWords(column))),
    path: pathWords(column)
      .split(' ')
      .filter((w) => w.length > 0 && !stopWords.has(w))
      .map((w) => stem(w)),
  };
  return names;
}

/** The stem of the last word of a column's name: `name` of `restaurant_name`, `guest` of `guest`, `countri` of `country`. */
function lastWord(column: string): string {
  return stem(humanWords(column).split(' ').at(-1) ?? '');
}

/** What every known value of a column looks like: the prefix they share, their one length, and whether hexadecimal digits follow letters. */
interface HashShape {
  prefix: string;
  length: number;
  hex: boolean;
}

// Letters, then hexadecimal digits only (`SM` then `ced6bfe1…`; a commit's `34ae8a72…`).
const hexTail = /^[A-Za-z]*[0-9a-f]*$/;

/** The letters and the joining `_` or `-` a shared start of codes holds (`sub_` of `sub_l`), or null. */
function joinedLead(lead: string): string | null {
  return /^[A-Za-z]{2,}[-_]/.exec(lead)?.[0] ?? null;
}

/** Two or three words, each a capital and small letters ("Olga Lopez", "Mary-Jane O'Neil", "Ana de Souza" not). */
const personName = /^\p{Lu}[\p{Ll}'’-]+(?: \p{Lu}[\p{Ll}'’-]+){1,2}$/u;

/** The letters (and a joining `-` or `_`) a code starts its digits with, lower-case: `ord_` of `ord_100217`; null for none. */
function codePrefix(value: string): string | null {
  return /^([A-Za-z]+[-_]?)\d/.exec(value)?.[1]?.toLowerCase() ?? null;
}

/** Whether a column's word is the question's word as data shortens it (`mag` of "magnitude", `temp` of "temperature"), as the router reads it. */
/**
 * The adjectives in -y of a value of one word, as weather states are said ("rain" rainy, "sun" sunny,
 * "fog" foggy, "haze" hazy, "drizzle" drizzly). Not of a value that already ends in y, nor of words
 * of a letter or two.
 */
function adjectivesOf(value: SlotValue): string[] {
  if (typeof value !== 'string' || !/^[A-Za-z]{3,}$/.test(value) || /y$/i.test(value)) return [];
  const word = value.toLowerCase();
  if (word.endsWith('e')) return [`${word.slice(0, -1)}y`];
  // (A short word ending in one consonant after one vowel doubles it: sun, fog.)
  const doubled = /^[^aeiou]*[aeiou][b-df-hj-np-tv-z]$/.test(word) ? [`${word}${word.slice(-1)}y`] : [];
  return [`${word}y`, ...doubled];
}

function shortens(short: string, word: string): boolean {
  // (Not its superlative: "the highest trading volume" names `volume`, not `high`.)
  return short.length >= (word.length >= 8 ? 3 : 4) && word.length >= short.length + 3 && word.startsWith(short) && word.slice(short.length) !== 'est';
}

const genericValueName = /^(?:value|reading|measurement)$/;

/**
 * Whether a value's word is the verb of "did <someone> open", "does ana close": a thing done, said
 * with do and its subject, no state of the rows ("how many issues did kchen open last year" counts
 * the issues kchen opened, open or closed since).
 */
export function doneVerb(lower: string, span: Span): boolean {
  const verb = lower.slice(span[0], span[1]);
  // (The subject may be a name of a few words: "how many tickets did acme corp open".)
  return creationVerb.test(verb) && /\b(?:did|does|do|didn't|doesn't|don't)\s+(?!(?:the|a|an|our|my|your|their|his|her|its|this|that|these|those)\s)(?:[\w.@&'-]+\s+){1,3}$/.test(lower.slice(Math.max(0, span[0] - 60), span[0]));
}

// Verbs of bringing a row into being, which are also states of some data (`open`, `placed`): said
// with do ("did kchen open"), they tell who made the rows, not the rows' state.
const creationVerb = /^(?:open|create|file|submit|place|register|raise|report|post|publish|start|book|order)$/;

// The last words of a time column's name (`closed_at`, `shipped_on`, `delivery_date`, `start_time`, `check_in`).
const timeLabel = /(?:^| )(?:at|on|date|time|timestamp|day|year|check in|check out)$/;

/**
 * The nearest of the three words before `span` (words of grammar aside) that names, by its first word, a time column of the
 * table or `own` (a plan's column), with the columns it names: in "orders shipped in March" the
 * date is `shipped_at`'s ("shipped"), though "orders" also names `ordered_at`.
 */
function timeNaming(span: Span, context: FillContext, own: string | null = null): { word: QuestionWord; columns: string[] } | null {
  // (Words of grammar between are not counted: "bookings were made since March" names `booking_date`.)
  const before = context.words.filter((word) => word.span[1] <= span[0] && !stopWords.has(word.word)).slice(-3).reverse();
  const labels = (context.table?.labels ?? []).filter((label) => label.column === own || timeLabelled(label.column));
  for (const word of before) {
    if (timeLabel.test(` ${word.word}`)) continue;
    // ("Signed up" of `signup_date`: a verb and its particle, written as one word.)
    const next = context.words.find((other) => other.span[0] > word.span[1]);
    const joined = next !== undefined && particles.has(next.word) && /^\s*$/.test(context.parsed.lower.slice(word.span[1], next.span[0])) ? `${word.stem}${next.word}` : null;
    const columns = labels
      .filter((label) => namesTime(label.stems[0] ?? '', word) || (joined !== null && (label.stems[0] === joined || label.stems[0] === stem(joined))))
      .map((label) => label.column);
    if (columns.length > 0) return { word: joined === null ? word : { ...word, span: [word.span[0], next!.span[1]] }, columns };
  }
  return null;
}

/**
 * Whether a word of the question names the time whose name starts with `first` (a stem): the same
 * word; its verb, of a noun in -ion ("terminated" of `termination_date`, "completed" of
 * `completion_date`); or, of a time of leaving, a verb of leaving ("employees who left in 2025").
 */
function namesTime(first: string, word: QuestionWord): boolean {
  if (first === word.stem || (first.length > 6 && first.endsWith('ion') && first.slice(0, -3) === word.stem)) return true;
  if (leavingVerbs.has(word.word) && leavingTimes.has(first)) return true;
  // (A subscription's or a customer's churn is its cancellation: "churned this year" of `canceled_at`.)
  return churnWords.has(word.word) && cancelTimes.has(first);
}

/**
 * Of a program's time columns, the one of an ending that a verb of one among the three words before
 * `span` names ("how many deals did we win in 2026", "deals lost in 2026" of `closed_date`), where
 * no word names a time column otherwise. The verb stays a word of its own (lost deals are `won`
 * false).
 */
function endingTime(span: Span, context: FillContext, columns: readonly string[]): string | undefined {
  const before = context.words.filter((word) => word.span[1] <= span[0] && !stopWords.has(word.word)).slice(-3);
  // (Not "the end of 2025", which is when, not what ended.)
  if (!before.some((word) => closingWords.has(word.word) && word.word !== 'end')) return undefined;
  return columns.find((column) => closingTimes.has(labelStems(humanWords(column))[0] ?? ''));
}

const closingTimes = new Set([...closingWords].map((word) => stem(word)));

const churnWords = new Set(['churned', 'churn', 'churning', 'cancelled', 'canceled', 'unsubscribed']);
const cancelTimes = new Set(['canceled', 'cancelled', 'cancellation', 'cancelation', 'churned', 'churn', 'ended', 'end'].map((word) => stem(word)));

const leavingVerbs = new Set(['left', 'quit', 'resigned', 'departed', 'exited', 'leave', 'leaves', 'leaving']);
const leavingTimes = new Set(['termination', 'terminated', 'exit', 'departure', 'separation', 'leaving', 'leave', 'left', 'offboarding'].map((word) => stem(word)));

// Whether a column's name is a time's (`signup_date`, `created_at`): asked per program and date of every question.
const timeLabelled = remembered((column: string) => timeLabel.test(foldValue(humanWords(column))), 10_000);

// The particles of phrasal verbs a column's name may write joined to their verb (`signup_date`, `checkin_at`, `logout_time`).
const particles = new Set(['up', 'in', 'out', 'off', 'on', 'over', 'down']);

/** Whether a column is a price per unit (`perUnitLabel`). */
const perUnitColumn = remembered((column: string) => perUnitLabel.test(foldValue(humanWords(column))), 10_000);
/** The stems of a column of how many things: `quantity`, `qty`. */
const quantityStems = new Set(['quantity', 'qty'].map((word) => stem(word)));

function belongsTo(span: Span, plan: SlotPlan, context: FillContext, sole: boolean, noYear = false, bound?: SlotPlan['role'], bounded: ReadonlySet<string> = new Set()): boolean {
  // (A number that is no year belongs to no year column, however near: "years with more than 100000 flood deaths".
  // A number of years is no year column: "over 10 years of experience" of `years_experience`.)
  const labels = (context.table?.labels ?? []).filter((label) => !noYear || !label.stems.includes('year') || foldValue(humanWords(label.column)).split(' ').includes('years'));
  // Of labels as near, the one whose words the question says more of, then the one it says all of
  // ("mag above 5" is `mag`, not `mag type`); of a pair of a least and a greatest column, the
  // least for an upper bound and the greatest for a lower one ("days the temperature dropped below
  // -5" are days whose `temp_min` was; "days above 30" those whose `temp_max` was).
  const side = bound === 'max' ? 'min' : bound === 'min' ? 'max' : undefined;
  // (And of labels as near as each other otherwise, a column the program bounds: "grades above 90"
  // is `grade_points`, not the `letter_grade` whose word "grades" is too.)
  const sided = (stems: readonly string[], column: string) => (side !== undefined && stems.includes(side) ? 2 : 0) + (bounded.has(column) ? 1 : 0);
  let best: { column: string; distance: number; hits: number; cover: number; sided: number } | null = null;
  for (const label of labels) {
    let hits = 0;
    let distance = Infinity;
    // ("More than 500 units": units said alone are a quantity, never a price per unit, `unit_cost`.)
    const perUnit = perUnitColumn(label.column);
    const counted = label.stems.some((labelStem) => quantityStems.has(labelStem));
    // (Degrees name a temperature: "readings above 30 degrees" of `temperature_c` beside `humidity_pct`.)
    const warm = label.stems.some((labelStem) => /^temp/.test(labelStem));
    for (const word of context.words) {
      const degrees = warm && /^(?:degrees?|celsius|fahrenheit)$/.test(word.word);
      if (!degrees && (word.word === 'units' ? perUnit || !(counted || label.stems.includes(word.stem)) : !label.stems.includes(word.stem) && !label.stems.some((short) => shortens(short, word.word)))) continue;
      hits += 1;
      // (A word right after the number, past a percent sign, names what it measures, nearer than any
      // before it: "enrollments under 20% progress" bounds `progress_percent`, not `enrollment_id`.)
      const measured = word.span[0] >= span[1] && /^\s*(?:%|per\s?cent\b|pct\b)?\s*$/.test(context.parsed.lower.slice(span[1], word.span[0]));
      distance = measured ? 0 : Math.min(distance, Math.abs(word.span[0] - span[0]), Math.abs(word.span[1] - span[1]));
    }
    if (hits === 0) continue;
    const cover = hits / label.stems.length;
    const own = sided(label.stems, label.column);
    if (!best || distance < best.distance || (distance === best.distance && (hits > best.hits || (hits === best.hits && (cover > best.cover || (cover === best.cover && own > best.sided)))))) {
      best = { column: label.column, distance, hits, cover, sided: own };
    }
  }
  return best ? best.column === plan.column || (sole && best.distance > 40) : sole;
}

function keyValue(plan: SlotPlan, context: FillContext, taken: (span: Span) => boolean, tableStems: readonly string[]): { value: SlotValue; span: Span } | null {
  const valueSpans = context.mentions.filter((m) => m.column !== plan.column).map((m) => m.span);
  const quoted = context.parsed.searchTerms.find((t) => !taken(t.span));
  // (A quoted word is a key unless the key's values are codes of another kind or size: 'refund' is no ticket `TCK-…`.)
  if (quoted && !context.table?.otherCode(plan.column, quoted.value) && context.table?.fitsKey(plan.column, quoted.value) !== false) return { value: quoted.value, span: quoted.span };
  for (const token of context.parsed.keyTokens) {
    if (taken(token.span) || valueSpans.some(([s, e]) => token.span[0] < e && token.span[1] > s)) continue;
    // (The key column's own name in capitals is no key: "IATA code JFK" looks JFK up.)
    if (plan.label !== null && foldValue(plan.label).split(' ').includes(token.value.toLowerCase())) continue;
    // A capitalised ordinary word ("USA" aside) is as likely a shout as a key; codes pass, not
    // those of another kind ("cus_1009" looks no order `ord_…` up).
    if (canonicalTerm(token.value.toLowerCase()) === null || context.table?.otherCode(plan.column, token.value) || context.table?.fitsKey(plan.column, token.value) === false) continue;
    // (Nor a code written as another column's codes are, of a key of names: "SKU-10003" is a
    // product's `sku`, no product name.)
    const owners = context.table?.codeColumns(token.value) ?? [];
    if (plan.column !== null && owners.length > 0 && !owners.includes(plan.column)) continue;
    return { value: token.value, span: token.span };
  }
  const labelled = labelledValue({ ...plan, slot: { ...plan.slot, type: plan.slot.type === 'integer' ? 'integer' : 'enum', enum_values: [] } }, context);
  if (labelled && plan.slot.type !== 'integer') {
    const text = context.parsed.text.slice(labelled.span[0], labelled.span[1]).split(/\s+/).pop() ?? '';
    if (text && !stopWords.has(text.toLowerCase())) return { value: text, span: labelled.span };
  }
  if (labelled && plan.slot.type === 'integer') return labelled;
  // "ticket 50123", "issue #42", "order no. 17": a whole number right after the data's own name
  // looks one of its rows up by a whole-number key.
  // (A text key of digits too — "deal 10350" of string ids — when the number is no date: "deals 2024" is a year.)
  if ((plan.slot.type === 'integer' || plan.slot.type === 'string') && tableStems.length > 0) {
    // (The name may be two words: "pull request 742" of `pulls`.)
    for (const match of context.parsed.text.matchAll(/\b([A-Za-z]+)(?:\s+([A-Za-z]+))?\s*(?:number\s+|no\.?\s*|nr\.?\s*|id\s+)?#?\s*(\d+)\b/g)) {
      if (![match[1], match[2]].some((word) => word !== undefined && tableStems.includes(stem(word.toLowerCase())))) continue;
      const digits = match[3]!;
      const span: Span = [match.index + match[0].length - digits.length, match.index + match[0].length];
      if (plan.slot.type === 'string' && (digits.length < 3 || context.parsed.dates.some((date) => date.span[0] < span[1] && date.span[1] > span[0]))) continue;
      // (Nor a bound: "orders over 500" are orders of more than 500, no order 500.)
      if (context.parsed.comparisons.some((comparison) => comparison.span[0] < span[1] && comparison.span[1] > span[0])) continue;
      if (!taken(span)) return { value: plan.slot.type === 'integer' ? Number(digits) : digits, span };
    }
  }
  // A text key written with digits right after its name ("zip code 98101", "order no 0042").
  if (plan.slot.type === 'string' && plan.label) {
    const all = plan.label.split(' ').map((word) => escapeRegExp(word));
    // (Or without the label's last word where that only says it is a code: "zip 98101" of `zip_code`.)
    const codeWord = all.length > 1 && /^(?:code|id|number|no|num)$/.test(all.at(-1)!) && all.slice(0, -1).join('').length >= 3;
    const name = codeWord ? String.raw`${all.slice(0, -1).join(String.raw`\s+`)}(?:\s+${all.at(-1)!})?` : all.join(String.raw`\s+`);
    const written = new RegExp(String.raw`\b${name}s?\s*(?:is\s+|of\s+|number\s+|no\.?\s*|#\s*|=\s*)?(\d[\w-]*)\b`, 'i').exec(context.parsed.text);
    if (written?.[1]) {
      const start = written.index + written[0].length - written[1].length;
      const span: Span = [start, start + written[1].length];
      if (!taken(span)) return { value: written[1], span };
    }
  }
  return null;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The data's range of a bound's column, when the bound lies past its far end (a lower bound above
 * the greatest value, an upper one below the least): what the question asks selects nothing.
 */
function pastTheData(plan: SlotPlan, value: SlotValue): { low: number | string; high: number | string } | null {
  const { observed_minimum: low, observed_maximum: high } = plan.slot;
  if (low === undefined || high === undefined || (typeof value !== 'number' && typeof value !== 'string')) return null;
  const given = typeof low === 'string' && typeof value === 'string' ? value.slice(0, 10) : value;
  const [least, greatest] = typeof low === 'string' && typeof high === 'string' ? [low.slice(0, 10), high.slice(0, 10)] : [low, high];
  const lower = plan.role === 'min' || plan.role === 'from';
  const upper = plan.role === 'max' || plan.role === 'to';
  if (typeof given !== typeof least) return null;
  return (lower && given > greatest) || (upper && given < least) ? { low: least, high: greatest } : null;
}

/**
 * The value as the slot accepts it, or null. Enforced limits (`minimum`/`maximum`: `n` at most
 * 10,000) clamp a bound past them. The data's own range (`observed_*`) only refuses a bound past
 * its far end, which would select nothing; a bound short of it ("since 1900" on data from 1970)
 * keeps the same rows and stays as asked, so the answer's parameters are what the question said.
 */
export function checkValue(plan: SlotPlan, value: SlotValue): SlotValue | null {
  const slot = plan.slot;
  const low = slot.minimum ?? slot.observed_minimum;
  const high = slot.maximum ?? slot.observed_maximum;
  switch (slot.type) {
    case 'string':
      return typeof value === 'string' && value.trim().length > 0 ? value.trim() : typeof value === 'number' ? String(value) : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'enum':
      return (slot.enum_values ?? []).find((option) => option === value) ?? null;
    case 'integer':
    case 'number': {
      const number = typeof value === 'number' ? value : typeof value === 'string' ? parseNumber(value) : null;
      if (number === null || !Number.isFinite(number)) return null;
      if (slot.type === 'integer' && !Number.isInteger(number)) return null;
      return clamp(plan, number, typeof low === 'number' ? low : null, typeof high === 'number' ? high : null);
    }
    case 'date': {
      if (typeof value !== 'string' || !isoDate.test(value) || Number.isNaN(Date.parse(value))) return null;
      return clamp(plan, value, typeof low === 'string' ? low.slice(0, 10) : null, typeof high === 'string' ? high.slice(0, 10) : null);
    }
    default:
      return null;
  }
}

function clamp<T extends number | string>(plan: SlotPlan, value: T, minimum: T | null, maximum: T | null): T | null {
  const lowerBound = plan.role === 'min' || plan.role === 'from';
  const upperBound = plan.role === 'max' || plan.role === 'to';
  // (The data's extent, not an enforced limit: a bound short of it stays as asked.)
  const enforcedLow = plan.slot.minimum !== undefined;
  const enforcedHigh = plan.slot.maximum !== undefined;
  if (minimum !== null && value < minimum) return lowerBound ? (enforcedLow ? minimum : value) : null;
  if (maximum !== null && value > maximum) return upperBound ? (enforcedHigh ? maximum : value) : null;
  return value;
}
