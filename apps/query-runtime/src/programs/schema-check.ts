// Does a program's SQL still bind against the table as it is now? DuckDB prepares it over an empty
// table made from the dataline's DDL; a column that went away fails the bind with DuckDB's reason.
import { DuckDBInstance } from '@duckdb/node-api';

export async function bindErrors(schemaCode: string, programs: { id: string; sql: string }[]): Promise<Map<string, string>> {
  const errors = new Map<string, string>();
  if (!programs.length) return errors;
  const instance = await DuckDBInstance.create(':memory:', { enable_external_access: 'false' });
  const connection = await instance.connect();
  try {
    await connection.run(schemaCode);
    for (const program of programs) {
      try {
        // Preparing alone may defer binding while parameter types are unknown; running with every
        // slot null over the empty table binds everything and reads nothing.
        const prepared = await connection.prepare(program.sql);
        try {
          for (let index = 1; index <= prepared.parameterCount; index += 1) prepared.bindNull(index);
          await prepared.run();
        } finally {
          prepared.destroySync();
        }
      } catch (error) {
        const message = (error as Error).message.split('\n')[0] ?? 'does not bind';
        errors.set(program.id, message.replace(/^Binder Error: /, ''));
      }
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  return errors;
}
