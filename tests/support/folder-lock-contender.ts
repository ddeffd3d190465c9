/**
 * A process that competes for a folder lock on command, for tests of the lock's takeover: reads `take` and
 * `release` lines on stdin and answers `ready`, then `won`/`refused`, and `released`, one line each.
 */
import readline from 'node:readline';
import { lockFolder, type FolderLock } from '#server/db/folder-lock';

const folder = process.argv[2];
if (!folder) throw new Error('usage: folder-lock-contender.ts <folder>');

let held: FolderLock | undefined;
console.log('ready');
for await (const command of readline.createInterface({ input: process.stdin })) {
  if (command === 'take') {
    try {
      held = await lockFolder(folder);
      console.log('won');
    } catch (error) {
      console.log(`refused: ${error instanceof Error ? error.message : String(error)}`);
    }
  } else if (command === 'release') {
    await held?.release();
    held = undefined;
    console.log('released');
  }
}
