import { spawn } from 'node:child_process';
import path from 'node:path';
import {
  getFreePort,
  type SpawnedServer,
  spawnServer,
  waitForListening,
} from '../../apps/server/src/testing/spawn-server';
import { ROOT, waitForOk } from '../lib';

export type BenchServer = {
  server: SpawnedServer;
  pid: number;
  baseUrl: string;
  /** SIGTERM, as a deploy stops it; resolves with the exit code. */
  stop(): Promise<number | null>;
};

/** Server settings the benchmark passes on from its own environment. */
const PASSED_SETTINGS = [
  'MAX_REQUESTS_IN_FLIGHT',
  'HASHING_PRIORITY',
  'HASHING_BUSY_NICE',
] as const;

/** The real server with the benchmark's routes (bench-server.ts). */
const MAIN = path.join(ROOT, 'bench/load/bench-server.ts');

/**
 * spawnServer with V8's CPU profiler on (--cpu-prof is not allowed in NODE_OPTIONS, and
 * spawnServer takes no node flags). The profile is written when the server exits; open it in
 * Chrome's DevTools.
 */
function spawnProfiledServer(env: Record<string, string>, profileDir: string): SpawnedServer {
  let output = '';
  const child = spawn(
    process.execPath,
    ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--import', 'tsx', MAIN],
    { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output: () => output, exited };
}

/**
 * The real server as its own process on the bench's database, with the bench's routes
 * (bench-server.ts) and the brute-force limits out of the way of the login burst (every burst
 * login comes from one address), and of the study participants' starts (the same).
 */
export async function startBenchServer(
  databaseEnv: Record<string, string>,
  options: { profileDir?: string } = {},
): Promise<BenchServer> {
  const port = await getFreePort();
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000000',
    RATE_LIMIT_LOGIN_PER_IP: '1000000',
    RATE_LIMIT_SIGNUP_PER_IP: '1000000',
    // Every study participant of the benchmark starts from this one address (ADR 040).
    STUDY_STARTS_PER_ADDRESS_PER_HOUR: '1000000',
    // Settings to try, from this process's environment: another load-shedding limit (ADR 020),
    // e.g. MAX_REQUESTS_IN_FLIGHT=... npm run bench:load, or another hashing priority (ADR 033).
    ...Object.fromEntries(
      PASSED_SETTINGS.flatMap((name) => {
        const value = process.env[name];
        return value ? [[name, value]] : [];
      }),
    ),
    ...databaseEnv,
  };
  const server = options.profileDir
    ? spawnProfiledServer(env, options.profileDir)
    : spawnServer(env, MAIN, ROOT);
  // However this process ends (a generator thread failing exits it), the server goes with it.
  process.once('exit', () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });
  await waitForListening(server);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForOk(`${baseUrl}/api/health`);
  const pid = server.child.pid;
  if (pid === undefined) throw new Error('the server has no pid');
  return {
    server,
    pid,
    baseUrl,
    async stop() {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGTERM');
      }
      return server.exited;
    },
  };
}
