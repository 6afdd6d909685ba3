import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../main.ts');

export function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

export type SpawnedServer = {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
};

/**
 * Runs the real server entry point (src/main.ts, or another checkout's, or the load benchmark's)
 * as its own process, from `cwd` (by default the checkout that holds `main`).
 */
export function spawnServer(
  env: Record<string, string>,
  main = MAIN,
  cwd = path.resolve(path.dirname(main), '../../..'),
): SpawnedServer {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, output: () => output, exited };
}

/** Resolves once the server logs that it listens; rejects if it exits first. */
export async function waitForListening(server: SpawnedServer, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!server.output().includes('Cogni listening')) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    if (Date.now() - started > timeoutMs)
      throw new Error(`server did not start:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
