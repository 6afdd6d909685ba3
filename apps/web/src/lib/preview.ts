// The admin preview (ADR 028): an admin starts a task with a custom configuration from the admin
// panel's 'Task preview' tab, which opens the task's page with the configuration in the URL. The
// task's page reads it back and sends it with the start of the run (startRun's `config`); the
// server checks that the caller is an admin and validates it with the task's settings schema.

/** The query parameter of a task page that carries a preview's configuration. */
export const PREVIEW_PARAM = 'preview';

/** A configuration as base64url (RFC 4648 section 5, no padding) of its JSON. */
export function encodePreviewConfig(config: Record<string, unknown>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(config));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The configuration in a base64url text, or null if the text is not one. */
export function decodePreviewConfig(text: string): Record<string, unknown> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return isPlainObject(value) ? value : null;
  } catch {
    return null;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The preview configuration of a task page's query string (`location.search`), or null when the
 * page was opened normally or the parameter is not a configuration. A task passes it to
 * startRun as `config`; null means a normal run with the task's defaults.
 */
export function readPreviewConfig(search: string): Record<string, unknown> | null {
  const text = new URLSearchParams(search).get(PREVIEW_PARAM);
  return text ? decodePreviewConfig(text) : null;
}

/** The page of a task (by its slug) that starts a preview with `config`. */
export function getPreviewUrl(slug: string, config: Record<string, unknown>): string {
  return `/cognitive-tests/${slug}?${PREVIEW_PARAM}=${encodePreviewConfig(config)}`;
}
