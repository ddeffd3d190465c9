/** The real server as a process of its own (`src/server/main.ts` through tsx), for tests about starting, stopping and crashing. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const builtServerEntry = fileURLToPath(new URL('../../dist/server/main.js', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  stderr(): string;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the server on a free port with only the settings given: a DATABASE_URL inherited from a PostgreSQL
 * test run would otherwise bypass the PGlite folder a test means to use.
 */
export async function startServer(
  env: { DATA_DIR: string; WEB_DIST_DIR: string } & NodeJS.ProcessEnv,
  { asBuilt = false } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  // As built: the production bundle `npm start` runs (npm test builds it first), for tests that time a start; the
  // source through tsx spends a second or more compiling first.
  const useBuild = asBuilt && existsSync(builtServerEntry);
  const child = spawn(process.execPath, useBuild ? [builtServerEntry] : ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? '')),
  );
  return { child, port, url: `http://127.0.0.1:${port}`, exited, stderr: () => stderr };
}

/** Polls /healthz until it answers 200; fails at once if the process exits first. */
export async function waitUntilHealthy(server: ServerProcess, timeoutMs = 120_000): Promise<void> {
  let exitedWith: number | string | undefined;
  void server.exited.then((code) => (exitedWith = code));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitedWith !== undefined)
      throw new Error(`server exited (${exitedWith}) before it was healthy:\n${server.stderr()}`);
    try {
      const response = await fetch(`${server.url}/healthz`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.stderr()}`);
}

/** Kills the process if it still runs and waits for it to end. */
export async function killServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGKILL') {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}
