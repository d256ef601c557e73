#!/usr/bin/env node
// Run by `npm test` (and `npm run test:e2e`) before anything else: e2e runs in Debian's Chromium
// (playwright.config.ts; Playwright never downloads a browser). When it is missing and this runs as
// root with apt-get, it installs Debian's `chromium`; otherwise it stops at once with the one command
// to run, instead of failing after the vitest suites.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
export const INSTALL_COMMAND = 'sudo apt-get install chromium';

/**
 * What to do, from the facts: 'present' (nothing), 'install' (apt-get as root), or 'stop' with the
 * message to print. A CHROMIUM_PATH elsewhere is never installed to: apt puts chromium in /usr/bin.
 * @param {{ path: string, exists: boolean, isRoot: boolean, hasApt: boolean }} facts
 * @returns {{ action: 'present' } | { action: 'install' } | { action: 'stop', message: string }}
 */
export function decide({ path, exists, isRoot, hasApt }) {
  if (exists) return { action: 'present' };
  if (path !== DEFAULT_CHROMIUM) {
    return { action: 'stop', message: `Chromium not found at CHROMIUM_PATH=${path}. Point CHROMIUM_PATH at a Chromium binary, or unset it and run: ${INSTALL_COMMAND}` };
  }
  if (isRoot && hasApt) return { action: 'install' };
  return {
    action: 'stop',
    message: `The e2e tests need Debian's Chromium at ${DEFAULT_CHROMIUM} (Playwright never downloads a browser). Run: ${INSTALL_COMMAND}`,
  };
}

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function run(args) {
  // Waits for the dpkg lock (another install may be under way) instead of failing at once.
  const result = spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=600', ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

function main() {
  const path = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  const decision = decide({ path, exists: isExecutable(path), isRoot: process.getuid?.() === 0, hasApt: hasCommand('apt-get') });
  if (decision.action === 'present') return;
  if (decision.action === 'stop') {
    console.error(`ensure-chromium: ${decision.message}`);
    process.exit(1);
  }
  console.log(`ensure-chromium: ${DEFAULT_CHROMIUM} is missing; installing Debian's chromium with apt-get`);
  const installed = run(['update', '-qq']) && run(['install', '-y', '-qq', 'chromium']);
  if (!installed || !isExecutable(DEFAULT_CHROMIUM)) {
    console.error(`ensure-chromium: apt-get could not install chromium. Run: ${INSTALL_COMMAND}`);
    process.exit(1);
  }
  console.log(`ensure-chromium: installed ${DEFAULT_CHROMIUM}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
