/**
 * Wire contract of the contact form (docs/api.md, Limits): name, e-mail and message required, phone optional.
 * The server validates with it; the browser sends the fields as typed (the form has no client-side rules).
 */
import { z } from 'zod';
import { hasControlCharacter } from '#shared/control-characters';
import { EmailSchema, NameSchema } from '#shared/schemas/user';

export const CONTACT_MESSAGE_MAX_LENGTH = 2000;
export const CONTACT_PHONE_MAX_LENGTH = 30;

const enterPhone = 'Please enter your phone number using digits, spaces and + ( ) - only.';

/** Optional: a missing, null or empty phone is kept as ''. */
export const ContactPhoneSchema = z
  .string({ error: enterPhone })
  .trim()
  .max(CONTACT_PHONE_MAX_LENGTH, { error: `Phone number must be at most ${CONTACT_PHONE_MAX_LENGTH} characters.` })
  .regex(/^[\d +()-]*$/, { error: enterPhone })
  .nullish()
  .transform((phone) => phone ?? '');

export const ContactMessageSchema = z
  .string({ error: 'Please enter your message.' })
  .trim()
  .min(1, { error: 'Please enter your message.' })
  .max(CONTACT_MESSAGE_MAX_LENGTH, {
    error: `Message must be at most ${CONTACT_MESSAGE_MAX_LENGTH.toLocaleString('en-GB')} characters.`,
  })
  // Line breaks and tabs belong in a message; other control characters (a NUL, which PostgreSQL refuses in
  // text) do not.
  .refine((message) => !hasControlCharacter(message, { lineBreaks: 'allowed' }), {
    error: 'Please remove the control characters from your message.',
  });

export const ContactBodySchema = z.object(
  {
    name: NameSchema,
    email: EmailSchema,
    phone: ContactPhoneSchema,
    message: ContactMessageSchema,
  },
  { error: 'Please send the form as a JSON object.' },
);
export type ContactBody = z.infer<typeof ContactBodySchema>;
/** What the form sends, before the server trims and checks it. */
export type ContactBodyInput = z.input<typeof ContactBodySchema>;

export const ContactAnswerSchema = z.object({ message: z.string() });
export type ContactAnswer = z.infer<typeof ContactAnswerSchema>;
