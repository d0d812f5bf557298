import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import { testConfig, type Config } from '../config';
import { connect, type Db, type DbKind } from '../db/connect';
import { createServices, startServer, type RunningServer } from '../server';
import { apiClient, type Reply } from './api-client';

/**
 * A database of its own for each test file: an in-memory PGlite by default, or a fresh
 * database on the server named by TEST_DATABASE_URL (dropped afterwards), so files and
 * runs never see each other's rows.
 */
export async function createTestDb(): Promise<{ db: Db; kind: DbKind; url?: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const { db, kind } = connect({ dataDir: 'memory' });
    return { db, kind, drop: async () => {} };
  }
  const name = `cadence_t_${randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const { db, kind } = connect({ databaseUrl: target.toString(), dataDir: 'memory', poolMax: 5 });
  return {
    db,
    kind,
    url: target.toString(),
    drop: async () => {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}

export type ApiResponse<T = any> = Reply<T>;

export interface TestServer extends RunningServer {
  api: ReturnType<typeof apiClient>['call'];
  /** Signs up (the first account becomes admin) and signs in; returns the session. */
  signUpAndIn(email: string, password?: string): Promise<{ token: string; refresh: string; userId: string }>;
  /** Grants permissions as the given admin; fails the test on any error. */
  grant(adminToken: string, userId: string, ...perms: Array<[string, string?]>): Promise<void>;
}

export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const database = await createTestDb();
  // With the URL in the config, the server LISTENs as in production (change feed, principal cache).
  const config = testConfig({ ...(database.url ? { DATABASE_URL: database.url } : {}), ...overrides });
  const services = createServices({ config, db: database, dataDir: 'memory' });
  const running = await startServer(services, { port: 0, host: '127.0.0.1', appDir: '/nonexistent', widgetsDir: '/nonexistent' });
  const { call: api, signUpAndIn } = apiClient(running.url);
  return {
    ...running,
    api,
    signUpAndIn,
    close: async () => {
      await running.close();
      await database.drop();
    },
    async grant(adminToken, userId, ...perms) {
      for (const [permission_type, channel] of perms) {
        const res = await api('POST', `/api/users/${userId}/permissions`, {
          token: adminToken,
          body: channel ? { permission_type, channel } : { permission_type },
        });
        if (res.status >= 300) throw new Error(`grant failed: ${res.status} ${JSON.stringify(res.body)}`);
      }
    },
  };
}
