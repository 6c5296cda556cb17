// One rule for every suite that needs a system tool (spirv-tools, glslang, Vulkan): when it is
// missing, skip with a visible reason, unless SPVKIT_REQUIRE_ORACLES=1 (as in CI), where the
// missing tool is a failure.
import { describe, it } from 'vitest';

export const requireOracles = process.env.SPVKIT_REQUIRE_ORACLES === '1';

/** Availability of a tool: ok, or the reason it cannot be used. */
export type Availability = { ok: true } | { ok: false; reason: string } | { ok: boolean; reason?: string };

/**
 * `describe` that runs `body` only when `availability` is ok. Otherwise it registers one test
 * that fails (SPVKIT_REQUIRE_ORACLES=1) or one skipped test whose title says what is missing.
 */
export function describeWithOracle(title: string, availability: Availability, body: () => void): void {
  if (availability.ok) {
    describe(title, body);
    return;
  }
  const reason = availability.reason ?? 'a required tool is missing';
  describe(title, () => {
    if (requireOracles) {
      it('has its oracle available', () => {
        throw new Error(`${title}: ${reason} (SPVKIT_REQUIRE_ORACLES=1 makes this a failure)`);
      });
    } else {
      it.skip(`SKIPPED: ${reason}; set SPVKIT_REQUIRE_ORACLES=1 to fail instead`, () => {});
    }
  });
}
