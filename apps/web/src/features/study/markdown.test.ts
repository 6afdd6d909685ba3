import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('a study text in Markdown', () => {
  it('renders emphasis, lists and safe links, opened in a new tab', () => {
    const html = renderMarkdown(
      'About **ten** minutes.\n\n- one\n- two\n\n[Us](https://lab.example.org)',
    );
    expect(html).toContain('<strong>ten</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain(
      '<a href="https://lab.example.org" target="_blank" rel="noopener noreferrer">Us</a>',
    );
  });

  it('escapes raw HTML and drops script and data links', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) [y](data:text/html,hi)',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toMatch(/href="(javascript|data):/);
  });
});
