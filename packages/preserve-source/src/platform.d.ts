// The Web APIs this package uses, present in Node 20 and every browser. Declared here so it does
// not pull in the DOM or Node type libraries (it must run in both).
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: ArrayBufferView | ArrayBuffer): string;
}
