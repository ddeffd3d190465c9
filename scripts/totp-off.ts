/**
 * `npm run totp:off -- --email E`: turns off the second login step of the account with that address, for an owner or
 * member of staff who can no longer pass it (a lost phone and lost recovery codes, or JWT_SECRET changed since it was
 * set up: decision 103). Whoever can run this on the server can already read the database, so it asks nothing more.
 * Works on PostgreSQL (DATABASE_URL) or on the embedded database in DATA_DIR while the shop is stopped.
 */
import { parseArgs } from 'node:util';
import { EmailSchema } from '../src/shared/schemas/user.ts';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { FolderInUseError } from '../src/server/db/folder-lock.ts';
import { turnOffSecondStep } from '../src/server/features/accounts/index.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({ options: { email: { type: 'string' } } });
const email = EmailSchema.safeParse(values.email ?? '');
if (!email.success) fail('Usage: npm run totp:off -- --email owner@example.com');

let config: ReturnType<typeof loadConfig>;
try {
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
  const result = await turnOffSecondStep(handle.db, email.data);
  const said = {
    off: `Two-step login is off for ${email.data}: it logs in with its password and can set the step up again.`,
    none: `${email.data} has no two-step login; nothing changed.`,
    'no-account': `There is no account with the address ${email.data}.`,
  };
  console.log(said[result]);
  if (result === 'no-account') process.exitCode = 1;
} finally {
  await handle.close();
}
