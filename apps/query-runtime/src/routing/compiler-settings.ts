import { setFlagsFromString } from 'node:v8';

/**
 * Keeps the router's code optimized: turns off V8's inlining of array builtins (`map`, `filter`,
 * `some`, … inlined by TurboFan) for the process.
 *
 * Why: the router's large functions (`rank` is ~25 KB of bytecode) call those builtins on arrays
 * that are empty on one question and hold objects on the next (two elements kinds). TurboFan
 * inlines the builtin for the kinds it has seen, and the next question's other kind fails the
 * inlined map check: an eager deopt, then seconds of background compiling (1.2–2.9 s for `rank`
 * on these 2-core machines) while the function runs in baseline code, then a deopt again. In
 * bench/routing's latency passes (3,840 routes) that was 7,243 deopts, and p99 6.9 ms; with the
 * builtins called instead of inlined, no deopt in those passes and p99 2.6–3.8 ms (p50 1.1 ms
 * either way; `--trace-deopt`, stop 39). Called once, before a router is built, by the
 * query-runtime service (so by the one-process platform too) and by bench/routing, which measures
 * the router as the service runs it. Setting it again changes nothing.
 */
export function keepRouterOptimized(): void {
  setFlagsFromString('--no-turbo-inline-array-builtins');
}
