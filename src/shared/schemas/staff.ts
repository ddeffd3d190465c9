/**
 * The shop's staff (docs/api.md, The owner's API; decision 097): who works in /admin and in which role, the
 * invitation the owner sends, and the password its single-use link sets.
 */
import { z } from 'zod';
import { EmailSchema, NameSchema, NewPasswordSchema } from './user.ts';

export const STAFF_ROLES = ['staff', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** How long an invitation's link works. */
export const STAFF_INVITE_HOURS = 72;

export const staffMessages = {
  body: 'Send the invitation as { email, name, role }.',
  role: 'Please choose the role: staff or admin.',
  alreadyStaff: 'This person works in the shop already.',
  notFound: 'There is no such member of staff.',
  notYourself: 'You cannot remove yourself. Ask another admin.',
  lastAdmin: 'The shop needs at least one admin: invite another before removing this one.',
  linkUnknown: 'This invitation link is not valid. Please ask the shop owner for a new one.',
  linkUsed: 'This invitation has been used already. Please log in.',
  linkExpired: `This invitation has expired (links work for ${STAFF_INVITE_HOURS} hours). Please ask the shop owner for a new one.`,
  accepted: 'Welcome to the team. Your password is set: please log in.',
  /** 403 on the owner's routes for a member of staff. */
  ownerOnly: 'Only the shop’s admin can do this.',
} as const;

/** `POST /api/admin/staff`. */
export const InviteStaffBodySchema = z.strictObject(
  {
    email: EmailSchema,
    name: NameSchema,
    role: z.enum(STAFF_ROLES, { error: staffMessages.role }),
  },
  { error: staffMessages.body },
);
export type InviteStaffBody = z.infer<typeof InviteStaffBodySchema>;

/** Someone who works in /admin (`active`), or has been invited and not yet set a password (`invited`). */
export const StaffMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(['active', 'invited']),
  /** ISO 8601: when the account joined, or when the invitation was sent. */
  since: z.string(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;
export const StaffListSchema = z.object({ items: z.array(StaffMemberSchema) });
export type StaffList = z.infer<typeof StaffListSchema>;

export const StaffIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });
export const InviteTokenParamsSchema = z.object({ token: z.string().trim().min(1).max(200) });

/** `GET /api/staff/accept/{token}`: who the link is for, before they choose a password. */
export const StaffInviteSchema = z.object({ name: z.string(), email: z.string(), role: z.enum(STAFF_ROLES) });
export type StaffInvite = z.infer<typeof StaffInviteSchema>;

/** `POST /api/staff/accept/{token}`. */
export const AcceptInviteBodySchema = z.strictObject({ password: NewPasswordSchema }, { error: 'Send { password }.' });
