// Where a project's tables come from: its datalines (catalog) and their response Parquet (object
// storage), copied once into a local cache keyed by the data object, so a reload happens exactly
// when a newer response object arrives.
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { DataProfile } from '@querylane/duckdb';
import type { ObjectStore } from '@querylane/objects';
import type { ServiceClients } from '@querylane/runtime';
import type { ProjectTable } from '../execution/project-database.js';
import { lookupKeys } from '../generation/column-roles.js';

/** At most this many key columns are indexed per table: each costs up to a second per million rows of text. */
const maxIndexedKeys = 3;

export function datalineTables(deps: { clients: ServiceClients; objects: ObjectStore; cacheDir: string }) {
  return async (projectId: string): Promise<ProjectTable[]> => {
    const catalog = deps.clients.catalog.call;
    const { datalines } = await catalog.listProjectDatalines({ projectId });
    const tables: ProjectTable[] = [];
    for (const dataline of datalines) {
      const { dataObject } = await catalog.getDataObject({ dataObjectId: dataline.dataObjectId });
      if (!dataObject) continue;
      const directory = join(deps.cacheDir, projectId);
      const path = join(directory, `${dataObject.id}.parquet`);
      if (!existsSync(path)) {
        await mkdir(directory, { recursive: true });
        const partial = `${path}.${process.pid}.part`;
        await pipeline(await deps.objects.get(dataObject.key), createWriteStream(partial));
        await rename(partial, path);
      }
      tables.push({ name: dataline.name, parquetPath: path, version: dataObject.id, keyColumns: indexedKeys(dataline.dataModel) });
    }
    return tables;
  };
}

/** The columns lookup programs are generated for (at most maxIndexedKeys), from the dataline's profile. */
export function indexedKeys(dataModel: unknown): string[] {
  const profile = dataModel as DataProfile | undefined;
  if (!Array.isArray(profile?.columns) || typeof profile.row_count !== 'number') return [];
  return lookupKeys(profile).slice(0, maxIndexedKeys);
}
