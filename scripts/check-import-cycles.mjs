// Fails when the relative imports of packages/*/src form a cycle, and names each cycle found.
//
// What counts as an import, as madge counts it by default (its TypeScript detective does not skip
// type imports): `import ... from`, `import type ... from`, `export ... from` and `export type ...
// from`. A type-only cycle costs nothing at run time, but it still ties two files together: neither
// can be understood, moved or split without the other, which is what this check is for.
// Not counted: dynamic `import()`. A lazy import is how a route table reaches the pages that link back
// to it; nothing runs at load time, so it closes no cycle (madge's `skipAsyncImports` reading).
// Package imports (`@b2b/domain/...`) are left out: the domain imports neither the server nor the web
// app, so no cycle can cross packages.
//
// node scripts/check-import-cycles.mjs        exit 1 and one line per cycle when there is any
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.tsx?$/;

function sourceFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

/** The file a relative specifier names, as the bundlers resolve it ('./x', './x.ts', './dir'). */
function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return candidates.find((file) => SOURCE.test(file) && fs.existsSync(file) && fs.statSync(file).isFile());
}

/** The relative specifiers of a file's import and export-from declarations, type-only ones included. */
function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const specifiers = [];
  for (const statement of source.statements) {
    const isImport = ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement);
    const specifier = isImport ? statement.moduleSpecifier : undefined;
    if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.'))
      specifiers.push(specifier.text);
  }
  return specifiers.map((s) => resolve(file, s)).filter(Boolean);
}

const files = fs
  .readdirSync(path.join(root, 'packages'))
  .map((name) => path.join(root, 'packages', name, 'src'))
  .filter((dir) => fs.existsSync(dir))
  .flatMap(sourceFiles)
  .sort();
const graph = new Map(files.map((file) => [file, [...new Set(importsOf(file))].sort()]));

// Tarjan's strongly connected components: every component of more than one file (or a file that
// imports itself) holds at least one cycle; one cycle per component is named, found by a walk back
// to its first file, so a tangle of many files reads as one line rather than hundreds.
let index = 0;
const order = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const components = [];

function connect(file) {
  order.set(file, index);
  low.set(file, index);
  index += 1;
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file) ?? []) {
    if (!order.has(next)) {
      connect(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) {
      low.set(file, Math.min(low.get(file), order.get(next)));
    }
  }
  if (low.get(file) === order.get(file)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    const selfImport = (graph.get(file) ?? []).includes(file);
    if (component.length > 1 || selfImport) components.push(component.sort());
  }
}
for (const file of files) if (!order.has(file)) connect(file);

/** The shortest way from start back to start inside one component (breadth first). */
function cycleThrough(start, members) {
  const inside = new Set(members);
  const previous = new Map();
  const queue = [start];
  while (queue.length) {
    const file = queue.shift();
    for (const next of graph.get(file) ?? []) {
      if (!inside.has(next)) continue;
      if (next === start) {
        const cycle = [start];
        for (let at = file; at !== start; at = previous.get(at)) cycle.splice(1, 0, at);
        return [...cycle, start];
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

const relative = (file) => path.relative(root, file);
if (components.length === 0) {
  console.log(`No import cycles in ${files.length} files of packages/*/src.`);
} else {
  console.error(`Import cycles in packages/*/src (${components.length}):`);
  for (const component of components) {
    const cycle = cycleThrough(component[0], component).map(relative);
    const more = component.length > cycle.length - 1 ? ` (${component.length} files tangled)` : '';
    console.error(`  ${cycle.join(' -> ')}${more}`);
  }
  process.exit(1);
}
