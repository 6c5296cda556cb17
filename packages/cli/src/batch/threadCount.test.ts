import { describe, expect, it } from 'vitest';
import { optCommand } from '../commands/opt.js';
import { threadCount } from './threadCount.js';

describe('threadCount', () => {
  it('gives one thread below 4 MB of disassembly work per thread, more with more work, never more than the cores', () => {
    expect(threadCount(0, 1, 16)).toBe(1);
    expect(threadCount(1_700_000, 1, 16)).toBe(1);
    expect(threadCount(9_000_000, 1, 16)).toBe(2);
    expect(threadCount(1_700_000, 6, 16)).toBe(2);
    expect(threadCount(1_700_000, 6, 1)).toBe(1);
    expect(threadCount(500_000_000, 1, 8)).toBe(8);
  });

  it('weighs a byte of -O and -Os as more work than the other opt runs', () => {
    const weigh = optCommand.batch?.workPerByte;
    expect(weigh).toBeDefined();
    expect(weigh!(['--O'])).toBeGreaterThan(1);
    expect(weigh!(['--strip-debug', '--Os'])).toBeGreaterThan(1);
    expect(weigh!(['--strip-debug'])).toBe(1);
  });
});
