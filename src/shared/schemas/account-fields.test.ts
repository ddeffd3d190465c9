/**
 * The name, e-mail and password rules every endpoint shares (signup, login, the password reset, contact, the
 * shipping address, a guest's order), tested once here; each endpoint's bad-input test proves it applies them.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { EmailSchema, NameSchema, NewPasswordSchema } from '#shared/schemas/user';

function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

const enterName = 'Please enter your name.';
const enterEmail = 'Please enter a valid e-mail address.';
const enterPassword = 'Please enter a password.';

describe.each([
  { schema: 'name', parse: NameSchema, value: undefined, message: enterName },
  { schema: 'name', parse: NameSchema, value: '', message: enterName },
  { schema: 'name', parse: NameSchema, value: '   ', message: enterName },
  { schema: 'name', parse: NameSchema, value: 42, message: enterName },
  { schema: 'name', parse: NameSchema, value: 'n'.repeat(101), message: 'Name must be at most 100 characters.' },
  {
    schema: 'name',
    parse: NameSchema,
    value: 'Ada\nP.S. Click here',
    message: 'Please enter your name without line breaks.',
  },
  {
    schema: 'name',
    parse: NameSchema,
    value: 'Ada\nBcc: everyone@example.com',
    message: 'Please enter your name without line breaks.',
  },
  { schema: 'e-mail', parse: EmailSchema, value: undefined, message: enterEmail },
  { schema: 'e-mail', parse: EmailSchema, value: ['ada@example.com'], message: enterEmail },
  { schema: 'e-mail', parse: EmailSchema, value: '', message: 'Please enter your e-mail address.' },
  { schema: 'e-mail', parse: EmailSchema, value: 'ada at example', message: enterEmail },
  { schema: 'e-mail', parse: EmailSchema, value: 'not-an-address', message: enterEmail },
  {
    schema: 'e-mail',
    parse: EmailSchema,
    value: `${'e'.repeat(250)}@example.com`,
    message: 'E-mail address must be at most 254 characters.',
  },
  { schema: 'password', parse: NewPasswordSchema, value: undefined, message: enterPassword },
  { schema: 'password', parse: NewPasswordSchema, value: 42, message: enterPassword },
  { schema: 'password', parse: NewPasswordSchema, value: { value: 'x' }, message: enterPassword },
  { schema: 'password', parse: NewPasswordSchema, value: 'short', message: 'Password must be at least 8 characters.' },
  {
    schema: 'password',
    parse: NewPasswordSchema,
    value: 'p'.repeat(129),
    message: 'Password must be at most 128 characters.',
  },
])('a $schema of $value', ({ parse, value, message }) => {
  it(`is refused with “${message}”`, () => {
    expect(firstMessage(parse, value)).toBe(message);
  });
});

describe('what the shared fields accept', () => {
  it('trims a name and keeps what is inside, up to 100 characters', () => {
    expect(NameSchema.parse('  Ada <Lovelace>  ')).toBe('Ada <Lovelace>');
    expect(NameSchema.parse('n'.repeat(100))).toBe('n'.repeat(100));
  });

  it('trims and lower-cases an e-mail address, so one mailbox is one account', () => {
    expect(EmailSchema.parse('  ADA@Example.com ')).toBe('ada@example.com');
  });

  it('keeps a password as typed, spaces included, from 8 to 128 characters', () => {
    expect(NewPasswordSchema.parse(' 8 chars')).toBe(' 8 chars');
    expect(NewPasswordSchema.parse('p'.repeat(128))).toBe('p'.repeat(128));
  });
});
