/**
 * Text PostgreSQL cannot store: NUL (refused by text and jsonb columns alike) and a UTF-16
 * surrogate without its pair (refused by jsonb, silently replaced in text). No keyboard types
 * either, so input carrying one is refused rather than stored altered or left to fail as a 500.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

export const UNSTORABLE_TEXT_MESSAGE =
  'Contains a character that is not allowed (NUL or an unpaired surrogate)';

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * Where the first unstorable string (a value or a key) is in parsed JSON, as a field path
 * ('body' for the top level), or undefined if there is none. Iterative: a body within the size
 * limit can nest tens of thousands of levels deep.
 */
export function findUnstorableText(input: unknown): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, path } = item;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return path || 'body';
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        // A bad key is reported on its parent: the key itself is the text we cannot echo.
        if (!isStorableText(key)) return path || 'body';
        pending.push({ value: inner, path: path ? `${path}.${key}` : key });
      }
    }
  }
  return undefined;
}

/** The text with each NUL and unpaired surrogate replaced by U+FFFD, for logging what came in. */
export function toStorableText(text: string): string {
  return text.replace(UNSTORABLE_ALL, '\ufffd');
}

/** toStorableText on every string of a JSON-like value, keys included. */
export function toStorableJson(value: unknown): unknown {
  if (typeof value === 'string') return toStorableText(value);
  if (Array.isArray(value)) return value.map(toStorableJson);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [toStorableText(key), toStorableJson(inner)]),
    );
  }
  return value;
}
