/**
 * A real `redis-server` for tests (Debian's package; .ci/run installs it):
 * started on a free loopback port with no persistence, stopped by pid, and
 * restartable on the same port (it then comes back empty, as a crashed Redis
 * without persistence does).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface TestRedis {
  url: string;
  port: number;
  /** Kills it (SIGKILL: a crash, not a shutdown). */
  kill(): Promise<void>;
  /** Stops it answering (SIGSTOP: a Redis too slow to answer), and lets it go on (SIGCONT). */
  pause(): void;
  resume(): void;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function launch(port: number): Promise<ChildProcess> {
  const child = spawn(
    process.env.REDIS_SERVER ?? 'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes', '--loglevel', 'notice'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start on ${port}: ${out}`)), 10_000);
    const look = (b: Buffer) => {
      out += b.toString();
      if (/Ready to accept connections/.test(out)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`redis-server cannot be started (apt-get install redis-server): ${err.message}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}): ${out}`));
    });
  });
}

/** Starts a Redis for a test. */
export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined = await launch(port);
  const kill = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null) return;
    const gone = new Promise((r) => c.once('exit', r));
    c.kill('SIGCONT');
    c.kill('SIGKILL');
    await gone;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    async restart() {
      await kill();
      child = await launch(port);
    },
    stop: kill,
  };
}
