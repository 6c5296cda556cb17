import type { Command } from '../CommandIo.js';
import { infoCommand } from './info.js';

/** Every sub-command, in the order `spvkit --help` lists them. */
export const commands: readonly Command[] = [infoCommand];
