/**
 * The price of a cart for a postcode and a promotion code (`app.quotes`; docs/api.md, Delivery and promotions): the
 * lines from the catalog, the owner's delivery charges and the promotion, through `priceBasket`. The quote and the
 * checkout both price here, so what the cart page shows is what is charged (decision 096). The checkout prices inside
 * its stock transaction with the promotion's row locked and its uses counted, so a limit holds under any concurrency.
 */
import { checkoutMessages } from '#shared/schemas/order';
import { promotionMessages } from '#shared/schemas/promotion';
import { outwardCode } from '#shared/uk-postcode';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import type { ProductRepository } from '../catalog/index.ts';
import type { DeliverySettingsStore } from '../delivery/index.ts';
import type { PromotionRecord, PromotionRepository } from '../promotions/index.ts';
import { type PricedBasket, priceBasket } from './basket-pricing.ts';
import { type CheckoutItem, catalogLines } from './checkout-lines.ts';
import type { CheckoutLine } from './order-records.ts';

export interface BasketRequest {
  items: readonly CheckoutItem[];
  /** The delivery address's postcode; without it no zone applies. */
  postcode?: string | undefined;
  promoCode?: string | undefined;
  /** Whose uses a once-per-customer code counts: the logged-in customer's, or the checkout's address. */
  email?: string | null | undefined;
}

export interface QuotedBasket {
  /** The lines as priced, each with its share of the discount. */
  lines: CheckoutLine[];
  priced: PricedBasket;
  promotion: PromotionRecord | null;
  /** A price the browser sent is not the catalog's. */
  priceChanged: boolean;
}

export interface QuoteService {
  /** The cart's price now, for the cart page and /shipping; 400 naming `promoCode` or `postcode` when refused. */
  quote(request: BasketRequest): Promise<QuotedBasket>;
  /**
   * The checkout's price inside `tx`, its promotion's row locked until `tx` ends and its uses counted, so the use this
   * checkout adds can never be one too many. Refused like `quote`, and 409 when `totalPence` is not the total.
   */
  priceCheckout(request: BasketRequest & { email: string; totalPence: number }, tx: Database): Promise<QuotedBasket>;
}

declare module 'fastify' {
  interface FastifyInstance {
    quotes: QuoteService;
  }
}

const promoRefusal = (message: string) => new HttpError(400, message, { field: 'promoCode' });

export function createQuoteService(deps: {
  db: Database;
  productRepository: Pick<ProductRepository, 'findByIds'>;
  deliverySettings: DeliverySettingsStore;
  promotionRepository: PromotionRepository;
  now?: () => Date;
}): QuoteService {
  const { db, productRepository, deliverySettings, promotionRepository, now = () => new Date() } = deps;

  /** The promotion a code names, its row locked until `tx` ends when there is one, or a 400. */
  async function promotionFor(code: string, tx: Database | undefined): Promise<PromotionRecord> {
    const found = await promotionRepository.findByCode(code, tx);
    if (!found) throw promoRefusal(promotionMessages.unknown);
    if (!tx) return found;
    const promotion = await promotionRepository.lockForUse(found.id, tx);
    if (!promotion) throw promoRefusal(promotionMessages.unknown);
    return promotion;
  }

  /** Refuses a promotion whose uses are all held, or that this e-mail has used when it may be used once. */
  async function usesLeft(promotion: PromotionRecord, email: string | null | undefined, db: Database) {
    if (promotion.maxUses !== null && (await promotionRepository.usesHeld(promotion.id, db)) >= promotion.maxUses)
      throw promoRefusal(promotionMessages.usedUp);
    if (promotion.oncePerCustomer && email && (await promotionRepository.usesHeld(promotion.id, db, email)) > 0)
      throw promoRefusal(promotionMessages.usedAlready);
  }

  async function price(request: BasketRequest, tx: Database | undefined, db: Database): Promise<QuotedBasket> {
    const { lines, priceChanged } = await catalogLines(productRepository, request.items, tx);
    const delivery = await deliverySettings.read(tx);
    const promotion = request.promoCode ? await promotionFor(request.promoCode, tx) : null;
    const priced = priceBasket({
      lines,
      delivery,
      outward: request.postcode ? outwardCode(request.postcode) : null,
      promotion: promotion && { ...promotion },
      now: now(),
    });
    if ('refused' in priced)
      throw new HttpError(400, priced.message, { field: priced.refused === 'promotion' ? 'promoCode' : 'postcode' });
    // Counted after the code's own conditions, so an expired code says it has expired, not that it is used up.
    if (promotion) await usesLeft(promotion, request.email, db);
    return {
      lines: lines.map((line, index) => ({ ...line, discountPence: priced.lineDiscountsPence[index] ?? 0 })),
      priced,
      promotion,
      priceChanged,
    };
  }

  return {
    quote: (request) => price(request, undefined, db),

    async priceCheckout(request, tx) {
      const quoted = await price(request, tx, tx);
      // The browser's prices or total differ from the server's: the shopper must see the new amount first.
      if (quoted.priceChanged || request.totalPence !== quoted.priced.totalPence)
        throw new HttpError(409, checkoutMessages.reviewCart);
      return quoted;
    },
  };
}
