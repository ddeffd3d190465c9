/**
 * `app.sessionRepository`: the live sessions behind session tokens (decision 101) and the networks each account has
 * logged in from (decision 102). Times are the database's clock, so several server processes agree on them.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { deleteInBatches } from '../../db/delete-in-batches.ts';
import { loginNetworks, sessions, users } from '../../db/schema.ts';
import { type Executor, secondsFromNow, type UserRecord, userColumns } from './user-repository.ts';

/** A session with its account, and how long ago (in seconds) it began and last served a request. */
export interface LiveSession {
  user: UserRecord;
  ageSeconds: number;
  idleSeconds: number;
}

export interface SessionRepository {
  create(session: { id: string; userId: string; lifetimeSeconds: number }, executor?: Executor): Promise<void>;
  /** The session and its account, or undefined once it has been ended or has expired. */
  find(id: string, userId: string): Promise<LiveSession | undefined>;
  /** Marks a request on the session, unless one was marked within the last minute (one write a minute at most). */
  touch(id: string): Promise<void>;
  /** Ends one session; answers whether it was live. */
  delete(id: string): Promise<boolean>;
  /**
   * Whether the account of `email` has logged in from `network` within `withinDays`: one read, alike for an address
   * with or without an account, so its timing says nothing about the address.
   */
  isKnownNetwork(email: string, network: string, withinDays: number): Promise<boolean>;
  /** Records a login from `network`, and forgets the account's networks unused for `keepDays`. */
  rememberNetwork(userId: string, network: string, keepDays: number): Promise<void>;
  /** Deletes sessions that expired before `before` (of accounts that never logged in again); answers how many. */
  deleteExpiredSessions(before: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionRepository: SessionRepository;
  }
}

const TOUCH_EVERY_SECONDS = 60;

export function createSessionRepository(db: Database): SessionRepository {
  return {
    async create({ id, userId, lifetimeSeconds }, executor = db) {
      // The account's expired sessions go at its next login, so the table stays as small as the live sessions.
      await executor.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, sql`now()`)));
      // Nothing is stored for an account that does not exist (deleted meanwhile): its token is refused anyway.
      await executor.execute(
        sql`insert into ${sessions} (id, user_id, expires_at)
            select ${id}, ${userId}, ${secondsFromNow(lifetimeSeconds)}
            where exists (select 1 from ${users} where ${users.id} = ${userId})`,
      );
    },

    async find(id, userId) {
      const [row] = await db
        .select({
          ...userColumns,
          ageSeconds: sql<number>`extract(epoch from now() - ${sessions.createdAt})::float8`,
          idleSeconds: sql<number>`extract(epoch from now() - ${sessions.lastSeenAt})::float8`,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, id), eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`))
        .limit(1);
      if (!row) return undefined;
      const { ageSeconds, idleSeconds, ...user } = row;
      return { user, ageSeconds: Number(ageSeconds), idleSeconds: Number(idleSeconds) };
    },

    async touch(id) {
      await db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(
          and(
            eq(sessions.id, id),
            lt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${TOUCH_EVERY_SECONDS}::double precision)`),
          ),
        );
    },

    async delete(id) {
      const deleted = await db.delete(sessions).where(eq(sessions.id, id)).returning({ id: sessions.id });
      return deleted.length > 0;
    },

    async isKnownNetwork(email, network, withinDays) {
      const [row] = await db
        .select({ network: loginNetworks.network })
        .from(loginNetworks)
        .innerJoin(users, eq(users.id, loginNetworks.userId))
        .where(
          and(
            eq(users.email, email),
            eq(loginNetworks.network, network),
            sql`${loginNetworks.lastLoginAt} > now() - make_interval(days => ${withinDays}::int)`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    deleteExpiredSessions: (before) =>
      deleteInBatches(db, { table: sessions, key: sessions.id, where: lt(sessions.expiresAt, before) }),

    async rememberNetwork(userId, network, keepDays) {
      await db
        .insert(loginNetworks)
        .values({ userId, network })
        .onConflictDoUpdate({
          target: [loginNetworks.userId, loginNetworks.network],
          set: { lastLoginAt: sql`now()` },
        });
      await db
        .delete(loginNetworks)
        .where(
          and(
            eq(loginNetworks.userId, userId),
            sql`${loginNetworks.lastLoginAt} < now() - make_interval(days => ${keepDays}::int)`,
          ),
        );
    },
  };
}
