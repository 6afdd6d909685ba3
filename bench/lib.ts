import { spawn } from 'node:child_process';
import path from 'node:path';
import {
  getFreePort,
  type SpawnedServer,
  spawnServer,
  waitForListening,
} from '../apps/server/src/testing/spawn-server';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** Runs a command to completion; rejects with its output on a non-zero exit. */
export function run(
  command: string,
  args: string[],
  options: { cwd?: string } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} exited ${code}\n${output}`)),
    );
  });
}

/** Polls a URL until it answers 200. */
export async function waitForOk(url: string, timeoutMs = 120_000): Promise<void> {
  const started = performance.now();
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Starts the server of the checkout at `cwd` on the embedded database in `dataDir`; resolves
 * when `/` answers, with the milliseconds that took.
 */
export async function startServer(
  dataDir: string,
  cwd = ROOT,
): Promise<{ server: SpawnedServer; baseUrl: string; startMs: number; stop: () => Promise<void> }> {
  const port = await getFreePort();
  const started = performance.now();
  const server = spawnServer(
    { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    path.join(cwd, 'apps/server/src/main.ts'),
  );
  await waitForListening(server);
  const baseUrl = `http://localhost:${port}`;
  await waitForOk(`${baseUrl}/`);
  const startMs = performance.now() - started;
  return {
    server,
    baseUrl,
    startMs,
    stop: async () => {
      server.child.kill('SIGTERM');
      await server.exited;
    },
  };
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], q: number): number {
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

/** A figure rounded to one decimal, for the results files. */
export const round1 = (value: number) => Math.round(value * 10) / 10;
