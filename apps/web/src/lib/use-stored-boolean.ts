import { useCallback, useState } from 'react';

function readStoredBoolean(key: string, fallback: boolean): boolean {
  try {
    const value = window.localStorage.getItem(key);
    return value === null ? fallback : value === 'true';
  } catch {
    // Storage can be disabled (privacy settings, sandboxed frames): fall back silently.
    return fallback;
  }
}

/** A boolean kept in localStorage under `key`, so it survives reloads. */
export function useStoredBoolean(
  key: string,
  fallback: boolean,
): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => readStoredBoolean(key, fallback));
  const update = useCallback(
    (next: boolean) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, String(next));
      } catch {
        // Not persisted; the choice still holds for this visit.
      }
    },
    [key],
  );
  return [value, update];
}
