// CSV columns are typed from all their values: numbers and booleans become JSON numbers and booleans,
// and one value of another shape keeps the whole column text.
import { describe, expect, it } from 'vitest';
import { parseBody } from '../src/target/response-parser.js';

const csv = (text: string) => {
  const parsed = parseBody(Buffer.from(text), 'text/csv');
  if (parsed.format !== 'csv') throw new Error(`parsed as ${parsed.format}`);
  return parsed.value;
};

describe('CSV column typing', () => {
  it('reads numeric columns as numbers: integers, fractions, negatives, exponents, ".5" and "1.50"', () => {
    expect(csv('a,b,c,d\n1,-0.5,1e3,.5\n22,9.40,-2E-2,1.50\n')).toEqual([
      { a: 1, b: -0.5, c: 1000, d: 0.5 },
      { a: 22, b: 9.4, c: -0.02, d: 1.5 },
    ]);
    // A fraction of more digits than a double holds is still a number.
    expect(csv('price\n6929.8217756835584756\n')).toEqual([{ price: Number('6929.8217756835584756') }]);
  });

  it('keeps a column text when one value is not a plain number: leading zeros, N/A, separators, +, hex, too many digits', () => {
    const rows = csv('zip,score,amount,plus,hex,id\n00501,1,"1,234",+1,0x1f,12345678901234567890\n10001,N/A,5,2,3,1\n');
    expect(rows).toEqual([
      { zip: '00501', score: '1', amount: '1,234', plus: '+1', hex: '0x1f', id: '12345678901234567890' },
      { zip: '10001', score: 'N/A', amount: '5', plus: '2', hex: '3', id: '1' },
    ]);
  });

  it('keeps a column named for a code text, its digits labels: a ZIP code, a phone number', () => {
    expect(csv('zip_code,phone,count\n10001,5551230000,3\n94103,5551230001,4\n')).toEqual([
      { zip_code: '10001', phone: '5551230000', count: 3 },
      { zip_code: '94103', phone: '5551230001', count: 4 },
    ]);
  });

  it('reads true/false columns as booleans, keeps nulls for empty cells, and leaves dates to the profile as text', () => {
    expect(csv('flag,n,day\ntrue,,2015-12-25\nFALSE,3,2015-12-26\n')).toEqual([
      { flag: true, n: null, day: '2015-12-25' },
      { flag: false, n: 3, day: '2015-12-26' },
    ]);
  });

  it('keeps a column mixing numbers and booleans as text', () => {
    expect(csv('x\n1\ntrue\n')).toEqual([{ x: '1' }, { x: 'true' }]);
  });
});
