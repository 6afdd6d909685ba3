import { msg, plural } from '@lingui/core/macro';
import { i18n } from './i18n/i18n';

/** A duration in whole minutes, at least 1: how a page says how long something takes. */
export function wholeMinutes(ms: number): number {
  return Math.max(1, Math.round(ms / 60_000));
}

/** '1 minute', '5 minutes': a duration in whole minutes, at least 1, in the reader's language. */
export function minutesText(ms: number): string {
  const minutes = wholeMinutes(ms);
  return i18n._(msg({ message: plural(minutes, { one: '# minute', other: '# minutes' }) }));
}
