/**
 * One report per failure of a shader, however many of its queries (plain, `?spvasm`, `?url`)
 * are imported.
 *
 * Why not make the errors identical and let the bundler merge them: none does. Measured with
 * Vite 8.4 (Rolldown 1.3) and Rollup 4.68 on a shader with a typo imported three ways: a Vite
 * build collects every failed load and prints each ("Build failed with 3 errors", the same text
 * three times); Vite's dev server logs every failed request; Rollup stops at the first error, so
 * it alone already reports once. So the plugin reports a failure from one module, the first to
 * meet it, and the shader's other queries load as a module that throws that error if it is ever
 * run ({@link failedQueryModuleCode}). In a build the reporting module fails the build, once. In
 * a dev server Vite meets the reporting module's failure as it meets any failing module's (when
 * it warms the module up, then when the browser asks for it, with the overlay; the Vite plugin
 * prints the two once), and nothing more for the other queries; a page reload reports it again,
 * since the reporting module is loaded again. The failure is forgotten when the shader loads.
 */
export class FailureLedger {
  /** shader file -> its current failure and the module id that reports it. */
  private readonly byFile = new Map<string, { readonly signature: string; readonly reporter: string }>();

  /**
   * Records that module `id` of shader `file` failed with `signature` (the error as reported).
   *
   * @returns the id of another module of the same shader that reports this very failure, or
   *   undefined when `id` is to report it (it is then the reporter; a later load of `id`
   *   itself, such as a page reload in a dev server, reports again).
   */
  claim(file: string, signature: string, id: string): string | undefined {
    const known = this.byFile.get(file);
    if (known !== undefined && known.signature === signature && known.reporter !== id) return known.reporter;
    this.byFile.set(file, { signature, reporter: id });
    return undefined;
  }

  /** `file` loaded: a later failure of it is new and reported again. */
  succeeded(file: string): void {
    this.byFile.delete(file);
  }
}
