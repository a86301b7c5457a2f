// The answers of a stream of requests in the order they are ready: what a server of a
// bidirectional (or batched) call does when each message is work of its own and a slow one must
// not hold back the others.

/**
 * `work` started on each input as it arrives (at most `maxInFlight` at once: reading waits for
 * room), its results yielded in the order they complete while later inputs are still read. Ends
 * when the inputs have ended and every result is yielded; `work` must not reject (a rejection, or
 * the inputs failing, ends it with that error once the results already complete are yielded).
 */
export async function* asCompleted<I, O>(inputs: AsyncIterable<I> | Iterable<I>, work: (input: I) => Promise<O>, maxInFlight = Number.POSITIVE_INFINITY): AsyncGenerator<O> {
  const ready: O[] = [];
  let inFlight = 0;
  let ended = false;
  let failure: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  let room: (() => void) | undefined;
  const signal = () => {
    const waiting = wake;
    wake = undefined;
    waiting?.();
  };
  void (async () => {
    try {
      for await (const input of inputs) {
        if (inFlight >= maxInFlight) await new Promise<void>((resolve) => (room = resolve));
        inFlight += 1;
        work(input)
          .then(
            (output) => void ready.push(output),
            (error: unknown) => void (failure ??= { error }),
          )
          .finally(() => {
            inFlight -= 1;
            const waiting = room;
            room = undefined;
            waiting?.();
            signal();
          });
      }
    } catch (error) {
      failure ??= { error };
    } finally {
      ended = true;
      signal();
    }
  })();
  for (;;) {
    if (ready.length > 0) {
      yield* ready.splice(0);
      continue;
    }
    if (failure) throw failure.error;
    if (ended && inFlight === 0) return;
    await new Promise<void>((resolve) => (wake = resolve));
  }
}
