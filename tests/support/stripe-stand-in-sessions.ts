/**
 * The stand-in's Checkout Sessions: the create request's form read and checked as Stripe checks it (mode, line items
 * with `price_data`, one currency, metadata and reference lengths, the expiry window, absolute return URLs) and the
 * session object it answers, in Stripe's names. A session's total is its items plus its one fixed-amount shipping option,
 * as Stripe's is.
 */
import { randomBytes } from 'node:crypto';
import { type FormTree, field, integer, invalid, object, readMetadata } from './stripe-stand-in-protocol.ts';

/** A Checkout Session as the stand-in answers it: the fields the shop reads or sets, in Stripe's names. */
export interface StandInCheckoutSession {
  id: string;
  object: 'checkout.session';
  livemode: false;
  created: number;
  expires_at: number;
  mode: 'payment';
  url: string;
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  /** What the shipping option adds, as Stripe answers it. */
  shipping_cost: { amount_total: number } | null;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string | null;
  cancel_url: string | null;
  payment_intent: string | null;
}

export interface StandInLineItem {
  name: string;
  currency: string;
  unitAmount: number;
  taxBehavior: string | undefined;
  quantity: number;
}

export function readLineItems(tree: FormTree): StandInLineItem[] {
  const items = tree.line_items;
  if (!Array.isArray(items) || items.length === 0)
    throw invalid('Missing required param: line_items.', 'line_items', 'parameter_missing');
  return items.map((item, index) => {
    const path = `line_items[${index}]`;
    if (typeof item === 'string' || Array.isArray(item)) throw invalid(`Invalid hash: ${path}`, path);
    if (item.price !== undefined) throw invalid('The Stripe stand-in supports only price_data.', `${path}[price]`);
    const priceData = object(item, 'price_data', `${path}[price_data]`);
    if (!priceData) throw invalid('You must specify either `price` or `price_data`.', path, 'parameter_missing');
    const currency = field(priceData, 'currency', `${path}[price_data][currency]`);
    if (!currency || !/^[a-z]{3}$/.test(currency))
      throw invalid('Invalid currency.', `${path}[price_data][currency]`, 'parameter_missing');
    const name = object(priceData, 'product_data', `${path}[price_data][product_data]`)?.name;
    if (typeof name !== 'string' || name.trim() === '')
      throw invalid('Missing required param: name.', `${path}[price_data][product_data][name]`, 'parameter_missing');
    const taxBehavior = field(priceData, 'tax_behavior', `${path}[price_data][tax_behavior]`);
    if (taxBehavior !== undefined && !['inclusive', 'exclusive', 'unspecified'].includes(taxBehavior))
      throw invalid(`Invalid tax_behavior: ${taxBehavior}`, `${path}[price_data][tax_behavior]`);
    return {
      name,
      currency,
      unitAmount: integer(
        field(priceData, 'unit_amount', `${path}[price_data][unit_amount]`),
        `${path}[price_data][unit_amount]`,
        0,
      ),
      taxBehavior,
      quantity: integer(field(item, 'quantity', `${path}[quantity]`), `${path}[quantity]`, 1),
    };
  });
}

/** The session's shipping charge from `shipping_options[0][shipping_rate_data]` (Stripe allows up to 5), or 0. */
export function readShipping(tree: FormTree, currency: string): number {
  const options = tree.shipping_options;
  if (options === undefined) return 0;
  if (!Array.isArray(options) || options.length === 0 || options.length > 5)
    throw invalid('Invalid array: shipping_options.', 'shipping_options');
  const first = options[0];
  if (first === undefined || typeof first === 'string' || Array.isArray(first))
    throw invalid('Invalid hash: shipping_options[0]', 'shipping_options[0]');
  if (first.shipping_rate !== undefined) throw invalid('The Stripe stand-in supports only shipping_rate_data.');
  const path = 'shipping_options[0][shipping_rate_data]';
  const rate = object(first, 'shipping_rate_data', path);
  if (!rate) throw invalid('Missing required param: shipping_rate_data.', path, 'parameter_missing');
  if (field(rate, 'type', `${path}[type]`) !== 'fixed_amount')
    throw invalid('The Stripe stand-in supports only fixed_amount shipping.', `${path}[type]`);
  const name = field(rate, 'display_name', `${path}[display_name]`);
  if (!name?.trim())
    throw invalid('Missing required param: display_name.', `${path}[display_name]`, 'parameter_missing');
  const fixed = object(rate, 'fixed_amount', `${path}[fixed_amount]`);
  if (!fixed) throw invalid('Missing required param: fixed_amount.', `${path}[fixed_amount]`, 'parameter_missing');
  if (field(fixed, 'currency', `${path}[fixed_amount][currency]`) !== currency)
    throw invalid('The shipping rate must use the session’s currency.', `${path}[fixed_amount][currency]`);
  return integer(field(fixed, 'amount', `${path}[fixed_amount][amount]`), `${path}[fixed_amount][amount]`, 0);
}

function absoluteUrl(tree: FormTree, key: string): string | null {
  const value = field(tree, key, key);
  if (value === undefined) return null;
  if (!/^https?:\/\/[^/]/.test(value)) throw invalid(`Not a valid URL: ${key}`, key, 'url_invalid');
  return value;
}

export function buildSession(tree: FormTree, lineItems: StandInLineItem[], baseUrl: string): StandInCheckoutSession {
  const mode = field(tree, 'mode', 'mode');
  if (mode === undefined) throw invalid('Missing required param: mode.', 'mode', 'parameter_missing');
  if (mode !== 'payment') throw invalid('The Stripe stand-in supports only mode=payment.', 'mode');
  const currency = field(tree, 'currency', 'currency') ?? lineItems[0]!.currency;
  if (lineItems.some((item) => item.currency !== currency))
    throw invalid('All line items must use the same currency as the session.', 'line_items');
  const metadata = readMetadata(tree);
  const clientReferenceId = field(tree, 'client_reference_id', 'client_reference_id') ?? null;
  if (clientReferenceId !== null && clientReferenceId.length > 200)
    throw invalid('client_reference_id is too long.', 'client_reference_id');
  const amount = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  const shipping = readShipping(tree, currency);
  const id = `cs_test_${randomBytes(24).toString('hex')}`;
  const created = Math.floor(Date.now() / 1000);
  // Stripe's rule for expires_at: between 30 minutes and 24 hours after the session is made.
  const expiresAtField = field(tree, 'expires_at', 'expires_at');
  const expiresAt = expiresAtField === undefined ? created + 24 * 60 * 60 : Number(expiresAtField);
  if (!Number.isInteger(expiresAt) || expiresAt < created + 30 * 60 || expiresAt > created + 24 * 60 * 60)
    throw invalid('expires_at must be between 30 minutes and 24 hours from now.', 'expires_at');
  return {
    id,
    object: 'checkout.session',
    livemode: false,
    created,
    expires_at: expiresAt,
    mode,
    url: `${baseUrl}/pay/${id}`,
    status: 'open',
    payment_status: 'unpaid',
    currency,
    amount_subtotal: amount,
    amount_total: amount + shipping,
    shipping_cost: tree.shipping_options === undefined ? null : { amount_total: shipping },
    customer_email: field(tree, 'customer_email', 'customer_email') ?? null,
    client_reference_id: clientReferenceId,
    metadata,
    success_url: absoluteUrl(tree, 'success_url'),
    cancel_url: absoluteUrl(tree, 'cancel_url'),
    payment_intent: null,
  };
}
