// PGlite assumes it is the only writer of its directory: two processes on one
// DATA_DIR would corrupt it. A lock file holding the owner's pid keeps a second
// process out; the file of a process that died without removing it is taken over.
import { mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'sentinel.lock';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, holderPid: number) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${holderPid}: stop that process or choose another DATA_DIR. ` +
        `If no Sentinel process runs there, delete ${path.join(dataDir, LOCK_FILE_NAME)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

interface DataDirLock {
  /** Removes the lock file if it is still this process's. */
  release(): void;
}

// Lock files this process holds: its own pid in one of them is a live holder, not a stale one.
const heldByThisProcess = new Set<string>();

/** Takes the directory for this process (creating it if needed) or throws DataDirLockedError. */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  if (heldByThisProcess.has(lockPath)) throw new DataDirLockedError(dataDir, process.pid);
  const ownContent = `${process.pid}\n`;
  // Each round either creates the file, finds a live holder, or removes one stale file; contenders racing for the same stale file resolve in a few rounds.
  for (let round = 0; round < 10; round++) {
    try {
      writeFileSync(lockPath, ownContent, { flag: 'wx' });
      heldByThisProcess.add(lockPath);
      return {
        release() {
          if (!heldByThisProcess.delete(lockPath)) return;
          if (readIfPresent(lockPath) === ownContent) unlinkSync(lockPath);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holderContent = readIfPresent(lockPath);
    if (holderContent === undefined) continue; // released meanwhile
    const holderPid = Number(holderContent.trim());
    // Our own pid in a file this process does not hold is a previous life of this container, not a live holder.
    if (Number.isInteger(holderPid) && holderPid > 0 && holderPid !== process.pid && isAlive(holderPid)) {
      throw new DataDirLockedError(dataDir, holderPid);
    }
    removeStale(lockPath, holderContent);
  }
  throw new Error(`could not take the lock on DATA_DIR ${dataDir}: ${lockPath} keeps changing`);
}

/**
 * Moves the stale file aside first: a rename is atomic, so of two processes that
 * both judged it stale only one moves it. If what was moved is no longer the stale
 * content, another process has just taken the lock, and its file is put back.
 */
function removeStale(lockPath: string, staleContent: string): void {
  const aside = `${lockPath}.stale-${process.pid}`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (readFileSync(aside, 'utf8') === staleContent) unlinkSync(aside);
  else renameSync(aside, lockPath);
}

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
