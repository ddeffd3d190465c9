import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FolderInUseError, lockFolder, lockPathFor } from './folder-lock.ts';

let dataDir: string;
let folder: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'roast-folder-lock-'));
  folder = path.join(dataDir, 'pglite');
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

async function placeLock(holder: { pid: number; hostname?: string; token?: string }, lockPath = lockPathFor(folder)) {
  const lock = { hostname: os.hostname(), since: '2026-01-01T00:00:00.000Z', token: 'theirs', ...holder };
  await writeFile(lockPath, JSON.stringify(lock));
}

async function lockHolderPid(): Promise<number> {
  return (JSON.parse(await readFile(lockPathFor(folder), 'utf8')) as { pid: number }).pid;
}

function pidOfAnExitedProcess(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  if (!pid) throw new Error('could not start a process');
  return pid;
}

describe('lockFolder', () => {
  it('takes a free folder, names this process in the lock file, and removes it on release', async () => {
    const lock = await lockFolder(folder);
    expect(await lockHolderPid()).toBe(process.pid);
    await lock.release();
    await lock.release();
    expect(existsSync(lockPathFor(folder))).toBe(false);
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('refuses a folder held by a running process, naming the folder and its pid', async () => {
    await placeLock({ pid: process.ppid });
    const refusal = lockFolder(folder);
    await expect(refusal).rejects.toBeInstanceOf(FolderInUseError);
    await expect(refusal).rejects.toThrow(
      `The database folder ${folder} is in use by another Roast & Co. server (pid ${process.ppid}`,
    );
    expect(await lockHolderPid()).toBe(process.ppid);
  });

  it('takes over a lock left by a process that is gone', async () => {
    await placeLock({ pid: pidOfAnExitedProcess() });
    const lock = await lockFolder(folder);
    expect(await lockHolderPid()).toBe(process.pid);
    await lock.release();
    expect(existsSync(lockPathFor(folder))).toBe(false);
  });

  it('takes over a stale lock whose previous claimant was killed while claiming it, leaving no files behind', async () => {
    await placeLock({ pid: pidOfAnExitedProcess(), token: 'stale' });
    await placeLock({ pid: pidOfAnExitedProcess(), token: 'claimant' }, `${lockPathFor(folder)}.claim-stale`);
    const lock = await lockFolder(folder);
    expect(await lockHolderPid()).toBe(process.pid);
    await lock.release();
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('refuses while a running process is claiming the same stale lock, naming that process', async () => {
    await placeLock({ pid: pidOfAnExitedProcess(), token: 'stale' });
    await placeLock({ pid: process.ppid, token: 'claimant' }, `${lockPathFor(folder)}.claim-stale`);
    await expect(lockFolder(folder)).rejects.toThrow(`(pid ${process.ppid}`);
  });

  it('takes over a lock bearing its own pid, as a restarted container may find', async () => {
    await placeLock({ pid: process.pid });
    const lock = await lockFolder(folder);
    await lock.release();
    expect(existsSync(lockPathFor(folder))).toBe(false);
  });

  it('refuses a second lock on a folder this process already holds', async () => {
    const lock = await lockFolder(folder);
    await expect(lockFolder(folder)).rejects.toThrow(`(pid ${process.pid}`);
    await lock.release();
  });

  it('refuses a lock taken on another host, whose process it cannot check, and says how to clear it', async () => {
    await placeLock({ pid: pidOfAnExitedProcess(), hostname: 'some-other-host' });
    await expect(lockFolder(folder)).rejects.toThrow(
      new RegExp(`on host some-other-host.*If that server is gone, delete ${escapeRegExp(lockPathFor(folder))}\\.$`),
    );
  });

  it('refuses a lock file it cannot read, naming the file', async () => {
    await writeFile(lockPathFor(folder), 'not a lock');
    await expect(lockFolder(folder)).rejects.toThrow(`cannot be read (${lockPathFor(folder)})`);
  });

  it('leaves a lock that another process has since taken when released', async () => {
    const lock = await lockFolder(folder);
    await placeLock({ pid: process.ppid });
    await lock.release();
    expect(await lockHolderPid()).toBe(process.ppid);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
