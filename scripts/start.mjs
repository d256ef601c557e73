#!/usr/bin/env node
// `npm start`: builds the browser app quietly (its output is shown only when the build fails), then
// runs the server in this terminal; the server ends with the boxed URL and sign-in
// (src/server/main.ts). `--skip-build` starts without building (an app built before).
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Builds with `vite build`, its output kept; answers whether it passed and, when it did not, the
 * output to show.
 * @param {(command: string, args: string[]) => { status: number | null, output: string }} run
 */
export function quietBuild(run) {
  const { status, output } = run(process.execPath, [viteBin(), 'build']);
  return status === 0 ? { ok: true, output: '' } : { ok: false, output };
}

/** Vite's command line in this repository's node_modules (`npm run build` runs the same). */
function viteBin() {
  return fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));
}

function runCaptured(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}` };
}

/** Runs the server in the foreground: Ctrl-C reaches it with the terminal's group, SIGTERM is passed on. */
function serve() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!process.argv.includes('--skip-build')) {
    process.stdout.write('Building the app... ');
    const started = Date.now();
    const built = quietBuild(runCaptured);
    if (!built.ok) {
      console.log('failed:\n');
      console.error(built.output);
      process.exit(1);
    }
    console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  serve();
}
