// The import rules of ADR 027 (one task contract), checked on every `npm run lint`.
// Usage: node scripts/check-imports.mjs [root]   (root: the repository; default: this script's)
// Prints every broken rule as file:line and exits 1; exits 0 when there are none.
//
// Web app (apps/web/src):
//   (a) a feature never imports another feature: features/<a>/ -> features/<b>/;
//   (b) outside tasks/, only tasks/registry.ts is imported, never a task's folder or other file;
//   (c) a task's folder imports neither another task's folder nor a feature.
// Domain (packages/domain/src):
//   (d) a task's folder imports no other task's folder; tasks/shared/ and the files beside the
//       folders (tasks/contract.ts, tasks/registry.ts) are shared.
// Task subpaths (ADR 039), `@cogni/domain/tasks/<id>`:
//   (e) a web task imports the package root and its own task's subpath only; outside the task
//       folders only test files and testing/ folders import a task's subpath (production code
//       reaches a task through the registries);
//   (f) only test files and testing/ folders import a testing/ folder (the benchmarks, not
//       read here, may too), so test support never reaches a production bundle;
//   (g) nothing under the web app's tasks/ imports lib/preview.ts: a run's settings come from
//       its run source, which the task's route reads once (lib/task-runtime/run-source.ts).
//
// Imports are `import ... from`, `import '...'`, `export ... from`, `import(...)` and
// `require(...)` with a relative specifier, resolved against the importing file's folder, or a
// `@cogni/domain` specifier, read as the folder it names. apps/web, apps/server and
// packages/domain are read: the benchmarks (bench/timing) drive the task runtimes themselves on
// purpose.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SCANNED = ['apps/web', 'apps/server', 'packages/domain'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git']);
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?)$/;
const WEB = 'apps/web/src';
const DOMAIN = 'packages/domain/src';
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

const RULES = {
  a: 'a feature imports another feature; move shared code to lib/ or components/',
  b: 'code outside tasks/ imports a task; use tasks/registry.ts',
  c: 'a web task imports another task or a feature',
  d: 'a domain task imports another task; move shared code to tasks/shared/',
  e: "a task's subpath imported outside its own tasks; use the registries",
  f: 'a testing/ folder imported by production code; test support stays out of the bundles',
  g: "a task reads the URL's preview itself; take the run source the route hands its page",
};
const PACKAGE = '@cogni/domain';
const TEST_FILE = /\.(?:test|spec)\.[cm]?[jt]sx?$/;

function* sourceFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* sourceFiles(full);
    } else if (entry.isFile() && SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      yield full;
    }
  }
}

/**
 * The source with comments blanked (newlines kept, so offsets and lines still match) and a mask
 * of the offsets inside string and template literals, where an `import` is text, not code.
 */
function scan(source) {
  const out = source.split('');
  const inString = new Uint8Array(source.length);
  let i = 0;
  // Whether a `/` here starts a regular expression rather than a division.
  let regexAllowed = true;
  const blank = (from, to) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  const skipQuoted = (quote) => {
    const start = i++;
    while (i < source.length && source[i] !== quote) {
      if (source[i] === '\\') i++;
      else if (quote !== '`' && source[i] === '\n') break;
      i++;
    }
    i++;
    inString.fill(1, start + 1, Math.min(i - 1, source.length));
  };
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === '"' || c === "'" || c === '`') {
      skipQuoted(c);
      regexAllowed = false;
    } else if (c === '/' && regexAllowed) {
      const start = i++;
      let inClass = false;
      while (i < source.length && source[i] !== '\n') {
        if (source[i] === '\\') i++;
        else if (source[i] === '[') inClass = true;
        else if (source[i] === ']') inClass = false;
        else if (source[i] === '/' && !inClass) break;
        i++;
      }
      i++;
      inString.fill(1, start, Math.min(i, source.length));
      regexAllowed = false;
    } else if (/[\w$]/.test(c)) {
      let end = i;
      while (end < source.length && /[\w$]/.test(source[end])) end++;
      const word = source.slice(i, end);
      regexAllowed =
        /^(?:return|typeof|instanceof|in|of|new|delete|void|throw|case|do|else|yield|await)$/.test(
          word,
        );
      i = end;
    } else {
      if (!/\s/.test(c)) regexAllowed = !/[)\]}]/.test(c);
      i++;
    }
  }
  return { code: out.join(''), inString };
}

const IMPORT_PATTERNS = [
  // import x from '…', import { x } from '…', import * as x from '…', export { x } from '…',
  // export * from '…', export * as x from '…', with `type` where TypeScript allows it.
  /(?<![\w$.])(?:import|export)\s+(?:type\s+)?(?:[\w$]+\s*,?\s*)?(?:\{[^{}]*\}\s*|\*\s*(?:as\s+[\w$]+\s*)?)?from\s*(['"])([^'"\n]+)\1/g,
  // import '…' (a side effect, e.g. a style sheet)
  /(?<![\w$.])import\s*(['"])([^'"\n]+)\1/g,
  // import('…'), require('…')
  /(?<![\w$.])(?:import|require)\s*\(\s*(['"`])([^'"`\n]+)\1\s*\)/g,
];

/** Every relative or `@cogni/domain` specifier the file imports, with its line. */
function localImports(source) {
  const { code, inString } = scan(source);
  const found = new Map();
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of code.matchAll(pattern)) {
      if (inString[match.index]) continue;
      const specifier = match[2];
      if (
        !specifier.startsWith('.') &&
        specifier !== PACKAGE &&
        !specifier.startsWith(`${PACKAGE}/`)
      )
        continue;
      const offset = match.index + match[0].lastIndexOf(specifier);
      found.set(offset, specifier);
    }
  }
  return [...found]
    .sort(([a], [b]) => a - b)
    .map(([offset, specifier]) => ({
      specifier,
      line: code.slice(0, offset).split('\n').length,
    }));
}

/** Where a path lies: the area (features, tasks, ...) and, inside tasks/ or features/, the folder. */
function locate(root, file) {
  const relative = path.relative(root, file).split(path.sep).join('/');
  for (const [app, base] of [
    ['web', WEB],
    ['domain', DOMAIN],
    ['server', 'apps/server/src'],
  ]) {
    if (relative !== base && !relative.startsWith(`${base}/`)) continue;
    const [area = '', name, ...rest] = relative.slice(base.length + 1).split('/');
    if (name === undefined) return { app, area, folder: null, fileName: null, relative };
    // A folder if more follows or it is one on disk; otherwise a file beside the folders.
    const isFolder =
      rest.length > 0 ||
      (existsSync(path.join(root, base, area, name)) &&
        statSync(path.join(root, base, area, name)).isDirectory());
    const fileName = isFolder ? null : stripExtension(name);
    return { app, area, folder: isFolder ? name : null, fileName, relative };
  }
  // Elsewhere in the web app (e.g. vite.config.ts): outside tasks/ for rule (b).
  const app = relative.startsWith('apps/web/') ? 'web' : null;
  return { app, area: '', folder: null, fileName: null, relative };
}

function stripExtension(name) {
  const extension = EXTENSIONS.find((ext) => name.endsWith(ext));
  return extension ? name.slice(0, -extension.length) : name;
}

/** Whether the path is a test file or lies in a testing/ folder. */
function isTestSupport(relative) {
  return TEST_FILE.test(relative) || relative.split('/').includes('testing');
}

/** The path a specifier names: relative to the importing file, or inside the domain package. */
function resolveSpecifier(root, file, specifier) {
  const bare = specifier.replace(/[?#].*$/, '');
  if (bare === PACKAGE) return path.join(root, DOMAIN, 'index.ts');
  if (bare.startsWith(`${PACKAGE}/`))
    return path.join(root, DOMAIN, bare.slice(PACKAGE.length + 1));
  return path.resolve(path.dirname(file), bare);
}

/** The rule an import of a task's subpath or of a testing/ folder breaks, or null. */
function brokenSubpathRule(from, to) {
  if (to.relative.split('/').includes('testing') && !isTestSupport(from.relative)) return 'f';
  if (to.app !== 'domain' || to.area !== 'tasks' || !to.folder || to.folder === 'shared') {
    return null;
  }
  if (from.app === 'web' && from.area === 'tasks' && from.folder) {
    return to.folder === from.folder ? null : 'e';
  }
  if (from.app === 'domain' && from.area === 'tasks') return null;
  return isTestSupport(from.relative) ? null : 'e';
}

/** The rule the import breaks, or null. */
function brokenRule(from, to) {
  const subpathRule = brokenSubpathRule(from, to);
  if (subpathRule) return subpathRule;
  if (
    from.app === 'web' &&
    from.area === 'tasks' &&
    to.app === 'web' &&
    stripExtension(to.relative) === `${WEB}/lib/preview`
  ) {
    return 'g';
  }
  if (from.app === 'web' && to.app === 'web') {
    if (from.area === 'features' && from.folder) {
      if (to.area === 'features' && to.folder && to.folder !== from.folder) return 'a';
    }
    if (from.area === 'tasks' && from.folder) {
      if (to.area === 'tasks' && to.folder && to.folder !== from.folder) return 'c';
      if (to.area === 'features') return 'c';
      return null;
    }
    if (from.area !== 'tasks' && to.area === 'tasks' && to.fileName !== 'registry') return 'b';
  }
  if (from.app === 'domain' && to.app === 'domain') {
    if (from.area === 'tasks' && from.folder && to.area === 'tasks' && to.folder) {
      if (to.folder !== from.folder && to.folder !== 'shared') return 'd';
    }
  }
  return null;
}

export function checkImports(root) {
  const problems = [];
  let fileCount = 0;
  for (const dir of SCANNED) {
    for (const file of sourceFiles(path.join(root, dir))) {
      fileCount++;
      const from = locate(root, file);
      if (from.app === null) continue;
      for (const { specifier, line } of localImports(readFileSync(file, 'utf8'))) {
        const target = resolveSpecifier(root, file, specifier);
        const to = locate(root, target);
        const rule = brokenRule(from, to);
        if (rule) {
          problems.push({ file: from.relative, line, rule, specifier, message: RULES[rule] });
        }
      }
    }
  }
  return { fileCount, problems };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
  );
  const { fileCount, problems } = checkImports(root);
  for (const p of problems) {
    console.error(`${p.file}:${p.line}  rule (${p.rule}): ${p.message} ('${p.specifier}')`);
  }
  if (problems.length > 0) {
    console.error(`check-imports: ${problems.length} broken import rule(s) in ${fileCount} files`);
    process.exitCode = 1;
  } else {
    console.log(`check-imports: ${fileCount} files, no broken import rules`);
  }
}
