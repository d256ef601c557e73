// scripts/ensure-chromium.mjs, run first by `npm test`: when it installs Chromium and when it stops
// with the one command to run.
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without type declarations
import { DEFAULT_CHROMIUM, decide, INSTALL_COMMAND } from '../../../scripts/ensure-chromium.mjs';

describe('ensure-chromium', () => {
  const facts = { path: DEFAULT_CHROMIUM, exists: false, isRoot: true, hasApt: true };

  it('does nothing when Chromium is there', () => {
    expect(decide({ ...facts, exists: true })).toEqual({ action: 'present' });
    expect(decide({ ...facts, exists: true, isRoot: false, hasApt: false })).toEqual({ action: 'present' });
  });

  it('installs with apt-get when missing and run as root with apt', () => {
    expect(decide(facts)).toEqual({ action: 'install' });
  });

  it('otherwise stops with the one command to run', () => {
    for (const more of [{ isRoot: false }, { hasApt: false }, { isRoot: false, hasApt: false }]) {
      const decision = decide({ ...facts, ...more });
      expect(decision.action).toBe('stop');
      expect(decision.message).toContain(`Run: ${INSTALL_COMMAND}`);
    }
    expect(INSTALL_COMMAND).toBe('sudo apt-get install chromium');
  });

  it('never installs to a CHROMIUM_PATH elsewhere (apt puts chromium in /usr/bin)', () => {
    const decision = decide({ ...facts, path: '/opt/chrome/chrome' });
    expect(decision).toMatchObject({ action: 'stop' });
    expect(decision.message).toContain('CHROMIUM_PATH=/opt/chrome/chrome');
  });
});
