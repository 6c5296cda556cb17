#!/usr/bin/env node
// Committed so the bin link exists right after `pnpm install`, before the first build.
import "../dist/bin.js";
