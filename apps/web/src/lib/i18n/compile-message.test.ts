import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatter } from '@lingui/format-po';
import { compileMessage as linguiCompile } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { compileMessage } from './compile-message';

/**
 * Lingui's compiled form with adjacent text joined ('#', the number in a plural, stays a part
 * of its own) and absent offsets dropped: two compilers that agree on this render every
 * message alike.
 */
function normalized(parts: unknown): unknown {
  if (!Array.isArray(parts)) return parts;
  const joined: unknown[] = [];
  for (const part of parts) {
    const last = joined.at(-1);
    if (typeof part === 'string' && part !== '#' && typeof last === 'string' && last !== '#') {
      joined[joined.length - 1] = last + part;
    } else if (Array.isArray(part) && part.length === 3 && typeof part[2] === 'object') {
      const cases = Object.fromEntries(
        Object.entries(part[2] as Record<string, unknown>)
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) => [key, normalized(value)]),
      );
      joined.push([part[0], part[1], cases]);
    } else {
      joined.push(part);
    }
  }
  return joined;
}

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../locales');
const po = formatter();
/** Every message of the catalogs, English and translated. */
const catalogMessages = (
  await Promise.all(
    ['en', 'de', 'es'].map(async (locale) => {
      const filename = path.join(LOCALES_DIR, locale, 'messages.po');
      const catalog = await po.parse(readFileSync(filename, 'utf8'), {
        locale,
        sourceLocale: 'en',
        filename,
      });
      return Object.values(catalog ?? {}).flatMap((entry) =>
        [entry.message, entry.translation].filter((text): text is string => Boolean(text)),
      );
    }),
  )
).flat();

const EDGE_CASES = [
  'Plain text',
  "The participant's answers",
  "Don''t stop",
  "A '{literal}' brace and a '}'",
  'Hello {name}',
  '{ name } with spaces',
  '{count, plural, one {# trial} other {# trials}} left',
  '{count, plural, =0 {no trials} one {one trial} other {# trials}}',
  '{count, plural, offset:1 =0 {nobody} one {just you} other {you and # others}}',
  '{place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}',
  '{kind, select, consent {Consent} task {A task: {name}} other {Something}}',
  '{n, plural, one {# item with a {kind, select, a {A} other {B}}} other {# items}}',
  "In a plural, '#' is quoted: {n, plural, other {'#' and #}}",
  '{share, number, percent} done',
  '{when, date, short} at {when, time, short}',
  '{n, number}',
  "Ends with an apostrophe ’ and a quote ' ",
];

describe('compileMessage', () => {
  it.each([...new Set([...EDGE_CASES, ...catalogMessages])])(
    'compiles %j as Lingui does',
    (message) => {
      expect(normalized(compileMessage(message))).toEqual(normalized(linguiCompile(message)));
    },
  );

  it('shows a message it cannot read as written', () => {
    expect(compileMessage('An {unclosed argument')).toEqual(['An {unclosed argument']);
    expect(compileMessage('A stray } brace')).toEqual(['A stray } brace']);
    expect(compileMessage('{n, unknown}')).toEqual(['{n, unknown}']);
  });
});
