/**
 * Finds a `redis-server` for the inspection feed's Redis tests: REDIS_SERVER,
 * then `redis-server` on PATH, then (on Debian, as root) installs Debian's
 * `redis-server` with apt-get. The tests start it themselves on a free
 * loopback port with no persistence (test/node/redis-server.ts); the
 * package's own service is not needed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function onPath(name) {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

function lookUp() {
  if (process.env.REDIS_SERVER) {
    if (existsSync(process.env.REDIS_SERVER)) return process.env.REDIS_SERVER;
    throw new Error(`REDIS_SERVER is set to ${process.env.REDIS_SERVER}, which does not exist.`);
  }
  return onPath('redis-server');
}

/** Returns a redis-server executable path, installing Debian's when it can. */
export function findRedis({ install = true } = {}) {
  const found = lookUp();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (install && isRoot && existsSync('/etc/debian_version') && onPath('apt-get')) {
    console.error("No redis-server found: installing Debian's redis-server with apt-get...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'redis-server'], { stdio: 'inherit', env });
    const installed = lookUp();
    if (installed) return installed;
  }
  throw new Error('No redis-server found. Install one (Debian: `apt-get install redis-server`) or set REDIS_SERVER to its executable.');
}
