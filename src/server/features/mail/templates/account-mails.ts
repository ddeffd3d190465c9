/** The mails of a customer account: the signup code, the notice to an address that has an account, the reset link, the notice of a new password. */
import { SHOP_NAME } from '#shared/constants';
import { escapeHtml } from '../../../lib/html.ts';
import { colours, greeting, layout, type OutgoingMail, textFooter } from './layout.ts';

/**
 * The signup code. The address has not proven itself yet, so nothing typed into the signup form goes in (not
 * even the name): the shop must not carry a stranger's words to any address they like (decision 043).
 */
export function signupCodeMail({
  to,
  code,
  validForMinutes,
}: {
  to: string;
  code: string;
  validForMinutes: number;
}): OutgoingMail {
  const subject = `Your ${SHOP_NAME} sign-up code`;
  const html = layout(
    subject,
    `<p style="margin:0 0 16px;">Hello,</p>
<p style="margin:0 0 16px;">Enter this code to confirm your e-mail address and finish creating your account:</p>
<p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:6px;color:${colours.roast};">${escapeHtml(code)}</p>
<p style="margin:0 0 16px;color:${colours.muted};">The code is valid for ${validForMinutes} minutes. If you did not sign up at ${escapeHtml(SHOP_NAME)}, you can ignore this e-mail.</p>`,
  );
  const text = [
    'Hello,',
    '',
    'Enter this code to confirm your e-mail address and finish creating your account:',
    '',
    `    ${code}`,
    '',
    `The code is valid for ${validForMinutes} minutes. If you did not sign up at ${SHOP_NAME}, you can ignore this e-mail.`,
    '',
    textFooter,
  ].join('\n');
  return { to, subject, html, text };
}

/**
 * To the owner of an account when someone signs up with its address: no code, nothing from the signup form,
 * and the ways in (log in, reset the password). `name` is the account's own.
 */
export function signupNoticeMail({
  to,
  name,
  loginLink,
  resetLink,
}: {
  to: string;
  name: string;
  loginLink: string;
  resetLink: string;
}): OutgoingMail {
  const subject = `Someone tried to sign up at ${SHOP_NAME} with your e-mail address`;
  const intro = `Someone, perhaps you, tried to create a new ${SHOP_NAME} account with this e-mail address. You already have an account, so no new one was made and your password has not changed.`;
  const button = `display:inline-block;background:${colours.button};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px;`;
  const html = layout(
    subject,
    `<p style="margin:0 0 16px;">${escapeHtml(greeting(name))}</p>
<p style="margin:0 0 16px;">${escapeHtml(intro)}</p>
<p style="margin:0 0 16px;">If it was you, log in with your password:</p>
<p style="margin:0 0 24px;"><a href="${escapeHtml(loginLink)}" style="${button}">Log in</a></p>
<p style="margin:0 0 16px;">Forgotten your password? Choose a new one:</p>
<p style="margin:0 0 24px;"><a href="${escapeHtml(resetLink)}" style="${button}">Reset your password</a></p>
<p style="margin:0 0 16px;color:${colours.muted};">If it was not you, you can ignore this e-mail: nobody can use your address at ${escapeHtml(SHOP_NAME)} without reading your mail.</p>`,
  );
  const text = [
    greeting(name),
    '',
    intro,
    '',
    'If it was you, log in with your password:',
    loginLink,
    '',
    'Forgotten your password? Choose a new one:',
    resetLink,
    '',
    `If it was not you, you can ignore this e-mail: nobody can use your address at ${SHOP_NAME} without reading your mail.`,
    '',
    textFooter,
  ].join('\n');
  return { to, subject, html, text };
}

export function passwordResetMail({
  to,
  name,
  link,
  validForMinutes,
}: {
  to: string;
  name: string;
  link: string;
  validForMinutes: number;
}): OutgoingMail {
  const subject = `Reset your ${SHOP_NAME} password`;
  const html = layout(
    subject,
    `<p style="margin:0 0 16px;">${escapeHtml(greeting(name))}</p>
<p style="margin:0 0 16px;">We received a request to reset the password of your account. Choose a new password here:</p>
<p style="margin:0 0 24px;"><a href="${escapeHtml(link)}" style="display:inline-block;background:${colours.button};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px;">Reset your password</a></p>
<p style="margin:0 0 16px;color:${colours.muted};">Or paste this address into your browser: <br><a href="${escapeHtml(link)}" style="color:${colours.button};word-break:break-all;">${escapeHtml(link)}</a></p>
<p style="margin:0 0 16px;color:${colours.muted};">The link works once and for ${validForMinutes} minutes. If you did not ask for it, you can ignore this e-mail: your password stays as it is.</p>`,
  );
  const text = [
    greeting(name),
    '',
    'We received a request to reset the password of your account. Choose a new password here:',
    '',
    link,
    '',
    `The link works once and for ${validForMinutes} minutes. If you did not ask for it, you can ignore this e-mail: your password stays as it is.`,
    '',
    textFooter,
  ].join('\n');
  return { to, subject, html, text };
}

/** An invitation to work in the shop's /admin (decision 097): the single-use link that sets the password. */
export function staffInviteMail({
  to,
  name,
  role,
  invitedBy,
  link,
  validForHours,
}: {
  to: string;
  name: string;
  role: 'staff' | 'admin';
  invitedBy: string;
  link: string;
  validForHours: number;
}): OutgoingMail {
  const subject = `You are invited to work at ${SHOP_NAME}`;
  const what =
    role === 'admin'
      ? 'as an admin: everything in the shop’s admin, from orders and packing to prices, refunds and staff.'
      : 'as staff: orders, packing and dispatch, messages and reviews.';
  const html = layout(
    subject,
    `<p style="margin:0 0 16px;">${escapeHtml(greeting(name))}</p>
<p style="margin:0 0 16px;">${escapeHtml(invitedBy)} has invited you to work in ${escapeHtml(SHOP_NAME)}’s admin ${escapeHtml(what)} Choose your password here:</p>
<p style="margin:0 0 24px;"><a href="${escapeHtml(link)}" style="display:inline-block;background:${colours.button};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px;">Accept the invitation</a></p>
<p style="margin:0 0 16px;color:${colours.muted};">Or paste this address into your browser: <br><a href="${escapeHtml(link)}" style="color:${colours.button};word-break:break-all;">${escapeHtml(link)}</a></p>
<p style="margin:0 0 16px;color:${colours.muted};">The link works once and for ${validForHours} hours. If you did not expect it, you can ignore this e-mail.</p>`,
  );
  const text = [
    greeting(name),
    '',
    `${invitedBy} has invited you to work in ${SHOP_NAME}’s admin ${what} Choose your password here:`,
    '',
    link,
    '',
    `The link works once and for ${validForHours} hours. If you did not expect it, you can ignore this e-mail.`,
    '',
    textFooter,
  ].join('\n');
  return { to, subject, html, text };
}

/** When a password was set, as the owner reads it: London time, with the date spelled out. */
function londonTime(date: Date): string {
  const day = date.toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });
  return `${day} at ${time} (London time)`;
}

/**
 * To an account's address after its password was changed (logged in) or reset (by a mailed link), decision 102: when,
 * and what to do if it was not them. Nothing secret: no link that sets a password, only the page that asks for one.
 */
export function passwordChangedMail({
  to,
  name,
  how,
  at,
  resetLink,
  contactLink,
}: {
  to: string;
  name: string;
  how: 'changed' | 'reset';
  at: Date;
  resetLink: string;
  contactLink: string;
}): OutgoingMail {
  const subject = `Your ${SHOP_NAME} password has been ${how}`;
  const what = `The password of your ${SHOP_NAME} account was ${how === 'changed' ? 'changed on the account page' : 'reset with a link we e-mailed you'} on ${londonTime(at)}. Every other device logged in to your account has been logged out.`;
  const ifYou = 'If it was you, there is nothing more to do.';
  const ifNot =
    'If it was not you, someone may know your password or read your e-mail: choose a new password at once, change your e-mail password too, and tell us.';
  const button = `display:inline-block;background:${colours.button};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px;`;
  const html = layout(
    subject,
    `<p style="margin:0 0 16px;">${escapeHtml(greeting(name))}</p>
<p style="margin:0 0 16px;">${escapeHtml(what)}</p>
<p style="margin:0 0 16px;">${escapeHtml(ifYou)}</p>
<p style="margin:0 0 16px;">${escapeHtml(ifNot)}</p>
<p style="margin:0 0 16px;"><a href="${escapeHtml(resetLink)}" style="${button}">Choose a new password</a></p>
<p style="margin:0 0 16px;color:${colours.muted};">Tell us: <a href="${escapeHtml(contactLink)}" style="color:${colours.button};">${escapeHtml(contactLink)}</a></p>`,
  );
  const text = [
    greeting(name),
    '',
    what,
    '',
    ifYou,
    '',
    ifNot,
    '',
    `Choose a new password: ${resetLink}`,
    `Tell us: ${contactLink}`,
    '',
    textFooter,
  ].join('\n');
  return { to, subject, html, text };
}
