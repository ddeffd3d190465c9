import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readOrCreateSecret } from './secret-file.ts';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'roast-secret-'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

describe('readOrCreateSecret', () => {
  it('creates a long secret readable by the owner only, and keeps it across restarts', async () => {
    const file = path.join(folder, 'nested', 'jwt-secret');
    const secret = await readOrCreateSecret(file);
    expect(secret.length).toBeGreaterThanOrEqual(64);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readOrCreateSecret(file)).toBe(secret);
  });

  it('gives processes starting together one secret', async () => {
    const file = path.join(folder, 'jwt-secret');
    const secrets = await Promise.all(Array.from({ length: 8 }, () => readOrCreateSecret(file)));
    expect(new Set(secrets).size).toBe(1);
    expect((await readFile(file, 'utf8')).trim()).toBe(secrets[0]);
  });

  it('refuses a truncated secret instead of signing with it', async () => {
    const file = path.join(folder, 'jwt-secret');
    await writeFile(file, 'short\n');
    await expect(readOrCreateSecret(file)).rejects.toThrow(/shorter than 32/);
  });
});
