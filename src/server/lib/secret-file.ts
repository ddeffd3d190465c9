/** A development secret generated once into the data folder, so sessions survive a restart without setup. */
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const MIN_SECRET_LENGTH = 32;

/**
 * Reads the secret kept in `file`, or creates it (owner-only permissions). Two processes starting together
 * on one data folder agree: each writes a file of its own and links it into place, the link fails for all
 * but the first, and the others read the first one's complete file.
 */
export async function readOrCreateSecret(file: string): Promise<string> {
  const existing = await readSecret(file);
  if (existing !== undefined) return existing;

  await mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(draft, `${secret}\n`, { flag: 'wx', mode: 0o600 });
  try {
    await link(draft, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const written = await readSecret(file);
    if (written === undefined) throw new Error(`Could not read the secret in ${file}`);
    return written;
  } finally {
    await rm(draft, { force: true });
  }
}

async function readSecret(file: string): Promise<string | undefined> {
  let content: string;
  try {
    content = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const secret = content.trim();
  // NOTE: a half-written file from a crash mid-write would otherwise sign tokens with a short key.
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `The secret in ${file} is shorter than ${MIN_SECRET_LENGTH} characters: delete the file to make a new one`,
    );
  }
  return secret;
}
