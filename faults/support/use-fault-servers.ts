import { afterAll, beforeAll } from 'vitest';
import type { TestDatabaseKind } from '../../apps/server/src/testing/test-database';
import { createFaultDatabase, type FaultDatabase } from './fault-database';
import { HttpParticipant } from './http-participant';
import { createRestartableServer, type RestartableServer } from './server-process';

export type FaultServers = {
  readonly database: FaultDatabase;
  /** The first server. */
  readonly server: RestartableServer;
  readonly servers: RestartableServer[];
  /** `count` participants; each request goes where `baseUrl` says (default: the first server). */
  participants(count: number, baseUrl?: () => string): HttpParticipant[];
};

/**
 * For one describe block: a new database and `count` running servers on it (started together:
 * several instances may migrate at once, ADR 004), killed and dropped after the block.
 */
export function useFaultServers(
  kind: TestDatabaseKind,
  count = 1,
  /** More settings for every server (e.g. a small rate limit). */
  env: Record<string, string> = {},
): FaultServers {
  let database: FaultDatabase | undefined;
  const servers: RestartableServer[] = [];
  beforeAll(async () => {
    database = await createFaultDatabase(kind);
    for (let i = 0; i < count; i++) {
      servers.push(await createRestartableServer({ ...database.serverEnv, ...env }));
    }
    await Promise.all(servers.map((server) => server.start()));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await database?.dispose();
  });
  const fixture: FaultServers = {
    get database() {
      if (!database) throw new Error('the database is made in beforeAll');
      return database;
    },
    get server() {
      const [first] = servers;
      if (!first) throw new Error('the servers start in beforeAll');
      return first;
    },
    servers,
    participants: (n, baseUrl = () => fixture.server.baseUrl) =>
      Array.from({ length: n }, () => new HttpParticipant(baseUrl)),
  };
  return fixture;
}
