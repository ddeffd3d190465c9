/** Processes that find the same stale lock at the same moment: exactly one of them takes the folder. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockPathFor } from '#server/db/folder-lock';

const CONTENDERS = 4;
const ROUNDS = 50;
const contenderScript = fileURLToPath(new URL('../../support/folder-lock-contender.ts', import.meta.url));

interface Contender {
  child: ChildProcess;
  /** Sends a command and resolves with the contender's one-line answer. */
  ask(command: string): Promise<string>;
}

function startContender(folder: string): { contender: Contender; ready: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', contenderScript, folder], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const waiting: ((line: string) => void)[] = [];
  readline.createInterface({ input: child.stdout! }).on('line', (line) => waiting.shift()?.(line));
  const nextLine = () => new Promise<string>((resolve) => waiting.push(resolve));
  const ready = nextLine();
  return {
    contender: {
      child,
      ask(command) {
        const answer = nextLine();
        child.stdin!.write(`${command}\n`);
        return answer;
      },
    },
    ready,
  };
}

// A file-system race, the same whatever TEST_DATABASE_URL says: the PGlite run covers it.
describe.skipIf(process.env.TEST_DATABASE_URL)(`${CONTENDERS} processes finding one stale lock at once`, () => {
  let dataDir: string;
  let folder: string;
  const contenders: Contender[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'roast-lock-race-'));
    folder = path.join(dataDir, 'pglite');
    const started = Array.from({ length: CONTENDERS }, () => startContender(folder));
    contenders.push(...started.map(({ contender }) => contender));
    await Promise.all(started.map(({ ready }) => ready));
  });
  afterAll(async () => {
    for (const { child } of contenders) child.stdin?.end();
    await Promise.all(
      contenders.map(
        ({ child }) => new Promise((resolve) => (child.exitCode === null ? child.on('exit', resolve) : resolve(null))),
      ),
    );
    await rm(dataDir, { recursive: true, force: true });
  });

  it(`let exactly one take the folder, in each of ${ROUNDS} rounds`, async () => {
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
    const winnersPerRound: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const stale = {
        pid: deadPid,
        hostname: os.hostname(),
        since: '2026-01-01T00:00:00.000Z',
        token: `killed-${round}`,
      };
      await writeFile(lockPathFor(folder), JSON.stringify(stale));
      const answers = await Promise.all(contenders.map((contender) => contender.ask('take')));
      winnersPerRound.push(answers.filter((answer) => answer === 'won').length);
      for (const answer of answers.filter((answer) => answer !== 'won')) {
        expect(answer).toMatch(/^refused: The database folder .* is in use by another Roast & Co\. server \(pid \d+/);
      }
      await Promise.all(contenders.map((contender) => contender.ask('release')));
    }
    expect(winnersPerRound).toEqual(Array.from({ length: ROUNDS }, () => 1));
    // Nothing is left behind: no lock, no drafts, no claims.
    expect(await readdir(dataDir)).toEqual([]);
  });
});
