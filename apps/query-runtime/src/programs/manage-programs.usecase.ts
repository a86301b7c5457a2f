// Hand-written programs (API.md "Query programs"): the SQL is parsed by DuckDB and checked by the
// guard, every `$slot` must have a typed slot and every slot must be used, and the query must bind
// against the project's tables before anything is saved. A change is a new version.
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { AppError } from '@querylane/errors';
import type { ServiceClients } from '@querylane/runtime';
import type { QueryProgramsTable, QueryRuntimeTables } from '../db/schema.js';
import { validateProgramSql } from '../execution/sql-guard.js';
import type { ProgramChanges } from './program-changes.js';
import { bindErrors } from './schema-check.js';

const slotSchema = z
  .object({
    name: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'a slot name is a lower-case identifier'),
    type: z.enum(['string', 'integer', 'number', 'boolean', 'date', 'enum']),
    required: z.boolean().default(false),
    default: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
    description: z.string().max(1000).optional(),
    enum_values: z.array(z.union([z.string(), z.number(), z.boolean()])).min(1).max(500).optional(),
    minimum: z.union([z.number(), z.string()]).optional(),
    maximum: z.union([z.number(), z.string()]).optional(),
    observed_minimum: z.union([z.number(), z.string()]).optional(),
    observed_maximum: z.union([z.number(), z.string()]).optional(),
  })
  .strict()
  .refine((slot) => slot.type !== 'enum' || slot.enum_values, { message: 'an enum slot needs enum_values', path: ['enum_values'] });

export interface ProgramInput {
  name: string;
  query: string;
  description?: string | undefined;
  queryProgram: string;
  slots: Record<string, unknown>[];
  examples: string[];
}

type Row = Selectable<QueryProgramsTable>;

export class ManageProgramsUseCase {
  constructor(
    private readonly db: Kysely<QueryRuntimeTables>,
    private readonly clients: ServiceClients,
    private readonly changes: ProgramChanges,
  ) {}

  async create(projectId: string, input: ProgramInput): Promise<Row> {
    const checked = await this.check(projectId, input);
    const taken = await this.current(projectId, input.name);
    if (taken) throw new AppError('conflict', `a program named ${input.name} exists in the project`, { field: 'name' });
    return this.changes.commit(async (trx, changed) => {
      const row = await trx.insertInto('query_programs').values(this.row(projectId, input, checked, undefined)).returningAll().executeTakeFirstOrThrow();
      changed(row, 'created');
      return row;
    });
  }

  async update(existing: Row, input: ProgramInput): Promise<Row> {
    if (!existing.is_current) throw new AppError('conflict', `version ${existing.version} of ${existing.name} is not the current one; change the current version`, { field: 'query_program_id' });
    if (input.name !== existing.name) throw new AppError('invalid_request', 'a program keeps its name; create a new program for a new name', { field: 'name' });
    const checked = await this.check(existing.project_id, input);
    return this.changes.commit(async (trx, changed) => {
      await trx.updateTable('query_programs').set({ is_current: false, updated_at: new Date() }).where('id', '=', existing.id).execute();
      const row = await trx.insertInto('query_programs').values(this.row(existing.project_id, input, checked, existing)).returningAll().executeTakeFirstOrThrow();
      changed(row, 'updated');
      return row;
    });
  }

  async delete(existing: Row): Promise<Row> {
    const now = new Date();
    return this.changes.commit(async (trx, changed) => {
      await trx.updateTable('query_programs').set({ deleted_at: now, updated_at: now }).where('project_id', '=', existing.project_id).where('name', '=', existing.name).where('deleted_at', 'is', null).execute();
      const deleted = { ...existing, deleted_at: now };
      changed(deleted, 'deleted');
      return deleted;
    });
  }

  private async check(projectId: string, input: ProgramInput) {
    if (!/^[a-z][a-z0-9_]{0,99}$/.test(input.name)) throw new AppError('invalid_request', 'name must be a lower-case slug (letters, digits, underscores)', { field: 'name' });
    if (!input.query.trim()) throw new AppError('invalid_request', 'query (the question in words) is required', { field: 'query' });
    const slots = input.slots.map((slot, index) => {
      const parsed = slotSchema.safeParse(slot);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new AppError('invalid_request', `slots.${index}.${issue.path.join('.')}: ${issue.message}`, { field: `slots.${index}.${issue.path.join('.')}` });
      }
      return parsed.data;
    });
    const { datalines } = await this.clients.catalog.call.listProjectDatalines({ projectId });
    const validated = await validateProgramSql(input.queryProgram, datalines.map((dataline) => dataline.name));
    const names = new Set(slots.map((slot) => slot.name));
    if (names.size !== slots.length) throw new AppError('invalid_request', 'slot names must be unique', { field: 'slots' });
    const unslotted = validated.parameters.filter((parameter) => !names.has(parameter));
    if (unslotted.length) throw new AppError('invalid_request', `the SQL uses $${unslotted.join(', $')} without a slot`, { field: 'slots', parameters: unslotted });
    const unused = [...names].filter((name) => !validated.parameters.includes(name));
    if (unused.length) throw new AppError('invalid_request', `slot${unused.length > 1 ? 's' : ''} ${unused.join(', ')} not used by the SQL`, { field: 'slots' });
    const schema = datalines
      .filter((dataline) => validated.tables.some((table) => table.toLowerCase() === dataline.name.toLowerCase()))
      .map((dataline) => dataline.schemaCode)
      .join('\n');
    const failure = (await bindErrors(schema, [{ id: 'program', sql: validated.statement }])).get('program');
    if (failure) throw new AppError('invalid_request', `the query does not fit the data: ${failure}`, { field: 'query_program', reason: 'bind_error' });
    return { slots, tables: validated.tables, statement: validated.statement };
  }

  private current(projectId: string, name: string) {
    return this.db.selectFrom('query_programs').select('id').where('project_id', '=', projectId).where('name', '=', name).where('is_current', '=', true).where('deleted_at', 'is', null).executeTakeFirst();
  }

  private row(projectId: string, input: ProgramInput, checked: { slots: unknown[]; tables: string[]; statement: string }, previous: Row | undefined) {
    return {
      id: randomUUID(),
      project_id: projectId,
      name: input.name,
      version: (previous?.version ?? 0) + 1,
      prev_id: previous?.id ?? null,
      is_current: true,
      origin: previous?.origin ?? 'hand_written',
      family: previous?.family ?? null,
      query: input.query,
      description: input.description ?? null,
      reason: previous ? `modified from version ${previous.version}` : 'written by hand',
      examples: JSON.stringify(input.examples),
      query_program: input.queryProgram,
      steps: null,
      slots: JSON.stringify(checked.slots),
      stores: JSON.stringify(checked.tables),
      invalid_reason: null,
    };
  }
}
