// One short-lived in-memory DuckDB per operation: nothing is shared between conversions or
// profiles, and closing the instance releases every byte DuckDB held.
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { AppError } from '@querylane/errors';

export interface DuckDBSessionOptions {
  /** DuckDB's memory ceiling (`'1GB'`); past it, sorts and hash tables spill to `spillDirectory`. */
  memoryLimit?: string | undefined;
  /** Where DuckDB may spill; without one it must fit in `memoryLimit`. */
  spillDirectory?: string | undefined;
  /** Worker threads (DuckDB's default: one per core). */
  threads?: number | undefined;
}

/**
 * DuckDB's own default is 80% of the machine's memory, far more than one conversion deserves on a
 * host that runs several services; a gigabyte converts and profiles millions of rows.
 */
export const defaultMemoryLimit = '1GB';

export async function withDuckDB<T>(options: DuckDBSessionOptions, action: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
  const config: Record<string, string> = {
    memory_limit: options.memoryLimit ?? defaultMemoryLimit,
    // JSON, Parquet and ICU are linked into the binding; nothing may be fetched from the network.
    autoinstall_known_extensions: 'false',
  };
  if (options.spillDirectory !== undefined) config.temp_directory = options.spillDirectory;
  if (options.threads !== undefined) config.threads = String(options.threads);
  const instance = await DuckDBInstance.create(':memory:', config);
  try {
    const connection = await instance.connect();
    try {
      // Timestamps with a time zone are read and printed in UTC whatever the host's zone is. (A
      // setting of the ICU extension, which loads on first use: it cannot be given to create().)
      await connection.run("SET TimeZone = 'UTC'");
      return await action(connection);
    } finally {
      connection.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}

const unavailableCodes = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EIO', 'EMFILE', 'ENFILE']);

/**
 * A failure of a file or DuckDB step as the public error it stands for. DuckDB's messages quote
 * SQL and paths, so they stay in `cause` (and the log), never in the message a caller reads.
 */
export function operationFailure(error: unknown, action: string): AppError {
  if (error instanceof AppError) return error;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code === 'string' && unavailableCodes.has(code)) {
    return new AppError('service_unavailable', `${action} failed: the local disk refused (${code})`, { fs_code: code }, { cause: error });
  }
  if (/out of memory|could not allocate/i.test(error instanceof Error ? error.message : '')) {
    return new AppError('service_unavailable', `${action} failed: DuckDB ran out of memory`, undefined, { cause: error });
  }
  return new AppError('internal_error', `${action} failed`, undefined, { cause: error });
}
