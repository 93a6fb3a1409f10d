import { existsSync } from 'node:fs';

/** Debian's full browser: the one for a headed run (`--headed`, `--debug`, `--ui`), which needs a window. */
export const FULL_CHROMIUM = '/usr/bin/chromium';

/**
 * Debian's `chromium-headless-shell` (same version as `chromium`): no browser UI to start, so each worker's launch and
 * every page are cheaper. `.ci/run` installs it beside `chromium`; a machine without it falls back to the full one.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Whether this run asked for a window: Playwright's flags for one, or `E2E_HEADED=1`. */
export function headedRun(argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  if (env.E2E_HEADED === '1' || env.PWDEBUG) return true;
  return argv.some((arg) => arg === '--headed' || arg === '--ui' || arg === '--debug' || arg.startsWith('--debug='));
}

/**
 * The binary to launch: the headless shell for a headless run where it is installed, else the full Chromium.
 * `E2E_CHROMIUM=full` runs headless on the full one (to time the suite on both, issue 54).
 */
export function chromiumExecutable(headed: boolean, installed: (path: string) => boolean = existsSync, env: NodeJS.ProcessEnv = process.env): string {
  if (env.E2E_CHROMIUM === 'full') return FULL_CHROMIUM;
  return !headed && installed(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}
