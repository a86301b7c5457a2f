// The table a Parquet file is known as when nobody names it: the file's own name.
import { basename, extname } from 'node:path';

export const fallbackTableName = 'data';

/** `…/response.parquet` → `response`. */
export function tableNameFromPath(path: string): string {
  const name = basename(path, extname(path));
  return name.length > 0 ? name : fallbackTableName;
}
