// Varied slot values for the benchmarks: each run draws from the slot's enum or range, or keeps its
// default; a required slot without either (a lookup key) gets a value the generated data has.
export interface BenchSlot {
  name: string;
  type: string;
  required?: boolean;
  default: unknown;
  enum_values?: unknown[];
  minimum?: number | string;
  maximum?: number | string;
  /** The data's extent, on range filters. */
  observed_minimum?: number | string;
  observed_maximum?: number | string;
}

export function slotValues(slots: readonly BenchSlot[], run: number, rows: number): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const slot of slots) {
    const low = slot.minimum ?? slot.observed_minimum;
    const high = slot.maximum ?? slot.observed_maximum;
    if (slot.enum_values?.length) values[slot.name] = slot.enum_values[run % slot.enum_values.length];
    else if ((slot.type === 'integer' || slot.type === 'number') && typeof low === 'number' && typeof high === 'number') {
      const value = low + (((run * 7919) % 1000) / 1000) * (high - low);
      values[slot.name] = slot.type === 'integer' ? Math.round(value) : value;
    } else if (slot.type === 'string' && /term|search|name|note/.test(slot.name)) values[slot.name] = ['order 1', 'Paris', 'for Rome', 'x'][run % 4];
    else if (slot.default !== undefined && slot.default !== null) values[slot.name] = slot.default;
    if (values[slot.name] === undefined && slot.required) {
      values[slot.name] = { integer: ((run * 7919) % rows) + 1, number: ((run * 7919) % rows) + 1, string: 'order 1', date: '2024-03-03', boolean: true }[slot.type] ?? null;
    }
  }
  return values;
}
