/**
 * A message compiled as Lingui's runtime reads it: text, `[name]` for an argument,
 * `[name, format, style]` for `{n, number}` and the like, and `[name, 'plural' | 'selectordinal' |
 * 'select', cases]` whose cases are messages again; '#' in a plural case is the number.
 */
export type CompiledMessage = (string | CompiledArgument)[];
type CompiledArgument =
  | [name: string]
  | [name: string, format: string, style?: string]
  | [
      name: string,
      kind: 'plural' | 'selectordinal' | 'select',
      cases: Record<string, CompiledMessage | number | undefined>,
    ];

const CASE_KINDS = new Set(['plural', 'selectordinal', 'select']);
const FORMATS = new Set(['number', 'date', 'time']);

class MessageSyntaxError extends Error {}

/**
 * Compiles the English messages the bundle carries (ADR 042) the first time each is shown. It
 * reads the part of ICU MessageFormat Cogni's messages use: arguments, number, date and time
 * formats with a named style, plural, selectordinal and select (with `=n` cases and an offset),
 * '#', and apostrophe quoting (`''` is an apostrophe; an apostrophe before `{`, `}` or, in a
 * plural, `#` quotes up to the next one; any other apostrophe is itself). Lingui's own compiler
 * reads all of ICU but brings a 6 KB parser onto the home page; a test holds this one to the
 * same output on every message in the catalogs. Date skeletons (`::`) are not read: such a
 * message shows as written.
 */
export function compileMessage(message: string): CompiledMessage {
  try {
    const reader = { text: message, at: 0 };
    const parts = readParts(reader, false);
    if (reader.at < message.length) throw new MessageSyntaxError('an unmatched }');
    return parts;
  } catch (error) {
    if (error instanceof MessageSyntaxError) return [message];
    throw error;
  }
}

type Reader = { text: string; at: number };

/** Message text up to the end or an unmatched '}' (left unread). */
function readParts(reader: Reader, inPlural: boolean): CompiledMessage {
  const parts: CompiledMessage = [];
  let text = '';
  const flush = () => {
    if (text) parts.push(text);
    text = '';
  };
  const { text: source } = reader;
  while (reader.at < source.length) {
    const char = source[reader.at];
    if (char === "'") {
      text += readApostrophe(reader, inPlural);
    } else if (char === '{') {
      flush();
      reader.at += 1;
      parts.push(readArgument(reader));
    } else if (char === '}') {
      break;
    } else if (char === '#' && inPlural) {
      flush();
      parts.push('#');
      reader.at += 1;
    } else {
      text += char;
      reader.at += 1;
    }
  }
  flush();
  return parts;
}

function readApostrophe(reader: Reader, inPlural: boolean): string {
  const { text: source } = reader;
  const next = source[reader.at + 1];
  if (next === "'") {
    reader.at += 2;
    return "'";
  }
  if (next !== '{' && next !== '}' && !(inPlural && next === '#')) {
    reader.at += 1;
    return "'";
  }
  // Quoted literal text, to the next lone apostrophe (or the end).
  let quoted = '';
  reader.at += 1;
  while (reader.at < source.length) {
    if (source[reader.at] === "'") {
      if (source[reader.at + 1] === "'") {
        quoted += "'";
        reader.at += 2;
        continue;
      }
      reader.at += 1;
      return quoted;
    }
    quoted += source[reader.at];
    reader.at += 1;
  }
  return quoted;
}

const skipSpace = (reader: Reader) => {
  while (/\s/.test(reader.text[reader.at] ?? '')) reader.at += 1;
};

/** A word: an argument's name, a format or a case key, up to space or syntax. */
function readWord(reader: Reader): string {
  skipSpace(reader);
  const start = reader.at;
  while (reader.at < reader.text.length && !/[\s{},]/.test(reader.text[reader.at] ?? '')) {
    reader.at += 1;
  }
  return reader.text.slice(start, reader.at);
}

function expect(reader: Reader, char: string): void {
  skipSpace(reader);
  if (reader.text[reader.at] !== char) throw new MessageSyntaxError(`expected ${char}`);
  reader.at += 1;
}

/** After '{': an argument, a formatted argument or a case argument, through its '}'. */
function readArgument(reader: Reader): CompiledArgument {
  const name = readWord(reader);
  if (!name) throw new MessageSyntaxError('an argument without a name');
  skipSpace(reader);
  if (reader.text[reader.at] === '}') {
    reader.at += 1;
    return [name];
  }
  expect(reader, ',');
  const kind = readWord(reader);
  skipSpace(reader);
  if (FORMATS.has(kind)) {
    if (reader.text[reader.at] === '}') {
      reader.at += 1;
      return [name, kind];
    }
    expect(reader, ',');
    const styleStart = reader.at;
    const styleEnd = reader.text.indexOf('}', styleStart);
    if (styleEnd < 0) throw new MessageSyntaxError('an unclosed argument');
    const style = reader.text.slice(styleStart, styleEnd).trim();
    if (style.startsWith('::')) throw new MessageSyntaxError('a date skeleton');
    reader.at = styleEnd + 1;
    return [name, kind, style];
  }
  if (!CASE_KINDS.has(kind)) throw new MessageSyntaxError(`an unknown format ${kind}`);
  expect(reader, ',');
  const cases: Record<string, CompiledMessage | number | undefined> = {};
  const isPlural = kind !== 'select';
  if (isPlural) cases.offset = undefined;
  for (;;) {
    skipSpace(reader);
    if (reader.text[reader.at] === '}') {
      reader.at += 1;
      break;
    }
    const key = readWord(reader);
    if (!key) throw new MessageSyntaxError('a case without a key');
    if (isPlural && key.startsWith('offset:')) {
      cases.offset = Number(key.slice('offset:'.length));
      continue;
    }
    expect(reader, '{');
    cases[key.startsWith('=') ? key.slice(1) : key] = readParts(reader, isPlural);
    expect(reader, '}');
  }
  return [name, kind as 'plural' | 'selectordinal' | 'select', cases];
}
