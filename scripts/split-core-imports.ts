/**
 * Moves the names that `@cadence/core/schemas` exports out of imports from `@cadence/core`
 * (docs/adr/0046-core-entries.md): `import { can, campaignSchema, type Campaign } from '@cadence/core'`
 * becomes `import { can, type Campaign } from '@cadence/core'` and
 * `import { campaignSchema } from '@cadence/core/schemas'`. Imports of core's source by path
 * (`../../packages/core/src/index.js`) are split the same way. Files that import no schema are
 * left byte for byte as they are, so running it again changes nothing.
 *
 * `npx tsx scripts/split-core-imports.ts [dir…]` (default: every package's src/, tests/, bench/,
 * scripts/, storybook/). Prints each file it rewrote.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCHEMAS_ENTRY = path.join(root, 'packages/core/src/schemas.ts');
const DEFAULT_DIRS = ['packages/server/src', 'packages/cli/src', 'packages/widgets/src', 'packages/app/src', 'tests', 'bench', 'scripts', 'storybook'];

/** The names an entry file exports by name (`export { a, b as c } from …`, `export const x`). */
export function exportedNames(source: string): Set<string> {
  const file = ts.createSourceFile('entry.ts', source, ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  for (const node of file.statements) {
    if (ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)) {
      for (const el of node.exportClause.elements) names.add(el.name.text);
    } else if (ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      if (ts.isVariableStatement(node)) for (const d of node.declarationList.declarations) ts.isIdentifier(d.name) && names.add(d.name.text);
      else if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) && node.name) names.add(node.name.text);
    }
  }
  return names;
}

/** The specifier of the schemas entry that stands beside `spec`, or null when `spec` is not core's browser entry. */
export function schemasSpecifier(spec: string): string | null {
  if (spec === '@cadence/core') return '@cadence/core/schemas';
  const bySource = /^(.*packages\/core\/src\/)index(\.js|\.ts)?$/.exec(spec);
  return bySource ? `${bySource[1]}schemas${bySource[2] ?? ''}` : null;
}

type Clause = ts.ImportDeclaration | ts.ExportDeclaration;

function namedElements(node: Clause): readonly (ts.ImportSpecifier | ts.ExportSpecifier)[] | null {
  if (ts.isImportDeclaration(node)) {
    const bindings = node.importClause?.namedBindings;
    // A default or namespace import cannot be split by name.
    if (!bindings || !ts.isNamedImports(bindings) || node.importClause?.name) return null;
    return bindings.elements;
  }
  return node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : null;
}

/** The longest line the code keeps an import on; a longer one gets one name a line. */
const LINE_WIDTH = 160;

/**
 * One import or export statement like `like`, with `specifiers`, from `spec`. When every one left
 * is a type, the statement is `import type` (else `import { type A }` would remain as an empty
 * import of the module under verbatimModuleSyntax).
 */
function printClause(like: Clause, specifiers: readonly (ts.ImportSpecifier | ts.ExportSpecifier)[], spec: string, source: string): string {
  const text = source.slice(like.getStart(), like.getEnd());
  const quote = text.includes(`"`) && !text.includes(`'`) ? '"' : "'";
  const wholeIsType = ts.isImportDeclaration(like) ? !!like.importClause?.isTypeOnly : like.isTypeOnly;
  const allTypes = wholeIsType || specifiers.every((s) => s.isTypeOnly);
  const elements = specifiers.map((s) => (allTypes && s.isTypeOnly ? s.getText().replace(/^type\s+/, '') : s.getText()));
  const head = `${ts.isImportDeclaration(like) ? 'import' : 'export'}${allTypes ? ' type' : ''}`;
  const tail = `from ${quote}${spec}${quote};`;
  const lineStart = source.lastIndexOf('\n', like.getStart()) + 1;
  const indent = /^\s*/.exec(source.slice(lineStart, like.getStart()))![0];
  const oneLine = `${head} { ${elements.join(', ')} } ${tail}`;
  if (indent.length + oneLine.length <= LINE_WIDTH) return oneLine;
  return `${head} {\n${elements.map((e) => `${indent}  ${e},`).join('\n')}\n${indent}} ${tail}`;
}

/** `source` with the schemas' names moved to their own entry, or null when nothing moves. */
export function splitCoreImports(source: string, schemaNames: ReadonlySet<string>, fileName = 'file.ts'): string | null {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edits: Array<{ start: number; end: number; text: string }> = [];
  for (const node of file.statements) {
    if (!(ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) || !node.moduleSpecifier || !ts.isStringLiteral(node.moduleSpecifier)) continue;
    const target = schemasSpecifier(node.moduleSpecifier.text);
    const elements = target ? namedElements(node) : null;
    if (!target || !elements) continue;
    const moving = elements.filter((el) => schemaNames.has((el.propertyName ?? el.name).text));
    if (!moving.length) continue;
    const staying = elements.filter((el) => !moving.includes(el));
    const replacement = [
      ...(staying.length ? [printClause(node, staying, node.moduleSpecifier.text, source)] : []),
      printClause(node, moving, target, source),
    ].join('\n');
    edits.push({ start: node.getStart(file), end: node.getEnd(), text: replacement });
  }
  if (!edits.length) return null;
  let out = source;
  for (const e of edits.reverse()) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name.startsWith('dist') || name.startsWith('.') && name !== '.storybook' ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const schemaNames = exportedNames(readFileSync(SCHEMAS_ENTRY, 'utf8'));
  const dirs = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_DIRS;
  for (const dir of dirs) {
    for (const file of sourceFiles(path.resolve(root, dir))) {
      const source = readFileSync(file, 'utf8');
      const rewritten = splitCoreImports(source, schemaNames, file);
      if (rewritten === null) continue;
      writeFileSync(file, rewritten);
      console.log(path.relative(root, file));
    }
  }
}
