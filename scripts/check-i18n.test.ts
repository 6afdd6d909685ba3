import { describe, expect, it } from 'vitest';
import { parsePo, placeholdersOf, scanSource } from './check-i18n.mjs';

const texts = (source: string) =>
  scanSource('page.tsx', source).map((f: { text: string }) => f.text);

describe('the scan for text outside the catalogs', () => {
  it('finds JSX text, string children and attributes people read', () => {
    const source = `
      export function Page() {
        return (
          <section aria-label="Results" data-testid="results">
            <h1>Your results</h1>
            <p>{'Plain string'}</p>
            <Field label="Email" hint={'We never share it'} submitLabel="Send" />
            <img alt="A chart" src="/chart.png" />
          </section>
        );
      }`;
    expect(texts(source)).toEqual([
      'aria-label="Results"',
      'Your results',
      'Plain string',
      'label="Email"',
      'hint="We never share it"',
      'submitLabel="Send"',
      'alt="A chart"',
    ]);
  });

  it('leaves messages, symbols, expressions and what is marked as not language alone', () => {
    const source = `
      export function Page({ n }: { n: number }) {
        const { t } = useLingui();
        return (
          <div className="page" aria-label={t\`Results\`}>
            <Trans>Hello <strong>there</strong></Trans>
            <Plural value={n} one="# trial" other="# trials" />
            <span>{n} × 100 %</span>
            <span>—</span>
            {/* i18n-ignore: the product's name */}
            <b>Cogni</b>
          </div>
        );
      }`;
    expect(texts(source)).toEqual([]);
  });

  it('reports the line of each finding', () => {
    const findings = scanSource('page.tsx', 'const a = 1;\nconst b = <p>Two</p>;\n');
    expect(findings).toEqual([{ line: 2, text: 'Two' }]);
  });
});

describe('reading catalogs', () => {
  it('reads entries, continued lines, contexts and fuzzy marks', () => {
    const po = [
      'msgid ""',
      'msgstr ""',
      '"Language: de\\n"',
      '',
      '#: apps/web/src/page.tsx',
      'msgid "Hello {name}"',
      'msgstr "Hallo {name}"',
      '',
      '#, fuzzy',
      'msgctxt "a button"',
      'msgid ""',
      '"Start"',
      'msgstr "Los"',
      '',
    ].join('\n');
    expect(parsePo(po)).toEqual([
      { id: 'Hello {name}', context: undefined, str: 'Hallo {name}', fuzzy: false },
      { id: 'Start', context: 'a button', str: 'Los', fuzzy: true },
    ]);
  });

  it('names the placeholders of a message, inside plurals and selects too', () => {
    expect(placeholdersOf('Step {step} of {steps}')).toEqual(['step', 'steps']);
    expect(placeholdersOf('{n, plural, one {# trial of {total}} other {# trials}}')).toEqual([
      'n',
      'total',
    ]);
    expect(placeholdersOf("A quoted '{brace}' is text")).toEqual([]);
  });
});
