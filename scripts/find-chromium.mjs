/**
 * Finds a Chromium for the browser tests: CHROME_PATH, then a system Chrome or
 * Chromium on PATH, then (on Debian, as root) installs Debian's `chromium`
 * with apt-get. Anything that downloads its own browser is avoided on purpose.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome', 'chrome'];

function onPath(name) {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

function lookUp() {
  if (process.env.CHROME_PATH) {
    if (existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
    throw new Error(`CHROME_PATH is set to ${process.env.CHROME_PATH}, which does not exist.`);
  }
  for (const name of CANDIDATES) {
    const found = onPath(name);
    if (found) return found;
  }
  return undefined;
}

/** Returns a Chromium executable path, installing Debian's chromium when it can. */
export function findChromium({ install = true } = {}) {
  const found = lookUp();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (install && isRoot && existsSync('/etc/debian_version') && onPath('apt-get')) {
    console.error("No Chromium found: installing Debian's chromium and fonts-liberation with apt-get...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-liberation'], { stdio: 'inherit', env });
    const installed = lookUp();
    if (installed) return installed;
  }
  throw new Error('No Chromium found. Install one (Debian: `apt-get install chromium fonts-liberation`) ' + 'or set CHROME_PATH to a Chrome or Chromium executable.');
}

/** Flags for a headless Chromium on a closed network (no background traffic). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

if (import.meta.url === `file://${process.argv[1]}`) console.log(findChromium());
