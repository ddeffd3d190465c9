/** Every malformed review, as JSON and as a form: a 4xx with a message (field errors for fields), nothing stored. */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewPhotosDir } from '#server/lib/uploads';
import { controlCharacterMessages } from '#server/plugins/app/control-characters';
import { reviewTexts } from '#server/features/reviews/messages';
import { reviewMessages } from '#shared/schemas/review';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { queryRows } from '#tests/db';
import { jpegWithExif } from '#tests/images';
import { multipartBody } from '#tests/multipart';

let testApp: TestApp;
let photo: Buffer;
beforeAll(async () => {
  testApp = await buildTestApp();
  photo = await jpegWithExif({ width: 400, height: 300 });
});
afterAll(() => testApp?.close());

async function countReviews(): Promise<number> {
  const [row] = await queryRows<{ count: number }>(testApp, sql`select count(*)::int as count from reviews`);
  return row?.count ?? 0;
}

async function photoFiles(): Promise<string[]> {
  const folder = reviewPhotosDir(testApp.config.dataDir);
  return existsSync(folder) ? readdir(folder) : [];
}

const good = { name: 'Ada Lovelace', location: 'London', rating: 5, message: 'Lovely roasted cashews.' };

interface FieldCase {
  label: string;
  body: Record<string, unknown>;
  message: string;
  /** The message when sent as JSON, where it differs. */
  jsonMessage?: string;
  fields: string[];
}

/** Bad fields: each answered 400 with the first error's message and every field named, as JSON and as a form. */
const fieldCases: FieldCase[] = [
  { label: 'a missing name', body: { ...good, name: undefined }, message: reviewMessages.name, fields: ['name'] },
  { label: 'a blank name', body: { ...good, name: '  \t ' }, message: reviewMessages.name, fields: ['name'] },
  {
    label: 'a missing message',
    body: { ...good, message: undefined },
    message: reviewMessages.message,
    fields: ['message'],
  },
  {
    label: 'a blank message',
    body: { ...good, message: ' \n ' },
    message: reviewMessages.message,
    fields: ['message'],
  },
  {
    label: 'a missing rating',
    body: { ...good, rating: undefined },
    message: reviewMessages.rating,
    fields: ['rating'],
  },
  { label: 'a rating of 0', body: { ...good, rating: 0 }, message: reviewMessages.rating, fields: ['rating'] },
  { label: 'a rating of 6', body: { ...good, rating: 6 }, message: reviewMessages.rating, fields: ['rating'] },
  { label: 'a rating of 2.5', body: { ...good, rating: 2.5 }, message: reviewMessages.rating, fields: ['rating'] },
  {
    label: "a rating of 'five'",
    body: { ...good, rating: 'five' },
    message: reviewMessages.rating,
    fields: ['rating'],
  },
  { label: 'a rating of -1', body: { ...good, rating: -1 }, message: reviewMessages.rating, fields: ['rating'] },
  { label: 'an empty rating', body: { ...good, rating: '' }, message: reviewMessages.rating, fields: ['rating'] },
  {
    label: 'a name over 100 characters',
    body: { ...good, name: 'n'.repeat(101) },
    message: reviewMessages.nameTooLong,
    fields: ['name'],
  },
  {
    label: 'a location over 100 characters',
    body: { ...good, location: 'l'.repeat(101) },
    message: reviewMessages.location,
    fields: ['location'],
  },
  {
    label: 'a message over 2,000 characters',
    body: { ...good, message: 'm'.repeat(2001) },
    message: reviewMessages.messageTooLong,
    fields: ['message'],
  },
  {
    label: 'a line break in the name',
    body: { ...good, name: 'Ada\nLovelace' },
    message: reviewMessages.nameOneLine,
    fields: ['name'],
  },
  {
    label: 'a line break in the location',
    body: { ...good, location: 'London\r\nUK' },
    message: reviewMessages.location,
    fields: ['location'],
  },
  {
    label: 'a NUL in the message',
    body: { ...good, message: 'Lovely\u0000cashews' },
    message: reviewMessages.messageControl,
    // JSON meets the app-wide control-character check before the schema; a form's fields meet the same rule there.
    jsonMessage: controlCharacterMessages.field,
    fields: ['message'],
  },
  {
    label: 'everything missing',
    body: {},
    message: reviewMessages.name,
    fields: ['name', 'rating', 'message'],
  },
];

/** Numbers, lists and objects where strings belong: JSON can send them, a form cannot. */
const jsonOnlyCases: FieldCase[] = [
  {
    label: 'numbers, lists and objects for strings',
    body: { name: 42, location: ['London'], rating: { stars: 5 }, message: { text: 'hi' } },
    message: reviewMessages.name,
    fields: ['name', 'location', 'rating', 'message'],
  },
  { label: "a rating of '4.0'", body: { ...good, rating: '4.0' }, message: reviewMessages.rating, fields: ['rating'] },
  { label: 'a rating of true', body: { ...good, rating: true }, message: reviewMessages.rating, fields: ['rating'] },
];

function formFields(body: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(body)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
}

async function expectRefused(
  response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
  message: string | RegExp,
  fields?: string[],
) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as { message: string; errors?: { field: string; message: string }[] };
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  if (fields) {
    expect(body.errors?.map((error) => error.field)).toEqual(fields);
    expect(body.errors?.[0]?.message).toBe(body.message);
  }
}

describe('POST /api/reviews with bad fields', () => {
  it.each([...fieldCases, ...jsonOnlyCases])('as JSON, $label → 400 with field errors, nothing stored', async (c) => {
    const before = await countReviews();
    const response = await testApp.app.inject({ method: 'POST', url: '/api/reviews', payload: c.body });
    await expectRefused(response, 400, c.jsonMessage ?? c.message, c.fields);
    expect(await countReviews()).toBe(before);
  });

  it.each(fieldCases)('as a form with a photo, $label → 400 with field errors, nothing stored', async (c) => {
    const before = await countReviews();
    const filesBefore = await photoFiles();
    const { payload, headers } = multipartBody(formFields(c.body), [
      { filename: 'photo.jpg', contentType: 'image/jpeg', content: photo },
    ]);
    const response = await testApp.app.inject({ method: 'POST', url: '/api/reviews', payload, headers });
    await expectRefused(response, 400, c.message, c.fields);
    expect(await countReviews()).toBe(before);
    expect(await photoFiles()).toEqual(filesBefore);
  });
});

describe('POST /api/reviews with a body that is not a review', () => {
  interface BodyCase {
    label: string;
    headers?: Record<string, string>;
    payload?: string | Buffer;
    status: number;
    message: string | RegExp;
  }
  const boundary = 'roast-test-boundary';
  const multipart = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

  const cases: BodyCase[] = [
    { label: 'a missing body', status: 400, message: reviewMessages.body },
    {
      label: 'JSON null',
      headers: { 'content-type': 'application/json' },
      payload: 'null',
      status: 400,
      message: reviewMessages.body,
    },
    {
      label: 'a JSON list',
      headers: { 'content-type': 'application/json' },
      payload: '[]',
      status: 400,
      message: reviewMessages.body,
    },
    {
      label: 'malformed JSON',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ada", ',
      status: 400,
      message: /JSON/,
    },
    {
      label: 'a JSON body over 100 KB',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...good, message: 'm'.repeat(101 * 1024) }),
      status: 413,
      message: /too large/i,
    },
    {
      label: 'a form without a boundary',
      headers: { 'content-type': 'multipart/form-data' },
      payload: field('name', 'Ada'),
      status: 400,
      message: reviewMessages.body,
    },
    {
      label: 'a form cut short',
      headers: multipart,
      payload: `${field('name', 'Ada')}--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\nhal`,
      status: 400,
      message: reviewMessages.body,
    },
    {
      label: 'a form with a repeated name',
      headers: multipart,
      payload: `${field('name', 'Ada')}${field('name', 'Eve')}${field('rating', '5')}${field('message', 'Hi')}--${boundary}--\r\n`,
      status: 400,
      message: reviewMessages.name,
    },
    {
      label: 'a form with too many fields',
      headers: multipart,
      payload: `${Array.from({ length: 12 }, (_, i) => field(`extra${i}`, 'x')).join('')}--${boundary}--\r\n`,
      status: 413,
      message: reviewTexts.tooManyFields,
    },
    {
      label: 'a form field far over its limit',
      headers: multipart,
      payload: `${field('name', 'Ada')}${field('rating', '5')}${field('message', 'm'.repeat(40 * 1024))}--${boundary}--\r\n`,
      status: 400,
      message: reviewMessages.messageTooLong,
    },
    {
      label: 'a form field with a prototype name',
      headers: multipart,
      payload: `${field('__proto__', 'x')}${field('name', 'Ada')}--${boundary}--\r\n`,
      status: 400,
      message: reviewMessages.body,
    },
    {
      label: 'plain text',
      headers: { 'content-type': 'text/plain' },
      payload: 'Lovely cashews',
      status: 415,
      message: reviewMessages.body,
    },
    {
      label: 'an unknown content type',
      headers: { 'content-type': 'image/jpeg' },
      payload: 'not really',
      status: 415,
      message: reviewMessages.body,
    },
  ];

  it.each(cases)('$label → $status with a message, nothing stored', async (c) => {
    const before = await countReviews();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/reviews',
      ...(c.headers ? { headers: c.headers } : {}),
      ...(c.payload === undefined ? {} : { payload: c.payload }),
    });
    await expectRefused(response, c.status, c.message);
    expect(await countReviews()).toBe(before);
  });
});
