import { chromiumExecutable, FULL_CHROMIUM, HEADLESS_SHELL, headedRun } from '../../e2e/support/chromium-binary';

describe('the Chromium the end-to-end suite launches', () => {
  const everything = () => true;
  const onlyFull = (path: string) => path === FULL_CHROMIUM;

  it('is the headless shell for a headless run where it is installed', () => {
    expect(chromiumExecutable(false, everything)).toBe(HEADLESS_SHELL);
  });

  it('is the full Chromium where the shell is not installed', () => {
    expect(chromiumExecutable(false, onlyFull)).toBe(FULL_CHROMIUM);
  });

  it('is the full Chromium for a headed run, which needs a window', () => {
    expect(chromiumExecutable(true, everything)).toBe(FULL_CHROMIUM);
  });

  it('is the full Chromium, headless, when E2E_CHROMIUM=full asks (the suite timed on both)', () => {
    expect(chromiumExecutable(false, everything, { E2E_CHROMIUM: 'full' })).toBe(FULL_CHROMIUM);
    expect(chromiumExecutable(false, everything, {})).toBe(HEADLESS_SHELL);
  });

  it.each([['--headed'], ['--ui'], ['--debug'], ['--debug=cli']])('counts %s as a headed run', (flag) => {
    expect(headedRun(['node', 'playwright', 'test', flag], {})).toBe(true);
  });

  it('counts E2E_HEADED=1 and PWDEBUG as headed, and a plain run as headless', () => {
    expect(headedRun([], { E2E_HEADED: '1' })).toBe(true);
    expect(headedRun([], { PWDEBUG: '1' })).toBe(true);
    expect(headedRun(['node', 'playwright', 'test', 'tests/e2e/shell.spec.ts'], {})).toBe(false);
  });
});
