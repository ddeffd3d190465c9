/**
 * `app.customerOrders`: a customer's own orders as their pages show them. One order is found only among the orders
 * the customer's list holds; anyone else's answers 404, as no order does, staff and admin tokens included: this is
 * the customer's view, the owner's is under /api/admin.
 */
import { HttpError } from '../../errors.ts';
import type { OrderRecord, OrderStatusChangeRecord } from './order-records.ts';
import type { OrderRepository } from './order-repository.ts';

export const ORDER_NOT_FOUND = 'Order not found.';

export interface CustomerOrders {
  /** One of the customer's own orders and its moves, oldest first; 404 for any other. */
  find(
    customer: { id: string; email: string },
    id: string,
  ): Promise<{ order: OrderRecord; history: OrderStatusChangeRecord[] }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    customerOrders: CustomerOrders;
  }
}

export function createCustomerOrders(orderRepository: OrderRepository): CustomerOrders {
  return {
    async find(customer, id) {
      const found = await orderRepository.findForCustomer(customer, id);
      if (!found) throw new HttpError(404, ORDER_NOT_FOUND);
      return found;
    },
  };
}
