/**
 * The version `spvkit --version` prints: the package's. A test (test/cli/version.test.ts) checks
 * it against package.json, which the source cannot import (it lies outside `rootDir`).
 */
export const VERSION = '0.1.0';
