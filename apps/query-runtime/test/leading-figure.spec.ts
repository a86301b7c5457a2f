import { describe, expect, it } from 'vitest';
import { leadRowsWith, leadRowWith } from '../src/questions/leading-figure.js';

describe('the figure a question asked of an aggregate leads its rows', () => {
  it('moves the asked total or average before the other figure of the same measure, keeping every value', () => {
    const row = '{"carrier":"FedEx","avg_weight_kg":3.2,"sum_weight_kg":1310.95,"min_weight_kg":0.16,"count":410}';
    const led = leadRowWith(row, 'total');
    expect(Object.keys(JSON.parse(led))).toEqual(['carrier', 'sum_weight_kg', 'avg_weight_kg', 'min_weight_kg', 'count']);
    expect(JSON.parse(led)).toEqual(JSON.parse(row));
    // Already first: the text itself, untouched.
    expect(leadRowWith(row, 'average')).toBe(row);
    // A chosen column's figures are `sum` and `avg`.
    expect(Object.keys(JSON.parse(leadRowWith('{"value":"a","sum":4,"avg":2,"count":2}', 'average')))).toEqual(['value', 'avg', 'sum', 'count']);
  });

  it('leaves rows without both figures of a measure alone, and moves each measure of several', () => {
    const lone = '{"avg_price":3,"sum_quantity":7}';
    expect(leadRowWith(lone, 'total')).toBe(lone);
    const two = '{"avg_a":1,"sum_a":2,"avg_b":3,"sum_b":4}';
    expect(Object.keys(JSON.parse(leadRowWith(two, 'total')))).toEqual(['sum_a', 'avg_a', 'sum_b', 'avg_b']);
    const rows = `[${two},${lone}]`;
    expect(JSON.parse(leadRowsWith(rows, 'total')).map((row: object) => Object.keys(row))).toEqual([['sum_a', 'avg_a', 'sum_b', 'avg_b'], ['avg_price', 'sum_quantity']]);
    expect(leadRowsWith(rows, undefined)).toBe(rows);
  });
});
