import { describe, expect, it } from 'vitest';
import { timestampText } from '../../../../renderers/screens/list/cellText';

describe('timestampText', () => {
  it('shows an ISO timestamp as YYYY-MM-DD HH:mm:ss in the given time zone', () => {
    expect(timestampText('2026-11-20T23:35:22.933Z', 'UTC')).toBe('2026-11-20 23:35:22');
    expect(timestampText('2026-11-20T23:35:22.933Z', 'Europe/Belgrade')).toBe('2026-11-21 00:35:22');
  });

  it('leaves empty values empty and unreadable ones as they are', () => {
    expect(timestampText(null)).toBe('');
    expect(timestampText('not a date')).toBe('not a date');
  });
});
