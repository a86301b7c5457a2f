import { describe, expect, it } from 'vitest';
import { batchedLookupSql, batchSize, keysComparable, pointLookupOf } from '../src/execution/point-lookups.js';

describe('point lookups', () => {
  it('recognizes exactly the one-key lookup shape, quoted names included', () => {
    expect(pointLookupOf('SELECT * FROM "orders" WHERE "id" = $id LIMIT 10000')).toEqual({ from: '"orders"', key: '"id"', keyName: 'id', slot: 'id', limit: 10000 });
    expect(pointLookupOf('select * from "my ""big"" table" where "Title" = $title limit 5;')).toEqual({ from: '"my ""big"" table"', key: '"Title"', keyName: 'Title', slot: 'title', limit: 5 });
    for (const other of [
      'SELECT "id" FROM "orders" WHERE "id" = $id LIMIT 10',
      'SELECT * FROM "orders" WHERE "id" = $id',
      'SELECT * FROM "orders" WHERE "id" = $id AND "city" = $city LIMIT 10',
      'SELECT * FROM "orders" WHERE "id" >= $id LIMIT 10',
      'SELECT * FROM "orders" WHERE "id" = $id LIMIT $n',
      'SELECT * FROM "orders" WHERE "id" = $id LIMIT 10 -- note',
    ]) {
      expect(pointLookupOf(other)).toBeUndefined();
    }
  });

  it('writes one statement for a power of two of keys, each row with its key position', () => {
    const lookup = pointLookupOf('SELECT * FROM "orders" WHERE "id" = $id LIMIT 10000')!;
    expect(batchedLookupSql(lookup, 4, 129)).toBe('SELECT *, list_position([$k0, $k1, $k2, $k3], "id") AS "__lookup_position" FROM "orders" WHERE "id" IN ($k0, $k1, $k2, $k3) LIMIT 129');
    expect([2, 3, 4, 5, 33, 64].map(batchSize)).toEqual([2, 4, 4, 8, 64, 64]);
  });

  it('shares a statement only between keys that are equal exactly when they are the same value', () => {
    expect(keysComparable(5n, 'BIGINT')).toBe(true);
    expect(keysComparable(5n, 'UINTEGER')).toBe(true);
    expect(keysComparable('Paris', 'VARCHAR')).toBe(true);
    expect(keysComparable('05', 'BIGINT')).toBe(false);
    expect(keysComparable(5n, 'DOUBLE')).toBe(false);
    expect(keysComparable(0.5, 'DOUBLE')).toBe(false);
    expect(keysComparable('2024-01-02', 'DATE')).toBe(false);
    expect(keysComparable(true, 'BOOLEAN')).toBe(false);
  });
});
