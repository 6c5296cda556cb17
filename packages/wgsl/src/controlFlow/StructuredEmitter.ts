import { Op } from '@spvkit/core';
import type { Block, Instruction } from '@spvkit/core';
import type { Refuser } from '../errors/Refuser.js';
import type { CodeWriter } from '../writer/CodeWriter.js';

/** What the emitter asks of the function translator. */
export interface BodyHost {
  readonly out: CodeWriter;
  readonly refuser: Refuser;
  /** Writes the block's instructions other than its merge and terminator. */
  emitInstructions(block: Block): void;
  /** Writes the OpPhi assignments of `to` for the edge from `from`. */
  emitPhiCopies(from: number, to: number): void;
  /** Whether `to` has OpPhi instructions. */
  hasPhis(to: number): boolean;
  /** The WGSL text of a value. */
  value(id: number): string;
  /** A switch case literal of the selector's type. */
  caseLiteral(selector: number, literal: number): string;
  /** The statement for OpReturn / OpReturnValue / OpKill / OpUnreachable. */
  exitStatement(terminator: Instruction): string | undefined;
}

/** Where a branch may go from the region being written. */
interface Region {
  /** `break` goes here (the innermost loop's or switch's merge). */
  readonly breakTarget?: number;
  /** `continue` goes here (the innermost loop's continue target). */
  readonly continueTarget?: number;
  /** Merges of enclosing constructs a branch cannot reach with one WGSL statement. */
  readonly outer: ReadonlySet<number>;
  /** Case targets of the enclosing switch other than the current one (reaching one is fall-through). */
  readonly forbidden?: ReadonlySet<number>;
  /** Set while writing a continuing block: the loop it belongs to. */
  readonly continuing?: { readonly header: number; readonly merge: number };
}

/**
 * Rebuilds WGSL's structured statements from SPIR-V's merge information: OpSelectionMerge with a
 * conditional branch is an `if`, with OpSwitch a `switch`, OpLoopMerge a `loop` whose continue
 * construct is its `continuing` block (the back edge's condition its `break if`). Branches to the
 * innermost merge or continue target become `break` / `continue`; branches WGSL cannot express
 * with one statement (out of several constructs, switch fall-through) are refused. Each block is
 * written once; reaching one twice means the module is not structured as the translator expects,
 * which is refused rather than duplicated.
 */
export class StructuredEmitter {
  private readonly blocks = new Map<number, Block>();
  private readonly written = new Set<number>();

  constructor(
    blocks: readonly Block[],
    private readonly host: BodyHost,
  ) {
    for (const b of blocks) this.blocks.set(b.id, b);
  }

  /** Writes the whole function body from its entry block. */
  emit(entry: number): void {
    this.region(entry, undefined, { outer: new Set() });
  }

  private block(id: number): Block {
    const b = this.blocks.get(id);
    if (b === undefined) throw this.host.refuser.error('a branch to a label outside the function', undefined, `%${id}`);
    return b;
  }

  private terminator(b: Block): Instruction {
    return b.instructions[b.instructions.length - 1];
  }

  private mergeOf(b: Block): Instruction | undefined {
    const m = b.instructions[b.instructions.length - 2];
    return m !== undefined && (m.opcode === Op.SelectionMerge || m.opcode === Op.LoopMerge) ? m : undefined;
  }

  /** Writes blocks from `start` until control reaches `follow`. */
  private region(start: number, follow: number | undefined, r: Region): void {
    let id: number | undefined = start;
    while (id !== undefined && id !== follow) {
      if (r.forbidden?.has(id) === true)
        throw this.host.refuser.error('switch case fall-through', this.terminator(this.block(id)), 'WGSL cases do not fall through');
      if (r.outer.has(id)) throw this.host.refuser.error('a branch out of several constructs at once', this.terminator(this.block(id)));
      if (this.written.has(id)) throw this.host.refuser.error('unstructured control flow', this.block(id).label, 'a block reached twice');
      this.written.add(id);
      const b = this.block(id);
      const merge = this.mergeOf(b);
      if (merge?.opcode === Op.LoopMerge) id = this.loop(b, merge, r);
      else {
        this.host.emitInstructions(b);
        id = this.branch(b, merge, follow, r);
      }
    }
  }

  private loop(header: Block, merge: Instruction, r: Region): number | undefined {
    const out = this.host.out;
    const mergeId = merge.word(0);
    const continueId = merge.word(1);
    const outer = new Set([...r.outer, ...(r.breakTarget !== undefined ? [r.breakTarget] : []), ...(r.continueTarget !== undefined ? [r.continueTarget] : [])]);
    const inner: Region = { breakTarget: mergeId, continueTarget: continueId, outer };
    out.block('loop', () => {
      this.host.emitInstructions(header);
      if (continueId === header.id) {
        // A one-block loop: the header's own branch is the back edge.
        out.block('continuing', () => this.backEdge(header, { ...inner, continuing: { header: header.id, merge: mergeId } }));
        return;
      }
      const next = this.branch(header, undefined, continueId, inner);
      if (next !== undefined) this.region(next, continueId, inner);
      if (this.written.has(continueId)) throw this.host.refuser.error('a continue target reached twice', header.label);
      this.written.add(continueId);
      const cont = this.block(continueId);
      out.block('continuing', () => {
        const creg: Region = { outer: new Set([...outer, mergeId]), continuing: { header: header.id, merge: mergeId } };
        this.continuing(cont, creg);
      });
    });
    return mergeId;
  }

  /** The blocks of a continue construct, down to the back edge. */
  private continuing(first: Block, r: Region): void {
    let b = first;
    for (;;) {
      const merge = this.mergeOf(b);
      if (merge !== undefined) throw this.host.refuser.error('control flow inside a loop continue construct', merge);
      this.host.emitInstructions(b);
      const term = this.terminator(b);
      const header = r.continuing!.header;
      if (term.opcode === Op.Branch && term.word(0) !== header) {
        const next = term.word(0);
        this.host.emitPhiCopies(b.id, next);
        if (this.written.has(next)) throw this.host.refuser.error('unstructured control flow in a continue construct', term);
        this.written.add(next);
        b = this.block(next);
        continue;
      }
      this.backEdge(b, r);
      return;
    }
  }

  /** The back edge of a loop, as the end of its `continuing` block (`break if` when conditional). */
  private backEdge(b: Block, r: Region): void {
    const out = this.host.out;
    const term = this.terminator(b);
    const { header, merge } = r.continuing!;
    if (term.opcode === Op.Branch && term.word(0) === header) {
      this.host.emitPhiCopies(b.id, header);
      return;
    }
    if (term.opcode === Op.BranchConditional) {
      const [c, t, f] = [term.word(0), term.word(1), term.word(2)];
      if ((t === header && f === merge) || (t === merge && f === header)) {
        const cond = this.host.value(c);
        const exit = t === merge ? cond : `!(${cond})`;
        // Assignments for each edge happen only on that edge: `break if` must be the last statement.
        if (this.host.hasPhis(header) || this.host.hasPhis(merge)) {
          out.line(`let exit_${b.id} = ${exit};`);
          if (this.host.hasPhis(header)) out.block(`if (!exit_${b.id})`, () => this.host.emitPhiCopies(b.id, header));
          if (this.host.hasPhis(merge)) out.block(`if (exit_${b.id})`, () => this.host.emitPhiCopies(b.id, merge));
          out.line(`break if exit_${b.id};`);
        } else out.line(`break if ${exit};`);
        return;
      }
    }
    throw this.host.refuser.error(
      'a loop back edge WGSL cannot express',
      term,
      'the continue construct must end in a branch to the header, or a conditional branch to the header and the merge',
    );
  }

  /** The statement that takes control to `target` from inside the region, if one exists. */
  private jump(target: number, r: Region): string | undefined {
    if (target === r.breakTarget) return 'break;';
    if (target === r.continueTarget) return 'continue;';
    return undefined;
  }

  /**
   * Writes a block's terminator. Returns the block where straight-line writing goes on, or
   * undefined when control has left the region.
   */
  private branch(b: Block, merge: Instruction | undefined, follow: number | undefined, r: Region): number | undefined {
    const out = this.host.out;
    const term = this.terminator(b);
    switch (term.opcode) {
      case Op.Branch:
        return this.edge(b.id, term.word(0), follow, r);
      case Op.BranchConditional: {
        const [c, t, f] = [term.word(0), term.word(1), term.word(2)];
        const cond = this.host.value(c);
        if (merge?.opcode === Op.SelectionMerge) {
          const m = merge.word(0);
          const arm = (target: number): void => {
            this.host.emitPhiCopies(b.id, target);
            if (target === m) return;
            const j = this.jump(target, r);
            if (j !== undefined) out.line(j);
            else this.region(target, m, { ...r, outer: new Set([...r.outer].filter((x) => x !== m)) });
          };
          if (t === f) arm(t);
          else if (f === m && !this.host.hasPhis(m)) out.block(`if (${cond})`, () => arm(t));
          else {
            out.ifElse(
              `if (${cond})`,
              () => arm(t),
              () => arm(f),
            );
          }
          return this.afterConstruct(m, follow, r);
        }
        if (t === f) return this.edge(b.id, t, follow, r);
        const jt = this.jump(t, r);
        const jf = this.jump(f, r);
        if (jt !== undefined && jf !== undefined) {
          out.ifElse(
            `if (${cond})`,
            () => {
              this.host.emitPhiCopies(b.id, t);
              out.line(jt);
            },
            () => {
              this.host.emitPhiCopies(b.id, f);
              out.line(jf);
            },
          );
          return undefined;
        }
        if (jt !== undefined) {
          out.block(`if (${cond})`, () => {
            this.host.emitPhiCopies(b.id, t);
            out.line(jt);
          });
          return this.edge(b.id, f, follow, r);
        }
        if (jf !== undefined) {
          out.block(`if (!(${cond}))`, () => {
            this.host.emitPhiCopies(b.id, f);
            out.line(jf);
          });
          return this.edge(b.id, t, follow, r);
        }
        throw this.host.refuser.error('a conditional branch without a selection merge', term);
      }
      case Op.Switch: {
        if (merge?.opcode !== Op.SelectionMerge) throw this.host.refuser.error('an OpSwitch without a selection merge', term);
        const m = merge.word(0);
        const selector = term.word(0);
        const targets: number[] = [];
        const labels = new Map<number, string[]>();
        const add = (target: number, label: string): void => {
          if (!labels.has(target)) {
            labels.set(target, []);
            targets.push(target);
          }
          labels.get(target)!.push(label);
        };
        for (let i = 2; i + 1 < term.operandCount; i += 2) add(term.word(i + 1), this.host.caseLiteral(selector, term.word(i)));
        add(term.word(1), 'default');
        const caseRegion: Region = {
          ...r,
          breakTarget: m,
          outer: new Set([...r.outer, ...(r.breakTarget !== undefined ? [r.breakTarget] : [])].filter((x) => x !== m)),
        };
        out.block(`switch (${this.host.value(selector)})`, () => {
          for (const target of targets) {
            out.block(`case ${labels.get(target)!.join(', ')}:`, () => {
              this.host.emitPhiCopies(b.id, target);
              if (target === m) return;
              const j = target === r.continueTarget ? 'continue;' : undefined;
              if (j !== undefined) out.line(j);
              else this.region(target, m, { ...caseRegion, forbidden: new Set(targets.filter((x) => x !== target && x !== m)) });
            });
          }
        });
        return this.afterConstruct(m, follow, r);
      }
      case Op.Return:
      case Op.ReturnValue:
      case Op.Kill:
      case Op.TerminateInvocation:
      case Op.Unreachable: {
        const s = this.host.exitStatement(term);
        if (s !== undefined) out.line(s);
        return undefined;
      }
      default:
        throw this.host.refuser.error('a block terminator', term);
    }
  }

  /** Where writing goes on after an if or switch whose merge is `m`. */
  private afterConstruct(m: number, follow: number | undefined, r: Region): number | undefined {
    if (m === follow) return m;
    const j = this.jump(m, r);
    if (j !== undefined) {
      this.host.out.line(j);
      return undefined;
    }
    return m;
  }

  /** A plain branch from `from` to `to`. */
  private edge(from: number, to: number, follow: number | undefined, r: Region): number | undefined {
    this.host.emitPhiCopies(from, to);
    if (to === follow) return to;
    const j = this.jump(to, r);
    if (j !== undefined) {
      this.host.out.line(j);
      return undefined;
    }
    return to;
  }
}
