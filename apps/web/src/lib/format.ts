import type { User } from '@cogni/domain';

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

const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** A timestamp from the API in the reader's locale, or an em dash when absent or unreadable. */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTimeFormat.format(date);
}
