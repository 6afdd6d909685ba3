import { useEffect } from 'react';

export const APP_NAME = 'Cogni';

/** Sets the tab title to '{title} · Cogni'. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
}
