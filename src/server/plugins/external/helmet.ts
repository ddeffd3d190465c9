/** Security headers, with a Content-Security-Policy the built single-page app passes (no inline scripts). */
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          'style-src': ["'self'"],
          'img-src': ["'self'", 'data:'],
          'font-src': ["'self'"],
          'connect-src': ["'self'"],
          'object-src': ["'none'"],
          'frame-ancestors': ["'none'"],
          'form-action': ["'self'"],
          'base-uri': ["'self'"],
          // NOTE: upgrade-insecure-requests would break a shop served over plain HTTP on a LAN address.
          'upgrade-insecure-requests': null,
        },
      },
      // Off so that cross-origin images and payment pages can load later; CORP still guards our responses.
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'helmet' },
);
