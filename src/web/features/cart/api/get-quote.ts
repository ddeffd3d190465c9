/**
 * POST /api/cart/quote (docs/api.md, Delivery and promotions): the server's price for the cart's buyable lines, a
 * postcode and a promotion code: subtotal, discount, delivery and total. The cart, /shipping and the payment show
 * these figures and no sum of the browser's own. A code or postcode the server refuses (400 naming `promoCode` or
 * `postcode`) is reported beside the figures of a quote without it, so the shopper still sees what they would pay.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartLine } from '#shared/schemas/cart';
import type { OrderItemInput } from '#shared/schemas/order';
import type { Quote } from '#shared/schemas/quote';
import { apiPaths } from '#shared/api-paths';
import { ApiRequestError, apiRequest } from '#web/lib/api-client.ts';
import { customerQueryKey } from '#web/lib/session.ts';

export interface QuoteRequest {
  orderItems: OrderItemInput[];
  postcode?: string;
  promoCode?: string;
}

/** What the checkout sends too: the lines that can be bought, each with the price of one pack the shopper was shown. */
export function quoteItems(lines: readonly CartLine[]): OrderItemInput[] {
  return lines
    .filter((line) => line.available && line.qty > 0)
    .map(({ _id, qty, selectedWeight, price }) => ({ _id, qty, selectedWeight, price }));
}

export function getQuote(body: QuoteRequest, signal?: AbortSignal): Promise<Quote> {
  return apiRequest<Quote>(apiPaths.cart.quote, { method: 'POST', body, signal });
}

/** Under the customer's key: it holds a postcode, forgotten when the shopper changes. */
export const quoteQueryKeyRoot = [...customerQueryKey, 'quote'] as const;

export const quoteQueryOptions = (body: QuoteRequest) =>
  queryOptions({
    queryKey: [...quoteQueryKeyRoot, body],
    queryFn: ({ signal }) => getQuote(body, signal),
    // A refused code or postcode is an answer the screens show, not a fault to log; asking again will not change it.
    meta: { quietErrors: true },
    retry: (failures, error) => !(error instanceof ApiRequestError && error.isClientError) && failures < 2,
    staleTime: 30_000,
  });

export type QuoteField = 'promoCode' | 'postcode';

/** The server's refusal of the code or the postcode, with its message; undefined for any other failure. */
export function quoteRefusal(error: unknown): { field: QuoteField; message: string } | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return undefined;
  const named = error.errors.find((entry) => entry.field === 'promoCode' || entry.field === 'postcode');
  return named ? { field: named.field as QuoteField, message: named.message } : undefined;
}

/** The request without what the server refused, or undefined when nothing is left to leave out. */
export function withoutRefused(body: QuoteRequest, field: QuoteField): QuoteRequest | undefined {
  if (body[field] === undefined) return undefined;
  const { [field]: _left, ...rest } = body;
  return rest;
}

export interface QuoteState {
  /** The figures to show: the quote with everything the server accepted; undefined while loading or after a failure. */
  quote: Quote | undefined;
  /** What that quote was asked with: the code in it is the one to send to the checkout. */
  request: QuoteRequest | undefined;
  isPending: boolean;
  /** A failure other than a refusal (offline, a server fault): no figures to show. */
  error: unknown;
  promoError: string | undefined;
  postcodeError: string | undefined;
  refetch: () => void;
}

/**
 * The quote for these lines. A refused postcode or code is asked again without it (at most twice, once for each), so
 * the summary keeps its figures while the field shows why. Nothing is asked for a cart with nothing to buy.
 */
export function useQuote(
  lines: readonly CartLine[],
  { postcode, promoCode, enabled = true }: { postcode?: string; promoCode?: string; enabled?: boolean },
): QuoteState {
  const orderItems = quoteItems(lines);
  const first: QuoteRequest = { orderItems };
  if (postcode) first.postcode = postcode;
  if (promoCode) first.promoCode = promoCode;
  const active = enabled && orderItems.length > 0;

  const firstQuery = useQuery({ ...quoteQueryOptions(first), enabled: active });
  const firstRefusal = quoteRefusal(firstQuery.error);
  const second = firstRefusal && withoutRefused(first, firstRefusal.field);
  const secondQuery = useQuery({ ...quoteQueryOptions(second ?? first), enabled: active && second !== undefined });
  const secondRefusal = second ? quoteRefusal(secondQuery.error) : undefined;
  const third = second && secondRefusal && withoutRefused(second, secondRefusal.field);
  const thirdQuery = useQuery({ ...quoteQueryOptions(third ?? first), enabled: active && third !== undefined });

  const [query, request] = third ? [thirdQuery, third] : second ? [secondQuery, second] : [firstQuery, first];
  const refusals = [firstRefusal, secondRefusal];
  const messageFor = (field: QuoteField) => refusals.find((refusal) => refusal?.field === field)?.message;
  return {
    quote: active ? query.data : undefined,
    request: active && query.data ? request : undefined,
    isPending: active && query.isPending && query.fetchStatus !== 'idle',
    error: active && query.error && !quoteRefusal(query.error) ? query.error : undefined,
    promoError: active ? messageFor('promoCode') : undefined,
    postcodeError: active ? messageFor('postcode') : undefined,
    refetch: () => void query.refetch(),
  };
}

/** The quote's figures for a summary, with the code it applied; undefined while there is none. */
export function quoteFigures({ quote, request }: Pick<QuoteState, 'quote' | 'request'>) {
  if (!quote) return undefined;
  return {
    subtotal: quote.subtotal,
    discount: quote.discount,
    delivery: quote.delivery,
    total: quote.total,
    promoCode: quote.promo?.code ?? request?.promoCode,
  };
}
