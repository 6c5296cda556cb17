import { nativeToolOf } from './nativeToolFlags.js';

/**
 * The one line an unknown option is answered with (after `spvkit CMD: `): the option as the user
 * wrote it, what it is when the native tool the command stands in for takes it, and where the
 * command's own flags are listed. Node's parseArgs names only the first letter it did not know
 * in a group of short flags (`-Od` is `-O -d` to it, `-V100` stops at `-1`), so the word of the
 * command line that letter came from is found in `args` and named instead.
 *
 * @example
 * ```ts
 * unknownOptionMessage('opt', '--loop-fission', args);
 * // "unknown option '--loop-fission': a spirv-opt flag spvkit opt does not have ('spvkit opt --help' lists those it has)"
 * ```
 */
export function unknownOptionMessage(command: string, reported: string, args: readonly string[]): string {
  const written = writtenAs(reported, args);
  const tool = nativeToolOf(command, written);
  const listed = `'spvkit ${command} --help' lists those it has`;
  return tool !== undefined
    ? `unknown option '${written}': a ${tool} flag spvkit ${command} does not have (${listed})`
    : `unknown option '${written}' (${listed})`;
}

/** The word of `args` (before `--`) that parseArgs's `option` came from: itself, `option=...`, or a group of short flags holding its letter. */
function writtenAs(option: string, args: readonly string[]): string {
  const end = args.indexOf('--');
  const words = end < 0 ? args : args.slice(0, end);
  const found =
    words.find((a) => a === option) ??
    words.find((a) => a.startsWith(`${option}=`)) ??
    (/^-[^-]$/.test(option) ? words.find((a) => /^-[^-]/.test(a) && a.slice(1).includes(option[1])) : undefined);
  return found ?? option;
}
