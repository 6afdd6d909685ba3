import type { User } from '@cogni/domain';
import { pageLanguage } from './i18n/i18n';

/** Two-letter initials for the avatar: first and last name, else the email. */
export function getInitials(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const initials = [user.firstName, user.lastName]
    .map((name) => Array.from(name.trim())[0] ?? '')
    .join('');
  return (initials || Array.from(user.email)[0] || '?').toUpperCase();
}

export function getFullName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** One formatter per language and options: making an Intl formatter is not cheap. */
function cached<F>(make: (locale: string) => F): () => F {
  const byLocale = new Map<string, F>();
  return () => {
    const locale = pageLanguage();
    let formatter = byLocale.get(locale);
    if (formatter === undefined) {
      formatter = make(locale);
      byLocale.set(locale, formatter);
    }
    return formatter;
  };
}

const dateTimeFormat = cached(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
);

/** A timestamp from the API in the reader's language, or an em dash when absent or unreadable. */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTimeFormat().format(date);
}

const plainNumberFormat = cached(
  (locale) => new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 20 }),
);

/**
 * A number as it is, in the reader's language ('0.95', '0,95'), without grouping: a setting's
 * value or bound ('1000', not '1,000').
 */
export function formatPlainNumber(value: number): string {
  return plainNumberFormat().format(value);
}
