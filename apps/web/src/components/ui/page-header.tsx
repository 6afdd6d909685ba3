import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

type PageHeaderProps = {
  title: string;
  /**
   * The tab title when it differs from the heading; null leaves the tab title to the page
   * around (a study's step names itself, not its task).
   */
  documentTitle?: string | null;
  children?: ReactNode;
};

/** The page's one h1 (with an optional lead paragraph); also sets the document title. */
export function PageHeader({ title, documentTitle, children }: PageHeaderProps) {
  useDocumentTitle(documentTitle === undefined ? title : documentTitle);
  return (
    <header className="page-header">
      <h1>{title}</h1>
      {children && <p className="page-header__lead">{children}</p>}
    </header>
  );
}
