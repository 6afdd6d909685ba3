import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Keeps the repository readable on its own: every relative link in the README and the docs leads
 * to a file (and a heading) that exists inside the repository, and no file refers to a document
 * outside it. Each failure names the file and line.
 */

const ROOT = path.resolve(import.meta.dirname, '..');

/** The folders and top-level files whose text may not point outside the repository. */
const SCANNED_PREFIXES = [
  'apps/',
  'packages/',
  'e2e/',
  'faults/',
  'bench/',
  'scripts/',
  'docs/',
  'README.md',
  'SECURITY.md',
];
const TEXT_EXTENSIONS = new Set([
  '.ts',
  '.tsx',
  '.mjs',
  '.js',
  '.cjs',
  '.json',
  '.md',
  '.css',
  '.html',
  '.sql',
  '.svg',
  '.log',
  '.yml',
  '.yaml',
]);
/** This file spells the forbidden references out in order to find them. */
const SELF = 'scripts/docs-links.test.ts';

/** Files tracked by git or new and not ignored, relative to the root, that exist. */
function listFiles(): string[] {
  const output = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(output.split('\n'))]
    .filter((file) => file !== '' && existsSync(path.join(ROOT, file)))
    .sort();
}

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** Each line of a markdown text with whether it is inside a fenced code block. */
function markdownLines(text: string): { line: string; number: number; inFence: boolean }[] {
  let fence: string | null = null;
  return text.split('\n').map((line, index) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    let inFence = fence !== null;
    if (marker && fence === null) {
      fence = marker;
      inFence = true;
    } else if (
      marker &&
      fence !== null &&
      marker[0] === fence[0] &&
      marker.length >= fence.length
    ) {
      fence = null;
      inFence = true;
    }
    return { line, number: index + 1, inFence };
  });
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
function githubAnchor(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** Every anchor a markdown file offers: its headings' (numbered when repeated) and HTML ids. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { line, inFence } of markdownLines(text)) {
    if (inFence) continue;
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const base = githubAnchor(heading);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1] ?? '');
  }
  return anchors;
}

type Link = { file: string; line: number; target: string };

/** The relative links of a markdown file, outside code: inline `[text](target)` and definitions. */
function linksOf(file: string): Link[] {
  const links: Link[] = [];
  for (const { line, number, inFence } of markdownLines(read(file))) {
    if (inFence) continue;
    const prose = line.replace(/(`+)[^`]*?\1/g, '');
    const targets = [
      ...[...prose.matchAll(/\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
      ...[...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s+(\S+)/g)].map((m) => m[1]),
    ];
    for (const raw of targets) {
      const target = (raw ?? '').replace(/^<|>$/g, '');
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http(s), mailto and other schemes
      links.push({ file, line: number, target });
    }
  }
  return links;
}

/** What is wrong with a link, or null when it resolves inside the repository. */
function linkProblem({ file, target }: Link): string | null {
  const hashAt = target.indexOf('#');
  const pathPart = decodeURIComponent(hashAt === -1 ? target : target.slice(0, hashAt));
  const anchor = hashAt === -1 ? null : decodeURIComponent(target.slice(hashAt + 1));
  const resolved =
    pathPart === '' ? path.join(ROOT, file) : path.resolve(ROOT, path.dirname(file), pathPart);
  const relative = path.relative(ROOT, resolved);
  if (relative.startsWith('..') || path.isAbsolute(relative))
    return 'points outside the repository';
  if (!existsSync(resolved)) return `${relative} does not exist`;
  if (
    anchor === null ||
    anchor === '' ||
    !resolved.endsWith('.md') ||
    statSync(resolved).isDirectory()
  ) {
    return null;
  }
  return anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)
    ? null
    : `${relative} has no heading with the anchor #${anchor}`;
}

/**
 * References to documents that are not in the repository: the decision numbers, timing rules,
 * task sections and product description of an outside specification. Documents in the
 * repository are named by their paths (docs/product.md, docs/timing-rules.md, an ADR number).
 */
const OUTSIDE_REFERENCES: {
  pattern: RegExp;
  what: string;
  /** Whether this match, in this file, names something inside the repository after all. */
  inside?: (match: string, file: string) => boolean;
}[] = [
  {
    pattern: /(?:\.\.\/){2,}shared\b|\.\.\/shared\/spec\b|\/work\/shared\b/,
    what: 'a path outside the repository',
    // '../../shared' from a task's testing/ folder is the domain tasks' own shared folder.
    inside: (match, file) => {
      if (!match.startsWith('../') || match.includes('spec')) return false;
      const resolved = path.resolve(ROOT, path.dirname(file), match);
      return !path.relative(ROOT, resolved).startsWith('..') && existsSync(resolved);
    },
  },
  { pattern: /(?<![\w@./-])spec\//, what: 'a file of the outside specification' },
  { pattern: /product-spec/, what: 'the outside product specification' },
  {
    pattern: /(?<![\w./-])(?:tasks|decisions)\.md\b/,
    what: 'a document of the outside specification',
  },
  {
    pattern: /(?<!bench\/results\/|['"])\btiming\.md\b/,
    what: 'the outside timing rules (docs/timing-rules.md)',
  },
  {
    pattern: /\b(?:the|this|that) spec\b|\bspec(?:'s)? sections?\b/i,
    what: 'the outside specification',
  },
  {
    pattern: /(?<![\w#$@./-])D\d{1,2}\b(?!\.\d)/,
    what: 'a decision number of the outside specification',
  },
  {
    pattern: /\bDESIGN\.md\b|(?<![\w./-])research\//,
    what: 'a design note outside the repository',
  },
];

describe('documentation links', () => {
  const files = listFiles();
  const markdown = files.filter(
    (file) => file === 'README.md' || (file.startsWith('docs/') && file.endsWith('.md')),
  );

  it('finds the README and the docs', () => {
    expect(markdown).toContain('README.md');
    expect(markdown.length).toBeGreaterThan(10);
  });

  it('resolves every relative link in README.md and docs/ to a file and heading in the repository', () => {
    const problems = markdown
      .flatMap(linksOf)
      .map((link) => ({ link, problem: linkProblem(link) }))
      .filter(({ problem }) => problem !== null)
      .map(({ link, problem }) => `${link.file}:${link.line}: (${link.target}) ${problem}`);
    expect(problems).toEqual([]);
  });

  it('finds no reference to a document outside the repository', () => {
    const scanned = files.filter(
      (file) =>
        file !== SELF &&
        SCANNED_PREFIXES.some(
          (prefix) => file === prefix || (prefix.endsWith('/') && file.startsWith(prefix)),
        ) &&
        TEXT_EXTENSIONS.has(path.extname(file)),
    );
    expect(scanned.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const file of scanned) {
      read(file)
        .split('\n')
        .forEach((line, index) => {
          for (const { pattern, what, inside } of OUTSIDE_REFERENCES) {
            const match = pattern.exec(line);
            if (match && !inside?.(match[0], file))
              problems.push(`${file}:${index + 1}: "${match[0]}" refers to ${what}`);
          }
        });
    }
    expect(problems).toEqual([]);
  });
});

describe('linkProblem', () => {
  it('refuses a missing file, a missing heading and a path out of the repository', () => {
    const link = (target: string) => linkProblem({ file: 'docs/product.md', line: 1, target });
    expect(link('timing-rules.md#rule-7-timing-lives-outside-react')).toBeNull();
    expect(link('decisions/')).toBeNull();
    expect(link('#touch-mode')).toBeNull();
    expect(link('timing-rules.md#rule-99')).toMatch(/no heading/);
    expect(link('no-such-file.md')).toMatch(/does not exist/);
    expect(link('../../shared/spec/timing.md')).toMatch(/outside the repository/);
  });
});

describe('githubAnchor', () => {
  it('makes the anchors GitHub makes', () => {
    expect(githubAnchor('Rule 7: Timing lives outside React')).toBe(
      'rule-7-timing-lives-outside-react',
    );
    expect(githubAnchor('Who Cogni is for')).toBe('who-cogni-is-for');
    expect(githubAnchor('Tower of Hanoi (ADR 032)')).toBe('tower-of-hanoi-adr-032');
    expect(githubAnchor('`trial-queue.ts`: the outbox')).toBe('trial-queuets-the-outbox');
    expect(githubAnchor('Go/No-Go')).toBe('gono-go');
  });
});
