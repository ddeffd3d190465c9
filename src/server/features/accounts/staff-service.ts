/**
 * `app.staff`: inviting people to work in /admin, their accepting, and removing them (docs/api.md, The owner's API;
 * decision 097). An invitation is a single-use link valid STAFF_INVITE_HOURS, mailed in the same unit of work as its
 * row and its audit entry; accepting sets the password and role of the address's account (making it if needed) and
 * ends its other sessions; removing makes the account a customer again and refuses its tokens at once.
 */
import { randomBytes } from 'node:crypto';
import { STAFF_INVITE_HOURS, type InviteStaffBody, type StaffInvite, staffMessages } from '#shared/schemas/staff';
import { refuseCommonPassword } from './password-policy.ts';
import { HttpError } from '../../errors.ts';
import type { Actor, Audit } from '../admin/index.ts';
import { staffInviteMail, type UnitOfWork } from '../mail/index.ts';
import { hashPassword, hashResetToken } from './auth.ts';
import type { StaffMemberRecord, StaffRepository } from './staff-repository.ts';

export interface StaffService {
  list(): Promise<StaffMemberRecord[]>;
  /** Mails a new invitation; 409 when the address works in the shop already. */
  invite(body: InviteStaffBody, actor: Actor): Promise<StaffMemberRecord>;
  /** Who a link is for; 404 unknown, 410 used, withdrawn or expired. */
  check(token: string): Promise<StaffInvite>;
  /** Sets the password and role; the link is used up. */
  accept(token: string, password: string): Promise<void>;
  /** Ends a member's work in /admin (or withdraws an invitation); 404 unknown, 409 yourself or the last admin. */
  remove(id: string, actor: Actor): Promise<void>;
}

export function createStaffService(deps: {
  staffRepository: StaffRepository;
  unitOfWork: UnitOfWork;
  audit: Pick<Audit, 'record'>;
  publicUrl: string;
}): StaffService {
  const { staffRepository, unitOfWork, audit, publicUrl } = deps;

  /** The link's invitation if it can be used now, or the refusal that says why not. */
  async function usable(token: string) {
    const invite = await staffRepository.findInvite(hashResetToken(token));
    if (!invite) throw new HttpError(404, staffMessages.linkUnknown);
    if (invite.acceptedAt) throw new HttpError(410, staffMessages.linkUsed);
    if (invite.withdrawnAt || invite.expiresAt <= new Date()) throw new HttpError(410, staffMessages.linkExpired);
    return invite;
  }

  return {
    list: () => staffRepository.listMembers(new Date()),

    async invite({ email, name, role }, actor) {
      if (
        (await staffRepository.listMembers(new Date())).some(
          (member) => member.email === email && member.status === 'active',
        )
      )
        throw new HttpError(409, staffMessages.alreadyStaff, { field: 'email' });
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + STAFF_INVITE_HOURS * 3_600_000);
      await unitOfWork(async (tx, queueMail) => {
        // A new invitation replaces any earlier one to the address: only the newest link works.
        await staffRepository.withdrawInvites(email, tx);
        await staffRepository.createInvite(
          { tokenHash: hashResetToken(token), email, name, role, invitedBy: actor },
          expiresAt,
          tx,
        );
        await queueMail(
          staffInviteMail({
            to: email,
            name,
            role,
            invitedBy: actor.email,
            link: `${publicUrl}/staff/accept/${encodeURIComponent(token)}`,
            validForHours: STAFF_INVITE_HOURS,
          }),
        );
        await audit.record(tx, {
          actor,
          action: 'staff.invited',
          target: `staff:${email}`,
          before: null,
          after: { name, email, role },
        });
      });
      const invited = (await staffRepository.listMembers(new Date())).find(
        (member) => member.email === email && member.status === 'invited',
      );
      if (!invited) throw new Error('the invitation just made is not listed');
      return invited;
    },

    async check(token) {
      const { name, email, role } = await usable(token);
      return { name, email, role };
    },

    async accept(token, password) {
      const { email } = await usable(token);
      refuseCommonPassword(password, email);
      const passwordHash = await hashPassword(password);
      await unitOfWork(async (tx) => {
        const invite = await staffRepository.acceptInvite(hashResetToken(token), tx);
        // Used or withdrawn by another request since the check above.
        if (!invite) throw new HttpError(410, staffMessages.linkUsed);
        const id = await staffRepository.setStaffAccount({ ...invite, passwordHash }, tx);
        await audit.record(tx, {
          actor: { id, email: invite.email },
          action: 'staff.joined',
          target: `staff:${invite.email}`,
          before: null,
          after: { name: invite.name, email: invite.email, role: invite.role },
        });
      });
    },

    async remove(id, actor) {
      await unitOfWork(async (tx) => {
        const member = await staffRepository.lockMember(id, tx);
        if (!member) throw new HttpError(404, staffMessages.notFound);
        if (member.status === 'invited') {
          await staffRepository.withdrawInvites(member.email, tx);
        } else {
          if (member.id === actor.id) throw new HttpError(409, staffMessages.notYourself);
          if (member.role === 'admin' && (await staffRepository.countAdmins(tx)) <= 1)
            throw new HttpError(409, staffMessages.lastAdmin);
          await staffRepository.demote(member.id, tx);
          await staffRepository.withdrawInvites(member.email, tx);
        }
        await audit.record(tx, {
          actor,
          action: 'staff.removed',
          target: `staff:${member.email}`,
          before: { name: member.name, email: member.email, role: member.role, status: member.status },
          after: null,
        });
      });
    },
  };
}
