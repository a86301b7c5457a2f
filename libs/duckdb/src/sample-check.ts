// Whether a table DuckDB typed from a sample of a JSON body holds every value of the body as it is.
//
// DuckDB's JSON reader, once its sample has typed the columns, stops at a key the sample never had
// and at a string its type cannot read (`hello` in a DATE column), but converts other values
// without a word: 1.5 in a BIGINT column becomes 2, "3" becomes 3, true becomes 1, and a number or
// an object in a VARCHAR column becomes its text. The misfit query finds those values: it reads the
// same body a second time, only the columns that can meet them, each such leaf as JSON (the value's
// JSON text: `2.5`, `"3"`, `true`), and looks for one whose kind the sampled type does not hold.
// Reading the leaves as JSON and looking at their text costs about what the conversion costs, so
// the two run side by side on their own DuckDB instances.
import { DuckDBTypeId, type DuckDBListType, type DuckDBStructType, type DuckDBType } from '@duckdb/node-api';
import { columnType } from './column-type.js';
import { quoteIdentifier, quoteLiteral } from './sql-identifier.js';

/** A column of the sampled table. */
export interface SampledColumn {
  name: string;
  type: DuckDBType;
}

/** What reading one place needs: its type in the misfit query's `columns`, and a test of a value there. */
interface Check {
  /** The type the misfit query reads the place as. */
  read: string;
  /** SQL true when the value `expression` (of type `read`) is held as it is by the sampled type; null counts as true. */
  fits(expression: string, depth: number): string;
}

// The first character of a JSON text that is not a number.
const notNumber = `'"', 't', 'f', 'n', '[', '{'`;

/**
 * Why the sampled typing cannot be checked, or undefined when it can: a type the check does not know
 * (JSON, MAP, DECIMAL, …: the whole-body typing decides those), or names DuckDB made up.
 */
export function uncheckable(columns: readonly SampledColumn[]): string | undefined {
  if (columns.length === 0) return 'no columns';
  const renamed = renamedName(columns.map((column) => column.name), true);
  if (renamed !== undefined) return `the name ${JSON.stringify(renamed)} may not be a key of the records`;
  for (const column of columns) {
    const unknown = unknownType(column.type);
    if (unknown !== undefined) return `column ${JSON.stringify(column.name)} has type ${unknown}`;
  }
  return undefined;
}

/**
 * The misfit query: one row when some value of the body is not held as it is by the sampled types,
 * none when every value is. Undefined when no column can meet such a value (all dates, say).
 * `source(columns)` is the read_json call with the given `columns` parameter.
 */
export function misfitSql(columns: readonly SampledColumn[], source: (columnsParameter: string) => string): string | undefined {
  const checked = columns.flatMap((column) => {
    const check = checkOf(column.type);
    return check ? [{ name: column.name, check }] : [];
  });
  if (checked.length === 0) return undefined;
  const parameter = `{${checked.map(({ name, check }) => `${quoteLiteral(name)}: ${quoteLiteral(check.read)}`).join(', ')}}`;
  const fits = checked.map(({ name, check }) => check.fits(quoteIdentifier(name), 0)).join(' AND ');
  return `SELECT 1 FROM ${source(parameter)} WHERE NOT (${fits}) LIMIT 1`;
}

/** How to check a value of `type`, or undefined when DuckDB itself refuses whatever does not fit. */
function checkOf(type: DuckDBType): Check | undefined {
  switch (type.typeId) {
    case DuckDBTypeId.STRUCT: {
      const struct = type as DuckDBStructType;
      const fields = struct.entryNames.flatMap((name, index) => {
        const check = checkOf(struct.entryTypes[index]!);
        return check ? [{ name, check }] : [];
      });
      if (fields.length === 0) return undefined;
      // Only the fields to check are read: the conversion itself stops at a key it does not know.
      return {
        read: `STRUCT(${fields.map(({ name, check }) => `${quoteIdentifier(name)} ${check.read}`).join(', ')})`,
        fits: (value, depth) => `(${value} IS NULL OR (${fields.map(({ name, check }) => check.fits(`${value}.${quoteIdentifier(name)}`, depth)).join(' AND ')}))`,
      };
    }
    case DuckDBTypeId.LIST: {
      const item = checkOf((type as DuckDBListType).valueType);
      if (!item) return undefined;
      return {
        read: `${item.read}[]`,
        fits: (value, depth) => {
          const element = `__querylane_item_${depth}`;
          return `coalesce(list_bool_and(list_transform(${value}, lambda ${element}: ${item.fits(element, depth + 1)})), true)`;
        },
      };
    }
    default: {
      const text = (value: string) => `CAST(${value} AS VARCHAR)`;
      switch (columnType(type).family) {
        case 'integer':
          return { read: 'JSON', fits: (value) => `coalesce(NOT (${text(value)}[1] IN (${notNumber}) OR contains(${text(value)}, '.') OR contains(${text(value)}, 'e') OR contains(${text(value)}, 'E')) OR ${text(value)} = 'null', true)` };
        case 'float':
          return { read: 'JSON', fits: (value) => `coalesce(NOT ${text(value)}[1] IN (${notNumber}) OR ${text(value)} = 'null', true)` };
        case 'boolean':
          return { read: 'JSON', fits: (value) => `coalesce(${text(value)} IN ('true', 'false', 'null'), true)` };
        // A number, boolean, object or list under a key of strings: its text would be stored.
        case 'string':
          return { read: 'JSON', fits: (value) => `coalesce(${text(value)}[1] = '"' OR ${text(value)} = 'null', true)` };
        default:
          // Dates, times, timestamps and UUIDs: DuckDB stops at any value it cannot read as one.
          return undefined;
      }
    }
  }
}

/** The type (as text) the check does not know, inside `type`, if any. */
function unknownType(type: DuckDBType): string | undefined {
  switch (type.typeId) {
    case DuckDBTypeId.STRUCT: {
      const struct = type as DuckDBStructType;
      if (renamedName(struct.entryNames, false) !== undefined) return type.toString();
      for (const entry of struct.entryTypes) {
        const unknown = unknownType(entry);
        if (unknown !== undefined) return unknown;
      }
      return undefined;
    }
    case DuckDBTypeId.LIST:
      return unknownType((type as DuckDBListType).valueType);
    default:
      switch (columnType(type).family) {
        case 'integer':
        case 'float':
        case 'boolean':
        case 'date':
        case 'timestamp':
        case 'timestamptz':
        case 'time':
        case 'uuid':
          return undefined;
        case 'string':
          return type.typeId === DuckDBTypeId.VARCHAR ? undefined : type.toString();
        default:
          return type.toString();
      }
  }
}

/**
 * A name that may not be the key as the records spell it. DuckDB calls an empty top-level key `C<n>`
 * and a key equal but for ASCII case to an earlier one `<key>_<n>` (`ID_1`), where the records'
 * own rules name them differently (`unnamed`, and `_<n>` counted otherwise); a struct keeps an empty
 * field name. Names that only look made up (a real key `C1`, or `a` beside `a_1`) take the slower
 * path too, which costs time, never data.
 */
function renamedName(names: readonly string[], top: boolean): string | undefined {
  const bases = new Map<string, number>();
  for (const name of names) {
    if (name === '' || (top && /^C\d+$/.test(name))) return name;
    const base = name.replace(/(_\d+)+$/, '').toLowerCase();
    bases.set(base, (bases.get(base) ?? 0) + 1);
  }
  return names.find((name) => /_\d+$/.test(name) && (bases.get(name.replace(/(_\d+)+$/, '').toLowerCase()) ?? 0) > 1);
}
