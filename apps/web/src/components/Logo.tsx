import { chakra } from '@chakra-ui/react';

/** Magpie's mark: a simple magpie silhouette, decorative (the link around it carries the name). */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <chakra.svg viewBox="0 0 32 32" width={`${size}px`} height={`${size}px`} aria-hidden="true" focusable="false" flexShrink={0}>
      <circle cx="16" cy="16" r="16" fill="currentColor" opacity="0.12" />
      <path d="M7 19c3-1 5-4 7-7 1.5-2.3 3.6-3.5 6-3.2 1.6.2 2.8 1.1 3.5 2.4l2.5.8-2.3 1.2c0 3.2-1.6 6-4.7 7.4L28 26l-9.5-3.3c-3.6 1-7.6.1-11.5-3.7z" fill="currentColor" />
      <circle cx="21" cy="11.5" r="1.1" fill="white" />
    </chakra.svg>
  );
}
