// Bundles src/main.js for Node. The shader import is compiled (GLSL, with @spvkit/glslang),
// lowered by lower-local-invocation-index and checked by validate-builtins at build time; the
// bundle needs nothing from spvkit at run time.
import { fileURLToPath } from 'node:url';
import spvkit from '@spvkit/rollup-plugin';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export default {
  input: here('src/main.js'),
  output: { file: here('dist/main.js'), format: 'es' },
  plugins: [
    spvkit({
      root: here('.'),
      passes: ['lower-local-invocation-index'],
      validate: 'error',
      targetEnv: 'vulkan1.1',
    }),
  ],
};
