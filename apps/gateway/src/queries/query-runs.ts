// The direct query calls' runs on query-runtime. A call made while no other run is in flight goes
// at once, as one RunQueryProgram call. Calls that arrive while others are in flight wait for the
// end of the event loop's turn and go together, as one RunQueryPrograms call (up to `maxBatch`
// runs), whose answers come back one by one as each run finishes: a gRPC call costs the gateway
// and query-runtime about 0.19 ms of CPU each side together in one process, a message of a stream
// about 0.045 ms in batches of 8 (tmp figures in docs/decisions.md), and under load the main
// thread's time per call is what bounds req/s. The model is DataLoader's batching of one tick.
//
// A query-runtime that does not serve RunQueryPrograms (an older version during a rolling upgrade)
// answers UNIMPLEMENTED: its runs are sent again one by one, and every later call goes alone.
import { status as GrpcStatus } from '@grpc/grpc-js';
import { Counter, type Registry } from 'prom-client';
import { AppError } from '@querylane/errors';
import { fromErrorDetail, type ServiceClient } from '@querylane/grpc';
import type { queryRuntimeV1 } from '@querylane/proto';

/** Deadline of a direct call's run on query-runtime (the query's own time-out is shorter). */
export const defaultRunDeadlineMs = 30_000;

export type RunResult = queryRuntimeV1.RunQueryProgramResponse;

export interface RunRequest {
  queryProgramId: string;
  /** The slot values as the caller sent them (a JSON object). */
  slots: Record<string, unknown>;
  requestId: string;
}

export interface QueryRunsOptions {
  /** Deadline of a run, alone or in a batch (the query's own time-out is shorter). */
  deadlineMs: number;
  /** Runs in one RunQueryPrograms call, at most (default 64). */
  maxBatch?: number;
  /** Where the counters go (querylane_gateway_query_runs_*). */
  metrics?: Registry;
}

interface Waiting {
  request: RunRequest;
  resolve: (result: RunResult) => void;
  reject: (error: unknown) => void;
}

export class QueryRuns {
  private waiting: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;
  /** False once query-runtime said it does not serve RunQueryPrograms. */
  private batching = true;
  private readonly maxBatch: number;
  private readonly runsTotal: Counter<'sent'> | undefined;

  constructor(
    private readonly runtime: ServiceClient<typeof queryRuntimeV1.QueryRuntimeService>,
    private readonly options: QueryRunsOptions,
  ) {
    this.maxBatch = options.maxBatch ?? 64;
    if (options.metrics) {
      this.runsTotal = new Counter({ name: 'querylane_gateway_query_runs_total', help: 'Direct query runs sent to query-runtime, alone or batched with others', labelNames: ['sent'] as const, registers: [options.metrics] });
    }
  }

  run(request: RunRequest): Promise<RunResult> {
    if (!this.batching || (this.inFlight === 0 && this.waiting.length === 0)) return this.alone(request);
    return new Promise<RunResult>((resolve, reject) => {
      this.waiting.push({ request, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    this.scheduled = false;
    const waiting = this.waiting;
    this.waiting = [];
    if (waiting.length === 1) {
      const [only] = waiting as [Waiting];
      this.alone(only.request).then(only.resolve, only.reject);
      return;
    }
    for (let start = 0; start < waiting.length; start += this.maxBatch) void this.batch(waiting.slice(start, start + this.maxBatch));
  }

  private async alone(request: RunRequest): Promise<RunResult> {
    this.inFlight += 1;
    this.runsTotal?.inc({ sent: 'alone' });
    try {
      return await this.runtime.runQueryProgram({ queryProgramId: request.queryProgramId, slots: request.slots as never }, { requestId: request.requestId, deadlineMs: this.options.deadlineMs });
    } finally {
      this.inFlight -= 1;
    }
  }

  private async batch(runs: Waiting[]): Promise<void> {
    this.inFlight += runs.length;
    this.runsTotal?.inc({ sent: 'batched' }, runs.length);
    const answered = new Array<boolean>(runs.length).fill(false);
    const settle = (index: number, outcome: () => void) => {
      if (answered[index]) return;
      answered[index] = true;
      this.inFlight -= 1;
      outcome();
    };
    let failure: unknown;
    try {
      const answers = this.runtime.runQueryPrograms(
        { runs: runs.map(({ request }) => ({ run: { queryProgramId: request.queryProgramId, slots: request.slots as never }, requestId: request.requestId })), withoutColumns: true },
        { requestId: runs[0]!.request.requestId, deadlineMs: this.options.deadlineMs },
      );
      for await (const { index, outcome } of answers) {
        const run = runs[index];
        if (!run) continue;
        if (outcome.case === 'result') settle(index, () => run.resolve(outcome.value));
        else if (outcome.case === 'error') {
          const error = fromErrorDetail(outcome.value) ?? new AppError('internal_error', `query-runtime failed the run with ${outcome.value.code}`);
          settle(index, () => run.reject(error));
        }
      }
    } catch (error) {
      if (isUnimplemented(error) && answered.every((done) => !done)) {
        this.batching = false;
        this.inFlight -= runs.length;
        for (const run of runs) this.alone(run.request).then(run.resolve, run.reject);
        return;
      }
      failure = error;
    }
    if (answered.every(Boolean)) return;
    failure ??= new AppError('internal_error', 'query-runtime ended a batch of runs without answering each of them');
    for (const [index, run] of runs.entries()) settle(index, () => run.reject(failure));
  }
}

function isUnimplemented(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return cause?.code === GrpcStatus.UNIMPLEMENTED;
}
