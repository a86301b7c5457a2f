// Work over many items a few at a time (the bulk deploy), with the answers in the items' order.

/**
 * `work` over `items`, at most `limit` at a time; answers in the items' order. `onSettled` hears
 * how many are done after each one finishes (for progress reports).
 */
export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>, onSettled?: (done: number, result: R) => void): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      const result = await work(items[index]!);
      results[index] = result;
      done += 1;
      onSettled?.(done, result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
