// The vega data sets the routing bench deploys: each written to Parquet, profiled and run through the
// real query-program generator, so the router sees exactly what a project would deploy.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { profileParquet, writeParquet, type DataProfile } from '@querylane/duckdb';
import { scratchDir, vegaDataDir, vegaJson } from '@querylane/testing';
// The generator is a pure module of query-runtime with no front door of its own; the bench runs it as
// the service does (bench/project.json's lint allows only `/module` front doors of apps).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { generateQueryPrograms, type GeneratedProgram } from '../../apps/query-runtime/src/generation/index.js';

export interface BenchDataset {
  table: string;
  profile: DataProfile;
  programs: GeneratedProgram[];
}

function csv(file: string): Record<string, unknown>[] {
  return parse(readFileSync(join(vegaDataDir(), file), 'utf8'), { columns: true, cast: true, skip_empty_lines: true }) as Record<string, unknown>[];
}

/** Table name → how to read its records. */
export const datasetSources: Record<string, () => Record<string, unknown>[]> = {
  cars: () => vegaJson('cars.json') as Record<string, unknown>[],
  movies: () => vegaJson('movies.json') as Record<string, unknown>[],
  penguins: () => vegaJson('penguins.json') as Record<string, unknown>[],
  seattle_weather: () => csv('seattle-weather.csv'),
  airports: () => csv('airports.csv'),
  flights: () => vegaJson('flights-2k.json') as Record<string, unknown>[],
  gapminder: () => vegaJson('gapminder.json') as Record<string, unknown>[],
  // Padding: more deployed programs beside the labelled ones, as a project with many datalines has.
  stocks: () => csv('stocks.csv'),
  barley: () => vegaJson('barley.json') as Record<string, unknown>[],
  jobs: () => vegaJson('jobs.json') as Record<string, unknown>[],
  iowa_electricity: () => csv('iowa-electricity.csv'),
  birdstrikes: () => csv('birdstrikes.csv'),
};

export async function loadDatasets(tables: string[] = Object.keys(datasetSources), maxPrograms?: number): Promise<BenchDataset[]> {
  const scratch = scratchDir('querylane-routing-');
  try {
    const out: BenchDataset[] = [];
    for (const table of tables) {
      const read = datasetSources[table];
      if (!read) throw new Error(`unknown data set ${table}`);
      const path = join(scratch.path, `${table}.parquet`);
      await writeParquet(read(), path, { tableName: table });
      const profile = await profileParquet(path);
      out.push({ table, profile, programs: generateQueryPrograms(profile, maxPrograms === undefined ? {} : { maxPrograms }) });
    }
    return out;
  } finally {
    scratch.remove();
  }
}
