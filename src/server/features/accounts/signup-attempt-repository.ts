/**
 * `app.signupAttemptRepository`: signups waiting for their e-mailed code, and the account each makes once its code is
 * right (decision 043). Times are the database's clock, so several server processes agree on expiry and cooldowns.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { deleteInBatches } from '../../db/delete-in-batches.ts';
import { signupAttempts, users } from '../../db/schema.ts';
import { type Executor, secondsFromNow, type UserRecord, userColumns } from './user-repository.ts';

/** A signup waiting for its code, or done with it. */
export interface SignupAttemptRecord {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  verified: boolean;
}

export type IssueCodeResult = { issued: true } | { issued: false; retryAfterSeconds: number };

export type CodeTry =
  | { status: 'none' }
  | { status: 'verified' }
  | { status: 'expired' }
  | { status: 'exhausted' }
  /** Counted before comparing; `codeHash` is null for an attempt that was never mailed a code. */
  | { status: 'counted'; codeHash: string | null; triesUsed: number };

export type CompletedSignup = { created: true; user: UserRecord } | { created: false };

export interface SignupAttemptRepository {
  /** Deletes the address's attempts older than `olderThanSeconds`, done or not, so the table does not grow. */
  deleteOldSignupAttempts(email: string, olderThanSeconds: number, executor?: Executor): Promise<void>;
  /** Stores an attempt whose code (or notice) is being mailed now; `codeHash` null when no code exists. */
  createSignupAttempt(
    fields: { id: string; email: string; name: string; passwordHash: string; codeHash: string | null },
    validForSeconds: number,
    executor?: Executor,
  ): Promise<void>;
  findSignupAttempt(id: string, executor?: Executor): Promise<SignupAttemptRecord | undefined>;
  /** The address's newest attempt still waiting for its code (login checks its password, and only its). */
  newestWaitingSignupAttempt(email: string, executor?: Executor): Promise<SignupAttemptRecord | undefined>;
  /**
   * Gives a waiting attempt a new code (fresh tries, fresh expiry), or none (`codeHash` null), unless any attempt
   * of its address was mailed less than `cooldownSeconds` ago: the cooldown is the mailbox's, so many attempts
   * cannot multiply the mails. Run it in a transaction; two requests at once cannot both send.
   */
  reissueSignupAttempt(
    id: string,
    codeHash: string | null,
    timing: { validForSeconds: number; cooldownSeconds: number },
    executor?: Executor,
  ): Promise<IssueCodeResult>;
  /** Counts one check against the attempt's tries before it is compared, so parallel guesses cannot exceed them. */
  countCodeTry(attemptId: string, maxTries: number): Promise<CodeTry>;
  /**
   * The attempt's code was right: in one transaction, the account is made from this attempt's name and password
   * and the attempt marked verified. An address that has an account by then keeps it as it is.
   */
  completeSignup(attemptId: string): Promise<CompletedSignup>;
  /** Deletes signup attempts, done or not, whose code expired before `before` (decision 082); answers how many. */
  deleteExpiredSignupAttempts(before: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    signupAttemptRepository: SignupAttemptRepository;
  }
}

/** An attempt's id, the signup's `userId`: random, so nobody can name another's attempt. */
export function newSignupAttemptId(): string {
  return randomBytes(18).toString('base64url');
}

const attemptColumns = {
  id: signupAttempts.id,
  email: signupAttempts.email,
  name: signupAttempts.name,
  passwordHash: signupAttempts.passwordHash,
  verified: sql<boolean>`${signupAttempts.verifiedAt} is not null`,
};

export function createSignupAttemptRepository(db: Database): SignupAttemptRepository {
  return {
    async deleteOldSignupAttempts(email, olderThanSeconds, executor = db) {
      await executor
        .delete(signupAttempts)
        .where(and(eq(signupAttempts.email, email), lt(signupAttempts.createdAt, secondsFromNow(-olderThanSeconds))));
    },

    async createSignupAttempt(fields, validForSeconds, executor = db) {
      await executor
        .insert(signupAttempts)
        .values({ ...fields, expiresAt: secondsFromNow(validForSeconds), tries: 0, sentAt: sql`now()` });
    },

    async findSignupAttempt(id, executor = db) {
      const [row] = await executor.select(attemptColumns).from(signupAttempts).where(eq(signupAttempts.id, id));
      return row;
    },

    async newestWaitingSignupAttempt(email, executor = db) {
      const [row] = await executor
        .select(attemptColumns)
        .from(signupAttempts)
        .where(and(eq(signupAttempts.email, email), isNull(signupAttempts.verifiedAt)))
        .orderBy(desc(signupAttempts.createdAt))
        .limit(1);
      return row;
    },

    async reissueSignupAttempt(id, codeHash, { validForSeconds, cooldownSeconds }, executor = db) {
      // The address's attempts are locked first, so two resends of different attempts at once take turns and the
      // second sees the first's mail (PostgreSQL; PGlite runs one statement at a time anyway).
      const sameAddress = executor
        .select({ email: signupAttempts.email })
        .from(signupAttempts)
        .where(eq(signupAttempts.id, id));
      await executor
        .select({ id: signupAttempts.id })
        .from(signupAttempts)
        .where(eq(signupAttempts.email, sameAddress))
        .for('update');
      const other = alias(signupAttempts, 'other');
      const issued = await executor
        .update(signupAttempts)
        .set({ codeHash, expiresAt: secondsFromNow(validForSeconds), tries: 0, sentAt: sql`now()` })
        .where(
          and(
            eq(signupAttempts.id, id),
            isNull(signupAttempts.verifiedAt),
            notExists(
              executor
                .select({ one: sql`1` })
                .from(other)
                .where(and(eq(other.email, signupAttempts.email), gt(other.sentAt, secondsFromNow(-cooldownSeconds)))),
            ),
          ),
        )
        .returning({ id: signupAttempts.id });
      if (issued.length > 0) return { issued: true };

      const [latest] = await executor
        .select({
          secondsLeft: sql<number>`ceil(extract(epoch from (max(${signupAttempts.sentAt}) - now())) + ${cooldownSeconds}::double precision)::int`,
        })
        .from(signupAttempts)
        .where(eq(signupAttempts.email, sameAddress));
      return { issued: false, retryAfterSeconds: Math.max(1, latest?.secondsLeft ?? cooldownSeconds) };
    },

    async countCodeTry(attemptId, maxTries) {
      // One statement counts the try and checks the limit, so parallel guesses cannot slip past it.
      const [counted] = await db
        .update(signupAttempts)
        .set({ tries: sql`${signupAttempts.tries} + 1` })
        .where(
          and(
            eq(signupAttempts.id, attemptId),
            isNull(signupAttempts.verifiedAt),
            sql`${signupAttempts.tries} < ${maxTries}`,
            sql`${signupAttempts.expiresAt} > now()`,
          ),
        )
        .returning({ codeHash: signupAttempts.codeHash, triesUsed: signupAttempts.tries });
      if (counted) return { status: 'counted', ...counted };

      const [attempt] = await db
        .select({
          verified: sql<boolean>`${signupAttempts.verifiedAt} is not null`,
          tries: signupAttempts.tries,
        })
        .from(signupAttempts)
        .where(eq(signupAttempts.id, attemptId));
      if (!attempt) return { status: 'none' };
      if (attempt.verified) return { status: 'verified' };
      if (attempt.tries >= maxTries) return { status: 'exhausted' };
      return { status: 'expired' };
    },

    async completeSignup(attemptId) {
      return db.transaction(async (tx) => {
        const [attempt] = await tx
          .update(signupAttempts)
          .set({ verifiedAt: sql`coalesce(${signupAttempts.verifiedAt}, now())` })
          .where(eq(signupAttempts.id, attemptId))
          .returning({
            name: signupAttempts.name,
            email: signupAttempts.email,
            passwordHash: signupAttempts.passwordHash,
          });
        if (!attempt) return { created: false };
        // The unique address decides between two right codes at once, and never replaces an account's password.
        const [user] = await tx
          .insert(users)
          .values(attempt)
          .onConflictDoNothing({ target: users.email })
          .returning(userColumns);
        return user ? { created: true, user } : { created: false };
      });
    },

    deleteExpiredSignupAttempts: (before) =>
      deleteInBatches(db, {
        table: signupAttempts,
        key: signupAttempts.id,
        where: lt(signupAttempts.expiresAt, before),
      }),
  };
}
