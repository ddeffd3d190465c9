/**
 * Answers prepared once and sent many times (the catalog's JSON, rendered pages): the bytes, their ETag and their
 * compressed forms, so a hot read costs neither serialisation, rendering nor compression per request.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, gzip, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cacheControl } from './cache-control.ts';

export interface PreparedAnswer {
  /** The Content-Type header, e.g. 'text/html; charset=utf-8'. */
  type: string;
  body: Buffer;
  etag: string;
  gzip: Buffer;
  brotli: Buffer;
}

const gzipOptions = { level: 9 };
const brotliOptions = (body: Buffer) => ({
  params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length },
});
const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** Prepares at once, blocking: for what is made at start-up or on a rare change (the catalog). */
export function prepareAnswer(text: string, type: string): PreparedAnswer {
  const body = Buffer.from(text);
  return {
    type,
    body,
    etag: etagOf(body),
    gzip: gzipSync(body, gzipOptions),
    brotli: brotliCompressSync(body, brotliOptions(body)),
  };
}

const gzipInBackground = promisify(gzip);
const brotliInBackground = promisify(brotliCompress);

/**
 * Prepares on libuv's worker threads: for what is made while requests are being answered (a page on its first
 * visit), where brotli's best quality (tens of milliseconds) must not stall every other request.
 */
export async function prepareAnswerInBackground(text: string, type: string): Promise<PreparedAnswer> {
  const body = Buffer.from(text);
  const [gzipped, brotli] = await Promise.all([
    gzipInBackground(body, gzipOptions),
    brotliInBackground(body, brotliOptions(body)),
  ]);
  return { type, body, etag: etagOf(body), gzip: gzipped, brotli };
}

export const prepareJson = (value: unknown) => prepareAnswer(JSON.stringify(value), 'application/json; charset=utf-8');

/** The bytes a prepared answer holds in memory, all three forms. */
export const preparedSize = (prepared: PreparedAnswer) =>
  prepared.body.length + prepared.gzip.length + prepared.brotli.length;

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** Accepts the coding only when listed without q=0; browsers send e.g. "gzip, deflate, br, zstd". */
function accepts(acceptEncoding: string, coding: string): boolean {
  return acceptEncoding.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== coding) return false;
    const quality = params.find((param) => param.trim().startsWith('q='));
    return quality === undefined || Number(quality.trim().slice(2)) > 0;
  });
}

type Coding = 'br' | 'gzip' | 'identity';
// Browsers send a handful of Accept-Encoding values, each the same on every request: each is read once. Bounded,
// since a client may send any text.
const codingByHeader = new Map<string, Coding>();
const CODINGS_REMEMBERED = 64;

function preferredCoding(acceptEncoding: string): Coding {
  let coding = codingByHeader.get(acceptEncoding);
  if (coding === undefined) {
    coding = accepts(acceptEncoding, 'br') ? 'br' : accepts(acceptEncoding, 'gzip') ? 'gzip' : 'identity';
    if (codingByHeader.size < CODINGS_REMEMBERED) codingByHeader.set(acceptEncoding, coding);
  }
  return coding;
}

/**
 * Sends a prepared answer in the best coding the client takes, or 304 when it holds this version. The caller sets
 * the status (a 404 page is prepared too, but only a 200 may be answered 304).
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, prepared: PreparedAnswer): FastifyReply {
  // no-cache: browsers keep the copy but ask each time, so a change shows at once and costs a 304 otherwise.
  const varies = reply.getHeader('vary');
  reply
    .header('etag', prepared.etag)
    .header('cache-control', cacheControl.revalidate)
    .header('vary', varies ? `${varies}, accept-encoding` : 'accept-encoding');
  if (reply.statusCode === 200 && matchesEtag(request.headers['if-none-match'], prepared.etag))
    return reply.code(304).send();

  reply.type(prepared.type);
  const coding = preferredCoding(request.headers['accept-encoding'] ?? '');
  if (coding === 'br') return reply.header('content-encoding', 'br').send(prepared.brotli);
  if (coding === 'gzip') return reply.header('content-encoding', 'gzip').send(prepared.gzip);
  return reply.send(prepared.body);
}
