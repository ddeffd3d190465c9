import { describe, expect, it } from 'vitest';
import type { VerifyPaymentAnswer } from '#shared/schemas/order';
import { placeOrderBody } from './place-order.ts';

const address = {
  name: 'Ada Lovelace',
  phone: '7946095800',
  email: 'ada@example.com',
  address: '12 St James’s Square',
  landmark: 'Opposite the library',
  city: 'London',
  postalCode: 'SW1Y 4JH',
  country: 'United Kingdom',
};
const line = {
  _id: 'cashews',
  name: 'Roasted Cashew Nuts',
  selectedWeight: '250g',
  qty: 2,
  price: 4.19,
  vatRate: 20,
} as const;
const verified = {
  success: true,
  orderItems: [line],
  shippingAddress: address,
  totalPrice: 8.38,
} as unknown as VerifyPaymentAnswer;

describe('the order body', () => {
  it('repeats what was paid for, as the order endpoints expect, with only the fields they take', () => {
    expect(placeOrderBody('cs_1', verified, { asGuest: false })).toEqual({
      sessionId: 'cs_1',
      orderItems: [{ _id: 'cashews', qty: 2, selectedWeight: '250g', price: 4.19 }],
      shippingAddress: address,
      totalPrice: 8.38,
    });
  });

  it('names the code the order was priced with, and none when it had none', () => {
    const withCode = { ...verified, order: { promoCode: 'WINTER10' } } as unknown as VerifyPaymentAnswer;
    expect(placeOrderBody('cs_1', withCode, { asGuest: false }).promoCode).toBe('WINTER10');
    expect(placeOrderBody('cs_1', verified, { asGuest: false })).not.toHaveProperty('promoCode');
  });

  it('gives a guest order the e-mail the verification returned, else the address’s', () => {
    expect(placeOrderBody('cs_1', { ...verified, guestEmail: 'paid@example.com' }, { asGuest: true }).guestEmail).toBe(
      'paid@example.com',
    );
    expect(placeOrderBody('cs_1', verified, { asGuest: true }).guestEmail).toBe('ada@example.com');
  });
});
