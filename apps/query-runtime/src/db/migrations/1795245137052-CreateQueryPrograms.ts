// Query programs and their versions (DESIGN.md §5): a modification is a new row whose prev_id
// names the version it replaces; exactly one row of a program's history is current.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('query_programs')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('prev_id', 'uuid', (c) => c.references('query_programs.id'))
    .addColumn('is_current', 'boolean', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('family', 'text')
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('reason', 'text')
    .addColumn('examples', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('query_program', 'text', (c) => c.notNull())
    .addColumn('steps', 'jsonb')
    .addColumn('slots', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('stores', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('valid'))
    .addColumn('invalid_reason', 'text')
    .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  // A name belongs to one live program of a project.
  await db.schema
    .createIndex('query_programs_current_name_idx')
    .on('query_programs')
    .columns(['project_id', 'name'])
    .unique()
    .where(sql.ref('is_current'), '=', true)
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema.createIndex('query_programs_project_idx').on('query_programs').columns(['project_id', 'is_current']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('query_programs').execute();
}
