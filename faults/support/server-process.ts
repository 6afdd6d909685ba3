import {
  getFreePort,
  type SpawnedServer,
  spawnServer,
  waitForListening,
} from '../../apps/server/src/testing/spawn-server';

/**
 * One server that a test stops and starts again on the same port and database, so participants
 * keep their base URL across restarts.
 */
export type RestartableServer = {
  readonly baseUrl: string;
  /** The process now running (or last run). */
  current(): SpawnedServer;
  start(): Promise<void>;
  /** Sends the signal and resolves with the exit code once the process is gone. */
  stop(signal: NodeJS.Signals): Promise<number | null>;
};

/** `env` names the database: DATABASE_URL, or DATA_DIR for the embedded one. */
export async function createRestartableServer(
  env: Record<string, string>,
): Promise<RestartableServer> {
  const port = await getFreePort();
  let server: SpawnedServer | null = null;
  const current = () => {
    if (!server) throw new Error('the server was never started');
    return server;
  };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    current,
    async start() {
      server = spawnServer({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env });
      await waitForListening(server);
    },
    async stop(signal) {
      const running = current();
      if (running.child.exitCode === null && running.child.signalCode === null) {
        running.child.kill(signal);
      }
      return running.exited;
    },
  };
}
