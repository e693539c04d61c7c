import { useEffect } from 'react';

/** Sets the document title to `<title> · Magpie` (or `Magpie`) while the view is shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Magpie` : 'Magpie';
  }, [title]);
}
