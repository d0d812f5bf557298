/**
 * React → preact/compat, for the builds we ship whole: the SPA and the standalone scripts
 * (ADR 30). The widgets' sources import 'react'; these aliases point every such import at the
 * files of one Preact install, given by its folder, so sources outside that package resolve it.
 */
export interface Alias {
  find: RegExp;
  replacement: string;
}

export function preactCompatAliases(preactDir: string): Alias[] {
  const file = (f: string) => `${preactDir}/${f}`;
  return [
    { find: /^react-dom\/client$/, replacement: file('compat/client.mjs') },
    { find: /^react-dom$/, replacement: file('compat/dist/compat.mjs') },
    { find: /^react\/jsx(-dev)?-runtime$/, replacement: file('jsx-runtime/dist/jsxRuntime.mjs') },
    { find: /^react$/, replacement: file('compat/dist/compat.mjs') },
  ];
}
