// Shapes extracted records for DuckDB's JSON reader: each becomes a JSON object whose keys DuckDB
// can keep as column and struct field names, and the kinds of value met under each top-level key
// are remembered so that a key holding numbers in one record and strings in another becomes text.
import { AppError } from '@querylane/errors';

/** The name a record that is not a plain object is stored under (`[1, 2]` → `{ value: [1, 2] }`). */
export const wrappedValueKey = 'value';

/** The name given to an empty key, which DuckDB cannot take as a column or field name. */
export const emptyKeyName = 'unnamed';

// JSON from an HTTP response nests a few levels; anything this deep is a cycle or an attack.
const maxDepth = 100;

// A place with more distinct keys than this holds dictionaries (keys are ids, dates, …), not
// records; further keys pass through unchanged so the names kept cannot grow with the data.
const maxNamesPerPlace = 10_000;

// A number is an `integer` when it is a safe integer, a `fraction` otherwise (1.5, 1e300).
const kindBits = { string: 1, integer: 2, boolean: 4, object: 8, array: 16, fraction: 32 } as const;
const numberBits = kindBits.integer | kindBits.fraction;
const scalarBits = kindBits.string | numberBits | kindBits.boolean;

type Json = Record<string, unknown>;

/**
 * The column (or field) names of the keys met at one place in the records (the top level, the
 * object under `user`, the objects in the list under `items`, …). DuckDB compares identifiers
 * without regard to ASCII case and fails on a struct with both `id` and `ID` ("Duplicate name"), so
 * the first spelling met keeps its name and later ones get a suffix (`ID_1`) in every record alike.
 */
class KeyNames {
  private readonly names = new Map<string, string>();
  private readonly taken = new Set<string>();
  private readonly fields = new Map<string, KeyNames>();
  private elements: KeyNames | undefined;
  private overflow: KeyNames | undefined;

  name(key: string): string {
    const known = this.names.get(key);
    if (known !== undefined) return known;
    if (this.names.size >= maxNamesPerPlace) return key;
    // NUL ends an identifier in DuckDB's parser; nothing could ever select such a column.
    const base = key === '' ? emptyKeyName : key.replaceAll('\u0000', '_');
    let name = base;
    for (let n = 1; this.taken.has(asciiLower(name)); n++) name = `${base}_${n}`;
    this.taken.add(asciiLower(name));
    this.names.set(key, name);
    return name;
  }

  /** The names inside the value of field `name`. */
  field(name: string): KeyNames {
    const known = this.fields.get(name);
    if (known) return known;
    // The values under a dictionary's countless keys share one set of names rather than one each.
    if (this.fields.size >= maxNamesPerPlace) return (this.overflow ??= new KeyNames());
    const names = new KeyNames();
    this.fields.set(name, names);
    return names;
  }

  /** The names inside the elements of a list found here. */
  items(): KeyNames {
    this.elements ??= new KeyNames();
    return this.elements;
  }

}

export class RecordNormalizer {
  private readonly root = new KeyNames();
  /** Top-level column → the kinds of non-null value met (bits of `kindBits`), in first-seen order. */
  private readonly kinds = new Map<string, number>();

  /** The record as it is written to the NDJSON file; the input is never modified. */
  normalize(record: unknown): Json {
    const object = isPlainObject(record) ? record : { [wrappedValueKey]: record };
    return this.object(object, this.root, 0, true);
  }

  /** Top-level column names in the order they were first met. */
  columns(): string[] {
    return [...this.kinds.keys()];
  }

  /**
   * Columns whose values mix strings, numbers and booleans (and nothing nested). DuckDB would make
   * them JSON; text is what a query wants (`WHERE "Title" = '1776'`), so they are stored as VARCHAR.
   */
  mixedScalarColumns(): string[] {
    const mixed: string[] = [];
    for (const [name, bits] of this.kinds) {
      // Integers and fractions are one kind here: both are numbers to DuckDB.
      const folded = (bits & ~numberBits) | (bits & numberBits ? kindBits.integer : 0);
      if ((bits & ~scalarBits) === 0 && popCount(folded) > 1) mixed.push(name);
    }
    return mixed;
  }

  private object(source: Json, names: KeyNames, depth: number, top: boolean): Json {
    if (depth > maxDepth) throw new AppError('invalid_request', `a record nests deeper than ${maxDepth} levels`);
    const keys = Object.keys(source);
    // Copied only once something changes: most records pass through as they are.
    let copy: Json | undefined;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const value = source[key];
      const name = names.name(key);
      const shaped = typeof value === 'object' || typeof value === 'bigint' ? this.value(value, names, name, depth) : value;
      if (top) this.noteKind(name, shaped);
      if (!copy && (name !== key || shaped !== value)) {
        // No prototype: a `__proto__` key (JSON.parse makes it an own property) stays a key.
        copy = Object.create(null) as Json;
        for (const earlier of keys.slice(0, i)) copy[earlier] = source[earlier];
      }
      if (copy) copy[name] = shaped;
    }
    return copy ?? source;
  }

  private value(value: unknown, parent: KeyNames, name: string, depth: number): unknown {
    if (typeof value === 'bigint') return bigintToJson(value);
    if (Array.isArray(value)) return this.array(value, parent.field(name).items(), depth + 1);
    if (isPlainObject(value)) return this.object(value, parent.field(name), depth + 1, false);
    // Dates, nulls and other objects are left to JSON.stringify (toJSON, or their own properties).
    return value;
  }

  /** `names` holds the keys of the objects in the list; a list in the list has its own `items()`. */
  private array(source: unknown[], names: KeyNames, depth: number): unknown[] {
    if (depth > maxDepth) throw new AppError('invalid_request', `a record nests deeper than ${maxDepth} levels`);
    let copy: unknown[] | undefined;
    for (let i = 0; i < source.length; i++) {
      const item = source[i];
      let shaped: unknown = item;
      if (typeof item === 'bigint') shaped = bigintToJson(item);
      else if (Array.isArray(item)) shaped = this.array(item, names.items(), depth + 1);
      else if (isPlainObject(item)) shaped = this.object(item, names, depth + 1, false);
      if (!copy && shaped !== item) copy = source.slice(0, i);
      if (copy) copy.push(shaped);
    }
    return copy ?? source;
  }

  private noteKind(name: string, value: unknown): void {
    const bit = kindOf(value);
    const previous = this.kinds.get(name);
    if (previous === undefined || (previous & bit) !== bit) this.kinds.set(name, (previous ?? 0) | bit);
  }
}

/** The kind of a value as JSON.stringify writes it (0 for what becomes null or is left out). */
function kindOf(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return kindBits.string;
    case 'number':
      return Number.isSafeInteger(value) ? kindBits.integer : Number.isFinite(value) ? kindBits.fraction : 0;
    case 'boolean':
      return kindBits.boolean;
    case 'object':
      if (value === null) return 0;
      if (Array.isArray(value)) return kindBits.array;
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? 0 : kindBits.string;
      return kindBits.object;
    default:
      return 0;
  }
}

/**
 * JSON.stringify refuses bigint. A safe one becomes a number; a larger one its decimal text, which
 * keeps every digit (the column then mixes kinds and is stored as text, see mixedScalarColumns).
 */
function bigintToJson(value: bigint): number | string {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
}

function isPlainObject(value: unknown): value is Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** DuckDB folds only ASCII letters when it compares identifiers (`É` and `é` are two columns). */
function asciiLower(name: string): string {
  return name.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

function popCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) count++;
  return count;
}
