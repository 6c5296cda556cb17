import { parseArgs, type ParseArgsConfig } from 'node:util';

type Parsed = ReturnType<typeof parseArgs<ParseArgsConfig>>;
type Token = NonNullable<Parsed['tokens']>[number];

/** Stands for a word that does not start with `-` in a shape (which none of those it keeps is). */
const WORD = '\u0001';

/** One parse per option table and argument shape (see {@link parseArgsOnce}). */
const parses = new WeakMap<object, Map<string, Parsed>>();

/**
 * `parseArgs` of node:util, parsing each shape of command line once: a many-input run calls a
 * command once per file with the same options and another output and input (`-o OUT -- IN`), and
 * node's parseArgs cost ~0.1-0.3 ms a call (a tenth of what `spvkit dis` does with a small
 * module). The shape is the arguments with every word that does not start with `-` left out
 * (option values and inputs): whether such a word is a value or an input, and of which option,
 * depends only on what comes before it, so two command lines of one shape parse alike but for
 * those words, which are read from the new arguments. Tables with defaults or `multiple` options,
 * and non-strict parsing, go to parseArgs every time.
 *
 * @example
 * ```ts
 * const { values, positionals } = parseArgsOnce({ args, options: OPTIONS, allowPositionals: true, strict: true });
 * ```
 */
export function parseArgsOnce<T extends ParseArgsConfig & { args: string[] }>(config: T): ReturnType<typeof parseArgs<T>> {
  const { args, options } = config;
  if (options === undefined || config.strict === false || !Object.values(options).every((o) => o.multiple !== true && o.default === undefined)) {
    return parseArgs(config);
  }
  const key = `${config.allowPositionals === true ? 'p' : ''}${config.tokens === true ? 't' : ''}\0${args.map((a) => (a.startsWith('-') ? a : WORD)).join('\0')}`;
  let byShape = parses.get(options);
  if (byShape === undefined) parses.set(options, (byShape = new Map<string, Parsed>()));
  const known = byShape.get(key);
  if (known === undefined) {
    // Parsed with tokens, which say where every value and input came from.
    const parsed = parseArgs({ ...config, tokens: true }) as Parsed;
    byShape.set(key, parsed);
    return (config.tokens === true ? parsed : { values: parsed.values, positionals: parsed.positionals }) as ReturnType<typeof parseArgs<T>>;
  }
  const values: Record<string, string | boolean> = Object.create(null) as Record<string, string | boolean>;
  const positionals: string[] = [];
  const tokens: Token[] = known.tokens!.map((t) => {
    if (t.kind === 'positional') {
      positionals.push(args[t.index]);
      return { ...t, value: args[t.index] };
    }
    if (t.kind !== 'option') return { ...t };
    if (t.value === undefined) {
      values[t.name] = true;
      return { ...t };
    }
    const value = t.inlineValue === true ? t.value : args[t.index + 1];
    values[t.name] = value;
    return { ...t, value };
  });
  return (config.tokens === true ? { values, positionals, tokens } : { values, positionals }) as ReturnType<typeof parseArgs<T>>;
}
