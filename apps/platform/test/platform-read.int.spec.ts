// The platform read against the resource model (docs/resource-model.md, our reading of the seed's
// resource table): every field present with the right JSON type, relations expanded, secrets and
// hashes null. And the read stays within a fixed number of SQL statements.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realParts } from '@querylane/testing';
import { adminToken, Harness, twoTenants } from './harness.js';

const backend = realParts.databaseUrl ? 'postgres' : 'pglite';

/** docs/resource-model.md → { Record: { field: JSON type } } */
function resourceModel(): Record<string, Record<string, string>> {
  const model: Record<string, Record<string, string>> = {};
  let current: Record<string, string> | undefined;
  for (const line of readFileSync('docs/resource-model.md', 'utf8').split('\n')) {
    const heading = /^### (\w+)/.exec(line);
    if (heading) model[heading[1]!] = current = {};
    const row = /^\| `(\w+)` \| (.+) \|$/.exec(line);
    if (row && current) current[row[1]!] = row[2]!;
  }
  return model;
}

const model = resourceModel();
const problems: string[] = [];
const seen = new Set<string>();

function checkValue(where: string, type: string, value: unknown): void {
  const fail = (): void => {
    problems.push(`${where}: expected ${type}, got ${JSON.stringify(value)?.slice(0, 60)}`);
  };
  if (type.startsWith('array of ')) {
    if (!Array.isArray(value)) return fail();
    const item = type.slice('array of '.length);
    value.forEach((element, index) => (model[item] ? checkRecord(item, element, `${where}[${index}]`) : checkValue(`${where}[${index}]`, item, element)));
    return;
  }
  const nullable = type.endsWith(' or null') || type.startsWith('null');
  if (value === null) return nullable ? undefined : fail();
  if (type.startsWith('null')) return fail();
  if (type.startsWith('string (ISO 8601)')) return typeof value === 'string' && !Number.isNaN(Date.parse(value)) && value.endsWith('Z') ? undefined : fail();
  if (type.startsWith('string')) return typeof value === 'string' ? undefined : fail();
  if (type.startsWith('integer')) return Number.isInteger(value) ? undefined : fail();
  if (type.startsWith('number')) return typeof value === 'number' ? undefined : fail();
  if (type.startsWith('boolean')) return typeof value === 'boolean' ? undefined : fail();
  if (type.startsWith('object')) return typeof value === 'object' && !Array.isArray(value) ? undefined : fail();
  fail();
}

function checkRecord(name: string, value: unknown, where: string): void {
  const fields = model[name];
  if (!fields) return void problems.push(`${where}: ${name} is not in the model`);
  if (value === null || typeof value !== 'object') return void problems.push(`${where}: expected a ${name}`);
  seen.add(name);
  const record = value as Record<string, unknown>;
  for (const [field, type] of Object.entries(fields)) {
    if (!(field in record)) problems.push(`${where}.${field}: missing`);
    else checkValue(`${where}.${field}`, type, record[field]);
  }
  for (const field of Object.keys(record)) if (!(field in fields)) problems.push(`${where}.${field}: not in the model`);
}

describe(`platform read [${backend}]`, () => {
  let h: Harness;
  let platformId: string;
  let secretValues: string[];

  beforeAll(async () => {
    h = await Harness.start();
    const tenants = await twoTenants(h);
    platformId = tenants.platformId;
    secretValues = ['secret-a', 'secret-b'];
    // Records other services will write later (data objects, lineage, datalines, jobs, ontologies)
    // come in through the catalog's tables here, so every level of the read has rows.
    const db = h.catalogDb;
    const { randomUUID } = await import('node:crypto');
    const project = tenants.a.projectId;
    const datasource = tenants.a.datasourceId;
    const request = randomUUID();
    const response = randomUUID();
    const object = (id: string, role: string) => ({ id, project_id: project, datasource_id: datasource, bucket: 'querylane', key: `projects/${project}/${role}`, file_type: role === 'request' ? 'json' : 'parquet', file_role: role, file_size: 1234, etag: 'abc', mime_type: 'application/json' });
    await db.insertInto('data_objects').values([object(request, 'request'), object(response, 'response')]).execute();
    await db.insertInto('lineage').values({ id: randomUUID(), project_id: project, upstream_id: request, downstream_id: response, transformation: 'http_request_execution' }).execute();
    const dataline = randomUUID();
    await db.insertInto('datalines').values({ id: dataline, project_id: project, datasource_id: datasource, data_object_id: response, name: 'cars', data_model: JSON.stringify({ columns: [] }), schema_code: 'CREATE TABLE cars (x INTEGER)' }).execute();
    const job = randomUUID();
    await db.insertInto('jobs').values({ id: job, project_id: project, datasource_id: datasource, job_type: 'build_dataline_from_connected_resource', status: 'succeeded', attempts: 1, error: null }).execute();
    await db.insertInto('job_statuses').values({ id: randomUUID(), job_id: job, status: 'queued', previous_status: null, reason: null }).execute();
    await db.insertInto('job_events').values({ id: randomUUID(), job_id: job, seq_id: 1, event_type: 'started', message: 'started', data: JSON.stringify({ step: 1 }) }).execute();
    await db.insertInto('job_sources').values({ id: randomUUID(), job_id: job, source_type: 'data_object', source_id: response }).execute();
    const ontology = randomUUID();
    await db.insertInto('ontologies').values({ id: ontology, project_id: project, name: 'vehicles', description: null, definition: JSON.stringify({}) }).execute();
    await db.insertInto('ontology_mappings').values({ id: randomUUID(), ontology_id: ontology, dataline_id: dataline, column_name: 'x', concept: 'speed', mapping: JSON.stringify({}) }).execute();
    await h.ok('POST', '/api-keys', { token: tenants.a.users.member.token, body: { name: 'k', project_ids: [project] } });
  });
  afterAll(async () => h?.stop());

  it('has every field of every record with its JSON type, and every record of the model', async () => {
    const read = await h.ok('GET', `/platforms/${platformId}`, { token: adminToken });
    checkRecord('Platform', read, 'platform');
    expect(problems).toEqual([]);
    // AuthRecords are not part of the read (API.md: users → api_keys, rbac, user_teams).
    expect([...seen].sort()).toEqual(Object.keys(model).filter((name) => name !== 'AuthRecord').sort());
  });

  it('answers other endpoints with the same records, without the relation fields', async () => {
    const me = await h.ok<{ user: { id: string } }>('GET', '/me', { token: adminToken });
    const { auth_record: authRecord, token } = await h.ok<{ auth_record: Record<string, unknown>; token: string }>('POST', `/users/${me.user.id}/tokens`, { token: adminToken });
    expect(token).toMatch(/^qlt_/);
    const fields = model.AuthRecord!;
    const own = Object.entries(fields).filter(([, type]) => !type.startsWith('array of') && !type.startsWith('null (back'));
    expect(Object.keys(authRecord).sort()).toEqual(own.map(([field]) => field).sort());
    for (const [field, type] of own) checkValue(`auth_record.${field}`, type, authRecord[field]);
    expect(authRecord.token_hash).toBeNull();
    expect(problems).toEqual([]);
  });

  it('never shows secret values, token hashes or key hashes', async () => {
    const text = JSON.stringify(await h.ok('GET', `/platforms/${platformId}`, { token: adminToken }));
    for (const secret of secretValues) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"key_hash":"/);
    expect(text).not.toMatch(/"token_hash":"/);
    expect(text).not.toMatch(/"value":"/);
  });

  it('answers 404 for an unknown platform and for a platform the caller is not on', async () => {
    expect((await h.request('GET', '/platforms/00000000-0000-4000-8000-000000000000', { token: adminToken })).status).toBe(404);
    expect((await h.request('GET', '/platforms/not-a-uuid', { token: adminToken })).status).toBe(404);
  });
});
