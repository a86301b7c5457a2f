// The connector's target client: calls a user's HTTP API for test-connection (one request, no
// retries) and execute-request (every parameter group, every page, retries), and turns the
// answers into records.
import { isUtf8 } from 'node:buffer';
import { readFile } from 'node:fs/promises';
import type { Logger } from 'pino';
import type { JsonBodyFile } from '@querylane/duckdb';
import { AppError } from '@querylane/errors';
import type { SpooledBody } from './body-spool.js';
import { DownloadThread } from './download-thread.js';
import { exchange, type TargetResponse } from './http-transport.js';
import { jsonArrayItems } from './json-array-chunks.js';
import type { NetworkPolicy } from '@querylane/net';
import { createPaginator, type PagePatch } from './pagination.js';
import { pageRequest, prepareCall, requestRedactor, type PreparedCall } from './request-builder.js';
import { charset, jsonRecordsFormat, parseBody, toRecords, type ParsedBody, type TargetRecord } from './response-parser.js';
import { extractPath } from './response-path.js';
import { isRetriableError, isRetriableStatus, retryDelay, sleep } from './retry-policy.js';
import type { Redactor } from './secret-redaction.js';
import { SsrfGuard, type HostResolver } from '@querylane/net';
import { resolveTargetLimits, type TargetLimits } from './target-limits.js';
import { parseTargetRequest, type TargetRequest, type TargetRequestInput } from './target-request.schema.js';

export interface TargetClientOptions {
  limits?: Partial<TargetLimits>;
  policy: NetworkPolicy;
  logger: Logger;
  /** Host resolution for the SSRF guard; the system resolver unless a test stands in for DNS. */
  resolve?: HostResolver;
}

/** API.md seed endpoint 1, field for field. */
export interface TestConnectionResult {
  success: boolean;
  /** The target's status; 0 when it could not be reached. */
  status: number;
  /** Milliseconds from the first byte sent (name resolution included) to the last byte received. */
  response_time: number;
  content_type: string | null;
  /** Bytes as received (compressed when the target compressed). */
  size: number;
  /** The extracted value; arrays are cut to `previewRecords` items (nested ones too). */
  data: unknown;
  error?: string;
}

export interface FetchProgress {
  pages: number;
  records: number;
  bytes: number;
}

export interface FetchOptions {
  onProgress?(progress: FetchProgress): void;
  signal?: AbortSignal;
  /**
   * A scratch directory (the caller removes it): a response that can only be the whole data set
   * (one call, no pagination, no response path) is written there as it arrives, and `wholeBody`
   * hands over the file instead of the bytes.
   */
  spoolDir?: string;
}

/**
 * What `fetchRecords` answers once the first page is in. `records` pulls the remaining pages as it
 * is read (one page in memory at a time) and can be read once; `pages`, `bytes` and `truncated`
 * grow while it is read and are final when it is done.
 */
export interface FetchResult {
  readonly records: AsyncIterable<TargetRecord>;
  readonly pages: number;
  readonly bytes: number;
  /** The first page's status. */
  readonly status: number;
  /** The first page's content type. */
  readonly contentType: string | null;
  /** True when a group stopped at the page limit while the target still had a next page. */
  readonly truncated: boolean;
  /** The whole response as one JSON body, when it is one; read it or `records`, not both. */
  wholeBody(): Promise<JsonBody | undefined>;
}

/**
 * A response that is one JSON document of records: the body (secrets redacted) and its values, so
 * Parquet can be written from the bytes the target sent (see writeParquet's fast path).
 */
export interface JsonBody {
  /** The bytes; or, for a body written to a file as it arrived, the file. */
  json: Buffer | JsonBodyFile;
  /** `array`: a JSON array whose items are the records; `newline_delimited`: NDJSON. */
  format: 'array' | 'newline_delimited';
  /**
   * The array's items (or the lines), before `{ value }` wraps any that is not an object; or, when
   * the body has not been parsed yet, a function that answers them as an iterable that parses the
   * body as it is read (throwing the body's error if it is not JSON, or RecordsFormatChange when
   * it is JSON Lines after all; asked again, the function answers in that format).
   */
  values: unknown[] | (() => Promise<{ format: 'array' | 'newline_delimited'; values: Iterable<unknown> }>);
  /** Called with the number of records written when they were written from the bytes, `values` unread. */
  written?: (records: number) => void;
}

interface Plan {
  request: TargetRequest;
  redactor: Redactor;
  /** The first parameter group's call (the only one without groups), the one test-connection makes. */
  call: PreparedCall;
  calls: PreparedCall[];
}

type Mode = 'test' | 'execute';

export class TargetClient {
  readonly limits: TargetLimits;
  private readonly guard: SsrfGuard;
  private readonly logger: Logger;
  /** Where a body that is the whole data set downloads, off the main thread. */
  private readonly downloads = new DownloadThread();

  constructor(options: TargetClientOptions) {
    this.limits = resolveTargetLimits(options.limits);
    this.guard = new SsrfGuard(options.policy, { resolve: options.resolve, resolveTimeoutMs: this.limits.connectTimeoutMs });
    this.logger = options.logger.child({ component: 'target-client' });
  }

  /** Starts the download thread now rather than with the first execute-request. */
  warm(): void {
    this.downloads.warm();
  }

  /** Ends the download thread; a download in flight fails. */
  close(): Promise<void> {
    return this.downloads.close();
  }

  /**
   * One request (the first parameter group, the first page), no retries. Throws `invalid_request`
   * for what the caller must fix (the request, a refused address, a path that is not in the
   * response); whatever the target did wrong is an answer with `success: false`.
   */
  async testConnection(input: TargetRequestInput): Promise<TestConnectionResult> {
    const plan = this.plan(input);
    const { redactor, call } = plan;
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let response: TargetResponse;
    try {
      const patch = createPaginator(plan.request.pagination, this.limits).first();
      response = await this.send(call, patch, redactor, 'test', undefined);
    } catch (error) {
      const failure = scrubError(error, redactor);
      if (failure.code === 'invalid_request' || failure.code === 'internal_error') throw failure;
      const status = typeof failure.details?.status === 'number' ? failure.details.status : 0;
      this.logger.info({ url: redactor.url(call.url), status, reason: failure.details?.reason }, 'test-connection could not complete');
      return { success: false, status, response_time: elapsed(), content_type: null, size: 0, data: null, error: failure.message };
    }
    const base = { status: response.status, response_time: elapsed(), content_type: response.contentType, size: response.rawBytes };
    this.logger.info({ url: redactor.url(response.url), status: response.status, bytes: response.rawBytes }, 'test-connection answered');

    let parsed: ParsedBody;
    try {
      parsed = parseBody(redactor.bytes(response.body), response.contentType);
    } catch (error) {
      const failure = scrubError(error, redactor);
      if (failure.code === 'invalid_request') throw failure;
      return { ...base, success: false, data: null, error: failure.message };
    }
    if (!isSuccess(response.status)) {
      return { ...base, success: false, data: preview(parsed.value, this.limits.previewRecords), error: `the target answered ${response.status} ${response.statusText}`.trim() };
    }
    const extractor = plan.request.responsePathExtractor?.trim();
    let data: unknown = parsed.value;
    if (extractor) {
      if (parsed.format === 'text' || parsed.format === 'empty') {
        throw new AppError('invalid_request', `responsePathExtractor needs a JSON, NDJSON or CSV body, but the target answered ${parsed.format === 'empty' ? 'an empty body' : (response.contentType ?? 'text')}`, {
          field: 'responsePathExtractor',
        });
      }
      data = scrubbing(() => extractPath(parsed.value, extractor), redactor);
    }
    return { ...base, success: true, data: preview(data, this.limits.previewRecords) };
  }

  /**
   * Every parameter group, every page, with retries. The first page is fetched before this
   * resolves, so a bad request, a refused address or a failing target rejects here; later pages
   * are fetched while `records` is read, and their failures surface there.
   */
  async fetchRecords(input: TargetRequestInput, options: FetchOptions = {}): Promise<FetchResult> {
    const plan = this.plan(input);
    const run = new FetchRun(plan, this.limits, options, (call, patch, signal, spoolDir) => this.send(call, patch, plan.redactor, 'execute', signal, spoolDir), this.logger);
    await run.start();
    return run;
  }

  private plan(input: TargetRequestInput): Plan {
    const request = parseTargetRequest(input);
    const redactor = requestRedactor(request);
    const groups = request.parameterGroups ?? [];
    // Every group is prepared before anything is sent, so a missing value in the last group fails
    // the request up front rather than after the first groups were fetched.
    const calls = groups.length === 0 ? [prepareCall(request, undefined)] : groups.map((group, index) => prepareCall(request, { group, index }));
    for (const call of calls) pageRequest(call, createPaginator(request.pagination, this.limits).first(), this.limits);
    const [call] = calls;
    if (!call) throw new AppError('internal_error', 'a request without a call');
    return { request, redactor, call, calls };
  }

  /** One page: the exchange, and in execute mode the retries and the non-2xx verdict. */
  private async send(call: PreparedCall, patch: PagePatch | undefined, redactor: Redactor, mode: Mode, signal: AbortSignal | undefined, spoolDir?: string): Promise<TargetResponse> {
    const outgoing = pageRequest(call, patch, this.limits);
    const attempts = mode === 'execute' ? this.limits.maxAttempts : 1;
    const context = { guard: this.guard, limits: this.limits, redactor, logger: this.logger, signal, spoolDir, downloads: this.downloads };
    for (let attempt = 1; ; attempt += 1) {
      let response: TargetResponse;
      try {
        response = await exchange(outgoing, context);
      } catch (error) {
        if (attempt < attempts && isRetriableError(error)) {
          const delay = retryDelay(attempt, undefined, this.limits);
          this.logger.warn({ url: redactor.url(outgoing.url), reason: (error as AppError).details?.reason, attempt, delay_ms: delay }, 'target connection failed; retrying');
          await sleep(delay, signal, () => cancelledError(signal));
          continue;
        }
        const failure = scrubError(error, redactor);
        if (attempt > 1 && failure.code === 'upstream_error') throw new AppError(failure.code, `${failure.message} after ${attempt} attempts`, { ...failure.details, attempts: attempt });
        throw failure;
      }
      if (mode === 'test' || isSuccess(response.status)) return response;
      if (isRetriableStatus(response.status) && attempt < attempts) {
        const delay = retryDelay(attempt, response.headers['retry-after'], this.limits);
        this.logger.warn({ url: redactor.url(response.url), status: response.status, attempt, delay_ms: delay }, 'target answered an error; retrying');
        await sleep(delay, signal, () => cancelledError(signal));
        continue;
      }
      throw statusError(response, attempt, redactor);
    }
  }
}

/** The state of one `fetchRecords`: which group and page it is on, and the counters it reports. */
class FetchRun implements FetchResult {
  pages = 0;
  bytes = 0;
  truncated = false;
  status = 0;
  contentType: string | null = null;
  private recordCount = 0;
  private first: TargetResponse | undefined;
  /** The first page parsed, when wholeBody looked at it and found it was not the whole response. */
  private firstParsed: ParsedBody | undefined;
  private firstPatch: PagePatch | undefined;
  private consumed = false;

  constructor(
    private readonly plan: Plan,
    private readonly limits: TargetLimits,
    private readonly options: FetchOptions,
    private readonly send: (call: PreparedCall, patch: PagePatch | undefined, signal: AbortSignal | undefined, spoolDir?: string) => Promise<TargetResponse>,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    const { request, calls } = this.plan;
    this.firstPatch = createPaginator(request.pagination, this.limits).first();
    // Only a response that is the whole data set is spooled: a page must be parsed to go on.
    const whole = calls.length === 1 && calls[0]?.group === undefined && !request.pagination && !request.responsePathExtractor?.trim();
    this.first = await this.send(this.plan.call, this.firstPatch, this.options.signal, whole ? this.options.spoolDir : undefined);
    this.status = this.first.status;
    this.contentType = this.first.contentType;
  }

  get records(): AsyncIterable<TargetRecord> {
    return { [Symbol.asyncIterator]: () => this.iterate() };
  }

  /**
   * The whole response, when it is a single JSON array or NDJSON body in UTF-8: one call (no
   * parameter groups), one page (the paginator asks for no other), no response path. The run is
   * then consumed and its counters are final. Undefined otherwise, and `records` reads the pages as
   * usual (the first page is parsed once either way).
   */
  async wholeBody(): Promise<JsonBody | undefined> {
    const response = this.first;
    const { request, calls, redactor } = this.plan;
    const [call, ...others] = calls;
    if (this.consumed || !response || !call || others.length > 0 || call.group !== undefined || request.responsePathExtractor?.trim()) return undefined;
    // A body in another charset is not the text JSON.parse read; DuckDB reads UTF-8 only.
    if (!/^(utf-?8)?$/i.test(charset(response.contentType))) return undefined;
    // A spooled body is handed over as its file when it is UTF-8 records with no secret in it
    // (those are the checks below, made as it arrived); any other is read back and goes on as usual.
    const spooled = response.spooled;
    const spooledFormat = spooled && spooled.utf8 && !spooled.secretFound ? jsonRecordsFormat(leadOf(spooled), response.contentType) : undefined;
    if (spooled && !spooledFormat) await materialize(response);
    const json = response.spooled ? undefined : redactor.bytes(response.body);
    // Bytes that are not UTF-8 were read with replacement characters; DuckDB would read them otherwise.
    if (json && !isUtf8(json)) return undefined;
    const whole = (values: unknown[]) => {
      this.countPage(call, 1, response, values.length);
      return values;
    };
    // A spooled body has no pagination (it is the whole data set), and its format is known.
    const guessed = json === undefined ? spooledFormat : request.pagination ? undefined : jsonRecordsFormat(json, response.contentType);
    if (guessed) {
      // Without pagination the first page is the whole response, whatever it holds: the parse
      // waits until the caller reads the values (writeParquet has DuckDB start on the bytes first),
      // and an array is parsed a piece at a time (json-array-chunks.ts).
      this.consumed = true;
      this.first = undefined; // the caller holds the body from here
      let parsedWhole: { format: JsonBody['format']; values: unknown[] } | undefined;
      // A spooled body is read only if JavaScript has to parse it (it holds no secret to redact).
      const file = response.spooled;
      let bytes = json;
      const load = async (): Promise<Buffer> => (bytes ??= await readFile(file!.path));
      const parseWhole = (json: Buffer) => {
        const parsed = parseBytes(json, response.contentType, redactor);
        // An NDJSON label on an empty body: no records (writeParquet says so).
        if (parsed.format === 'empty') return { format: guessed, values: [] };
        if (parsed.format !== 'json' && parsed.format !== 'ndjson') throw new AppError('internal_error', `a body that looked like JSON parsed as ${parsed.format}`);
        return { format: parsed.format === 'ndjson' ? ('newline_delimited' as const) : ('array' as const), values: parsed.format === 'ndjson' ? parsed.value : toRecordsOrItems(parsed.value) };
      };
      let counted = false;
      const countOnce = (records: number) => {
        if (!counted) this.countPage(call, 1, response, records);
        counted = true;
      };
      const counting = (values: Iterable<unknown>): Iterable<unknown> => ({
        *[Symbol.iterator]() {
          let records = 0;
          for (const value of values) {
            records += 1;
            yield value;
          }
          countOnce(records);
        },
      });
      return {
        json: json ?? { path: file!.path, bytes: file!.bytes, nulEscape: file!.nulEscape },
        format: guessed,
        // Written from the bytes alone: the records were counted by DuckDB, never read here.
        written: countOnce,
        values: async () => {
          if (parsedWhole) return { format: parsedWhole.format, values: counting(parsedWhole.values) };
          const json = await load();
          if (guessed === 'newline_delimited') {
            parsedWhole = parseWhole(json);
            return { format: parsedWhole.format, values: counting(parsedWhole.values) };
          }
          const items = jsonArrayItems(json, () => {
            parsedWhole = parseWhole(json);
            return parsedWhole.format === 'array' ? { array: true, items: parsedWhole.values } : { array: false };
          });
          return { format: 'array' as const, values: counting(items) };
        },
      };
    }
    if (!json) throw new AppError('internal_error', 'a spooled body was handed on without its records format');
    const parsed = parseBytes(json, response.contentType, redactor);
    const values = parsed.format === 'ndjson' || (parsed.format === 'json' && Array.isArray(parsed.value)) ? (parsed.value as unknown[]) : undefined;
    const paginator = createPaginator(request.pagination, this.limits);
    paginator.first();
    if (!values || paginator.next({ records: values.length, body: parsed, linkHeader: response.headers.link, url: response.url }) !== undefined) {
      this.firstParsed = parsed;
      return undefined;
    }
    this.consumed = true;
    this.first = undefined; // the caller holds the body from here
    return { json, format: parsed.format === 'ndjson' ? 'newline_delimited' : 'array', values: whole(values) };
  }

  private countPage(call: PreparedCall, page: number, response: TargetResponse, records: number): void {
    this.pages += 1;
    this.bytes += response.rawBytes;
    this.recordCount += records;
    this.options.onProgress?.({ pages: this.pages, records: this.recordCount, bytes: this.bytes });
    this.logger.info(
      { url: this.plan.redactor.url(response.url), group: call.group, page, records, bytes: response.rawBytes, status: response.status },
      'target page fetched',
    );
  }

  private async *iterate(): AsyncGenerator<TargetRecord> {
    if (this.consumed) throw new AppError('internal_error', 'the records of a fetch can be read once');
    this.consumed = true;
    const { request, calls, redactor } = this.plan;
    const extractor = request.responsePathExtractor?.trim();
    for (const call of calls) {
      const paginator = createPaginator(request.pagination, this.limits);
      let patch = paginator.first();
      for (let page = 1; ; page += 1) {
        if (this.options.signal?.aborted) throw cancelledError(this.options.signal);
        let response: TargetResponse;
        let parsed: ParsedBody;
        if (this.first) {
          response = this.first;
          await materialize(response);
          patch = this.firstPatch;
          parsed = this.firstParsed ?? parsePage(response, redactor);
          // The first page is held only until it is read.
          this.first = undefined;
          this.firstParsed = undefined;
        } else {
          response = await this.send(call, patch, this.options.signal);
          parsed = parsePage(response, redactor);
        }
        let records: TargetRecord[];
        if (parsed.format === 'text') {
          throw new AppError('upstream_error', `the target answered ${response.contentType ?? 'text'}, which is not JSON, NDJSON or CSV`, { reason: 'unsupported_content_type', status: response.status });
        }
        if (extractor && parsed.format !== 'empty') records = toRecords(scrubbing(() => extractPath(parsed.value, extractor), redactor));
        else records = toRecords(parsed.value);

        this.countPage(call, page, response, records.length);
        for (const record of records) yield call.group === undefined ? record : { ...record, _parameter_group: call.group };

        const next = paginator.next({ records: records.length, body: parsed, linkHeader: response.headers.link, url: response.url });
        if (next === undefined) break;
        if (page >= paginator.maxPages) {
          this.truncated = true;
          this.logger.warn({ url: redactor.url(call.url), group: call.group, max_pages: paginator.maxPages }, 'stopped at the page limit; the target has more pages');
          break;
        }
        patch = next;
      }
    }
  }
}

/** A spooled body read back into memory, where the parsers want it. */
async function materialize(response: TargetResponse): Promise<void> {
  if (!response.spooled) return;
  response.body = await readFile(response.spooled.path);
  response.spooled = undefined;
}

/** The spooled body's first non-blank byte, as much of it as jsonRecordsFormat looks at. */
function leadOf(spooled: SpooledBody): Buffer {
  return Buffer.from(spooled.lead === undefined ? [] : [spooled.lead]);
}

function parsePage(response: TargetResponse, redactor: Redactor): ParsedBody {
  return parseBytes(redactor.bytes(response.body), response.contentType, redactor);
}

/** A JSON body's value as the items of the array it is (an object or scalar stands alone). */
function toRecordsOrItems(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function parseBytes(body: Buffer, contentType: string | null, redactor: Redactor): ParsedBody {
  try {
    return parseBody(body, contentType);
  } catch (error) {
    throw scrubError(error, redactor);
  }
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

function statusError(response: TargetResponse, attempts: number, redactor: Redactor): AppError {
  const after = attempts > 1 ? ` after ${attempts} attempts` : '';
  // A little of the target's own message helps the user; secrets it echoes are scrubbed.
  const excerpt = redactor.text(response.body.subarray(0, 2048).toString('utf8')).slice(0, 500);
  return new AppError('upstream_error', `the target ${redactor.url(response.url)} answered ${response.status} ${response.statusText}${after}`.replace(/\s+$/, ''), {
    status: response.status,
    attempts,
    ...(excerpt.trim() === '' ? {} : { target_message: excerpt }),
  });
}

function cancelledError(signal: AbortSignal | undefined): AppError {
  return signal?.reason instanceof AppError ? signal.reason : new AppError('timeout', 'fetching the target was cancelled', { reason: 'aborted' });
}


/** An error as an AppError with no secret in its message or details (anything else is internal). */
function scrubError(error: unknown, redactor: Redactor): AppError {
  if (!(error instanceof AppError)) {
    return new AppError('internal_error', 'calling the target failed unexpectedly', undefined, { cause: error });
  }
  const details = error.details === undefined ? undefined : (JSON.parse(redactor.text(JSON.stringify(error.details))) as Record<string, unknown>);
  return new AppError(error.code, redactor.text(error.message), details, { cause: error.cause });
}

/** Runs `run`; what it throws comes out scrubbed (path errors list the response's own keys). */
function scrubbing<T>(run: () => T, redactor: Redactor): T {
  try {
    return run();
  } catch (error) {
    throw scrubError(error, redactor);
  }
}

/** test-connection answers a sample: every array cut to `maxItems`, however deep. */
function preview(value: unknown, maxItems: number, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 64) return value;
  if (Array.isArray(value)) return value.slice(0, maxItems).map((item) => preview(item, maxItems, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, preview(item, maxItems, depth + 1)]));
}
