/**
 * The owner moving an order on (contract §7): in one unit of work the order's new status and its history, the mail
 * to the customer or guest, and the audit record, so all of them happen or none does (decision 072).
 */
import type { FastifyInstance } from 'fastify';
import type { MoveOrderBody } from '#shared/schemas/admin';
import { HttpError } from '../../errors.ts';
import { orderStatusMail } from '../mail/index.ts';
import { formatOrderNumber, type OrderRecord } from './order-repository.ts';

export const orderAdminMessages = {
  notFound: 'Order not found.',
  notForward: (orderNumber: string, status: string) =>
    `Order ${orderNumber} is already ${status}: an order only moves forward, from processing to dispatched to delivered.`,
};

/** What the audit keeps of an order before and after a move. */
const auditedState = (order: OrderRecord) => ({
  status: order.status,
  trackingNumber: order.trackingNumber,
  isDelivered: order.isDelivered,
});

export async function moveOrder(
  app: FastifyInstance,
  id: string,
  { status, trackingNumber }: MoveOrderBody,
  actor: { id: string; email: string },
): Promise<OrderRecord> {
  return app.unitOfWork(async (tx, queueMail) => {
    const moved = await app.orderRepository.moveOrder(id, { to: status, trackingNumber, actor }, tx);
    if ('refused' in moved) {
      if (moved.refused === 'not-found') throw new HttpError(404, orderAdminMessages.notFound);
      const { order } = moved;
      throw new HttpError(409, orderAdminMessages.notForward(formatOrderNumber(order.orderNumber), order.status));
    }
    const { before, after } = moved;
    const orderNumber = formatOrderNumber(after.orderNumber);
    await queueMail(
      orderStatusMail({
        to: after.email,
        name: after.shippingAddress.name,
        orderNumber,
        status,
        trackingNumber: after.trackingNumber ?? undefined,
      }),
    );
    await app.audit.record(tx, {
      actor,
      action: `order.${status}`,
      target: `order:${orderNumber}`,
      before: auditedState(before),
      after: auditedState(after),
    });
    return after;
  });
}
