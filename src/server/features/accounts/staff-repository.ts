/**
 * Adds `app.staffRepository`: the people who work in /admin (accounts whose role is `staff` or `admin`) and the
 * invitations that make them (decision 097), kept as hashes of their single-use links.
 */
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { StaffRole } from '#shared/schemas/staff';
import type { Database } from '../../db/database.ts';
import { staffInvites, users } from '../../db/schema.ts';

export interface StaffInviteRecord {
  tokenHash: string;
  email: string;
  name: string;
  role: StaffRole;
  expiresAt: Date;
  acceptedAt: Date | null;
  withdrawnAt: Date | null;
  createdAt: Date;
}

export interface StaffMemberRecord {
  /** The account's id, or for an invitation not yet accepted `invite:` and its hash's first characters. */
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  status: 'active' | 'invited';
  since: Date;
}

export interface StaffRepository {
  createInvite(
    invite: {
      tokenHash: string;
      email: string;
      name: string;
      role: StaffRole;
      invitedBy: { id: string; email: string };
    },
    expiresAt: Date,
    tx: Database,
  ): Promise<void>;
  findInvite(tokenHash: string, tx?: Database): Promise<StaffInviteRecord | undefined>;
  /** Marks a usable invitation accepted inside `tx` (once: a second accept finds it used); undefined when it is not. */
  acceptInvite(tokenHash: string, tx: Database): Promise<StaffInviteRecord | undefined>;
  /** Withdraws the address's invitations still open, so their links stop working; answers how many. */
  withdrawInvites(email: string, tx: Database): Promise<number>;
  /** Everyone working in /admin, then the invitations still open, oldest first. */
  listMembers(now: Date): Promise<StaffMemberRecord[]>;
  /** The account of a member of staff or an admin, locked for `tx`. */
  lockMember(id: string, tx: Database): Promise<StaffMemberRecord | undefined>;
  countAdmins(tx: Database): Promise<number>;
  /**
   * Gives the address's account `role` and `passwordHash`, making the account if there is none; every session the
   * account had ends (its token version goes up). Answers the account's id.
   */
  setStaffAccount(
    account: { email: string; name: string; role: StaffRole; passwordHash: string },
    tx: Database,
  ): Promise<string>;
  /** Makes the account a customer again and ends its sessions at once. */
  demote(id: string, tx: Database): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    staffRepository: StaffRepository;
  }
}

const INVITE_ID_PREFIX = 'invite:';
/** An open invitation's id on the wire: enough of its hash to find it, never the link's token. */
export const inviteId = (tokenHash: string) => `${INVITE_ID_PREFIX}${tokenHash.slice(0, 24)}`;

const toInvite = (row: typeof staffInvites.$inferSelect): StaffInviteRecord => ({
  tokenHash: row.tokenHash,
  email: row.email,
  name: row.name,
  role: row.role,
  expiresAt: row.expiresAt,
  acceptedAt: row.acceptedAt,
  withdrawnAt: row.withdrawnAt,
  createdAt: row.createdAt,
});

const open = (now: Date) =>
  and(isNull(staffInvites.acceptedAt), isNull(staffInvites.withdrawnAt), gt(staffInvites.expiresAt, now));

export function createStaffRepository(appDb: Database): StaffRepository {
  return {
    async createInvite({ tokenHash, email, name, role, invitedBy }, expiresAt, tx) {
      await tx.insert(staffInvites).values({
        tokenHash,
        email,
        name,
        role,
        invitedById: invitedBy.id,
        invitedByEmail: invitedBy.email,
        expiresAt,
      });
    },

    async findInvite(tokenHash, db = appDb) {
      const [row] = await db.select().from(staffInvites).where(eq(staffInvites.tokenHash, tokenHash));
      return row && toInvite(row);
    },

    async acceptInvite(tokenHash, tx) {
      const [row] = await tx
        .update(staffInvites)
        .set({ acceptedAt: sql`now()` })
        .where(and(eq(staffInvites.tokenHash, tokenHash), open(new Date())))
        .returning();
      return row && toInvite(row);
    },

    async withdrawInvites(email, tx) {
      const rows = await tx
        .update(staffInvites)
        .set({ withdrawnAt: sql`now()` })
        .where(and(eq(staffInvites.email, email), isNull(staffInvites.acceptedAt), isNull(staffInvites.withdrawnAt)))
        .returning({ tokenHash: staffInvites.tokenHash });
      return rows.length;
    },

    async listMembers(now) {
      const members = await appDb
        .select({ id: users.id, name: users.name, email: users.email, role: users.role, since: users.createdAt })
        .from(users)
        .where(inArray(users.role, ['staff', 'admin']))
        .orderBy(asc(users.createdAt), asc(users.email));
      const active = new Set(members.map((member) => member.email));
      const invites = await appDb.select().from(staffInvites).where(open(now)).orderBy(asc(staffInvites.createdAt));
      return [
        ...members.map((member) => ({ ...member, role: member.role as StaffRole, status: 'active' as const })),
        ...invites
          .filter((invite) => !active.has(invite.email))
          .map((invite) => ({
            id: inviteId(invite.tokenHash),
            name: invite.name,
            email: invite.email,
            role: invite.role,
            status: 'invited' as const,
            since: invite.createdAt,
          })),
      ];
    },

    async lockMember(id, tx) {
      if (id.startsWith(INVITE_ID_PREFIX)) {
        const prefix = id.slice(INVITE_ID_PREFIX.length);
        if (!/^[0-9a-f]{24}$/.test(prefix)) return undefined;
        const [row] = await tx
          .select()
          .from(staffInvites)
          .where(and(sql`left(${staffInvites.tokenHash}, 24) = ${prefix}`, open(new Date())))
          .for('update');
        return (
          row && {
            id,
            name: row.name,
            email: row.email,
            role: row.role,
            status: 'invited',
            since: row.createdAt,
          }
        );
      }
      const [row] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), inArray(users.role, ['staff', 'admin'])))
        .for('update');
      return (
        row && {
          id: row.id,
          name: row.name,
          email: row.email,
          role: row.role as StaffRole,
          status: 'active',
          since: row.createdAt,
        }
      );
    },

    async countAdmins(tx) {
      const [row] = await tx.select({ admins: sql<number>`count(*)::int` }).from(users).where(eq(users.role, 'admin'));
      return row?.admins ?? 0;
    },

    async setStaffAccount({ email, name, role, passwordHash }, tx) {
      const [row] = await tx
        .insert(users)
        .values({ email, name, role, passwordHash })
        .onConflictDoUpdate({
          target: users.email,
          set: {
            role,
            passwordHash,
            tokenVersion: sql`${users.tokenVersion} + 1`,
            updatedAt: sql`now()`,
          },
        })
        .returning({ id: users.id });
      if (!row) throw new Error('staff account upsert returned no row');
      return row.id;
    },

    async demote(id, tx) {
      await tx
        .update(users)
        .set({ role: 'customer', tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
        .where(eq(users.id, id));
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('staffRepository', createStaffRepository(app.db));
  },
  { name: 'staff-repository', dependencies: ['database'] },
);
