/**
 * `app.totpRepository`: each staff or admin account's second-step secret (sealed), the last time step accepted, and
 * its recovery codes (keyed hashes). Every "use once" is one conditional statement, so two requests with the same
 * code cannot both succeed (decision 103).
 */
import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { totpCredentials, totpRecoveryCodes } from '../../db/schema.ts';

export interface TotpCredential {
  sealedSecret: string;
  enabled: boolean;
  lastUsedStep: number | null;
}

export interface TotpRepository {
  find(userId: string): Promise<TotpCredential | undefined>;
  /** Keeps a new secret waiting for its first code; false when the step is already on (the secret is kept). */
  startEnrolment(userId: string, sealedSecret: string): Promise<boolean>;
  /**
   * Turns the step on with the waiting secret, `step` counting as used, and replaces the recovery codes; false when
   * nothing waits (already on, or turned off meanwhile) or `step` was already used.
   */
  enable(userId: string, step: number, recoveryCodeHashes: string[]): Promise<boolean>;
  /** Records `step` as used; false when it, or a later one, already was (a replayed code). */
  spendStep(userId: string, step: number): Promise<boolean>;
  /** Deletes the recovery code; false when the account has no such unused code. */
  spendRecoveryCode(userId: string, codeHash: string): Promise<boolean>;
  countRecoveryCodes(userId: string): Promise<number>;
  /** Turns the step off: the secret and the recovery codes go. */
  remove(userId: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    totpRepository: TotpRepository;
  }
}

const notYetUsed = (step: number) => or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, step));

export function createTotpRepository(db: Database): TotpRepository {
  return {
    async find(userId) {
      const [row] = await db
        .select({
          sealedSecret: totpCredentials.sealedSecret,
          enabled: sql<boolean>`${totpCredentials.enabledAt} is not null`,
          lastUsedStep: totpCredentials.lastUsedStep,
        })
        .from(totpCredentials)
        .where(eq(totpCredentials.userId, userId));
      return row;
    },

    async startEnrolment(userId, sealedSecret) {
      const rows = await db
        .insert(totpCredentials)
        .values({ userId, sealedSecret })
        .onConflictDoUpdate({
          target: totpCredentials.userId,
          set: { sealedSecret, lastUsedStep: null, createdAt: sql`now()` },
          setWhere: isNull(totpCredentials.enabledAt),
        })
        .returning({ userId: totpCredentials.userId });
      return rows.length > 0;
    },

    enable: (userId, step, recoveryCodeHashes) =>
      db.transaction(async (tx) => {
        const rows = await tx
          .update(totpCredentials)
          .set({ enabledAt: sql`now()`, lastUsedStep: step })
          .where(and(eq(totpCredentials.userId, userId), isNull(totpCredentials.enabledAt), notYetUsed(step)))
          .returning({ userId: totpCredentials.userId });
        if (rows.length === 0) return false;
        await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
        await tx.insert(totpRecoveryCodes).values(recoveryCodeHashes.map((codeHash) => ({ userId, codeHash })));
        return true;
      }),

    async spendStep(userId, step) {
      const rows = await db
        .update(totpCredentials)
        .set({ lastUsedStep: step })
        .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.enabledAt), notYetUsed(step)))
        .returning({ userId: totpCredentials.userId });
      return rows.length > 0;
    },

    async spendRecoveryCode(userId, codeHash) {
      const rows = await db
        .delete(totpRecoveryCodes)
        .where(and(eq(totpRecoveryCodes.userId, userId), eq(totpRecoveryCodes.codeHash, codeHash)))
        .returning({ userId: totpRecoveryCodes.userId });
      return rows.length > 0;
    },

    async countRecoveryCodes(userId) {
      const [row] = await db.select({ n: count() }).from(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
      return row?.n ?? 0;
    },

    remove: (userId) =>
      db.transaction(async (tx) => {
        await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
        await tx.delete(totpCredentials).where(eq(totpCredentials.userId, userId));
      }),
  };
}
