import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
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
 * Takes an exclusive lock file in dataDir and returns its release function. A lock left by a
 * process that has died (SIGKILL, power loss) is taken over; a live owner is an error, because
 * two PGlite instances on one directory corrupt it.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'cogni.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const ownerPid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(ownerPid) && ownerPid !== process.pid && isProcessAlive(ownerPid)) {
        throw new DataDirInUseError(
          `DATA_DIR ${dataDir} is in use by process ${ownerPid}; stop it first (the embedded database allows one process at a time).`,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock DATA_DIR ${dataDir}`);
}
