// mapLimited (the bulk deploy's pacing): answers in the items' order whatever order they finish
// in, never more than the limit at once, and a progress report after each item.
import { describe, expect, it } from 'vitest';
import { mapLimited } from '../src/routes/map-limited.js';

describe('mapLimited', () => {
  it('keeps the order and the limit, and reports each item done', async () => {
    const items = Array.from({ length: 23 }, (_, index) => index);
    let running = 0;
    let most = 0;
    const reports: [number, string][] = [];
    const results = await mapLimited(
      items,
      4,
      async (item) => {
        running += 1;
        most = Math.max(most, running);
        // Later items finish sooner: the answers must still come in the items' order.
        await new Promise((resolve) => setTimeout(resolve, (23 - item) % 7));
        running -= 1;
        return `item ${item}`;
      },
      (done, result) => reports.push([done, result]),
    );
    expect(results).toEqual(items.map((item) => `item ${item}`));
    expect(most).toBe(4);
    expect(reports.map(([done]) => done)).toEqual(items.map((item) => item + 1));
    expect(reports.map(([, result]) => result).sort()).toEqual([...results].sort());
  });

  it('answers an empty list without working', async () => {
    expect(await mapLimited([], 4, () => Promise.reject(new Error('no work expected')))).toEqual([]);
  });
});
