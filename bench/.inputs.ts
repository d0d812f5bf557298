import { weigh } from '/work/main/bench/suites/bundle.ts';
const entry = process.argv[2] ?? 'cadence-calendar.js';
const w = await weigh(entry, 'react-entry');
const sizes = new Map<string, number>();
for (const [name, out] of Object.entries(w.metafile.outputs)) {
  if (!w.eager.has(name)) continue;
  for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) {
    const key = input.includes('node_modules') ? input.replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+)(.*)$/, '$1$2') : input.replace(/^.*?packages\//, '');
    sizes.set(key, (sizes.get(key) ?? 0) + bytesInOutput);
  }
}
console.log(w.total, [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 70).map(([k, v]) => `${(v / 1000).toFixed(1)} ${k}`).join('\n'));
