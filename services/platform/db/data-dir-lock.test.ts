import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir } from './data-dir-lock.js';
import { createEmbeddedDatabase } from './embedded.js';
import { actingAsSchemaOwner } from './tenant-scope.js';

const directories: string[] = [];
const freshDirectory = (): string => {
  const directory = mkdtempSync(path.join(tmpdir(), 'sentinel-lock-'));
  directories.push(directory);
  return directory;
};
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '']).pid!;

describe('DATA_DIR lock', () => {
  it('creates the directory, holds its pid in the lock file and removes the file on release', () => {
    const dataDir = path.join(freshDirectory(), 'not-yet-there');
    const lock = lockDataDir(dataDir);
    const lockFile = path.join(dataDir, LOCK_FILE_NAME);
    expect(readFileSync(lockFile, 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('refuses while another live process holds it, naming the process and the lock file', () => {
    const dataDir = freshDirectory();
    // The parent of this test process is alive and is not this process.
    writeFileSync(path.join(dataDir, LOCK_FILE_NAME), `${process.ppid}\n`);
    const attempt = () => lockDataDir(dataDir);
    expect(attempt).toThrow(DataDirLockedError);
    expect(attempt).toThrow(`DATA_DIR ${dataDir} is in use by process ${process.ppid}`);
    expect(attempt).toThrow(path.join(dataDir, LOCK_FILE_NAME));
    expect(readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).toBe(`${process.ppid}\n`);
  });

  it('refuses a second lock within the same process', () => {
    const dataDir = freshDirectory();
    const lock = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(`is in use by process ${process.pid}`);
    lock.release();
    lockDataDir(dataDir).release();
  });

  it.each([
    ['a process that has exited', () => `${deadPid()}\n`],
    ['garbage', () => 'not a pid'],
    ['an empty file', () => ''],
    ['this pid from a previous life of the container', () => `${process.pid}\n`],
  ])('takes over a stale lock file holding %s', (_what, content) => {
    const dataDir = freshDirectory();
    writeFileSync(path.join(dataDir, LOCK_FILE_NAME), content());
    const lock = lockDataDir(dataDir);
    expect(readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
  });

  it('leaves a lock file alone on release once it is no longer its own', () => {
    const dataDir = freshDirectory();
    const lock = lockDataDir(dataDir);
    writeFileSync(path.join(dataDir, LOCK_FILE_NAME), `${process.ppid}\n`);
    lock.release();
    expect(readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).toBe(`${process.ppid}\n`);
  });

  it('is held by the embedded database from open to close', async () => {
    const dataDir = freshDirectory();
    const first = await createEmbeddedDatabase(dataDir);
    await expect(createEmbeddedDatabase(dataDir)).rejects.toThrow(DataDirLockedError);
    await first.close();
    const second = await createEmbeddedDatabase(dataDir);
    // An unmigrated database has none of the service's roles: the owner asks.
    expect((await actingAsSchemaOwner(() => second.query<{ one: number }>('SELECT 1 AS one'))).rows).toEqual([{ one: 1 }]);
    await second.close();
  });
});
