/**
 * `npm run admin:create -- --email E --name N`: makes the account with that address the shop's admin (docs/api.md, The owner's API),
 * creating it (proven, with the password) when it does not exist; an existing account keeps its password. The
 * password is asked on the terminal without echo, or read from ADMIN_PASSWORD. Works on PostgreSQL (DATABASE_URL)
 * or on the embedded database in DATA_DIR while the shop is stopped (a running shop holds that folder).
 */
import { parseArgs } from 'node:util';
import { EmailSchema, NameSchema, NewPasswordSchema } from '../src/shared/schemas/user.ts';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { FolderInUseError } from '../src/server/db/folder-lock.ts';
import { createUserRepository, hashPassword } from '../src/server/features/accounts/index.ts';
import { ensureAdminAccount } from '../src/server/features/admin/index.ts';

/** Reads a line from the terminal without showing what is typed. */
function askHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  if (!stdin.isTTY) throw new Error('No terminal to ask the password on: set ADMIN_PASSWORD instead.');
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') {
          finish();
          resolve(typed);
          return;
        }
        if (character === '\u0003') {
          finish();
          reject(new Error('Cancelled.'));
          return;
        }
        if (character === '\u007f' || character === '\b') typed = typed.slice(0, -1);
        else typed += character;
      }
    };
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
    };
    stdin.on('data', onData);
  });
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
const email = EmailSchema.safeParse(values.email ?? '');
const name = NameSchema.safeParse(values.name ?? '');
if (!email.success || !name.success) {
  fail(
    'Usage: npm run admin:create -- --email owner@example.com --name "Your Name"\n(password asked, or ADMIN_PASSWORD)',
  );
}

if (process.env.ADMIN_PASSWORD === undefined && !process.stdin.isTTY) {
  fail('No terminal to ask the password on: set ADMIN_PASSWORD instead.');
}
const typed =
  process.env.ADMIN_PASSWORD ?? (await askHidden('Password for the admin account (8 characters or more): '));
const password = NewPasswordSchema.safeParse(typed);
if (!password.success) fail(password.error.issues[0]?.message ?? 'That password cannot be used.');

let config: ReturnType<typeof loadConfig>;
try {
  // Only where the database is matters here; the shop's other settings are left to the shop.
  config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

let handle: Awaited<ReturnType<typeof openDatabase>>;
try {
  handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
} catch (error) {
  fail(
    error instanceof FolderInUseError ? `${error.message}\nStop the shop first, then run this again.` : String(error),
  );
}
try {
  await handle.prepare();
  const result = await ensureAdminAccount(
    { userRepository: createUserRepository(handle.db), auth: { hashPassword } },
    { email: email.data, name: name.data, password: password.data },
  );
  console.log(
    result === 'created'
      ? `Created the admin account ${email.data}.`
      : `${email.data} is now an admin (its password is unchanged).`,
  );
} finally {
  await handle.close();
}
