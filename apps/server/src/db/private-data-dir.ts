import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database's folder holds everything the server keeps: password hashes, the admins'
 * TOTP secrets, sessions, and every participant's data, in PGlite's files and its write-ahead
 * log. Only the user the server runs as may read or write any of it.
 */
const PRIVATE_DIR_MODE = 0o700;
/** What a file keeps of its mode: the owner's bits only. */
const OWNER_BITS = 0o700;
/** The bits that give anyone but the owner access. */
const OTHERS_BITS = 0o077;

/** What makeDataDirPrivate took group and other permissions from. */
export type Tightened = { folders: string[]; files: string[] };

/**
 * Creates `dataDir` (and any missing parent) readable by its owner only, and sets the process's
 * umask to leave nothing to others: PGlite makes its folders whenever it needs them, and the
 * umask keeps each new one private. Runs before the folder's lock is taken, so it changes
 * nothing that another process may be using.
 */
export function createPrivateDataDir(dataDir: string): void {
  restrictNewFiles();
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Makes `dataDir` private to the process's user (creating it as createPrivateDataDir does):
 * takes group and other permissions from it and from everything in it (a folder made before, or
 * by another program with a looser umask). PGlite sets the modes of its files itself (0666,
 * whatever the umask), so a file it creates while open is open to others, in a folder nobody
 * else can enter; openPglite calls this at open and again at close, so that at rest every file
 * is private. Call it only while holding the folder's lock. Symbolic links are not followed.
 * Answers what it tightened: folders that others could enter (worth a warning), and files.
 */
export function makeDataDirPrivate(dataDir: string): Tightened {
  createPrivateDataDir(dataDir);
  const tightened: Tightened = { folders: [], files: [] };
  const visit = (entry: string) => {
    const stat = lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & OTHERS_BITS) !== 0) {
      chmodSync(entry, stat.isDirectory() ? PRIVATE_DIR_MODE : stat.mode & OWNER_BITS);
      (stat.isDirectory() ? tightened.folders : tightened.files).push(entry);
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(entry)) visit(path.join(entry, name));
    }
  };
  visit(dataDir);
  return tightened;
}

/**
 * Adds group and other bits to the process's umask, so every folder (and every file whose mode
 * is left to the umask) the process creates from now on is its owner's only. A worker thread
 * cannot change the umask (Node refuses); there the folder's own mode still keeps others out.
 */
function restrictNewFiles(): void {
  try {
    process.umask(process.umask() | OTHERS_BITS);
  } catch {
    // In a worker thread: the folder's mode is the protection.
  }
}
