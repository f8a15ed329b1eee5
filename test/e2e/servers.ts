/**
 * Starts `npm start`'s servers (the development edge, the proxy and the chat
 * app) as the real command does, on free ports, for the end-to-end tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface RunningApp {
  url: string;
  edgeUrl: string;
  stop(): Promise<void>;
}

/** Runs scripts/start.ts (what `npm start` runs) until it prints its URL. */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const port = await freePort();
  const edgePort = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), OZ_EDGE_PORT: String(edgePort), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not come up:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /OZ chat is running: (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
  });
  return {
    url,
    edgeUrl: `http://127.0.0.1:${edgePort}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    },
  };
}
