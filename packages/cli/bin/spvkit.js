#!/usr/bin/env node
// Committed so the bin link exists right after `pnpm install`, before the first build. Runs the
// single-file bundle the build makes (faster start), or the plain build when there is none.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/spvkit.mjs', import.meta.url);
await import(existsSync(bundle) ? bundle.href : new URL('../dist/bin.js', import.meta.url).href);
