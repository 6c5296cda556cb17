// Facts about body words worth keeping between passes: a run of strip-debug, the dead-code passes
// and compact-ids reads the same undecoded bodies several times. They live in the module's own
// analysis cache, so the module drops them when its bodies change (setLazyFunctions or any edit
// of a function), runPasses drops them after a pass that does not list them in `preserves`, and
// checkConsistency finds a fact that no longer matches the words it describes.
import { type Analysis, type Module } from '@spvkit/core';

/**
 * A kind of fact, by name, with how to find it afresh: what the consistency check compares a
 * cached fact with.
 */
export interface BodyWordFact<T> {
  readonly name: string;
  find(module: Module, words: Uint32Array): T;
  same(a: T, b: T, module: Module): boolean;
}

interface Held {
  readonly words: Uint32Array;
  readonly value: unknown;
}

const sameView = (a: Uint32Array, b: Uint32Array): boolean => a.buffer === b.buffer && a.byteOffset === b.byteOffset && a.length === b.length;

/** The facts held about one module's body words, each for the words it was found in. */
export class BodyWordFacts {
  private readonly held = new Map<BodyWordFact<unknown>, Held>();

  /** The fact of `words`, found (by `find`, default the fact's own) the first time it is asked for those words. */
  of<T>(fact: BodyWordFact<T>, module: Module, words: Uint32Array, find: () => T = () => fact.find(module, words)): T {
    const hit = this.held.get(fact);
    if (hit !== undefined && sameView(hit.words, words)) return hit.value as T;
    const value = find();
    this.held.set(fact, { words, value });
    return value;
  }

  /** Holds a fact found elsewhere (a pass that wrote the words knows their facts). */
  hold<T>(fact: BodyWordFact<T>, words: Uint32Array, value: T): void {
    this.held.set(fact, { words, value });
  }

  /** @internal For the consistency check: each fact held about `words`, with whether it still holds. */
  check(module: Module, words: Uint32Array): string[] {
    const stale: string[] = [];
    for (const [fact, { words: of, value }] of this.held)
      if (sameView(of, words) && !fact.same(value, fact.find(module, words), module)) stale.push(`${fact.name}: stale`);
    return stale;
  }
}

/**
 * The module's {@link BodyWordFacts}. An edit outside the functions keeps them (they describe the
 * body words alone); any change of the functions drops them. Its snapshot lists the held facts
 * that no longer match the module's body words, which a fresh (empty) build never has.
 */
export const BodyWordFactsAnalysis: Analysis<BodyWordFacts> = {
  name: 'body-word-facts',
  build: () => new BodyWordFacts(),
  update: (_facts, change) => change.place !== 'functions',
  snapshot(facts, module) {
    const words = module.lazyFunctionWords();
    return words === null ? [] : facts.check(module, words);
  },
};

/**
 * The fact of the module's body words `words`, found once and kept in the module's cache; `find`
 * finds it as the caller can (with tables it has built already), the same as the fact's own.
 */
export function bodyWordFact<T>(fact: BodyWordFact<T>, module: Module, words: Uint32Array, find?: () => T): T {
  return module.analysis(BodyWordFactsAnalysis).of(fact, module, words, find);
}

/** Holds a fact of the module's body words `words` found elsewhere. */
export function holdBodyWordFact<T>(fact: BodyWordFact<T>, module: Module, words: Uint32Array, value: T): void {
  module.analysis(BodyWordFactsAnalysis).hold(fact, words, value);
}
