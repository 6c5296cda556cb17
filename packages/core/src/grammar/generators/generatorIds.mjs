// generators.ts: the registered SPIR-V generator (tool) ids of spir-v.xml, which name the tool
// in a module header's generator word.
import { fail, parseValue } from './grammar.mjs';
import { header, str } from './output.mjs';

function decodeEntities(s) {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (_, e) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[e];
  });
}

export function generatorIds({ registryXml, sources }) {
  const xml = registryXml.replace(/<!--[\s\S]*?-->/g, '');
  const vendorBlock = /<ids\s[^>]*type="vendor"[^>]*>([\s\S]*?)<\/ids>/.exec(xml);
  if (!vendorBlock) fail('spir-v.xml: no <ids type="vendor"> block');
  const lines = [
    header(sources.registry),
    "import type { GeneratorSpec } from '../types.js';",
    '',
    '/** Registered SPIR-V generator (tool) ids, in registry order. */',
    'export const generators: readonly GeneratorSpec[] = [',
  ];
  const seen = new Set();
  for (const m of vendorBlock[1].matchAll(/<id\s([^>]*?)\/>/g)) {
    const attrs = {};
    for (const a of m[1].matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) attrs[a[1]] = decodeEntities(a[2] ?? a[3]);
    const id = parseValue(attrs.value ?? '', 'spir-v.xml id');
    if (attrs.vendor === undefined) fail(`spir-v.xml: id ${id} has no vendor`);
    if (seen.has(id)) fail(`spir-v.xml: duplicate id ${id}`);
    seen.add(id);
    lines.push(`  {id:${id},vendor:${str(attrs.vendor)}${attrs.tool !== undefined ? `,tool:${str(attrs.tool)}` : ''}},`);
  }
  if (seen.size === 0) fail('spir-v.xml: no vendor ids found');
  lines.push('];', '');
  return [{ file: 'generators.ts', text: lines.join('\n') }];
}
