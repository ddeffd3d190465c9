// The bench's reference: a bare Fastify server in a process of its own, answering GET /api/products with the
// bytes in the file named by argv[2] (and its brotli form from argv[2] + '.br' to clients that accept br),
// read once into memory. Prints its address when listening.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const bytes = readFileSync(process.argv[2]);
const brotli = readFileSync(`${process.argv[2]}.br`);
const app = Fastify({ logger: false });
app.get('/api/products', (request, reply) => {
  reply.type('application/json; charset=utf-8');
  if (/\bbr\b/.test(request.headers['accept-encoding'] ?? ''))
    return reply.header('content-encoding', 'br').send(brotli);
  return reply.send(bytes);
});
const address = await app.listen({ port: Number(process.argv[3] ?? 0), host: '127.0.0.1' });
console.log(address);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
