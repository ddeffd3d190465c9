/** The one reader of process.env: every setting the server takes, validated once at start-up. */
import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** Milliseconds, given as a whole number; 0 is refused, as it would switch the limit off. */
const milliseconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
  // Limits on what a client may hold open (docs/decisions/019-connection-limits.md).
  REQUEST_TIMEOUT_MS: milliseconds(30_000),
  HEADERS_TIMEOUT_MS: milliseconds(10_000),
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(72_000),
  SOCKET_IDLE_TIMEOUT_MS: milliseconds(60_000),
  MAX_CONNECTIONS: z.coerce.number().int().positive().default(4096),
}).refine((vars) => vars.HEADERS_TIMEOUT_MS <= vars.REQUEST_TIMEOUT_MS, {
  path: ['HEADERS_TIMEOUT_MS'],
  message: 'must not be longer than REQUEST_TIMEOUT_MS (the headers are part of the request)',
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Unset means the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  logLevel: string;
  /** The built single-page app; unset when the server runs without one (API tests). */
  webDistDir: string | undefined;
  /** Longest time to receive a whole request, headers and body. */
  requestTimeoutMs: number;
  /** Longest time to receive a request's headers: from the connection's opening, or a reused one's first byte. */
  headersTimeoutMs: number;
  /** How long an idle keep-alive connection stays open between requests. */
  keepAliveTimeoutMs: number;
  /** How long a connection may see no traffic at all while a request is read or answered (a client that stops reading). */
  socketIdleTimeoutMs: number;
  /** Connections open at once; further ones are closed at once, before any request is read. */
  maxConnections: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${problems.join('\n')}`);
  }
  const vars = parsed.data;
  return {
    nodeEnv: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(vars.DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    logLevel: vars.LOG_LEVEL,
    webDistDir: path.resolve(vars.WEB_DIST_DIR),
    requestTimeoutMs: vars.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: vars.HEADERS_TIMEOUT_MS,
    keepAliveTimeoutMs: vars.KEEP_ALIVE_TIMEOUT_MS,
    socketIdleTimeoutMs: vars.SOCKET_IDLE_TIMEOUT_MS,
    maxConnections: vars.MAX_CONNECTIONS,
  };
}
