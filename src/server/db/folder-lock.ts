/** One process per PGlite folder: a lock file beside the folder names the process that holds it (decision 017). */
import { randomUUID } from 'node:crypto';
import { link, open, readFile, unlink } from 'node:fs/promises';
import os from 'node:os';
import { z } from 'zod';

/** Start-up refusal: another process holds the folder. Its message is meant for the operator, as it is. */
export class FolderInUseError extends Error {}

const HolderSchema = z.object({
  pid: z.number().int().positive(),
  hostname: z.string(),
  since: z.string(),
  // Tells this lock from an earlier one by the same pid, so a takeover removes only the lock it judged stale.
  token: z.string().min(1),
});
type Holder = z.infer<typeof HolderSchema>;

/** Locks this process holds now, to tell them from a lock left by an earlier process that had the same pid. */
const tokensHeldHere = new Set<string>();

export interface FolderLock {
  /** Removes the lock file if it is still ours; safe to call more than once. */
  release(): Promise<void>;
}

export function lockPathFor(folder: string): string {
  return `${folder}.lock`;
}

/** Takes the lock on folder (file `<folder>.lock`), or throws FolderInUseError naming the process that holds it. */
export async function lockFolder(folder: string): Promise<FolderLock> {
  const lockPath = lockPathFor(folder);
  const ours: Holder = {
    pid: process.pid,
    hostname: os.hostname(),
    since: new Date().toISOString(),
    token: randomUUID(),
  };
  // The lock appears whole or not at all: written to a draft first, then linked into place, which fails if a
  // lock exists. A process killed mid-way leaves no half-written lock that nobody could judge.
  const draftPath = `${lockPath}.${process.pid}.${ours.token}`;
  await writeDurably(draftPath, JSON.stringify(ours));
  try {
    // Each round ends in success, a refusal, or a stale lock removed; another round means others raced us.
    for (let round = 0; round < 5; round += 1) {
      try {
        await link(draftPath, lockPath);
        tokensHeldHere.add(ours.token);
        return releaser(lockPath, ours.token);
      } catch (error) {
        if (!hasCode(error, 'EEXIST')) throw error;
      }
      const holder = await readHolder(lockPath);
      if (holder === 'gone') continue;
      if (holder === 'unreadable') throw new FolderInUseError(unreadableMessage(folder, lockPath));
      if (!isStale(holder)) throw new FolderInUseError(inUseMessage(folder, lockPath, holder));
      await removeStaleLock(folder, lockPath, holder, draftPath);
    }
    throw new FolderInUseError(
      `The database folder ${folder} is being claimed by other processes starting at the same time. Run one server per folder, or set DATA_DIR to another folder.`,
    );
  } finally {
    await unlink(draftPath).catch(() => undefined);
  }
}

function inUseMessage(folder: string, lockPath: string, holder: Holder): string {
  const where = holder.hostname === os.hostname() ? '' : ` on host ${holder.hostname}`;
  const ifGone = where ? ` If that server is gone, delete ${lockPath}.` : '';
  return `The database folder ${folder} is in use by another Roast & Co. server (pid ${holder.pid}${where}, since ${holder.since}). Stop that process, or set DATA_DIR to another folder.${ifGone}`;
}

/**
 * A lock is stale when its process is gone. Our own pid on a lock we do not hold counts as gone: a container
 * restarted on the same volume often gets the pid its previous life had. A pid on another host cannot be
 * checked, so that lock stands.
 */
function isStale(holder: Holder): boolean {
  if (holder.hostname !== os.hostname()) return false;
  if (holder.pid === process.pid) return !tokensHeldHere.has(holder.token);
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists but belongs to another user; it is alive.
    return hasCode(error, 'ESRCH');
  }
}

/**
 * Deletes the stale lock, but only as the one process that claims it: the claim is a file named after the stale
 * lock's token, created exclusively, and its creator checks the lock is still that one before deleting it. Nobody
 * else may delete it meanwhile and nobody can create a lock while it exists, so a fresh lock is never deleted.
 * Throws FolderInUseError when a live process holds the claim: it is starting on this folder right now.
 */
async function removeStaleLock(folder: string, lockPath: string, stale: Holder, draftPath: string): Promise<void> {
  const claimPath = `${lockPath}.claim-${stale.token}`;
  try {
    await link(draftPath, claimPath);
  } catch (error) {
    if (!hasCode(error, 'EEXIST')) throw error;
    const claimant = await readHolder(claimPath);
    if (claimant === 'gone') return;
    if (claimant === 'unreadable') throw new FolderInUseError(unreadableMessage(folder, claimPath));
    if (!isStale(claimant)) throw new FolderInUseError(inUseMessage(folder, lockPath, claimant));
    // Its claimant was killed while claiming (a window of microseconds): the claim is a stale lock in turn.
    await removeStaleLock(folder, claimPath, claimant, draftPath);
    return;
  }
  try {
    const current = await readHolder(lockPath);
    if (typeof current === 'object' && current.token === stale.token) await unlink(lockPath);
  } finally {
    await unlink(claimPath).catch(() => undefined);
  }
}

function unreadableMessage(folder: string, lockPath: string): string {
  return `The database folder ${folder} has a lock file that cannot be read (${lockPath}). If no other Roast & Co. server uses that folder, delete the lock file and start again.`;
}

async function readHolder(lockPath: string): Promise<Holder | 'gone' | 'unreadable'> {
  let text: string;
  try {
    text = await readFile(lockPath, 'utf8');
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return 'gone';
    throw error;
  }
  try {
    const parsed = HolderSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

function releaser(lockPath: string, token: string): FolderLock {
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      tokensHeldHere.delete(token);
      const holder = await readHolder(lockPath);
      if (typeof holder === 'object' && holder.token === token) await unlink(lockPath).catch(() => undefined);
    },
  };
}

async function writeDurably(filePath: string, text: string): Promise<void> {
  const file = await open(filePath, 'wx');
  try {
    await file.writeFile(text);
    // Without it a power cut could leave an empty lock file that blocks every later start.
    await file.sync();
  } finally {
    await file.close();
  }
}

function hasCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
