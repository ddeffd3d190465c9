import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../lib/html.ts';
import { passwordResetMail, signupCodeMail, signupNoticeMail } from './account-mails.ts';
import { contactMessageMail } from './contact-message-mail.ts';
import { orderConfirmationMail } from './order-confirmation-mail.ts';

describe('mail templates', () => {
  it('escapes every value put into the HTML part, and keeps the text part plain', () => {
    const loginLink = 'https://shop.example/login?a="1"&b=2';
    const mail = signupNoticeMail({
      to: 'a@example.com',
      name: '<img src=x onerror=alert(1)> & "Co"',
      loginLink,
      resetLink: 'https://shop.example/forgot-password',
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;');
    expect(mail.html).toContain(`href="${escapeHtml(loginLink)}"`);
    expect(mail.text).toContain('Hello <img src=x onerror=alert(1)> & "Co",');
    expect(mail.text).toContain(`\n${loginLink}\n`);
  });

  it('mails a signup code with a plain greeting: the address has not proven itself, so nothing of the form goes in', () => {
    const mail = signupCodeMail({ to: 'a@example.com', code: '012345', validForMinutes: 10 });
    expect(mail.text).toMatch(/^Hello,$/m);
    expect(mail.text).toMatch(/^\s+012345$/m);
    expect(mail.html).toContain('>012345<');
    expect(mail.html).toContain('>Hello,<');
  });

  it('puts the reset link in both parts, escaped inside the HTML attribute', () => {
    const link = 'https://shop.example/api/auth/reset-password/abc?x="1"&y=2';
    const mail = passwordResetMail({ to: 'a@example.com', name: 'Ada', link, validForMinutes: 60 });
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${escapeHtml(link)}"`);
    expect(mail.html).not.toContain('"1"');
    expect(mail.text).toContain('works once and for 60 minutes');
  });

  it('sends a contact message to the shop with Reply-To the sender, escaped, its line breaks kept in both parts', () => {
    const mail = contactMessageMail({
      to: 'shop@example.com',
      name: 'Ada "<i>" Lovelace',
      email: 'ada@example.com',
      phone: '',
      message: 'First line <script>x()</script>\r\nSecond & last',
      reference: 'ref-1',
    });
    expect(mail).toMatchObject({
      to: 'shop@example.com',
      replyTo: 'ada@example.com',
      subject: 'Contact form: Ada "<i>" Lovelace',
    });
    expect(mail.html).toContain('First line &lt;script&gt;x()&lt;/script&gt;<br>Second &amp; last');
    expect(mail.html).toContain('Ada &quot;&lt;i&gt;&quot; Lovelace');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<i>');
    expect(mail.text).toContain('First line <script>x()</script>\r\nSecond & last');
    expect(mail.text).toContain('Phone: not given');
    expect(mail.text).toContain('Reference: ref-1');
  });

  describe('the order confirmation', () => {
    const address = {
      name: 'Ada Lovelace',
      phone: '+447946095800',
      email: 'ada@example.com',
      address: '1 High Street',
      landmark: '',
      city: 'Inverness',
      postalCode: 'IV1 1AA',
      country: 'United Kingdom',
    };
    const lines = [
      { name: 'Roasted Cashew Nuts', selectedWeight: '500g', qty: 2, unitPricePence: 809, vatRate: 20 as const },
      { name: 'Medjool Dates', selectedWeight: '250g', qty: 1, unitPricePence: 419, vatRate: 0 as const },
    ];

    it('shows the subtotal, the discount with its code, delivery, the total and VAT with delivery’s share', () => {
      const mail = orderConfirmationMail({
        to: 'ada@example.com',
        orderNumber: 'RC-1001',
        lines: [
          { ...lines[0]!, discountPence: 243 },
          { ...lines[1]!, discountPence: 63 },
        ],
        subtotalPence: 2037,
        discountPence: 306,
        deliveryPence: 895,
        promoCode: 'TASTE15',
        totalPence: 2626,
        shippingAddress: address,
      });
      for (const part of [
        'Subtotal: £20.37',
        'Discount (TASTE15): −£3.06',
        'Delivery: £8.95',
        'Total paid: £26.26',
        'VAT at 20% included: £3.48 (on £20.86)',
        'VAT at 0% included: £0.00 (on £5.40)',
      ])
        expect(mail.text).toContain(part);
      expect(mail.html).toContain('Discount (TASTE15)');
      expect(mail.html).toContain('−£3.06');
    });

    it('says Free for free delivery and has no discount line without one', () => {
      const mail = orderConfirmationMail({
        to: 'ada@example.com',
        orderNumber: 'RC-1002',
        lines,
        subtotalPence: 2037,
        discountPence: 0,
        deliveryPence: 0,
        promoCode: null,
        totalPence: 2037,
        shippingAddress: address,
      });
      expect(mail.text).toContain('Delivery: Free');
      expect(mail.text).not.toContain('Discount');
      expect(mail.text).toContain('VAT at 20% included: £2.70 (on £16.18)');
    });
  });
});
