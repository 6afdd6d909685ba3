/**
 * Messages people read that are written outside the web app: the domain's (validation
 * messages, the message catalogue) and the server's (its errors). Each is a Lingui message
 * descriptor with a stable id, marked for extraction with a `/*i18n*\/` comment, so the same
 * catalogs as the web app's hold it (ADR 042). The server sends the English text with the id; the
 * browser shows the id's translation in the reader's language, and the English text when the
 * catalog has none. Neither the domain nor the server runs Lingui's macros: they are plain
 * objects.
 */
export type TextValues = Record<string, string | number>;

/** A message with its id: `{ id: 'errors.studyFull', message: 'This study is full' }`. */
export type Text = { readonly id: string; readonly message: string };

/** A message with the values of its placeholders, as an error carries it. */
export type TextWithValues = Text & { readonly values?: TextValues };

/** `{name}` placeholders filled in; the domain's messages use no plurals or selects. */
export function formatText(message: string, values: TextValues = {}): string {
  return message.replace(/\{\s*([\p{L}\p{N}_]+)\s*\}/gu, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/**
 * The English texts of messages defined once, when their module loads (a schema's validation
 * messages), each with its message and values: a form shows a validation message the browser or
 * the server produced in the reader's language by finding it here.
 */
const registered = new Map<string, TextWithValues>();

/**
 * A message's English text, remembered with its id and values (only for messages made once,
 * when a module loads: values made per request would fill the register).
 */
export function englishText(text: Text, values?: TextValues): string {
  const english = formatText(text.message, values);
  if (!registered.has(english)) registered.set(english, values ? { ...text, values } : text);
  return english;
}

/** The message whose English text this is, if it was made by englishText. */
export function textOf(english: string): TextWithValues | undefined {
  return registered.get(english);
}
