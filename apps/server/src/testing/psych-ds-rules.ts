import { parseCsv } from './parse-csv';

/**
 * The rules of the Psych-DS specification (https://psych-ds.github.io/) that its validator
 * checks, written from the specification for the tests of the study dataset (ADR 041, step f).
 * Each problem is named by the validator's issue code, with the file it is about.
 */

/** The keywords the specification defines; any other is a warning of the validator. */
export const PSYCH_DS_KEYWORDS = [
  'study',
  'site',
  'subject',
  'session',
  'task',
  'condition',
  'trial',
  'stimulus',
  'description',
] as const;

/** A data file's name: keyword-value pairs joined by `_`, then `_data.csv`. */
const DATA_FILE_NAME = /^([a-z]+-[a-zA-Z0-9]+)(_[a-z]+-[a-zA-Z0-9]+)*_data\.csv$/;

/** The schema.org properties of a Dataset this project writes or a reviewer may add. */
const DATASET_PROPERTIES = new Set([
  '@context',
  '@type',
  'name',
  'description',
  'variableMeasured',
  'author',
  'creator',
  'license',
  'keywords',
  'identifier',
  'dateCreated',
  'datePublished',
  'citation',
  'url',
  'version',
]);

/** The context JSON-LD names schema.org by. */
const SCHEMA_ORG_CONTEXTS = new Set([
  'https://schema.org',
  'https://schema.org/',
  'http://schema.org',
  'http://schema.org/',
]);

export type PsychDsIssue = { code: string; file: string; detail?: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every object nested in JSON-LD must say its schema.org type. */
function objectsWithoutType(value: unknown, where: string): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => objectsWithoutType(item, `${where}[${index}]`));
  }
  if (!isRecord(value)) return [];
  const own = typeof value['@type'] === 'string' ? [] : [where];
  return [
    ...own,
    ...Object.entries(value)
      .filter(([key]) => !key.startsWith('@'))
      .flatMap(([key, inner]) => objectsWithoutType(inner, `${where}.${key}`)),
  ];
}

/**
 * Checks a dataset given as its files (path in the dataset → bytes) against the specification:
 * `dataset_description.json` at the root, JSON-LD of a schema.org `Dataset` with `name`,
 * `description` and `variableMeasured`, typed nested objects and known properties; a `data`
 * folder whose CSV files are named by official keyword-value pairs ending `_data.csv`; each
 * CSV UTF-8, with one header row of distinct non-empty names, every row as long as the header,
 * unique `row_id` values, and every column named in `variableMeasured`. No issue: valid.
 */
export function checkPsychDs(files: Readonly<Record<string, Uint8Array>>): PsychDsIssue[] {
  const issues: PsychDsIssue[] = [];
  const add = (code: string, file: string, detail?: string) =>
    issues.push(detail === undefined ? { code, file } : { code, file, detail });

  const measured = new Set<string>();
  const descriptionBytes = files['dataset_description.json'];
  if (!descriptionBytes) {
    add('MISSING_DATASET_DESCRIPTION', 'dataset_description.json');
  } else {
    let description: unknown;
    try {
      description = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(descriptionBytes));
    } catch {
      add('INVALID_JSON_FORMATTING', 'dataset_description.json');
    }
    if (description !== undefined && !isRecord(description)) {
      add('INVALID_JSON_FORMATTING', 'dataset_description.json', 'not an object');
    } else if (isRecord(description)) {
      const file = 'dataset_description.json';
      if (!('@context' in description)) add('MISSING_JSONLD_CONTEXT', file);
      else if (!SCHEMA_ORG_CONTEXTS.has(String(description['@context']))) {
        add('INVALID_SCHEMAORG_CONTEXT', file, String(description['@context']));
      }
      if (!('@type' in description)) add('MISSING_DATASET_TYPE', file);
      else if (description['@type'] !== 'Dataset') add('INCORRECT_DATASET_TYPE', file);
      for (const key of ['name', 'description', 'variableMeasured']) {
        if (!(key in description)) add('JSON_KEY_REQUIRED', file, key);
      }
      for (const key of ['name', 'description']) {
        const value = description[key];
        if (key in description && (typeof value !== 'string' || value.trim() === '')) {
          add('JSON_KEY_TYPE_ERROR', file, key);
        }
      }
      for (const key of Object.keys(description)) {
        if (!DATASET_PROPERTIES.has(key)) add('INVALID_SCHEMAORG_PROPERTY', file, key);
      }
      for (const where of Object.entries(description)
        .filter(([key]) => !key.startsWith('@'))
        .flatMap(([key, value]) => objectsWithoutType(value, key))) {
        add('OBJECT_TYPE_MISSING', file, where);
      }
      const variables = description.variableMeasured;
      if ('variableMeasured' in description && !Array.isArray(variables)) {
        add('JSON_KEY_TYPE_ERROR', file, 'variableMeasured');
      }
      for (const variable of Array.isArray(variables) ? variables : []) {
        if (typeof variable === 'string') measured.add(variable);
        else if (isRecord(variable) && typeof variable.name === 'string') {
          if (variable['@type'] !== 'PropertyValue') {
            add('INCORRECT_VARIABLE_TYPE', file, variable.name);
          }
          measured.add(variable.name);
        } else add('JSON_KEY_TYPE_ERROR', file, 'variableMeasured item');
      }
    }
  }

  const dataFiles = Object.keys(files).filter((name) => name.startsWith('data/'));
  if (dataFiles.length === 0) add('MISSING_DATA_DIRECTORY', 'data/');
  // At least one data file the rules accept, and every variable described is some file's column.
  const headers = new Set<string>();
  let validDataFiles = 0;
  for (const name of dataFiles) {
    const base = name.slice(name.lastIndexOf('/') + 1);
    if (!base.endsWith('.csv')) continue;
    if (!DATA_FILE_NAME.test(base)) {
      add('FILENAME_KEYWORD_FORMATTING_ERROR', name);
      continue;
    }
    const keywords = base
      .replace(/_data\.csv$/, '')
      .split('_')
      .map((pair) => pair.slice(0, pair.indexOf('-')));
    for (const keyword of keywords) {
      if (!(PSYCH_DS_KEYWORDS as readonly string[]).includes(keyword)) {
        add('FILENAME_UNOFFICIAL_KEYWORD_WARNING', name, keyword);
      }
    }
    if (new Set(keywords).size !== keywords.length) add('FILENAME_KEYWORD_REPEATED', name);
    validDataFiles += 1;
    for (const column of checkCsv(name, files[name] ?? new Uint8Array(), measured, add)) {
      headers.add(column);
    }
  }
  if (dataFiles.length > 0 && validDataFiles === 0) add('MISSING_DATAFILE', 'data/');
  for (const variable of measured) {
    if (!headers.has(variable)) {
      add('VARIABLE_MISSING_FROM_CSV_COLUMNS', 'dataset_description.json', variable);
    }
  }
  return issues;
}

/** The CSV rules of one data file; answers its header (none if it cannot be read). */
function checkCsv(
  name: string,
  bytes: Uint8Array,
  measured: ReadonlySet<string>,
  add: (code: string, file: string, detail?: string) => void,
): string[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    add('CHARACTER_ENCODING_ERROR', name);
    return [];
  }
  let rows: string[][];
  try {
    rows = parseCsv(text);
  } catch (error) {
    add('CSV_FORMATTING_ERROR', name, (error as Error).message);
    return [];
  }
  const [header, ...body] = rows;
  if (!header || header.every((cell) => cell === '')) {
    add('CSV_HEADER_MISSING', name);
    return [];
  }
  if (header.some((cell) => cell.trim() === '')) add('CSV_HEADER_MISSING', name, 'an empty name');
  if (new Set(header).size !== header.length) add('CSV_HEADER_REPEATED', name);
  body.forEach((row, index) => {
    if (row.length !== header.length) {
      add('CSV_FORMATTING_ERROR', name, `row ${index + 1} has ${row.length} fields`);
    }
  });
  const rowId = header.indexOf('row_id');
  if (rowId >= 0) {
    const ids = body.map((row) => row[rowId]);
    if (new Set(ids).size !== ids.length || ids.some((id) => id === '')) {
      add('ROWID_VALUES_NOT_UNIQUE', name);
    }
  }
  for (const column of header) {
    if (!measured.has(column)) add('CSV_COLUMN_MISSING_FROM_METADATA', name, column);
  }
  return header;
}
