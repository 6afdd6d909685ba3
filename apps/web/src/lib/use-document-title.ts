import { useEffect } from 'react';

export const APP_NAME = 'Cogni';

/** Sets the tab title to '{title} · Cogni'; null leaves it to the page around (a study's step). */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title !== null) document.title = `${title} · ${APP_NAME}`;
  }, [title]);
}
