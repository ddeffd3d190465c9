import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order, VerifyPaymentAnswer } from '#shared/schemas/order';
import { UNPAID_ANSWER_TTL_MS } from '#shared/constants';
import { ApiRequestError } from '#web/lib/api-client.ts';
import {
  finishCheckout,
  finishCheckoutOnce,
  type FinishCheckoutOptions,
  placeShopperOrder,
  UNPAID_RETRY_DELAY_MS,
} from './finish-checkout.ts';
import { placeOrderBody } from './api/place-order.ts';
import { shippingAddress } from '#tests/fixtures/shipping-address';

const address = shippingAddress();

const order: Order = {
  _id: 'order-1',
  orderNumber: '1001',
  createdAt: '2026-11-25T10:00:00.000Z',
  orderItems: [
    {
      _id: 'cashews',
      name: 'Roasted Cashew Nuts',
      selectedWeight: '250g',
      qty: 2,
      price: 4.19,
      vatRate: 20,
      discount: 0,
    },
  ],
  subtotal: 8.38,
  discount: 0,
  delivery: 0,
  totalPrice: 8.38,
  vat: [{ rate: 20, total: 8.38, vat: 1.4 }],
  isDelivered: false,
  shippingAddress: address,
  guestEmail: 'ada@example.com',
  status: 'processing',
  refunds: [],
  refundedTotal: 0,
};

const verified: VerifyPaymentAnswer = {
  success: true,
  orderItems: order.orderItems,
  shippingAddress: address,
  guestEmail: 'ada@example.com',
  totalPrice: 8.38,
  order,
};

function options(overrides: Partial<FinishCheckoutOptions> = {}): FinishCheckoutOptions {
  return {
    asGuest: true,
    verify: vi.fn(async () => verified),
    place: vi.fn(async () => ({ ...order, _id: 'placed' })),
    ...overrides,
  };
}

describe('finishing a checkout', () => {
  it('verifies, then places the order from the verified payment, and reports each step', async () => {
    const steps: string[] = [];
    const onPlaced = vi.fn();
    const opts = options({ onStep: (step) => steps.push(step), onPlaced });
    const finished = await finishCheckout('cs_1', opts);
    expect(steps).toEqual(['verifying', 'placing']);
    expect(opts.verify).toHaveBeenCalledWith('cs_1');
    expect(opts.place).toHaveBeenCalledWith(
      {
        sessionId: 'cs_1',
        orderItems: [{ _id: 'cashews', qty: 2, selectedWeight: '250g', price: 4.19 }],
        shippingAddress: address,
        totalPrice: 8.38,
        guestEmail: 'ada@example.com',
      },
      { asGuest: true },
    );
    expect(finished.order._id).toBe('placed');
    expect(onPlaced).toHaveBeenCalledWith(finished);
  });

  it('sends a customer’s order without a guest e-mail', async () => {
    const opts = options({ asGuest: false });
    await finishCheckout('cs_1', opts);
    expect(opts.place).toHaveBeenCalledWith(expect.not.objectContaining({ guestEmail: expect.anything() }), {
      asGuest: false,
    });
  });

  it('fails without placing anything when the payment is not verified', async () => {
    const opts = options({ verify: vi.fn(async () => Promise.reject(new Error('unpaid'))) });
    await expect(finishCheckout('cs_1', opts)).rejects.toThrow('unpaid');
    expect(opts.place).not.toHaveBeenCalled();
  });

  it('asks again while the payment reads as not completed (409), past the server’s window, then places the order', async () => {
    const waits: number[] = [];
    const verify = vi
      .fn<FinishCheckoutOptions['verify']>()
      .mockRejectedValueOnce(new ApiRequestError(409, 'This payment has not been completed.'))
      .mockRejectedValueOnce(new ApiRequestError(409, 'This payment has not been completed.'))
      .mockResolvedValue(verified);
    const opts = options({ verify, wait: async (ms) => void waits.push(ms) });
    const finished = await finishCheckout('cs_1', opts);
    expect(verify).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([UNPAID_RETRY_DELAY_MS, UNPAID_RETRY_DELAY_MS]);
    expect(finished.order._id).toBe('placed');
  });

  it('gives up on a payment still not completed once the server’s window has passed, placing nothing', async () => {
    const waits: number[] = [];
    const unpaid = new ApiRequestError(409, 'This payment has not been completed.');
    const opts = options({
      verify: vi.fn(async () => Promise.reject(unpaid)),
      wait: async (ms) => void waits.push(ms),
    });
    await expect(finishCheckout('cs_1', opts)).rejects.toBe(unpaid);
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThan(UNPAID_ANSWER_TTL_MS);
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(UNPAID_ANSWER_TTL_MS + UNPAID_RETRY_DELAY_MS);
    expect(opts.place).not.toHaveBeenCalled();
  });

  it('does not ask again about an unknown session or a refusal', async () => {
    for (const status of [404, 403]) {
      const verify = vi.fn(async () => Promise.reject(new ApiRequestError(status, 'no')));
      const wait = vi.fn(async () => undefined);
      await expect(finishCheckout('cs_1', options({ verify, wait }))).rejects.toThrow('no');
      expect(verify).toHaveBeenCalledOnce();
      expect(wait).not.toHaveBeenCalled();
    }
  });

  it('shows the verified order when the order call fails after the payment was verified', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const finished = await finishCheckout(
      'cs_1',
      options({ place: vi.fn(async () => Promise.reject(new Error('down'))) }),
    );
    expect(finished.order).toBe(order);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('fails when the order call fails and the verified answer holds no order', async () => {
    const opts = options({
      verify: vi.fn(async () => ({ ...verified, order: undefined as unknown as Order })),
      place: vi.fn(async () => Promise.reject(new Error('down'))),
    });
    await expect(finishCheckout('cs_1', opts)).rejects.toThrow('down');
  });
});

describe('finishing a checkout once', () => {
  it('places the order once however often it is asked, and again after a failure', async () => {
    const first = options();
    const second = options();
    const [a, b] = await Promise.all([finishCheckoutOnce('cs_once', first), finishCheckoutOnce('cs_once', second)]);
    expect(a).toBe(b);
    expect(first.place).toHaveBeenCalledOnce();
    expect(second.verify).not.toHaveBeenCalled();

    const failing = options({ verify: vi.fn(async () => Promise.reject(new Error('unpaid'))) });
    await expect(finishCheckoutOnce('cs_retry', failing)).rejects.toThrow('unpaid');
    const retry = options();
    await finishCheckoutOnce('cs_retry', retry);
    expect(retry.verify).toHaveBeenCalledOnce();
  });
});

describe('the order call', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    [false, '/api/orders'],
    [true, '/api/orders/guest-order'],
  ])('for asGuest %s goes to %s with the body as built', async (asGuest, url) => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => Response.json(order, { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const body = placeOrderBody('cs_1', verified, { asGuest });

    await expect(placeShopperOrder(body, { asGuest })).resolves.toEqual(order);

    const [calledUrl, init] = fetch.mock.calls[0]!;
    expect(calledUrl).toBe(url);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual(body);
  });
});
