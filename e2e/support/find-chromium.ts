import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** Debian's chromium, or one that `npx playwright install` put in its cache, in that order. */
export function findChromium(env: Record<string, string | undefined> = process.env): string {
  if (env.CHROMIUM_PATH) {
    if (!existsSync(env.CHROMIUM_PATH))
      throw new Error(`CHROMIUM_PATH ${env.CHROMIUM_PATH} does not exist`);
    return env.CHROMIUM_PATH;
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const cache = env.PLAYWRIGHT_BROWSERS_PATH ?? path.join(homedir(), '.cache', 'ms-playwright');
  if (existsSync(cache)) {
    for (const dir of readdirSync(cache)
      .filter((d) => d.startsWith('chromium'))
      .sort()
      .reverse()) {
      for (const binary of [
        'chrome-linux64/chrome',
        'chrome-linux/chrome',
        'chrome-mac/Chromium.app/Contents/MacOS/Chromium',
      ]) {
        const candidate = path.join(cache, dir, binary);
        if (existsSync(candidate)) return candidate;
      }
    }
  }
  throw new Error(
    'No Chromium found: install it (Debian: apt-get install -y chromium; elsewhere: npx playwright install chromium) or set CHROMIUM_PATH.',
  );
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
