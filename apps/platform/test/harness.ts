// Starts the whole platform (on the parts the environment names) and speaks HTTP to its gateway,
// as a user would. Also builds two organizations with a user of every role in each.
import { platformModules } from '@querylane/platform/modules';
import { databaseModule, loadConfig, Platform } from '@querylane/runtime';
import { isolatedDatabase, realParts, scratchDir, testLogger, uniqueName, waitFor, type IsolatedDatabase, type ScratchDir } from '@querylane/testing';

export const adminToken = 'admin-token-for-the-tests-0123456789';

/** The parts a suite runs on, for its title (CI checks that the real-part suites ran on the real parts). */
export const backend = [realParts.databaseUrl ? 'postgres' : 'pglite', realParts.kafkaBrokers ? 'kafka' : 'in-process', realParts.s3 ? 'minio' : 'filesystem'].join(' + ');

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export class Harness {
  private constructor(
    readonly platform: Platform,
    private readonly dir: ScratchDir,
    private readonly database: IsolatedDatabase,
  ) {}

  static async start(extraEnv: Record<string, string> = {}): Promise<Harness> {
    const dir = scratchDir();
    const database = await isolatedDatabase();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', GRPC_PORT: '0', QUERYLANE_DATA_DIR: dir.path, QUERYLANE_ADMIN_TOKEN: adminToken, KAFKA_GROUP_PREFIX: uniqueName('test'), ...extraEnv };
    if (database.url) env.DATABASE_URL = database.url;
    const platform = new Platform(loadConfig(env), testLogger(), platformModules, env);
    await platform.start();
    return new Harness(platform, dir, database);
  }

  get base(): string {
    return `http://127.0.0.1:${this.platform.port}/v1`;
  }

  /** The catalog schema, to check what a request wrote (or did not). */
  get catalogDb() {
    return this.schemaDb('catalog');
  }

  /** A service's schema, to check what it wrote or to age what it keeps. */
  schemaDb(schema: string) {
    return this.platform.value(databaseModule).forSchema<Record<string, Record<string, unknown>>>(schema);
  }

  async request<T = Record<string, unknown>>(method: string, path: string, options: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = options.token;
    if (options.body !== undefined || options.raw !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
  }

  /** Fails the test with the answer when the status is not the expected one. */
  async ok<T = Record<string, unknown>>(method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
    const answer = await this.request<T>(method, path, options);
    if (answer.status !== 200 && answer.status !== 204) throw new Error(`${method} ${path} → ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  /** Connects `url` to the project as a new datasource and waits until its dataline job succeeded. */
  async connect(projectId: string, name: string, url: string): Promise<{ datasourceId: string; jobId: string }> {
    const datasourceId = (await this.ok<{ id: string }>('POST', '/datasources', { token: adminToken, body: { name, project_id: projectId, type: 'http-requests' } })).id;
    const answer = await this.ok<{ jobs: { id: string }[] }>('POST', '/http/execute-request', { token: adminToken, body: { url, method: 'GET', authType: 'None', project_id: projectId, datasource_id: datasourceId } });
    const jobId = answer.jobs[0]!.id;
    await this.succeeded(jobId, `the dataline job of ${name}`);
    return { datasourceId, jobId };
  }

  /** Waits until the job succeeded; a job that failed fails the wait with its error at once. */
  async succeeded(jobId: string, label = 'the job'): Promise<void> {
    await waitFor(
      async () => {
        const job = await this.ok<{ status: string; error: string | null }>('GET', `/jobs/${jobId}`, { token: adminToken });
        if (job.status === 'failed') throw new Error(`${label} failed: ${job.error}`);
        return job.status === 'succeeded';
      },
      label,
      60_000,
      200,
    );
  }

  /** Row counts of every catalog table, to prove a refused request wrote nothing. */
  async rowCounts(): Promise<Record<string, number>> {
    const tables = [
      'platforms', 'organizations', 'teams', 'users', 'user_teams', 'rbac', 'auth_records', 'api_keys', 'projects', 'project_events', 'datasources',
      'credentials', 'secrets', 'infrastructure', 'subscriptions', 'data_objects', 'lineage', 'datalines', 'ontologies', 'ontology_mappings', 'jobs',
      'job_statuses', 'job_events', 'job_sources', 'outbox',
    ];
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const row = await this.catalogDb.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      counts[table] = Number(row.n);
    }
    return counts;
  }

  async stop(): Promise<void> {
    await this.platform.stop();
    await this.database.drop();
    this.dir.remove();
  }
}

export const roles = ['owner', 'admin', 'member', 'viewer'] as const;
export type RoleName = (typeof roles)[number];

export interface Tenant {
  organizationId: string;
  teamId: string;
  projectId: string;
  datasourceId: string;
  credentialId: string;
  users: Record<RoleName, { id: string; token: string }>;
}

/**
 * Two organizations, each with a team, a project, a datasource, a credential and a user of every
 * role (with a token). Organization A is the bootstrap one; B is created by the platform admin.
 */
export async function twoTenants(h: Harness): Promise<{ platformId: string; a: Tenant; b: Tenant }> {
  const me = await h.ok<{ platform_id: string; organization: { id: string }; teams: { id: string }[]; projects: { id: string }[] }>('GET', '/me', { token: adminToken });
  const orgB = await h.ok<{ id: string }>('POST', '/organizations', { token: adminToken, body: { platform_id: me.platform_id, name: 'Organization B' } });
  const teamB = await h.ok<{ id: string }>('POST', '/teams', { token: adminToken, body: { organization_id: orgB.id, name: 'Team B' } });
  const projectB = await h.ok<{ id: string }>('POST', '/projects', { token: adminToken, body: { team_id: teamB.id, name: 'Project B' } });
  const tenant = async (organizationId: string, teamId: string, projectId: string, label: string): Promise<Tenant> => {
    const users = {} as Tenant['users'];
    for (const role of roles) {
      const user = await h.ok<{ id: string }>('POST', '/users', { token: adminToken, body: { organization_id: organizationId, name: `${role} ${label}`, email: `${role}.${label}@example.test` } });
      await h.ok('PUT', `/teams/${teamId}/members/${user.id}`, { token: adminToken, body: { role } });
      const { token } = await h.ok<{ token: string }>('POST', `/users/${user.id}/tokens`, { token: adminToken });
      users[role] = { id: user.id, token };
    }
    const datasource = await h.ok<{ id: string }>('POST', '/datasources', { token: adminToken, body: { name: `ds ${label}`, project_id: projectId, type: 'http-requests', status: 'transformation_started' } });
    const credential = await h.ok<{ id: string }>('POST', '/credentials', {
      token: adminToken,
      body: { name: `cred ${label}`, type: 'api', organization_id: organizationId, datasource_id: datasource.id, config: { auth: { token: `secret-${label}` } } },
    });
    return { organizationId, teamId, projectId, datasourceId: datasource.id, credentialId: credential.id, users };
  };
  const a = await tenant(me.organization.id, me.teams[0]!.id, me.projects[0]!.id, 'a');
  const b = await tenant(orgB.id, teamB.id, projectB.id, 'b');
  return { platformId: me.platform_id, a, b };
}

/** A hand-written program over vega-datasets' cars that several suites deploy and call. */
export const heaviestCars = {
  name: 'heaviest_cars',
  query: 'Which cars are the heaviest from an origin?',
  query_program: 'SELECT "Name", "Weight_in_lbs" FROM cars WHERE "Origin" = $origin ORDER BY "Weight_in_lbs" DESC, "Name" LIMIT $n',
  slots: [
    { name: 'origin', type: 'enum', required: true, enum_values: ['USA', 'Europe', 'Japan'] },
    { name: 'n', type: 'integer', required: false, default: 3, minimum: 1, maximum: 50 },
  ],
  examples: ['heaviest cars from Japan', 'which European cars weigh the most', 'the 5 heaviest American cars'],
};
