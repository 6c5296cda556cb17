import type { SourceLocation } from '@spvkit/core';

/** Lines of WGSL with their indentation and, per line, the source line they came from. */
export class CodeWriter {
  private readonly lines: string[] = [];
  private readonly locations: (SourceLocation | undefined)[] = [];
  private depth = 0;
  /** The source location given to lines written from now on. */
  location: SourceLocation | undefined;

  line(text: string): void {
    this.lines.push(text === '' ? '' : '  '.repeat(this.depth) + text);
    this.locations.push(this.location);
  }

  /** Writes `head {`, runs `body` one level deeper, then `}` (plus `tail`). */
  block(head: string, body: () => void, tail = ''): void {
    this.line(`${head} {`);
    this.depth++;
    body();
    this.depth--;
    this.line(`}${tail}`);
  }

  /** Writes `head { then } else { otherwise }`. */
  ifElse(head: string, then: () => void, otherwise: () => void): void {
    this.line(`${head} {`);
    this.depth++;
    then();
    this.depth--;
    this.line('} else {');
    this.depth++;
    otherwise();
    this.depth--;
    this.line('}');
  }

  /** Appends another writer's lines at this writer's depth. */
  append(other: CodeWriter): void {
    for (let i = 0; i < other.lines.length; i++) {
      const text = other.lines[i];
      this.lines.push(text === '' ? '' : '  '.repeat(this.depth) + text);
      this.locations.push(other.locations[i]);
    }
  }

  get text(): string {
    return this.lines.join('\n') + '\n';
  }

  get lineMap(): readonly (SourceLocation | undefined)[] {
    return this.locations;
  }
}
