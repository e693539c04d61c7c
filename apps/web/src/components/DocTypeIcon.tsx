import { File, FileImage, FileText, Film, Headphones, ImageOff, Shapes } from 'lucide-react';
import type { DocType } from '@magpie/api-types';

/** The icon shown instead of a preview: by document type, or a "no preview" image for images. */
export function DocTypeIcon({ doctype, hasPreview, size = 40 }: { doctype: DocType | string; hasPreview?: boolean; size?: number }) {
  const props = { size, 'aria-hidden': true, strokeWidth: 1.5 } as const;
  switch (doctype) {
    case 'image':
      return hasPreview === false ? <ImageOff {...props} /> : <FileImage {...props} />;
    case 'movie':
      return <Film {...props} />;
    case 'audio':
      return <Headphones {...props} />;
    case 'document':
      return <FileText {...props} />;
    case 'graphic':
      return <Shapes {...props} />;
    default:
      return <File {...props} />;
  }
}
