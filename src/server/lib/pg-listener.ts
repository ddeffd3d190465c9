/**
 * A PostgreSQL LISTEN on a connection of its own (a pooled one would be handed to queries): notifications on one
 * channel, reconnected with a growing pause whenever the connection drops, and told when it is (re)connected, since
 * a notification sent while it was down is lost and the listener must catch up some other way.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

export interface PgListener {
  /** False while the connection is down or being made again. */
  readonly connected: boolean;
  close(): Promise<void>;
}

export interface PgListenerOptions {
  connectionString: string;
  /** A plain identifier: it is written into the LISTEN statement. */
  channel: string;
  onNotification(payload: string): void;
  /** Called after each (re)connection, once listening. */
  onListening(): void;
  log: FastifyBaseLogger;
}

const FIRST_PAUSE_MS = 250;
const LONGEST_PAUSE_MS = 10_000;

export function listenToChannel(options: PgListenerOptions): PgListener {
  if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) throw new Error(`not a plain channel name: ${options.channel}`);
  let client: pg.Client | undefined;
  let closed = false;
  let pause = FIRST_PAUSE_MS;
  let retry: ReturnType<typeof setTimeout> | undefined;

  function connectLater() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, pause);
    retry.unref();
    pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
  }

  function lost(which: pg.Client, error?: Error) {
    if (client !== which) return;
    client = undefined;
    if (!closed) options.log.warn({ err: error, channel: options.channel }, 'database listener lost: reconnecting');
    which.end().catch(() => undefined);
    connectLater();
  }

  async function connect() {
    if (closed) return;
    const next = new pg.Client({ connectionString: options.connectionString });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel === options.channel) options.onNotification(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${options.channel}`);
    } catch (error) {
      options.log.warn({ err: error, channel: options.channel }, 'database listener could not connect: trying again');
      next.end().catch(() => undefined);
      connectLater();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    pause = FIRST_PAUSE_MS;
    options.onListening();
  }

  void connect();
  return {
    get connected() {
      return client !== undefined;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
