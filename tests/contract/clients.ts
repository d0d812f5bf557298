import { createHttpClient, type CadenceClient, type Channel, type PermissionType } from '@cadence/core';
import { createMemoryClient, type MemoryClient } from '@cadence/widgets/testing';
import { startTestServer, type TestServer } from '../../packages/server/src/test/harness';

/** Rights of a second user, as the permissions panel grants them. */
export type Grants = ReadonlyArray<readonly [PermissionType, Channel?]>;

export interface SignedIn {
  client: CadenceClient;
  userId: string;
  email: string;
}

/**
 * One test's world: an administrator of its own, and other users who see what the administrator
 * wrote so far. Every call of `workspace()` signs in a new administrator, so a test filters by
 * its own actor or its own owner name and never counts another test's rows.
 */
export interface Workspace extends SignedIn {
  /** A new user with these rights (none: no role, no rights), signed in; the administrator knows them (may assign them tasks). */
  as(grants: Grants): Promise<SignedIn>;
  /**
   * The same user signed in again, seeing what the administrator wrote since: on the server the
   * same client; in memory a new client seeded with a copy of the administrator's rows now
   * (docs/adr/0045: a second user in memory is a copy at the time it is made).
   */
  again(user: SignedIn): Promise<SignedIn>;
}

/** A way to get a `CadenceClient` the contract suite runs against. */
export interface ClientFactory {
  name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  workspace(): Promise<Workspace>;
}

let serial = 0;
const uniqueEmail = (who: string) => `${who}-${process.pid}-${++serial}@contract.test`;

/**
 * The widgets' in-memory client. It holds one user's store, so a second user gets a new client
 * seeded with a copy of the administrator's rows at the time of `as()`: what they write later
 * stays in their own store (the suite reads it back through the same client).
 */
export const memoryFactory: ClientFactory = {
  name: 'memory client',
  start: async () => {},
  stop: async () => {},
  workspace: async () => {
    const email = uniqueEmail('admin');
    const userId = crypto.randomUUID();
    const admin: MemoryClient = createMemoryClient({ user: { id: userId, email, role: 'admin' } });
    const rights = new Map<string, { email: string; grants: Grants }>();
    /** A client of the user's own, seeded with a copy of the administrator's rows as they are now. */
    const seeded = (id: string): SignedIn => {
      const { email: userEmail, grants } = rights.get(id)!;
      const { users, ...data } = admin.control.data();
      const client = createMemoryClient({
        ...data,
        campaigns: admin.control.campaigns(),
        tasks: admin.control.tasks(),
        campaignComments: admin.control.campaignComments(),
        views: admin.control.views(),
        planningRules: admin.control.planningRules(),
        users: users.filter((u) => u.id !== id),
        user: { id, email: userEmail, role: null, permissions: grants.map(([permission_type, channel]) => ({ permission_type, channel: channel ?? null })) },
      });
      return { client, userId: id, email: userEmail };
    };
    return {
      client: admin,
      userId,
      email,
      as: async (grants) => {
        const id = crypto.randomUUID();
        const userEmail = uniqueEmail('user');
        rights.set(id, { email: userEmail, grants });
        // Signed up, and granted by the administrator: their directory and records know the user.
        admin.control.addUser({ id, email: userEmail, role: null }, grants.map(([permission_type, channel]) => ({ permission_type, channel: channel ?? null })));
        return seeded(id);
      },
      again: async (user) => seeded(user.userId),
    };
  },
};

/**
 * A real server in this process (embedded PGlite, or PostgreSQL with TEST_DATABASE_URL, as the
 * server's own tests start it) reached over HTTP through core's typed client, as the app and
 * the embeds reach it.
 */
export function serverFactory(): ClientFactory {
  let server: TestServer | undefined;
  let root: CadenceClient | undefined;
  const running = () => {
    if (!server || !root) throw new Error('serverFactory: start() first');
    return { server, root };
  };
  const signIn = async (email: string): Promise<SignedIn> => {
    const { server } = running();
    const session = await server.signUpAndIn(email);
    return { client: createHttpClient({ apiUrl: server.url, getToken: () => session.token }), userId: session.userId, email };
  };
  return {
    name: 'server over HTTP',
    start: async () => {
      server = await startTestServer();
      // The first account is the administrator who makes the others.
      const first = await server.signUpAndIn(uniqueEmail('root'));
      root = createHttpClient({ apiUrl: server.url, getToken: () => first.token });
    },
    stop: async () => server?.close(),
    workspace: async () => {
      const { root } = running();
      const email = uniqueEmail('admin');
      const admin = await signIn(email);
      await root.users.setRole(admin.userId, 'admin');
      return {
        ...admin,
        email,
        as: async (grants) => {
          const user = await signIn(uniqueEmail('user'));
          for (const [type, channel] of grants) await root.users.grant(user.userId, type, channel ?? null);
          return user;
        },
        again: async (user) => user,
      };
    },
  };
}
