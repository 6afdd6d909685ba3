import { TASKS } from '@cogni/domain';
import { describe, expect, it } from 'vitest';
import { checkPsychDs } from '../../testing/psych-ds-rules';
import {
  describeDataset,
  psychDsParticipantsPath,
  psychDsTaskPath,
  psychDsTaskValue,
} from './psych-ds';

const encode = (text: string) => new TextEncoder().encode(text);

/** A small dataset that passes every rule; each test breaks one. */
function validDataset(): Record<string, Uint8Array> {
  return {
    'dataset_description.json': encode(
      JSON.stringify({
        '@context': 'https://schema.org/',
        '@type': 'Dataset',
        name: 'A study',
        description: 'Its data',
        author: [{ '@type': 'Person', name: 'Ada' }],
        variableMeasured: ['row_id', { '@type': 'PropertyValue', name: 'rt', description: 'ms' }],
      }),
    ),
    'README.md': encode('# A study\n'),
    'data/study-abc_task-stroop_data.csv': encode('row_id,rt\r\n1,350\r\n2,"4,1"\r\n'),
  };
}

function withDescription(change: (json: Record<string, unknown>) => void) {
  const files = validDataset();
  const json = JSON.parse(new TextDecoder().decode(files['dataset_description.json']));
  change(json);
  files['dataset_description.json'] = encode(JSON.stringify(json));
  return files;
}

function withCsv(name: string, text: string | Uint8Array) {
  const files = validDataset();
  delete files['data/study-abc_task-stroop_data.csv'];
  files[name] = typeof text === 'string' ? encode(text) : text;
  return files;
}

const codes = (files: Record<string, Uint8Array>) => checkPsychDs(files).map((i) => i.code);

/**
 * The Psych-DS rules the dataset test checks (testing/psych-ds-rules.ts), each shown to catch
 * its own violation, so a dataset that passes them is one the specification accepts; and the
 * file names the study's dataset uses.
 */
describe('the Psych-DS rules', () => {
  it('accept a dataset that keeps them all', () => {
    expect(checkPsychDs(validDataset())).toEqual([]);
  });

  it('require dataset_description.json, valid JSON, with the schema.org context and the Dataset type', () => {
    const files = validDataset();
    delete files['dataset_description.json'];
    expect(codes(files)).toContain('MISSING_DATASET_DESCRIPTION');
    expect(codes({ ...validDataset(), 'dataset_description.json': encode('{"name":') })).toContain(
      'INVALID_JSON_FORMATTING',
    );
    expect(codes(withDescription((json) => delete json['@context']))).toContain(
      'MISSING_JSONLD_CONTEXT',
    );
    expect(codes(withDescription((json) => (json['@context'] = 'https://example.org/')))).toContain(
      'INVALID_SCHEMAORG_CONTEXT',
    );
    expect(codes(withDescription((json) => delete json['@type']))).toContain(
      'MISSING_DATASET_TYPE',
    );
    expect(codes(withDescription((json) => (json['@type'] = 'CreativeWork')))).toContain(
      'INCORRECT_DATASET_TYPE',
    );
  });

  it('require name, description and variableMeasured, typed nested objects and schema.org properties', () => {
    for (const key of ['name', 'description', 'variableMeasured']) {
      expect(checkPsychDs(withDescription((json) => delete json[key]))).toContainEqual({
        code: 'JSON_KEY_REQUIRED',
        file: 'dataset_description.json',
        detail: key,
      });
    }
    expect(codes(withDescription((json) => (json.name = '')))).toContain('JSON_KEY_TYPE_ERROR');
    expect(codes(withDescription((json) => (json.author = [{ name: 'Ada' }])))).toContain(
      'OBJECT_TYPE_MISSING',
    );
    expect(codes(withDescription((json) => (json.panelIds = ['x'])))).toContain(
      'INVALID_SCHEMAORG_PROPERTY',
    );
  });

  it('require a data folder of CSV files named by official keyword-value pairs ending _data.csv', () => {
    const files = validDataset();
    delete files['data/study-abc_task-stroop_data.csv'];
    expect(codes(files)).toContain('MISSING_DATA_DIRECTORY');
    for (const name of [
      'data/study-abc_task-n-back_data.csv',
      'data/study-abc_task-stroop.csv',
      'data/Study-abc_data.csv',
      'data/study-abc__data.csv',
    ]) {
      expect(codes(withCsv(name, 'row_id,rt\r\n1,2\r\n')), name).toContain(
        'FILENAME_KEYWORD_FORMATTING_ERROR',
      );
    }
    expect(codes(withCsv('data/study-abc_panel-x_data.csv', 'row_id,rt\r\n1,2\r\n'))).toContain(
      'FILENAME_UNOFFICIAL_KEYWORD_WARNING',
    );
    expect(codes(withCsv('data/study-abc_study-x_data.csv', 'row_id,rt\r\n1,2\r\n'))).toContain(
      'FILENAME_KEYWORD_REPEATED',
    );
  });

  it('require each CSV in UTF-8 with one header of distinct names, equal rows, unique row_id and every column described', () => {
    const name = 'data/study-abc_task-stroop_data.csv';
    expect(codes(withCsv(name, new Uint8Array([0x72, 0x74, 0xff, 0x0d, 0x0a])))).toContain(
      'CHARACTER_ENCODING_ERROR',
    );
    expect(codes(withCsv(name, '\r\n'))).toContain('CSV_HEADER_MISSING');
    expect(codes(withCsv(name, 'row_id,rt,rt\r\n1,2,3\r\n'))).toContain('CSV_HEADER_REPEATED');
    expect(codes(withCsv(name, 'row_id,rt\r\n1,2\r\n2\r\n'))).toContain('CSV_FORMATTING_ERROR');
    expect(codes(withCsv(name, 'row_id,rt\r\n1,"2\r\n'))).toContain('CSV_FORMATTING_ERROR');
    expect(codes(withCsv(name, 'row_id,rt\r\n1,2\r\n1,3\r\n'))).toContain(
      'ROWID_VALUES_NOT_UNIQUE',
    );
    expect(checkPsychDs(withCsv(name, 'row_id,rt,accuracy\r\n1,2,3\r\n'))).toContainEqual({
      code: 'CSV_COLUMN_MISSING_FROM_METADATA',
      file: name,
      detail: 'accuracy',
    });
  });

  it('require every variable described to be a column of a data file, and at least one data file', () => {
    expect(
      checkPsychDs(
        withDescription((json) => {
          (json.variableMeasured as unknown[]).push('ghost_column');
        }),
      ),
    ).toContainEqual({
      code: 'VARIABLE_MISSING_FROM_CSV_COLUMNS',
      file: 'dataset_description.json',
      detail: 'ghost_column',
    });
    // A data folder holding no CSV data file at all.
    const notes = withCsv('data/notes.txt', 'not data');
    expect(codes(notes)).toContain('MISSING_DATAFILE');
  });
});

describe('the study dataset’s names and description', () => {
  it('gives every task a distinct keyword value of letters and digits', () => {
    const values = TASKS.map((task) => psychDsTaskValue(task.id));
    for (const value of values) expect(value).toMatch(/^[a-z0-9]+$/);
    expect(new Set(values).size).toBe(values.length);
    expect(values).toEqual(
      expect.arrayContaining(['stroop', 'nback', 'gonogo', 'digitspan', 'towerofhanoi']),
    );
    expect(psychDsTaskPath('abc', 'nbackTest')).toBe('data/study-abc_task-nback_data.csv');
    expect(psychDsParticipantsPath('abc')).toBe('data/study-abc_description-participants_data.csv');
  });

  it('describes each column name once, with row_id, and leaves out what the study does not give', () => {
    const json = describeDataset({
      title: 'T',
      description: '',
      studyCode: 'abc',
      dataset: { authors: [], license: '', keywords: [] },
      files: [
        { columns: [{ name: 'a', type: 'string', description: 'A.' }] },
        {
          columns: [
            { name: 'a', type: 'string', description: 'A.' },
            { name: 'b', type: 'integer', description: 'B.' },
          ],
        },
      ],
      createdAt: new Date('2026-11-29T00:00:00Z'),
    });
    expect(json.variableMeasured).toEqual([
      expect.objectContaining({ '@type': 'PropertyValue', name: 'row_id' }),
      { '@type': 'PropertyValue', name: 'a', description: 'A. (string)' },
      { '@type': 'PropertyValue', name: 'b', description: 'B. (integer)' },
    ]);
    expect(json).not.toHaveProperty('author');
    expect(json).not.toHaveProperty('license');
    expect(json).not.toHaveProperty('keywords');
    expect(String(json.description)).not.toBe('');
  });
});
