import MarkdownIt from 'markdown-it';
import { useMemo } from 'react';

/**
 * A study's texts (consent, information, debrief) are Markdown written by the researcher and
 * shown to participants: raw HTML is off, and links may only be http, https or mailto, opened
 * in a new tab without access to this page.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });
markdown.validateLink = (url) => /^(https?:|mailto:)/i.test(url.trim());
const renderLink = markdown.renderer.rules.link_open;
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  tokens[index]?.attrSet('target', '_blank');
  tokens[index]?.attrSet('rel', 'noopener noreferrer');
  return renderLink
    ? renderLink(tokens, index, options, env, self)
    : self.renderToken(tokens, index, options);
};

/** Markdown as HTML: only what markdown-it writes itself, since raw HTML is off. */
export function renderMarkdown(text: string): string {
  return markdown.render(text);
}

export function Markdown({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it with HTML off escapes the text; links are checked above.
  return <div className="study-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
