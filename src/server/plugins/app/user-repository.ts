/**
 * Adds `app.userRepository`: customer accounts, their signup codes and their password-reset tokens in the
 * database. Times are the database's clock, so several server processes agree on expiry and cooldowns.
 */
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { User } from '#shared/schemas/user';
import type { Database } from '../../db/client.ts';
import { passwordResetTokens, signupCodes, users } from '../../db/schema.ts';

/** The database handle or an open transaction on it. */
export type Executor = Database;

export interface UserRecord {
  id: string;
  name: string;
  email: string;
  passwordHash: string;
  verifiedAt: Date | null;
  tokenVersion: number;
}

export type IssueCodeResult = { issued: true } | { issued: false; retryAfterSeconds: number };

export type CodeAttempt =
  | { status: 'none' }
  | { status: 'expired' }
  | { status: 'exhausted' }
  | { status: 'counted'; codeHash: string; attemptsUsed: number };

export interface UserRepository {
  findByEmail(email: string, executor?: Executor): Promise<UserRecord | undefined>;
  findById(id: string, executor?: Executor): Promise<UserRecord | undefined>;
  /** Throws the database's unique violation (23505) when the address already has an account. */
  create(fields: { name: string; email: string; passwordHash: string }, executor?: Executor): Promise<UserRecord>;
  /** A repeated signup of an address nobody has verified yet: the newest details win. */
  replaceUnverifiedDetails(
    id: string,
    fields: { name: string; passwordHash: string },
    executor?: Executor,
  ): Promise<void>;
  /**
   * Stores a new code (fresh tries, fresh expiry) unless one was sent less than `cooldownSeconds` ago;
   * decided in one statement, so two requests at once cannot both send.
   */
  issueSignupCode(
    userId: string,
    codeHash: string,
    timing: { validForSeconds: number; cooldownSeconds: number },
    executor?: Executor,
  ): Promise<IssueCodeResult>;
  /** Counts one check against the code's tries before it is compared, so parallel guesses cannot exceed them. */
  countCodeAttempt(userId: string, maxAttempts: number): Promise<CodeAttempt>;
  markVerified(userId: string): Promise<void>;
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
   * Sets a new password and ends everything issued under the old one: session tokens (by version),
   * reset links and any signup code. Proving the mailbox by a reset link also verifies the address.
   */
  setPassword(userId: string, passwordHash: string, executor?: Executor): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    userRepository: UserRepository;
  }
}

export function toWireUser(user: Pick<UserRecord, 'id' | 'name' | 'email'>): User {
  return { _id: user.id, name: user.name, email: user.email };
}

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  passwordHash: users.passwordHash,
  verifiedAt: users.verifiedAt,
  tokenVersion: users.tokenVersion,
};

/** A database time `seconds` from now. */
function secondsFromNow(seconds: number) {
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

    async replaceUnverifiedDetails(id, fields, executor = db) {
      await executor
        .update(users)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(and(eq(users.id, id), isNull(users.verifiedAt)));
    },

    async issueSignupCode(userId, codeHash, { validForSeconds, cooldownSeconds }, executor = db) {
      const issued = await executor
        .insert(signupCodes)
        .values({ userId, codeHash, expiresAt: secondsFromNow(validForSeconds), attempts: 0, sentAt: sql`now()` })
        .onConflictDoUpdate({
          target: signupCodes.userId,
          set: { codeHash, expiresAt: secondsFromNow(validForSeconds), attempts: 0, sentAt: sql`now()` },
          setWhere: lte(signupCodes.sentAt, secondsFromNow(-cooldownSeconds)),
        })
        .returning({ userId: signupCodes.userId });
      if (issued.length > 0) return { issued: true };

      const [pending] = await executor
        .select({
          secondsLeft: sql<number>`ceil(extract(epoch from (${signupCodes.sentAt} - now())) + ${cooldownSeconds}::double precision)::int`,
        })
        .from(signupCodes)
        .where(eq(signupCodes.userId, userId));
      return { issued: false, retryAfterSeconds: Math.max(1, pending?.secondsLeft ?? cooldownSeconds) };
    },

    async countCodeAttempt(userId, maxAttempts) {
      // One statement counts the try and checks the limit, so parallel guesses cannot slip past it.
      const [counted] = await db
        .update(signupCodes)
        .set({ attempts: sql`${signupCodes.attempts} + 1` })
        .where(
          and(
            eq(signupCodes.userId, userId),
            sql`${signupCodes.attempts} < ${maxAttempts}`,
            sql`${signupCodes.expiresAt} > now()`,
          ),
        )
        .returning({ codeHash: signupCodes.codeHash, attemptsUsed: signupCodes.attempts });
      if (counted) return { status: 'counted', ...counted };

      const [code] = await db
        .select({ expired: sql<boolean>`${signupCodes.expiresAt} <= now()`, attempts: signupCodes.attempts })
        .from(signupCodes)
        .where(eq(signupCodes.userId, userId));
      if (!code) return { status: 'none' };
      if (code.attempts >= maxAttempts) return { status: 'exhausted' };
      return { status: 'expired' };
    },

    async markVerified(userId) {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ verifiedAt: sql`now()`, updatedAt: sql`now()` })
          .where(and(eq(users.id, userId), isNull(users.verifiedAt)));
        await tx.delete(signupCodes).where(eq(signupCodes.userId, userId));
      });
    },

    async createPasswordResetToken(userId, tokenHash, validForSeconds, executor = db) {
      await executor
        .insert(passwordResetTokens)
        .values({ userId, tokenHash, expiresAt: secondsFromNow(validForSeconds) });
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
      await executor
        .update(users)
        .set({
          passwordHash,
          tokenVersion: sql`${users.tokenVersion} + 1`,
          verifiedAt: sql`coalesce(${users.verifiedAt}, now())`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, userId));
      await executor.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
      await executor.delete(signupCodes).where(eq(signupCodes.userId, userId));
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('userRepository', createUserRepository(app.db));
  },
  { name: 'user-repository', dependencies: ['database'] },
);
