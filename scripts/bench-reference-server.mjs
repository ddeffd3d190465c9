// The bench's reference: a bare Fastify server in a process of its own, answering GET argv[4] (default
// /api/products) with the bytes in the file named by argv[2] (and its brotli form from argv[2] + '.br' to clients
// that accept br), read once into memory, with the shop's own headers for each form from argv[2] + '.headers.json'.
// Prints its address when listening.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [, , bytesFile, port = '0', urlPath = '/api/products'] = process.argv;
const bytes = readFileSync(bytesFile);
const brotli = readFileSync(`${bytesFile}.br`);
const headers = JSON.parse(readFileSync(`${bytesFile}.headers.json`, 'utf8'));
const app = Fastify({ logger: false });
app.get(urlPath, (request, reply) => {
  if (/\bbr\b/.test(request.headers['accept-encoding'] ?? '')) return reply.headers(headers.br).send(brotli);
  return reply.headers(headers.identity).send(bytes);
});
const address = await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log(address);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
