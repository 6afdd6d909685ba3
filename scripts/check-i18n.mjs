// The language checks of ADR 042, run by `npm test` (through `npm run lint`).
// Usage: node scripts/check-i18n.mjs [--scan-only] [--root <repository>]
//
// 1. Text a person reads goes through the catalogs. In the web app's .tsx files (tests and
//    testing/ folders aside), this finds:
//    - JSX text with a letter in it outside a <Trans> macro;
//    - a string literal with a letter as a JSX child ({'...'}) or as the value of an attribute a
//      person reads: aria-label, aria-description, aria-valuetext, alt, title, placeholder, label,
//      hint, caption, and any attribute whose name ends in Label.
//    A line that holds `i18n-ignore` (or follows one that does) is not read: a unit, a symbol or
//    a proper name is not language.
// 2. The catalogs are up to date: `lingui check sync --clean` (what `lingui extract --clean`
//    would write is what is there).
// 3. Every message has a German and a Spanish translation in their own catalogs
//    (`lingui check missing --mode catalog`), none marked fuzzy, each with the same
//    placeholders as the English message.
//
// Prints every finding as file:line and exits 1; exits 0 when there are none.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import ts from 'typescript';

const args = process.argv.slice(2);
const rootIndex = args.indexOf('--root');
const ROOT =
  rootIndex >= 0
    ? path.resolve(args[rootIndex + 1])
    : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCAN_ONLY = args.includes('--scan-only');

const WEB_SRC = 'apps/web/src';
const LOCALES_DIR = 'apps/web/src/locales';
/** The languages every message must have; English is the source. */
const TRANSLATED = ['de', 'es'];

const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'alt',
  'title',
  'placeholder',
  'label',
  'hint',
  'caption',
]);
const isReadAttribute = (name) => READ_ATTRIBUTES.has(name) || /Label$/.test(name);
const HAS_LETTER = /\p{L}/u;
/** Lingui's JSX macros, whose children are the message. */
const MESSAGE_ELEMENTS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);

/** Every .tsx file under `dir` that is not a test or test support, relative to ROOT. */
function sourceFiles(dir) {
  const found = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing' && entry.name !== 'node_modules') {
        found.push(...sourceFiles(relative));
      }
    } else if (entry.name.endsWith('.tsx') && !/\.test\.tsx$/.test(entry.name)) {
      found.push(relative);
    }
  }
  return found;
}

/** Lines (1-based) on which `i18n-ignore` takes effect: its own and the next. */
function ignoredLines(text) {
  const ignored = new Set();
  text.split('\n').forEach((line, index) => {
    if (line.includes('i18n-ignore')) {
      ignored.add(index + 1);
      ignored.add(index + 2);
    }
  });
  return ignored;
}

function tagName(node) {
  const element = ts.isJsxElement(node) ? node.openingElement : node;
  return element.tagName.getText();
}

/** The unlocalized texts of one file: { line, text }. */
export function scanSource(fileName, text) {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const ignored = ignoredLines(text);
  const findings = [];
  const report = (node, value) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    if (!ignored.has(line)) findings.push({ line, text: value.trim().replace(/\s+/g, ' ') });
  };
  const visit = (node, insideMessage) => {
    if (ts.isJsxElement(node) && MESSAGE_ELEMENTS.has(tagName(node))) {
      node.forEachChild((child) => visit(child, true));
      return;
    }
    if (!insideMessage && ts.isJsxText(node) && HAS_LETTER.test(node.text)) {
      report(node, node.text);
    }
    if (
      !insideMessage &&
      ts.isJsxExpression(node) &&
      node.expression &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)) &&
      (ts.isStringLiteral(node.expression) ||
        ts.isNoSubstitutionTemplateLiteral(node.expression)) &&
      HAS_LETTER.test(node.expression.text)
    ) {
      report(node, node.expression.text);
    }
    if (ts.isJsxAttribute(node) && isReadAttribute(node.name.getText(source))) {
      const initializer = node.initializer;
      const literal =
        initializer && ts.isJsxExpression(initializer) ? initializer.expression : initializer;
      if (
        literal &&
        (ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal)) &&
        HAS_LETTER.test(literal.text)
      ) {
        report(node, `${node.name.getText(source)}="${literal.text}"`);
      }
    }
    node.forEachChild((child) => visit(child, insideMessage));
  };
  visit(source, false);
  return findings;
}

function checkSources(problems) {
  for (const file of sourceFiles(WEB_SRC)) {
    for (const finding of scanSource(file, readFileSync(path.join(ROOT, file), 'utf8'))) {
      problems.push(`${file}:${finding.line}: text outside the catalogs: ${finding.text}`);
    }
  }
}

/**
 * The entries of a PO file: { id, str, fuzzy }. Reads what Lingui writes: comments, msgctxt,
 * msgid and msgstr, each a quoted string possibly continued on the following lines.
 */
export function parsePo(text) {
  const entries = [];
  for (const block of text.split(/\n\s*\n/)) {
    const fields = {};
    let current = null;
    let fuzzy = false;
    for (const line of block.split('\n')) {
      if (line.startsWith('#,') && line.includes('fuzzy')) fuzzy = true;
      const start = /^(msgctxt|msgid|msgstr)\s+"(.*)"\s*$/.exec(line);
      if (start) {
        current = start[1];
        fields[current] = JSON.parse(`"${start[2]}"`);
        continue;
      }
      const more = /^"(.*)"\s*$/.exec(line);
      if (more && current) fields[current] += JSON.parse(`"${more[1]}"`);
    }
    if (fields.msgid !== undefined && fields.msgid !== '') {
      entries.push({ id: fields.msgid, context: fields.msgctxt, str: fields.msgstr ?? '', fuzzy });
    }
  }
  return entries;
}

/** The ICU argument names of a message ({name}, {count, plural, ...}), sorted. */
export function placeholdersOf(message) {
  const names = new Set();
  const visit = (parts) => {
    // A plural's cases hold its offset beside the messages.
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (!Array.isArray(part)) continue;
      const [name, , cases] = part;
      names.add(name);
      if (cases && typeof cases === 'object') Object.values(cases).forEach(visit);
    }
  };
  visit(compileMessage(message));
  return [...names].sort();
}

function readCatalog(locale) {
  const file = path.join(ROOT, LOCALES_DIR, locale, 'messages.po');
  return existsSync(file) ? parsePo(readFileSync(file, 'utf8')) : null;
}

function checkTranslations(problems) {
  const source = readCatalog('en');
  if (!source) {
    problems.push(`${LOCALES_DIR}/en/messages.po is missing; run npm run i18n:extract`);
    return;
  }
  const sourceText = new Map(source.map((e) => [`${e.context ?? ''}\u0004${e.id}`, e.str || e.id]));
  for (const locale of TRANSLATED) {
    const catalog = readCatalog(locale);
    if (!catalog) {
      problems.push(`${LOCALES_DIR}/${locale}/messages.po is missing; run npm run i18n:extract`);
      continue;
    }
    for (const entry of catalog) {
      const key = `${entry.context ?? ''}\u0004${entry.id}`;
      const english = sourceText.get(key) ?? entry.id;
      const where = `${LOCALES_DIR}/${locale}/messages.po: ${JSON.stringify(english.slice(0, 60))}`;
      if (entry.fuzzy) problems.push(`${where} is marked fuzzy`);
      else if (entry.str && placeholdersOf(english).join() !== placeholdersOf(entry.str).join()) {
        problems.push(
          `${where}: the translation's placeholders {${placeholdersOf(entry.str).join('}, {')}} ` +
            `are not the message's {${placeholdersOf(english).join('}, {')}}`,
        );
      }
    }
  }
}

/**
 * Lingui's own checks: the catalogs are what `lingui extract --clean` would write today, and
 * German and Spanish have every message in their own catalogs (English fallbacks do not count).
 */
function checkWithLingui(problems) {
  const run = (...checkArgs) => {
    try {
      execFileSync('npx', ['lingui', 'check', ...checkArgs, '--verbose'], {
        cwd: ROOT,
        stdio: 'pipe',
        encoding: 'utf8',
      });
    } catch (error) {
      const output = `${error.stdout ?? ''}${error.stderr ?? ''}`.trim();
      problems.push(`lingui check ${checkArgs.join(' ')} failed:\n${output}`);
    }
  };
  run('sync', '--clean');
  run('missing', '--mode', 'catalog', '--locale', TRANSLATED.join(','));
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const problems = [];
  checkSources(problems);
  if (!SCAN_ONLY) {
    checkWithLingui(problems);
    checkTranslations(problems);
  }
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} language problem(s) (docs/languages.md)`);
    process.exit(1);
  }
  console.log('languages: every text is in the catalogs, and every catalog is complete');
}
