import type { Command } from '../CommandIo.js';
import { infoCommand } from './info.js';
import { asCommand } from './as.js';
import { optCommand } from './opt.js';
import { disCommand } from './dis.js';
import { valCommand } from './val.js';
import { glslCommand } from './glsl.js';

/** Every sub-command, in the order `spvkit --help` lists them. */
export const commands: readonly Command[] = [infoCommand, asCommand, disCommand, optCommand, valCommand, glslCommand];
