import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock file in dataDir and returns its release function. Two PGlite
 * instances on one directory corrupt it, so a live owner is an error; a lock left by a process
 * that has died (SIGKILL, power loss) is taken over.
 *
 * The pid is written to a private file first and then hard-linked into place: link() fails if
 * the lock exists and is atomic, so no process ever sees a lock file without its pid.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'cogni.lock');
  const candidate = path.join(dataDir, `cogni.lock.${process.pid}`);
  writeFileSync(candidate, String(process.pid));
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        linkSync(candidate, lockPath);
        return () => rmSync(lockPath, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const ownerPid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (!Number.isInteger(ownerPid) || ownerPid <= 0) {
        throw new DataDirInUseError(
          `DATA_DIR ${dataDir} has an unreadable lock file (${lockPath}); if no Cogni server uses this folder, delete it.`,
        );
      }
      if (ownerPid !== process.pid && isProcessAlive(ownerPid)) {
        throw new DataDirInUseError(
          `The embedded database in DATA_DIR ${dataDir} is in use by process ${ownerPid}, and only one process may open it at a time. Stop that process first, or give this one another DATA_DIR (or a DATABASE_URL). If no Cogni process is running, delete ${lockPath}.`,
        );
      }
      // The owner is gone: remove its lock and try once more. Two processes racing here both
      // unlink, but only one of them wins the link() that follows.
      rmSync(lockPath, { force: true });
    }
    throw new DataDirInUseError(`Could not lock DATA_DIR ${dataDir}; another process took it.`);
  } finally {
    rmSync(candidate, { force: true });
  }
}
