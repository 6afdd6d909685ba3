import { chmodSync, rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import path from 'node:path';
import { type RegisterInput, RegisterInputSchema } from '@cogni/domain';
import { AppError } from '../../lib/app-error';
import type { PasswordContext } from '../context';
import { type AdminOutcome, createOrPromoteAdmin } from '../users/create-or-promote-admin';

/**
 * A server on the embedded database holds its data folder alone, so `npm run create-admin`
 * cannot open it while the server runs. The server listens instead on a Unix socket in the data
 * folder, readable and writable by its owner only: whoever may open the database files may ask
 * it to create or promote an admin, nobody else, and nothing of it is reachable over the network.
 * One JSON line asks, one JSON line answers.
 */
export const LOCAL_ADMIN_SOCKET = 'cogni-admin.sock';

/** Unix socket paths longer than this do not fit in sockaddr_un on Linux and macOS. */
const MAX_SOCKET_PATH = 100;

type Reply = { outcome: AdminOutcome } | { error: string };

export function localAdminSocketPath(dataDir: string): string {
  return path.join(dataDir, LOCAL_ADMIN_SOCKET);
}

/**
 * Listens on the data folder's socket; resolves with the server (close it at shutdown), or with
 * null where the path is too long for a socket (the CLI then says to stop the server first).
 */
export function listenForLocalAdmin(ctx: PasswordContext, dataDir: string): Promise<Server | null> {
  const socketPath = localAdminSocketPath(dataDir);
  if (socketPath.length > MAX_SOCKET_PATH) return Promise.resolve(null);
  // A socket file left by a server that was killed: this process holds the data folder's lock,
  // so no other server listens on it.
  rmSync(socketPath, { force: true });
  const server = createServer((socket) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.length > 10_000) return socket.destroy();
      const end = received.indexOf('\n');
      if (end === -1) return;
      void answer(ctx, received.slice(0, end)).then((reply) =>
        socket.end(`${JSON.stringify(reply)}\n`),
      );
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      chmodSync(socketPath, 0o600);
      server.off('error', reject);
      resolve(server);
    });
  });
}

async function answer(ctx: PasswordContext, line: string): Promise<Reply> {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return { error: 'The request is not JSON' };
  }
  const parsed = RegisterInputSchema.safeParse(request);
  if (!parsed.success) return { error: 'The request is not an account' };
  try {
    return { outcome: await createOrPromoteAdmin(ctx, parsed.data) };
  } catch (error) {
    return { error: error instanceof AppError ? error.message : 'The server could not do it' };
  }
}

/** Asks the server listening in `dataDir` to create or promote an admin. */
export function askLocalServer(dataDir: string, input: RegisterInput): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const socket = connect(localAdminSocketPath(dataDir));
    let received = '';
    socket.setEncoding('utf8');
    socket.setTimeout(30_000, () => socket.destroy(new Error('the server did not answer')));
    socket.once('error', reject);
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.once('end', () => {
      try {
        resolve(JSON.parse(received) as Reply);
      } catch {
        reject(new Error('the server sent no answer'));
      }
    });
    socket.write(`${JSON.stringify(input)}\n`);
  });
}
