import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../lib/html.ts';
import { passwordResetMail, signupCodeMail, signupNoticeMail } from './account-mails.ts';
import { contactMessageMail } from './contact-message-mail.ts';

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
});
