/** The mail domain as other domains see it: its plugins, the unit of work's types, and the shop's mails. */
export { default as mailerPlugin } from './mailer.ts';
export {
  passwordChangedMail,
  passwordResetMail,
  signupCodeMail,
  signupNoticeMail,
  staffInviteMail,
} from './templates/account-mails.ts';
export { lowStockShopMail, newOrderShopMail } from './templates/shop-alert-mails.ts';
export { contactAcknowledgementMail } from './templates/contact-acknowledgement-mail.ts';
export { contactMessageMail } from './templates/contact-message-mail.ts';
export { contactReplyMail } from './templates/contact-reply-mail.ts';
export type { OutgoingMail } from './templates/layout.ts';
export { orderConfirmationMail } from './templates/order-confirmation-mail.ts';
export { orderStatusMail } from './templates/order-status-mail.ts';
export { bestBeforeText, recallMail } from './templates/recall-mail.ts';
export { cancellationMail, refundMail } from './templates/refund-mails.ts';
export { type QueueMail, type UnitOfWork, default as unitOfWorkPlugin } from './unit-of-work.ts';
