/**
 * Answers prepared once and sent many times (the catalog's JSON, the sitemap, robots.txt): the bytes, their type,
 * their ETag and their compressed forms, so a hot read costs neither serialisation nor compression per request.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cacheControl } from './cache-control.ts';

export interface PreparedAnswer {
  /** The Content-Type, charset included. */
  type: string;
  body: Buffer;
  etag: string;
  gzip: Buffer;
  brotli: Buffer;
}

export function prepareAnswer(content: string | Buffer, type: string): PreparedAnswer {
  const body = Buffer.from(content);
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return {
    type,
    body,
    etag: `"${hash}"`,
    gzip: gzipSync(body, { level: 9 }),
    brotli: brotliCompressSync(body, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  };
}

export function prepareJson(value: unknown): PreparedAnswer {
  return prepareAnswer(JSON.stringify(value), 'application/json; charset=utf-8');
}

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

/**
 * Sends a prepared answer in the encoding the client takes, or 304 to a client that holds it. NOTE: the route must
 * say `config: { compress: false }`, or the compression plugin would look at bytes that are already compressed.
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, prepared: PreparedAnswer): FastifyReply {
  // no-cache: browsers keep the copy but ask each time, so a catalog change shows at once and costs a 304 otherwise.
  reply
    .header('etag', prepared.etag)
    .header('cache-control', cacheControl.revalidate)
    .header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], prepared.etag)) return reply.code(304).send();

  reply.type(prepared.type);
  const acceptEncoding = request.headers['accept-encoding'] ?? '';
  if (accepts(acceptEncoding, 'br')) return reply.header('content-encoding', 'br').send(prepared.brotli);
  if (accepts(acceptEncoding, 'gzip')) return reply.header('content-encoding', 'gzip').send(prepared.gzip);
  return reply.send(prepared.body);
}
