// Turns questions and program texts into the same search terms: lower case, split camel/snake names,
// a light stemmer and a small synonym table, so "avg", "mean" and "average" meet in one term.
import { spellSigns } from '../generation/slug-names.js';

/**
 * The verb of a question asking how a thing went over time ("how did unemployment change during
 * 2008", "how has the price evolved"): a trend asked, as "over time" asks one.
 */
export const courseVerb = /(?<=\bhow (?:did|has|have|had|does|do) (?:[a-z0-9'&-]+ ){1,6}?)(?:changed?|evolved?|developed?|var(?:y|ied)|shift(?:ed)?|moved?)\b/;

// Whole phrases first, so "how many" is one cue rather than two stop words.
const phrases: [RegExp, string][] = [
  [/\btotal (number|count)\b/g, ' count '],
  [/\bhow many\b/g, ' count '],
  [/\bnumber of\b/g, ' count '],
  [/\bfor (each|every)\b/g, ' per '],
  [/\b(grouped|broken down|split|broke down|break down|breakdown)( by)?\b/g, ' per '],
  [/\bover time\b/g, ' trend '],
  [new RegExp(courseVerb.source, 'g'), ' trend '],
  [/\blook ?up\b/g, ' lookup '],
  // An area's unit as one word, as columns write it (`area_sqm`, `living_sqft`; "m²" is "m2" once NFKD-normalized).
  [/\b(?:square|sq\.?) ?(?:met(?:er|re)s?|m)\b/g, ' sqm '],
  [/\b(?:square|sq\.?) ?(?:feet|foot|ft)\b/g, ' sqft '],
];

/**
 * A table looked up by the question's words: one without Object's prototype, so that a word such as
 * "constructor" or "valueOf" finds nothing in it (it had found Object's own functions).
 */
export function wordTable<V>(entries: Record<string, V>): Record<string, V> {
  return Object.assign(Object.create(null) as Record<string, V>, entries);
}

// Canonical term per word; both the index and the question go through it.
const synonyms: Record<string, string> = {
  // ("How many people were killed" of `number_of_persons_killed`: the plural of person.)
  people: 'person',
  m2: 'sqm',
  ft2: 'sqft',
  avg: 'average',
  mean: 'average',
  averag: 'average',
  // (The word itself too: its stem is "averag", and "avg" was "average", so a program saying "avg"
  // missed the question's "average".)
  average: 'average',
  averages: 'average',
  typical: 'average',
  sum: 'total',
  overall: 'total',
  by: 'per',
  each: 'per',
  every: 'per',
  across: 'per',
  highest: 'top',
  most: 'top',
  largest: 'top',
  biggest: 'top',
  greatest: 'top',
  best: 'top',
  maximum: 'max',
  lowest: 'bottom',
  least: 'bottom',
  smallest: 'bottom',
  fewest: 'bottom',
  minimum: 'min',
  worst: 'bottom',
  rank: 'top',
  ranking: 'top',
  temperature: 'temp',
  population: 'pop',
  amount: 'amt',
  quantity: 'qty',
  latitude: 'lat',
  longitude: 'lon',
  lng: 'lon',
  long: 'lon',
  tally: 'count',
  counts: 'count',
  // "How many unique users": the distinct count's word.
  unique: 'distinct',
  monthly: 'month',
  // The noun of a verb a measure is named by: "resolution time" of `minutes_to_resolve`.
  resolution: 'resolv',
  resolutions: 'resolv',
  weekly: 'week',
  daily: 'day',
  yearly: 'year',
  annual: 'year',
  annually: 'year',
  trend: 'trend',
  evolution: 'trend',
  contain: 'search',
  containing: 'search',
  contains: 'search',
  mention: 'search',
  mentioning: 'search',
  mentions: 'search',
  named: 'search',
  called: 'search',
  // A number of people present, as data names it by who they are (`attendees`).
  attendance: 'attende',
  // Nouns people use for one another (a bike share's trips are rides; a hospital's physicians doctors).
  ride: 'trip',
  // (Targets are terms as the data's words stem: "movies" is `movy`, "properties" `propert`.)
  film: 'movy',
  physician: 'doctor',
  client: 'customer',
  // A site's visits as analytics names them: sessions ("how many visitors came from the newsletter",
  // "which country sends the most traffic").
  visitor: 'session',
  visit: 'session',
  traffic: 'session',
  // Subscriptions by who holds them; churn is a subscription cancelled.
  subscriber: 'subscription',
  churn: 'cancel',
  churned: 'cancel',
  // Customer satisfaction as support desks abbreviate it.
  csat: 'satisfaction',
  // A library's or a lender's loans are what is borrowed and lent ("which member borrowed the most books").
  borrow: 'loan',
  borrowed: 'loan',
  borrowing: 'loan',
  lend: 'loan',
  lending: 'loan',
  lent: 'loan',
  // A code host's words: a repository is a repo, its stargazers are its stars.
  repo: 'repositor',
  repos: 'repositor',
  stargazer: 'star',
  stargazers: 'star',
  // A carrier's shipments are packages and parcels; a league's matches are games.
  package: 'shipment',
  packages: 'shipment',
  parcel: 'shipment',
  game: 'match',
  // A hotel's or a restaurant's bookings are reservations.
  reservation: 'book',
  // Real estate's homes are properties (`property_type`, `properties`); what sold is a sale
  // (`sale_price`, `sold_at` alike).
  home: 'propert',
  homes: 'propert',
  sold: 'sale',
  sell: 'sale',
  sells: 'sale',
  selling: 'sale',
  // Box scores' abbreviations (`PTS`, `AST`, `TRB`, `Tm`, `Pos`): "the most points", "average
  // assists by team", "per position" name them (`boxScoreNames`).
  ...Object.fromEntries(Object.entries(boxScoreNames()).map(([short, long]) => [long, short])),
  trb: 'reb',
};

/** Box scores' abbreviated column names and the words they stand for (`AST`: assist). */
export function boxScoreNames(): Record<string, string> {
  return { pts: 'point', ast: 'assist', reb: 'rebound', stl: 'steal', blk: 'block', tm: 'team', pos: 'position', yds: 'yard', td: 'touchdown' };
}

// (Or received: a campaign's `total_receipts`.)
const moneyMade = ['gross', 'revenue', 'sales', 'income', 'earnings', 'profit', 'receipts', 'money'];
// What a thing costs: a price, a cost, or what was charged for it (a hospital stay's `total_charges`,
// a ride's fare), or what was spent on it (an ad campaign's `spend_usd`: "the most expensive campaign"),
// or the amount paid (a booking's `total_amount`: "the most expensive booking").
const priced = ['price', 'cost', 'charges', 'charge', 'fare', 'spend', 'amount'];

/** A column of a price per unit, whose "unit" only says "per": `unit_cost`, `unit_price`, `cost_per_unit`. */
export const perUnitLabel = /^(?:unit|per unit)\s+(?:cost|price|rate|value|margin)s?\b|\bper unit$/;

/**
 * The measures a word implies. A superlative adjective: "the oldest 3 victims" ranks by age, "the
 * cheapest" by price. A plain word for a kind of quantity: "which movie made the most money" ranks
 * by gross or revenue. The router adds these as question terms when the index knows them (a column
 * of that name).
 */
export const impliedMeasures: Record<string, string[]> = wordTable({
  // "how old is George", "how tall is Alan": the measure an adjective asks about.
  old: ['age'],
  young: ['age'],
  tall: ['height'],
  heavy: ['weight'],
  oldest: ['age'],
  youngest: ['age'],
  eldest: ['age'],
  tallest: ['height'],
  heaviest: ['weight', 'mass'],
  lightest: ['weight', 'mass'],
  // Shares traded, and their volume, as trades count them ("how many shares of MSFT", "the most volume").
  shares: ['quantity', 'qty', 'shares'],
  volume: ['quantity', 'qty', 'shares', 'volume'],
  // A speed, or a time taken (`finish_seconds` names "the finish time": the fastest is the shortest).
  fastest: ['speed', 'time', 'latency', 'duration'],
  slowest: ['speed', 'time', 'latency', 'duration'],
  quickest: ['time', 'latency', 'duration'],
  // (Or a way travelled: "trips shorter than 2 km" of `distance_km`, "the longest ride" in miles.)
  longest: ['length', 'duration', 'distance', 'miles', 'km'],
  // "How long is the average appointment": a length of time, not `lon` (said after "how" only: question-router).
  long: ['duration', 'length'],
  shortest: ['length', 'duration', 'height', 'distance', 'miles', 'km'],
  cheapest: priced,
  priciest: priced,
  // "the most expensive item", "costly repairs": said with "most" or a comparison, not as a superlative.
  expensive: priced,
  costly: priced,
  // A part of a whole, as data names it (`pct`, `percent`, `share`): "the share of households".
  share: ['pct', 'percent', 'percentage', 'proportion', 'fraction'],
  percentage: ['pct', 'percent'],
  proportion: ['pct', 'percent', 'percentage', 'share', 'fraction'],
  pricey: priced,
  cheap: priced,
  cheaper: priced,
  // What is emitted, as emissions data names it (`co2`, `ghg_emissions`): "the co2 emissions of China", "the top emitters".
  emissions: ['co2', 'ghg', 'carbon', 'emissions'],
  emission: ['co2', 'ghg', 'carbon', 'emissions'],
  emitters: ['co2', 'ghg', 'carbon', 'emissions'],
  emits: ['co2', 'ghg', 'carbon', 'emissions'],
  emitted: ['co2', 'ghg', 'carbon', 'emissions'],
  richest: ['income', 'wealth', 'gdp'],
  poorest: ['income', 'wealth', 'gdp'],
  // Qualities said by their adjective, of the measure named by its noun: "the happiest country" of
  // a `Happiness Score` (or the World Happiness Report's Cantril `Ladder score`), "the most
  // generous" of `Generosity`, "the most populous" of `population`.
  happiest: ['happiness', 'ladder'],
  happy: ['happiness', 'ladder'],
  unhappiest: ['happiness', 'ladder'],
  generous: ['generosity'],
  corrupt: ['corruption'],
  populous: ['population', 'pop'],
  // The highest of a maximum, the lowest of a minimum (`temp_max`, `temp_min`) where a data set has both.
  hottest: ['temp', 'max'],
  warmest: ['temp', 'max'],
  coldest: ['temp', 'min'],
  wettest: ['precipitation'],
  // (Rain or snow fallen is a precipitation, where the data names it so: "rainfall by month".)
  rainfall: ['precipitation', 'rain'],
  snowfall: ['precipitation', 'snow'],
  driest: ['precipitation'],
  windiest: ['wind'],
  coolest: ['temp', 'min'],
  widest: ['width'],
  narrowest: ['width'],
  deepest: ['depth'],
  shallowest: ['depth'],
  deadliest: ['deaths', 'fatalities', 'killed'],
  // "the highest paying jobs": a salary or a wage.
  paying: ['salary', 'wage', 'pay', 'compensation'],
  // "The highest paid employee", "the best-paid job": the same.
  paid: ['salary', 'wage', 'pay', 'compensation'],
  // "the average rating" of an app's `stars`, a hotel's `review_score`.
  rating: ['stars', 'score', 'rating'],
  ratings: ['stars', 'score', 'rating'],
  // ("The average star rating" of reviews' `rating`.)
  star: ['stars', 'rating'],
  stars: ['stars', 'rating'],
  // Electricity and other energy used, as meters name it by its unit.
  consumption: ['kwh', 'mwh', 'energy', 'consumption', 'usage'],
  energy: ['kwh', 'mwh', 'energy', 'consumption', 'usage'],
  electricity: ['kwh', 'mwh', 'energy', 'consumption', 'usage'],
  usage: ['kwh', 'mwh', 'energy', 'consumption', 'usage'],
  // "square footage", "floor area": the size of a home as listings shorten it.
  footage: ['sqft', 'area'],
  // "the average episode length": a length, or the time something lasts.
  length: ['length', 'duration'],
  // "the average length of stay", "stays longer than 7 nights": the nights a booking lasts.
  stay: ['nights', 'duration'],
  stays: ['nights', 'duration'],
  // Pollutants as data names them by formula.
  ozone: ['o3'],
  // Earthquakes, storms, signals, winds: strength is a magnitude, an intensity or a speed (`mag` as data shortens it).
  strongest: ['magnitude', 'mag', 'intensity', 'strength', 'speed'],
  weakest: ['magnitude', 'mag', 'intensity', 'strength', 'speed'],
  // The extremes of a coordinate (southern and western ones rank ascending: question-parse).
  northernmost: ['latitude', 'lat'],
  southernmost: ['latitude', 'lat'],
  easternmost: ['longitude', 'lon', 'lng'],
  westernmost: ['longitude', 'lon', 'lng'],
  // (Or what the rows' money is, where the data has no revenue: "how much money did we make" of taxi trips' `total_amount`.)
  money: [...moneyMade, 'amount'],
  dollars: [...moneyMade, 'amount'],
  // Money raised, as a campaign or a fund counts it.
  raised: ['receipts', 'contributions', 'donations', 'raised'],
  raise: ['receipts', 'contributions', 'donations', 'raised'],
  // "products that cost less than 20", "what do employees earn", "the total payroll".
  cost: ['price', 'cost'],
  costs: ['price', 'cost'],
  earn: ['salary', 'income', 'earnings'],
  earns: ['salary', 'income', 'earnings'],
  payroll: ['salary', 'salaries', 'wage', 'wages', 'pay'],
  spent: ['amount', 'total', 'spend', 'cost'],
  spend: ['amount', 'total', 'spend', 'cost'],
  // (The noun of it too: "top 5 merchants by spending" had counted the rows per merchant.)
  spending: ['amount', 'total', 'spend', 'cost'],
  expenditure: ['amount', 'total', 'spend', 'cost'],
  expenditures: ['amount', 'total', 'spend', 'cost'],
  // "the most units", "more than 500 units": how many of a thing, its quantity (a price per unit,
  // `unit_cost`, is no such count: the router drops "unit" said alone where the data's "unit" only
  // qualifies a price).
  units: ['quantity', 'qty', 'units'],
  // "which country brings the most revenue", "the average deal size" of charges and deals that
  // have an `amount` ("sales" is as often a department: no measure).
  // (A fee taken is revenue too: "the fee revenue collected by a station"; so are the prices paid:
  // "total revenue per hotel" of bookings' `total_price_eur`.)
  // (Recurring revenue as subscriptions count it: `mrr`, `arr`.)
  revenue: ['amount', 'total', 'sales', 'gross', 'fee', 'fees', 'price', 'money', 'mrr', 'arr'],
  // ("Sales" is as often a department, which its value names first where data holds it.)
  sales: ['revenue', 'amount', 'total', 'gross', 'price'],
  size: ['amount', 'value'],
  // "the average invoice amount" of invoices with a `total` and no `amount`.
  amount: ['amount', 'total'],
  amounts: ['amount', 'total'],
  // "how many people died", "which disaster killed the most": the deaths a data set counts.
  died: ['deaths', 'fatalities', 'casualties'],
  killed: ['deaths', 'fatalities', 'casualties'],
  dead: ['deaths', 'fatalities', 'casualties'],
  injured: ['injuries', 'injured', 'casualties'],
  wounded: ['injuries', 'wounded', 'casualties'],
  // "the biggest drop in jobs", "the largest increase": a column of changes, when the data has one.
  drop: ['change'],
  decline: ['change'],
  fall: ['change'],
  increase: ['change'],
  rise: ['change'],
  growth: ['change'],
  gain: ['change'],
});

/**
 * Verbs of an ending, and the first words of time columns of one: "deals lost in 2026" and "how
 * many deals did we win in 2026" of `closed_date`, not `created_date`.
 */
export const closingWords = new Set(['closed', 'close', 'lost', 'lose', 'won', 'win', 'ended', 'end', 'finished', 'finish', 'resolved', 'resolve', 'cancelled', 'canceled', 'cancel', 'churned', 'terminated', 'expired']);

export const stopWords = new Set(
  (
    'a an the of in on at to for from with and or is are was were be been being do does did have has had i me my we our you your it its ' +
    'they them their this that these those what which who whom whose how there here please can could would should will shall may might ' +
    'tell show list give get find display see want know need let lets some any all me us data dataset table rows row records record ' +
    // What any data set's rows may be called ("how many observations had a yield above 50").
    'entry entries observation observations datapoint datapoints ' +
    'value values as than then so just also only into about whats what\'s many much instead too same now ok okay during still ' +
    // Ways in ("came in through each channel", "ordered via the app").
    'through thru via ' +
    // What sets two things against each other ("UPS vs FedEx": the compared values are the question).
    'vs versus compare compared comparing comparison ' +
    // Fillers of a question about a measure ("the highest CO2 level ever recorded").
    'level levels recorded measured ever reading readings ' +
    // What is left of a contraction split at its apostrophe ("what's", "isn't", "we'd", "they're").
    's t d ll re ve'
  ).split(/\s+/),
);

/**
 * `Weight_in_lbs` → `weight in lbs`; `releaseDate` → `release date`. A nested object's field
 * (`properties.magType`, a dotted path with no spaces) is called by its own name: `mag type`.
 */
export function humanWords(name: string): string {
  return rememberedHumanWords(name);
}

function wordsOfName(name: string): string {
  // (Signs said as words: `#` a number, `%` a percent — "win percent" of "Win %".)
  return spellSigns(dottedPath.test(name) ? name.slice(name.lastIndexOf('.') + 1) : name)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-./()]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const dottedPath = /^[^.\s]+(?:\.[^.\s]+)+$/;

export function normalizeText(text: string): string {
  let out = ` ${text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()} `;
  for (const [pattern, replacement] of phrases) out = out.replace(pattern, replacement);
  return out;
}

/**
 * A deliberately crude stemmer: it only has to map a word and its inflections to the same string.
 * Remembered per word (the router stems the same labels and words for every program it ranks: the
 * strings made were 7 % of what a route allocated, and the collections they cost its p99).
 */
export function stem(word: string): string {
  return rememberedStem(word);
}

/**
 * `compute` remembered per key; past `limit` keys everything is forgotten (a router meets the same
 * few words again and again, and a stream of new ones must not grow the memory for ever).
 */
export function remembered<V>(compute: (key: string) => V, limit: number): (key: string) => V {
  const known = new Map<string, V>();
  return (key) => {
    const found = known.get(key);
    if (found !== undefined || known.has(key)) return found as V;
    const value = compute(key);
    if (known.size >= limit) known.clear();
    known.set(key, value);
    return value;
  };
}

/** `remembered` for a key that is an object (a program, a plan): kept as long as the object is. */
export function rememberedBy<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const known = new WeakMap<K, V>();
  return (key) => {
    if (known.has(key)) return known.get(key) as V;
    const value = compute(key);
    known.set(key, value);
    return value;
  };
}

const rememberedStem = remembered(stemOf, 50_000);
// Column names and values are folded and spelled out again and again for each question (a fifth
// of a route's time went to these two): each text is worked out once.
const rememberedHumanWords = remembered((name) => wordsOfName(name), 20_000);
const rememberedFold = remembered((text) => fold(text), 50_000);

const keptY = new Set(['county', 'party', 'story']);

// Plurals no suffix rule reaches ("Canada Geese" of the species "Canada Goose").
const irregularPlurals: Record<string, string> = wordTable({ geese: 'goose', mice: 'mouse', children: 'child', men: 'man', women: 'woman', feet: 'foot', teeth: 'tooth', knives: 'knife', wives: 'wife', halves: 'half', shelves: 'shelf', wolves: 'wolf', calves: 'calf', oxen: 'ox', cacti: 'cactus', fungi: 'fungus', genera: 'genus', bacteria: 'bacterium', criteria: 'criterion', phenomena: 'phenomenon', indices: 'index', matrices: 'matrix', vertices: 'vertex', appendices: 'appendix', analyses: 'analysis', diagnoses: 'diagnosis', crises: 'crisis', theses: 'thesis', hypotheses: 'hypothesis', alumni: 'alumnus', nuclei: 'nucleus', radii: 'radius', stimuli: 'stimulus', syllabi: 'syllabus', curricula: 'curriculum', larvae: 'larva' });

function stemOf(word: string): string {
  let w = word.replace(/'s$/, '');
  w = irregularPlurals[w] ?? w;
  if (w.length <= 3 || /\d/.test(w)) return irregularVerbs[w] ?? w;
  // movie → movy, as movies: a noun in -ie meets its plural, which the -ies rule below reads as -y.
  if (w.endsWith('ie') && w.length > 4) w = `${w.slice(0, -2)}y`;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (/(xes|ches|shes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  // liked → like, dated and dating → date, as likes, dates (a one-syllable
  // word ending consonant, vowel, consonant keeps its e before -ed and -ing; one without an e
  // doubles the consonant: stopped).
  // (Not rated and rating: a rating is a score, a rate a ratio — "the return rate" is no rating.)
  if (/^[^aeiou]?[^aeiou][aeiou][^aeiouwxy]ing$/.test(w) && w !== 'rating') w = `${w.slice(0, -3)}e`;
  else if (w.endsWith('ing') && w.length > 5) w = undoubled(w.slice(0, -3));
  else if (/^[^aeiou]?[^aeiou][aeiou][^aeiouwxy]ed$/.test(w) && w !== 'rated') w = w.slice(0, -1);
  else if (w.endsWith('ed') && w.length > 4) w = undoubled(w.slice(0, -2));
  // aged → age, used → use, owed → owe (not feed, need, shed).
  else if (/^[aeiou][a-z]ed$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  // survival → surviv, as survived; arrival, approval, removal, refusal, renewal: a verb's noun in -al.
  if (/(?:iv|ov|us|ew)al$/.test(w) && w.length > 6) w = w.slice(0, -2);
  // regional → region, national → nation, optional → option: an adjective in -ional meets its noun.
  else if (w.endsWith('ional') && w.length > 7) w = w.slice(0, -2);
  // danceability → danceabl, as danceable; visibility → visibl, as visible.
  if (/[ai]bility$/.test(w) && w.length > 8) return `${w.slice(0, -5)}l`;
  // rainy → rain, foggy → fog, comedy → comed: adjectives meet their nouns.
  // (Not a noun that would become an operation's word or another noun: county is no count, party no part.)
  if (w.endsWith('y') && w.length > 4 && !/[aeo]y$/.test(w) && !keptY.has(w)) w = /([^aeiou])\1y$/.test(w) ? w.slice(0, -2) : w.slice(0, -1);
  return irregularVerbs[w] ?? w;
}

// The consonant doubled before -ing and -ed goes with them: swimming → swim, stopped → stop (not
// the letters words end in doubled of their own: falling → fall, passed → pass, added → add).
function undoubled(w: string): string {
  return /([bgmnprt])\1$/.test(w) ? w.slice(0, -1) : w;
}

// Verbs whose past form is another word, as data writes states in it ("did FedEx lose" of `lost`).
const irregularVerbs: Record<string, string> = wordTable({ lose: 'lost', sell: 'sold', send: 'sent', win: 'won' });

/**
 * The terms of a word and of the measures it implies ("sales" → sale, revenue, …), each the
 * canonical term (a stop word as it is): what a set of measures' terms is asked whether it holds.
 */
export function measureTermsOf(word: string): readonly string[] {
  return rememberedMeasureTerms(word);
}

const rememberedMeasureTerms = remembered((word) => [word, ...(impliedMeasures[word] ?? [])].map((one) => canonicalTerm(one) ?? one), 20_000);

/** The term a word is a synonym of ("traffic" of sessions, "rides" of trips), if it is one. */
/** Whether a word said is the long form of an abbreviated name (`synonyms`: "rebounds" of `trb`, "team" of `tm`). */
export function abbreviates(word: string, name: string): boolean {
  const long = synonymOf(word);
  return long !== undefined && long === (synonymOf(name) ?? name);
}

export function synonymOf(word: string): string | undefined {
  const direct = synonymsOf.get(word);
  if (direct) return direct;
  const stemmed = stem(word);
  // Only a plural takes its singular's synonym: "means" is "mean", "meaning" is not.
  return word === `${stemmed}s` ? synonymsOf.get(stemmed) : undefined;
}

// (A map: a word is looked up for every word of every question, and no word is a property of
// Object's prototype here, "constructor" neither.)
const synonymsOf = new Map(Object.entries(synonyms));

/** One word to its canonical search term, or null for a stop word. */
export function canonicalTerm(word: string, keepStopWords = false): string | null {
  if (!keepStopWords && stopWords.has(word)) return null;
  return rememberedCanonical(word);
}

// (Asked for every word of every question, and again for each program ranked.)
const rememberedCanonical = remembered((word) => synonymOf(word) ?? stem(word), 50_000);

export function words(text: string): string[] {
  return normalizeText(text).match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? [];
}

/** Search terms of a text, stop words dropped, synonyms folded. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    const term = canonicalTerm(word);
    if (term !== null && term.length > 0) out.push(term);
  }
  return out;
}

/** `miles per gallon` → `mpg`: users type the initials of long column names. */
export function initials(label: string): string | null {
  const parts = label.split(' ').filter((part) => part.length > 0);
  return parts.length >= 2 && parts.length <= 5 ? parts.map((part) => part[0]).join('') : null;
}

/** Comparable form of a data value or a question fragment: lower case, single spaces, no punctuation. */
export function foldValue(text: string): string {
  return rememberedFold(text);
}

function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Text as a literal inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const identifierWords = new Set(['id', 'uuid', 'guid', 'name', 'login', 'username', 'handle', 'email', 'plate', 'code', 'title', 'indicator']);
// Stop words that are also things a name or an id names (a podcast's show, a mailing list, a
// restaurant's table, a game's level): "show name" names a show.
const nounStopWords = new Set(['show', 'list', 'table', 'level', 'reading', 'record', 'entry', 'row']);

/**
 * What a label that names a thing by its identifier or name names: `user` of "user id", `show` of
 * "show name", `author` of "author login"; null for other labels.
 */
export function identifiedThing(label: string): string | null {
  const parts = label.split(' ');
  return parts.length === 2 && identifierWords.has(parts[1]!) && (!stopWords.has(parts[0]!) || nounStopWords.has(parts[0]!)) ? parts[0]! : null;
}

/**
 * What a label of three words or more names by its identifier: `species` of "gap species code",
 * `user` of "referrer user id" (the word before the identifier; a qualifier may come first).
 */
export function identifiedHead(label: string): string | null {
  const parts = label.split(' ');
  const [head, identifier] = parts.slice(-2);
  return parts.length >= 3 && head !== undefined && identifier !== undefined && identifierWords.has(identifier) && !stopWords.has(head) ? head : null;
}

/** A column's words with the path of a field (`approver name` of `approver.name`), folded. */
export function pathWords(column: string): string {
  return rememberedPathWords(column);
}

const rememberedPathWords = remembered((column) => pathWordsOf(column), 20_000);

function pathWordsOf(column: string): string {
  return foldValue(column.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_\-./()]+/g, ' ')).replace(/\s+/g, ' ').trim();
}

/** Levenshtein distance, cut short once it exceeds `limit` (then limit + 1). */
export function editDistance(a: string, b: string, limit: number): number {
  // (The lengths alone may already differ by more.)
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = new Uint32Array(b.length + 1);
  let current = new Uint32Array(b.length + 1);
  for (let j = 0; j <= b.length; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1));
      current[j] = value;
      if (value < best) best = value;
    }
    if (best > limit) return limit + 1;
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

// Words of a span of time, after which `min` is minutes (`running_time_min`, `duration_min`).
/** Words for a text a column holds, after what the text is of (`error_message`, `cancel_reason`): the first word alone names it. */
export const textTails: ReadonlySet<string> = new Set(['message', 'messages', 'text', 'note', 'notes', 'description', 'details', 'reason', 'comment', 'comments']);

export const timeSpanWord = /^(?:time|duration|runtime|length|wait|delay|stay|trip|ride|call)$/;
