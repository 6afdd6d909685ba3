import fc from 'fast-check';
import type { JsonSchema, OpenApiOperation } from '../openapi/build-openapi-document';

/*
 * Request generators for the API fuzz test (routes/fuzz.test.ts), driven by the OpenAPI
 * document: from each operation's JSON Schemas they make values that conform, and values that
 * are wrong in the ways clients and attackers are wrong.
 */

/** Strings that break naive code: number-like text, control and invisible characters, lone
 * surrogates (not valid UTF-16, so not encodable as UTF-8), direction overrides, injections. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x10',
  '1_000',
  '00000000001',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\udc00\ud800',
  '\u202eevil\u202c',
  '\u200f\u05e9\u05dc\u05d5\u05dd',
  '\u200b',
  '\u200d\ufeff\u2060',
  '\u2028\u2029',
  'e\u0301\u0301\u0301',
  '\ufffd\ufffe\uffff',
  '👩‍👩‍👧‍👦',
  '\r\nX-Injected: 1',
  '\u001b[31mred',
  '<script>alert(1)</script>',
  "' or '1'='1' --",
  '%00',
  '%',
  '\\',
  '"',
  '../../etc/passwd',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the point is the literal text
  '${7*7}',
  '__proto__',
  'constructor',
  '2026-02-30',
  '0000-01-01',
  '9999-12-31',
  '2026-01-01T00:00:00+99:99',
  '275760-09-13T00:00:00.000Z',
  'a@b',
  'ADMIN@EXAMPLE.COM',
];

/** Keys a client should never be able to set, and keys that are dangerous in JavaScript. */
export const HOSTILE_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'role',
  'isActive',
  'isMock',
  'id',
  'userId',
  'passwordHash',
  '',
  ' ',
  '\u0000',
  'a.b',
  '$where',
  '0',
];

/** Sizes just past common limits (names, emails, passwords, messages). */
const LONG_LENGTHS = [101, 129, 201, 255, 501, 1001, 2001, 4001, 10_000, 30_000];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...LONG_LENGTHS), fc.constantFrom('x', 'é', '😀', '\u200b'))
      .map(([length, unit]) => unit.repeat(length)),
  },
);

/** Any JSON value of the wrong kind: a hostile string, an odd number, null, arrays, objects. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      1.5,
      -0.000001,
      1e308,
      -1e308,
      2 ** 31,
      2 ** 53 + 2,
      [],
      {},
      [null],
      { '': null },
    ),
  },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Deep nesting: parsers and validators that recurse may run out of stack. */
export function nest(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** An object with an own, enumerable key even when that key is `__proto__`. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function asSchemas(value: unknown): JsonSchema[] {
  return Array.isArray(value) ? (value as JsonSchema[]) : [];
}

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type[0] as string;
  return schema.type as string | undefined;
}

function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Dates over the whole range a four-digit year allows: PostgreSQL has no year 0. */
const anyDate = fc.date({
  min: new Date('0000-01-01T00:00:00.000Z'),
  max: new Date('9999-12-31T23:59:59.999Z'),
  noInvalidDate: true,
});

function conformingString(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? 60, minLength + 60);
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter((email) => email.length <= maxLength);
    case 'date':
      return anyDate.map(formatDay);
    case 'date-time':
      return anyDate.map((date) => date.toISOString());
  }
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern), { maxLength });
    } catch {
      // A pattern fast-check cannot invert: plain text then, which the server must refuse.
    }
  }
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ unit: 'grapheme', minLength, maxLength }),
  );
}

function conformingNumber(schema: JsonSchema, isInteger: boolean): fc.Arbitrary<number> {
  const exclusiveMin = schema.exclusiveMinimum as number | undefined;
  const exclusiveMax = schema.exclusiveMaximum as number | undefined;
  const min = (schema.minimum as number | undefined) ?? exclusiveMin;
  const max = (schema.maximum as number | undefined) ?? exclusiveMax;
  if (isInteger) {
    return fc.integer({
      min: Math.max(
        Math.ceil(min ?? -(2 ** 31)) + (exclusiveMin !== undefined ? 1 : 0),
        -(2 ** 31),
      ),
      max: Math.min(Math.floor(max ?? 2 ** 31) - (exclusiveMax !== undefined ? 1 : 0), 2 ** 31),
    });
  }
  return fc.double({
    min: min ?? -1e9,
    max: max ?? 1e9,
    minExcluded: exclusiveMin !== undefined,
    maxExcluded: exclusiveMax !== undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

type ValueMaker = (schema: JsonSchema) => fc.Arbitrary<unknown>;

/**
 * A value for `schema` whose parts come from `part`: conforming values when `part` is this
 * function, fuzzed ones when it is `fuzzedValue`. Objects keep their required keys here; the
 * fuzzed variant drops and adds keys on top.
 */
function structuredValue(schema: JsonSchema, part: ValueMaker): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = [...asSchemas(schema.anyOf), ...asSchemas(schema.oneOf)];
  if (alternatives.length > 0) return fc.oneof(...alternatives.map((s) => part(s)));
  switch (typeOf(schema)) {
    case 'string':
      return conformingString(schema);
    case 'integer':
      return conformingNumber(schema, true);
    case 'number':
      return conformingNumber(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (schema.items as JsonSchema | undefined) ?? {};
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.min((schema.maxItems as number | undefined) ?? 4, minLength + 4);
      return fc.array(part(items), { minLength, maxLength });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = (schema.required ?? []) as string[];
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [key, part(property)]),
      );
      return fc.record(model, { requiredKeys: required, noNullPrototype: true });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value the schema accepts (as far as JSON Schema can say: refinements are code). */
export function conformingValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  return structuredValue(schema, conformingValue);
}

/**
 * A value shaped by the schema where any part may be hostile: a wrong type or an odd value in
 * place of a field, required keys dropped, unknown and dangerous keys added.
 */
export function fuzzedValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const shaped = structuredValue(schema, fuzzedValue);
  const isObject = typeOf(schema) === 'object';
  const mutated = isObject
    ? fc
        .tuple(
          shaped as fc.Arbitrary<Record<string, unknown>>,
          fc.subarray(Object.keys((schema.properties ?? {}) as object)),
          fc.array(
            fc.tuple(fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string()), hostileValue),
            {
              minLength: 1,
              maxLength: 3,
            },
          ),
          fc.nat(5),
        )
        .map(([value, dropped, extra, dice]) => {
          const copy: Record<string, unknown> = { ...value };
          if (dice === 0) for (const key of dropped) delete copy[key];
          if (dice === 1) for (const [key, extraValue] of extra) setOwn(copy, key, extraValue);
          return copy;
        })
    : shaped;
  return fc.oneof({ weight: 6, arbitrary: mutated }, { weight: 1, arbitrary: hostileValue });
}

/**
 * Percent-encodes like encodeURIComponent, but a lone surrogate (which encodeURIComponent
 * refuses) becomes the bytes of its code unit, which are not valid UTF-8: a server must cope.
 */
export function encodeLoosely(text: string): string {
  let encoded = '';
  for (const char of text) {
    try {
      encoded += encodeURIComponent(char);
    } catch {
      const unit = char.charCodeAt(0);
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      encoded += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    }
  }
  return encoded;
}

/** Broken percent-encoding and separators, sent as they are. */
const RAW_URL_PIECES = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%00',
  '%C0%AE',
  '%FF',
  '&&',
  '=',
  '+',
];

/** A query value as text: conforming values are written as a browser would. */
function toQueryText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The query string of a case (with its leading `?`, or empty). */
export function queryArbitrary(operation: OpenApiOperation): fc.Arbitrary<string> {
  const parameters = operation.parameters.filter((p) => p.in === 'query');
  const declared = parameters.map((parameter) =>
    fc.option(
      fc
        .oneof(
          { weight: 3, arbitrary: conformingValue(parameter.schema).map(toQueryText) },
          { weight: 2, arbitrary: hostileString },
        )
        .map((value) => `${parameter.name}=${encodeLoosely(value)}`),
      { freq: 3 },
    ),
  );
  const extra = fc.array(
    fc.oneof(
      fc
        .tuple(fc.constantFrom(...HOSTILE_KEYS, ...parameters.map((p) => p.name)), hostileString)
        .map(([key, value]) => `${encodeLoosely(key)}=${encodeLoosely(value)}`),
      fc.constantFrom(...RAW_URL_PIECES),
    ),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...declared), extra, fc.nat(3)).map(([values, extras, dice]) => {
    const pairs = values.filter((v): v is string => v !== null);
    // Extras in one case in four: most cases should reach the schema with its own names.
    if (dice === 0) pairs.push(...extras);
    return pairs.length > 0 ? `?${pairs.join('&')}` : '';
  });
}

/** A path segment that is not a valid value: never `.` or `..`, which URLs resolve away. */
const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  hostileString.filter((text) => text.length > 0 && !/^\.{1,2}$/.test(text)).map(encodeLoosely),
  fc.constantFrom(...RAW_URL_PIECES.filter((piece) => piece !== '&&' && piece !== '=')),
);

/**
 * The path of a case: each `{name}` filled with a valid value (known ids first, so the handler
 * goes past its lookup), a random one, or a hostile segment.
 */
export function pathArbitrary(
  path: string,
  operation: OpenApiOperation,
  knownValues: Record<string, readonly string[]>,
): fc.Arbitrary<string> {
  const parameters = operation.parameters.filter((p) => p.in === 'path');
  const segments = parameters.map((parameter) => {
    const known = knownValues[parameter.name] ?? [];
    const valid = conformingValue(parameter.schema).map((value) =>
      encodeLoosely(toQueryText(value)),
    );
    return fc.oneof(
      ...(known.length > 0 ? [{ weight: 5, arbitrary: fc.constantFrom(...known) }] : []),
      { weight: 2, arbitrary: parameter.name === 'id' ? fc.uuid() : valid },
      { weight: 2, arbitrary: hostileSegment },
    );
  });
  return fc.tuple(...segments).map((values) =>
    parameters.reduce(
      // A function, so `$&` and the like in a value are not replacement patterns.
      (filled, parameter, i) => filled.replace(`{${parameter.name}}`, () => values[i] ?? ''),
      path,
    ),
  );
}

/** A request body as sent: JSON text, or something that is not JSON at all. */
export type FuzzBody = { text: string; contentType: string | undefined };

const NOT_JSON: readonly string[] = [
  '',
  '{',
  '{"a":',
  '{"a":1}garbage',
  "{'a':1}",
  '[1,2,',
  'NaN',
  'undefined',
  '\ufeff{}',
  '\u0000',
  'a=1&b=2',
  '--boundary\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--boundary--',
];

const ODD_CONTENT_TYPES: readonly string[] = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=boundary',
  'application/json; charset=utf-16',
  'application/jsonx',
  'APPLICATION/JSON',
  '',
];

/** Bodies past the 64 KB limit, and deep nesting within it. */
const oversized: fc.Arbitrary<string> = fc.constantFrom(
  JSON.stringify({ padding: 'x'.repeat(70_000) }),
  JSON.stringify({ padding: '😀'.repeat(20_000) }),
  `[${'1,'.repeat(200_000)}1]`,
  nest(30_000, 'array'),
  nest(10_000, 'object'),
);

/**
 * The body of a case: mostly JSON shaped by the schema (when there is one) with hostile parts,
 * sometimes exactly conforming, a JSON value of another kind, not JSON, too big, or JSON under
 * the wrong Content-Type.
 */
export function bodyArbitrary(schema: JsonSchema | undefined): fc.Arbitrary<FuzzBody | undefined> {
  const json = (value: unknown): FuzzBody => ({
    text: JSON.stringify(value) ?? 'null',
    contentType: 'application/json',
  });
  const shaped = schema
    ? [
        { weight: 12, arbitrary: fuzzedValue(schema).map(json) },
        { weight: 2, arbitrary: conformingValue(schema).map(json) },
      ]
    : [{ weight: 4, arbitrary: fc.constant(undefined) }];
  return fc.oneof(
    ...shaped,
    { weight: 1, arbitrary: hostileValue.map(json) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...NOT_JSON).map((text) => ({
        text,
        contentType: 'application/json',
      })),
    },
    {
      weight: 1,
      arbitrary: oversized.map((text) => ({ text, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          schema ? conformingValue(schema) : hostileValue,
          fc.constantFrom(...ODD_CONTENT_TYPES),
        )
        .map(([value, contentType]) => ({ text: JSON.stringify(value) ?? 'null', contentType })),
    },
  );
}
