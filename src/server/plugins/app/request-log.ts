/**
 * One log line per answer that an operator needs: every write (POST, PUT, PATCH, DELETE), every refused or
 * failed request, and any read that was slow. Successful reads log at debug: at the shipped `info` level, Fastify's two lines per request cost
 * the catalog a third of its throughput (docs/decisions/015-request-logging.md). Client mistakes and failures
 * are logged where they are answered (src/server/errors.ts).
 */
import fp from 'fastify-plugin';
import { redactUrl } from '../../lib/log-redaction.ts';

export const SLOW_REQUEST_MS = 1000;
const levelsShowingDebug = new Set(['debug', 'trace']);

export default fp(
  async (app) => {
    app.addHook('onResponse', (request, reply, done) => {
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      const milliseconds = reply.elapsedTime;
      const level = !isRead || reply.statusCode >= 400 || milliseconds >= SLOW_REQUEST_MS ? 'info' : 'debug';
      // The busiest answers are reads logged at debug, which the shipped level drops: skip building the line.
      if (level === 'debug' && !levelsShowingDebug.has(request.log.level)) return done();
      request.log[level](
        {
          method: request.method,
          url: redactUrl(request.url),
          statusCode: reply.statusCode,
          ms: Math.round(milliseconds),
        },
        'request completed',
      );
      done();
    });
  },
  { name: 'request-log' },
);
