/**
 * The staff's routes (docs/api.md, The owner's API; decision 097): the owner's list, invitation and removal, in the
 * admin scope; and the public pair an invitation's link uses, who it is for and accepting it with a password.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '#shared/schemas/error';
import {
  AcceptInviteBodySchema,
  InviteStaffBodySchema,
  InviteTokenParamsSchema,
  StaffIdParamsSchema,
  StaffInviteSchema,
  StaffListSchema,
  StaffMemberSchema,
  staffMessages,
} from '#shared/schemas/staff';
import { MessageSchema } from '#shared/schemas/user';
import type { StaffMemberRecord } from './staff-repository.ts';

const errors = { '4xx': ApiErrorSchema };

const toWireMember = (member: StaffMemberRecord) => ({
  _id: member.id,
  name: member.name,
  email: member.email,
  role: member.role,
  status: member.status,
  since: member.since.toISOString(),
});

/** In the admin scope: the owner's, never a member of staff's. */
export const staffAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/staff', { schema: { response: { 200: StaffListSchema, ...errors } } }, async () => ({
    items: (await app.staff.list()).map(toWireMember),
  }));

  app.post(
    '/staff',
    { schema: { body: InviteStaffBodySchema, response: { 201: StaffMemberSchema, ...errors } } },
    async (request, reply) => {
      const { id, email } = request.customer!;
      return reply.code(201).send(toWireMember(await app.staff.invite(request.body, { id, email })));
    },
  );

  app.delete(
    '/staff/:id',
    { schema: { params: StaffIdParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const { id, email } = request.customer!;
      await app.staff.remove(request.params.id, { id, email });
      return reply.code(204).send(null);
    },
  );
};

/** Public, at /api/staff: the link's token is 256 random bits, so limits only keep load down. */
export const staffInviteRoutes: FastifyPluginAsyncZod = async (app) => {
  const perAddress = (name: string, max: number) =>
    app.attemptLimit({ name, perAddress: { max, windowMs: 15 * 60_000 } });

  app.get(
    '/accept/:token',
    {
      schema: { params: InviteTokenParamsSchema, response: { 200: StaffInviteSchema, ...errors } },
      preHandler: perAddress('checkStaffInvite', 60),
    },
    (request) => app.staff.check(request.params.token),
  );

  app.post(
    '/accept/:token',
    {
      schema: {
        params: InviteTokenParamsSchema,
        body: AcceptInviteBodySchema,
        response: { 200: MessageSchema, ...errors },
      },
      preHandler: perAddress('acceptStaffInvite', 20),
    },
    async (request) => {
      await app.staff.accept(request.params.token, request.body.password);
      return { message: staffMessages.accepted };
    },
  );
};
