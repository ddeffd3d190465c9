/**
 * The owner's order operations (`app.ordersAdmin`; docs/api.md, The owner's API): the list and search, one order with
 * its history, the orders CSV for the books, and moving an order on. A move is one unit of work: the order's new
 * status and its history, the mail to the customer or guest, and the audit record all happen or none does
 * (decision 072).
 */
import { CARRIER_NAMES, trackingUrl } from '#shared/carriers';
import type { AdminOrdersQuery, MoveOrderBody, OrdersCsvQuery } from '#shared/schemas/admin';
import { HttpError } from '../../errors.ts';
import type { Actor, Audit } from '../admin/index.ts';
import { orderStatusMail, type UnitOfWork } from '../mail/index.ts';
import { orderAdminMessages } from './messages.ts';
import { formatOrderNumber, type OrderRecord, type OrderStatusChangeRecord } from './order-records.ts';
import type { OrderRepository } from './order-repository.ts';
import { ordersCsv } from './orders-csv.ts';
import type { ReportRepository } from './report-repository.ts';

export interface OrdersAdminService {
  /** A page of the owner's order list, newest first, and how many match. */
  list(query: AdminOrdersQuery): Promise<{ orders: OrderRecord[]; total: number }>;
  /** One order and its moves, oldest first; 404 when there is none (or it was anonymised). */
  find(id: string): Promise<{ order: OrderRecord; history: OrderStatusChangeRecord[] }>;
  /** The orders of those London days as CSV lines, read a page at a time as they are sent. */
  booksCsv(query: OrdersCsvQuery): AsyncGenerator<string>;
  /**
   * Moves an order forward (processing → dispatched → delivered), mails its buyer and records it in the audit:
   * the order after the move; 404 for no such order, 409 for a move that is not forward.
   */
  move(id: string, body: MoveOrderBody, actor: Actor): Promise<OrderRecord>;
}

/** What the audit keeps of an order before and after a move; the carrier only once one was named. */
const auditedState = (order: OrderRecord) => ({
  status: order.status,
  trackingNumber: order.trackingNumber,
  ...(order.carrier ? { carrier: order.carrier } : {}),
  isDelivered: order.isDelivered,
});

export function createOrdersAdminService(deps: {
  unitOfWork: UnitOfWork;
  audit: Pick<Audit, 'record'>;
  orderRepository: OrderRepository;
  reportRepository: ReportRepository;
}): OrdersAdminService {
  const { unitOfWork, audit, orderRepository, reportRepository } = deps;
  return {
    list: (query) => orderRepository.listForAdmin(query),

    async find(id) {
      const found = await orderRepository.findForAdmin(id);
      if (!found) throw new HttpError(404, orderAdminMessages.notFound);
      return found;
    },

    booksCsv: (query) => ordersCsv(reportRepository, query),

    move: (id, { status, trackingNumber, carrier }, actor) =>
      unitOfWork(async (tx, queueMail) => {
        const moved = await orderRepository.moveOrder(id, { to: status, trackingNumber, carrier, actor }, tx);
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
            trackingUrl: trackingUrl(after.carrier, after.trackingNumber) ?? undefined,
            carrier: after.carrier ? CARRIER_NAMES[after.carrier] : undefined,
          }),
        );
        await audit.record(tx, {
          actor,
          action: `order.${status}`,
          target: `order:${orderNumber}`,
          before: auditedState(before),
          after: auditedState(after),
        });
        return after;
      }),
  };
}
