/**
 * `app.userRepository`: proven accounts (customers and admins) and their password-reset tokens. Times are the
 * database's clock, so several server processes agree on expiry.
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { Role, User } from '#shared/schemas/user';
import type { Database } from '../../db/database.ts';
import { deleteInBatches } from '../../db/delete-in-batches.ts';
import { passwordResetTokens, sessions, signupAttempts, users } from '../../db/schema.ts';

/** The database handle or an open transaction on it. */
export type Executor = Database;

export interface UserRecord {
  id: string;
  name: string;
  email: string;
  passwordHash: string;
  tokenVersion: number;
  role: Role;
}

export interface UserRepository {
  findByEmail(email: string, executor?: Executor): Promise<UserRecord | undefined>;
  findById(id: string, executor?: Executor): Promise<UserRecord | undefined>;
  /** A proven account. Throws the database's unique violation (23505) when the address already has one. */
  create(
    fields: { name: string; email: string; passwordHash: string; role?: Role },
    executor?: Executor,
  ): Promise<UserRecord>;
  /** Makes the account an admin; false when the address has no account. */
  promoteToAdmin(email: string, executor?: Executor): Promise<boolean>;
  createPasswordResetToken(
    userId: string,
    tokenHash: string,
    validForSeconds: number,
    executor?: Executor,
  ): Promise<void>;
  /** Deletes the token whatever its state, so it can be used once; answers whose it was if still valid. */
  consumePasswordResetToken(
    tokenHash: string,
    executor?: Executor,
  ): Promise<{ userId: string; expired: boolean } | undefined>;
  /**
   * Sets a new password and ends everything issued under the old one: session tokens (by version) and reset links.
   * Answers the account's new token version (undefined when it no longer exists).
   */
  setPassword(userId: string, passwordHash: string, executor?: Executor): Promise<number | undefined>;
  /**
   * Deletes the account and what only it needs: its cart lines and reset links (by cascade), and every signup
   * attempt of its address, which hold the address and passwords. Reviews keep their text without it.
   */
  deleteAccount(user: Pick<UserRecord, 'id' | 'email'>, executor?: Executor): Promise<void>;
  /** Whether a reset token is still held, and if so whether it has expired; leaves it as it is. */
  findPasswordResetToken(tokenHash: string): Promise<{ expired: boolean } | undefined>;
  /** Deletes reset links that expired before `before` unused (used ones are gone already); answers how many. */
  deleteExpiredResetTokens(before: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    userRepository: UserRepository;
  }
}

export function toWireUser(user: Pick<UserRecord, 'id' | 'name' | 'email' | 'role'>): User {
  return { _id: user.id, name: user.name, email: user.email, role: user.role };
}

export const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  passwordHash: users.passwordHash,
  tokenVersion: users.tokenVersion,
  role: users.role,
};

/** A database time `seconds` from now. */
export function secondsFromNow(seconds: number) {
  return sql`now() + make_interval(secs => ${seconds}::double precision)`;
}

export function createUserRepository(db: Database): UserRepository {
  return {
    async findByEmail(email, executor = db) {
      const [row] = await executor.select(userColumns).from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    async findById(id, executor = db) {
      const [row] = await executor.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async create(fields, executor = db) {
      const [row] = await executor.insert(users).values(fields).returning(userColumns);
      if (!row) throw new Error('insert into users returned no row');
      return row;
    },

    async promoteToAdmin(email, executor = db) {
      const rows = await executor
        .update(users)
        .set({ role: 'admin', updatedAt: sql`now()` })
        .where(eq(users.email, email))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async createPasswordResetToken(userId, tokenHash, validForSeconds, executor = db) {
      await executor
        .insert(passwordResetTokens)
        .values({ userId, tokenHash, expiresAt: secondsFromNow(validForSeconds) });
    },

    async findPasswordResetToken(tokenHash) {
      const [row] = await db
        .select({ expired: sql<boolean>`${passwordResetTokens.expiresAt} <= now()` })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, tokenHash));
      return row;
    },

    async consumePasswordResetToken(tokenHash, executor = db) {
      const [row] = await executor
        .delete(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, tokenHash))
        .returning({
          userId: passwordResetTokens.userId,
          expired: sql<boolean>`${passwordResetTokens.expiresAt} <= now()`,
        });
      return row;
    },

    async setPassword(userId, passwordHash, executor = db) {
      const [row] = await executor
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning({ tokenVersion: users.tokenVersion });
      await executor.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
      // The raised token version refuses them already; their rows go so the table holds only live sessions.
      await executor.delete(sessions).where(eq(sessions.userId, userId));
      return row?.tokenVersion;
    },

    async deleteAccount(user, executor = db) {
      await executor.delete(signupAttempts).where(eq(signupAttempts.email, user.email));
      await executor.delete(users).where(eq(users.id, user.id));
    },

    deleteExpiredResetTokens: (before) =>
      deleteInBatches(db, {
        table: passwordResetTokens,
        key: passwordResetTokens.tokenHash,
        where: lt(passwordResetTokens.expiresAt, before),
      }),
  };
}
