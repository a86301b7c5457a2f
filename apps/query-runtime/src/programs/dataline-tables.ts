// Where a project's tables come from: its datalines (catalog) and their response Parquet (object
// storage), copied once into a local cache keyed by the data object, so a reload happens exactly
// when a newer response object arrives.
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore } from '@querylane/objects';
import type { ServiceClients } from '@querylane/runtime';
import type { ProjectTable } from '../execution/project-database.js';

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
      tables.push({ name: dataline.name, parquetPath: path, version: dataObject.id });
    }
    return tables;
  };
}
