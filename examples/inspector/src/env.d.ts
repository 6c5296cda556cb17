/// <reference types="vite/client" />
/// <reference types="@spvkit/vite-plugin/client" />

/** A shader's disassembly before any pass (see inspector.config.ts). */
declare module '*?untransformed' {
  const disassembly: string;
  export default disassembly;
}
