// The direct query calls' runs on query-runtime. They go on one long-lived RunQueryProgramsChannel
// call, a message each way per run: a unary gRPC call costs its headers, trailers, deadline timer
// and HTTP/2 stream, about 0.2 ms of the gateway's and query-runtime's CPU together in one
// process and as much added to the call's time, where a message of a call already open costs
// ~0.03 ms (tmp figures in docs/decisions.md, "One call open for the runs"). The channel is opened
// at the first run and again after it ends: runs it ended without answering (a query-runtime
// shutting down answers what it started and ends the call with OK) are sent once more on the next
// one; a channel that fails fails the runs it carried, as their own calls would have.
//
// A query-runtime that does not serve the channel (an older version during a rolling upgrade)
// answers UNIMPLEMENTED: the runs then go as before this channel existed. A call made while no
// other run is in flight goes at once, as one RunQueryProgram call; calls that arrive while others
// are in flight wait for the end of the event loop's turn and go together, as one RunQueryPrograms
// call (up to `maxBatch` runs), whose answers come back one by one as each run finishes. A
// query-runtime that serves neither answers UNIMPLEMENTED again: its runs go one by one.
import { status as GrpcStatus } from '@grpc/grpc-js';
import { Counter, type Registry } from 'prom-client';
import { AppError } from '@querylane/errors';
import { fromErrorDetail, type BidiCall, type ServiceClient } from '@querylane/grpc';
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

/** A run sent on a channel, until its answer, its deadline, or the channel's end. */
interface ChannelWaiting extends Waiting {
  timer: NodeJS.Timeout;
  /** Sent on a channel that ended without answering it before. */
  resent: boolean;
}

/** One RunQueryProgramsChannel call and the runs it carries. */
interface Channel {
  call: BidiCall<typeof queryRuntimeV1.RunQueryProgramsChannelRequestSchema, typeof queryRuntimeV1.RunQueryProgramsChannelResponseSchema>;
  waiting: Map<number, ChannelWaiting>;
  /** Whether any run was answered on it (a refusal of the method comes before any answer). */
  answered: boolean;
}

/** Run numbers wrap here (an int32), far beyond the runs one channel has in flight. */
const maxRunId = 0x7fff_ffff;

export class QueryRuns {
  private waiting: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;
  /** False once query-runtime said it does not serve RunQueryProgramsChannel. */
  private channeling = true;
  private channel: Channel | undefined;
  private nextRunId = 0;
  private closed = false;
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
    if (this.channeling && !this.closed) return new Promise<RunResult>((resolve, reject) => this.send({ request, resolve, reject }, false));
    return this.withoutChannel(request);
  }

  /** Ends the channel once the runs on it are answered; later runs go as their own calls. */
  close(): void {
    this.closed = true;
    this.channel?.call.end();
  }

  /** The run on the channel (opened if there is none), with its deadline. */
  private send(run: Waiting, resent: boolean): void {
    const channel = (this.channel ??= this.open());
    const id = this.nextRunId;
    this.nextRunId = id === maxRunId ? 0 : id + 1;
    const timer = setTimeout(() => {
      if (!channel.waiting.delete(id)) return;
      run.reject(new AppError('timeout', `the query run did not answer within ${this.options.deadlineMs} ms`));
    }, this.options.deadlineMs);
    channel.waiting.set(id, { ...run, timer, resent });
    this.runsTotal?.inc({ sent: 'channel' });
    const { request } = run;
    channel.call.write({ id, run: { queryProgramId: request.queryProgramId, slots: request.slots as never }, requestId: request.requestId, deadlineMs: this.options.deadlineMs });
  }

  private open(): Channel {
    const channel: Channel = { call: this.runtime.runQueryProgramsChannel(), waiting: new Map(), answered: false };
    void this.answer(channel);
    return channel;
  }

  /** Settles the channel's runs as their answers arrive; at its end, what it left unanswered. */
  private async answer(channel: Channel): Promise<void> {
    let failure: unknown;
    try {
      for await (const { id, outcome } of channel.call) {
        const run = channel.waiting.get(id);
        // A run whose deadline passed was answered already.
        if (!run) continue;
        channel.waiting.delete(id);
        clearTimeout(run.timer);
        channel.answered = true;
        if (outcome.case === 'result') run.resolve(outcome.value);
        else run.reject((outcome.case === 'error' ? fromErrorDetail(outcome.value) : undefined) ?? new AppError('internal_error', `query-runtime failed the run with ${outcome.case === 'error' ? outcome.value.code : 'no outcome'}`));
      }
    } catch (error) {
      failure = error;
    }
    if (this.channel === channel) this.channel = undefined;
    const left = [...channel.waiting.values()];
    channel.waiting.clear();
    for (const run of left) clearTimeout(run.timer);
    if (failure !== undefined && isUnimplemented(failure) && !channel.answered) {
      this.channeling = false;
      for (const run of left) this.withoutChannel(run.request).then(run.resolve, run.reject);
      return;
    }
    for (const run of left) {
      // Ended with OK: the runs it did not answer were never started. Sent again once, so that a
      // query-runtime ending every channel at once cannot keep a run going round.
      if (failure === undefined && !run.resent && !this.closed) this.send(run, true);
      else run.reject(failure ?? new AppError('service_unavailable', 'query-runtime ended the run without answering it; try again shortly'));
    }
  }

  /** The run as its own call, or with others waiting in this turn (no channel). */
  private withoutChannel(request: RunRequest): Promise<RunResult> {
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
