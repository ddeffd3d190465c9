// `node scripts/bench/round-robin-proxy.mjs PORT BACKEND_PORT...`: a TCP proxy on 127.0.0.1:PORT handing each new
// connection to the next backend in turn, as a layer-4 load balancer does, so that a load generator's keep-alive
// connections spread evenly over the server processes behind one address. It runs in a process of its own (npm run
// bench:scale starts it), so its work never shares the load generator's event loop.
import net from 'node:net';

const [port, ...backends] = process.argv.slice(2).map(Number);
if (!port || backends.length === 0 || backends.some((backend) => !backend)) {
  console.error('usage: round-robin-proxy.mjs PORT BACKEND_PORT...');
  process.exit(2);
}

let next = 0;
const server = net.createServer((client) => {
  const backend = net.connect({ host: '127.0.0.1', port: backends[next++ % backends.length] });
  client.setNoDelay(true);
  backend.setNoDelay(true);
  client.pipe(backend).pipe(client);
  const close = () => {
    client.destroy();
    backend.destroy();
  };
  client.on('error', close).on('close', close);
  backend.on('error', close).on('close', close);
});
server.listen(port, '127.0.0.1', () => console.log(`round-robin proxy on ${port} to ${backends.join(', ')}`));
process.on('SIGTERM', () => process.exit(0));
