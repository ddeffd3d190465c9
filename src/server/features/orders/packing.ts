/**
 * Packing for the owner (docs/api.md, The owner's API): every order waiting to be dispatched, oldest first, each line
 * with the allergens its label warns of, and the pick list (the packs of each product and weight summed over those
 * orders); and dispatching several at once, each a move of its own (mailed and audited), so one refused order stops
 * none of the others.
 */
import type { Carrier } from '#shared/carriers';
import type { Allergen } from '#shared/allergens';
import { PACKING_ORDERS_MAX, type PackingOrder } from '#shared/schemas/packing';
import type { Actor } from '../admin/index.ts';
import type { ProductRepository } from '../catalog/index.ts';
import { HttpError } from '../../errors.ts';
import type { OrdersAdminService } from './admin-service.ts';
import { formatOrderNumber, type OrderRecord } from './order-records.ts';
import type { OrderRepository } from './order-repository.ts';
import { toAdminOrder } from './wire.ts';

/** The owner's list pages through at most this many at a time. */
const PAGE = 200;

export interface PackingService {
  /** Processing orders, oldest first (at most PACKING_ORDERS_MAX), the allergens by product, and how many wait. */
  waiting(): Promise<{
    orders: OrderRecord[];
    allergens: Map<string, { allergens: Allergen[]; mayContain: Allergen[] }>;
    total: number;
  }>;
  /** Marks each order dispatched in turn: the ones moved, and the ones refused with the reason. */
  dispatch(
    orders: readonly { id: string; trackingNumber?: string | undefined; carrier?: Carrier | undefined }[],
    actor: Actor,
  ): Promise<{ dispatched: OrderRecord[]; refused: { id: string; message: string }[] }>;
}

export function createPackingService(deps: {
  orderRepository: Pick<OrderRepository, 'listForAdmin'>;
  productRepository: Pick<ProductRepository, 'listAll'>;
  ordersAdmin: Pick<OrdersAdminService, 'move'>;
}): PackingService {
  const { orderRepository, productRepository, ordersAdmin } = deps;
  return {
    async waiting() {
      // The list answers newest first: the oldest PACKING_ORDERS_MAX are the last pages.
      const first = await orderRepository.listForAdmin({ status: 'processing', limit: 1, offset: 0 });
      const total = first.total;
      const start = Math.max(0, total - PACKING_ORDERS_MAX);
      const orders: OrderRecord[] = [];
      for (let offset = start; offset < total; offset += PAGE) {
        const page = await orderRepository.listForAdmin({ status: 'processing', limit: PAGE, offset });
        orders.push(...page.orders);
      }
      orders.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.orderNumber - b.orderNumber);
      const wanted = new Set(orders.flatMap((order) => order.lines.map((line) => line.productId)));
      const allergens = new Map(
        (await productRepository.listAll())
          .filter((product) => wanted.has(product.id))
          .map((product) => [product.id, { allergens: product.allergens, mayContain: product.mayContain }]),
      );
      return { orders, allergens, total };
    },

    async dispatch(orders, actor) {
      const dispatched: OrderRecord[] = [];
      const refused: { id: string; message: string }[] = [];
      for (const { id, trackingNumber, carrier } of orders) {
        try {
          dispatched.push(await ordersAdmin.move(id, { status: 'dispatched', trackingNumber, carrier }, actor));
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          refused.push({ id, message: error.message });
        }
      }
      return { dispatched, refused };
    },
  };
}

/** The packs to take off the shelf for these orders, by product and weight, in name order. */
export function pickList(orders: readonly OrderRecord[]) {
  const picks = new Map<string, { _id: string; name: string; selectedWeight: string; qty: number }>();
  for (const line of orders.flatMap((order) => order.lines)) {
    const key = `${line.productId}\u0000${line.selectedWeight}`;
    const pick = picks.get(key) ?? {
      _id: line.productId,
      name: line.name,
      selectedWeight: line.selectedWeight,
      qty: 0,
    };
    pick.qty += line.qty;
    picks.set(key, pick);
  }
  return [...picks.values()].sort(
    (a, b) => a.name.localeCompare(b.name, 'en-GB') || a.selectedWeight.localeCompare(b.selectedWeight),
  );
}

/** An order to pack as the API answers it: the owner's order, each line with its product's allergens. */
export function toPackingOrder(
  order: OrderRecord,
  allergens: ReadonlyMap<string, { allergens: Allergen[]; mayContain: Allergen[] }>,
): PackingOrder {
  const wire = toAdminOrder(order);
  return {
    ...wire,
    orderItems: wire.orderItems.map((item) => ({
      ...item,
      allergens: allergens.get(item._id)?.allergens ?? [],
      mayContain: allergens.get(item._id)?.mayContain ?? [],
    })),
  };
}

export const dispatchedAnswer = (order: OrderRecord) => ({
  _id: order.id,
  orderNumber: formatOrderNumber(order.orderNumber),
});
