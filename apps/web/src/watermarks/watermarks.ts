/**
 * The watermarks room's words and small helpers (issue 16 watermarks; dam.yaml `Watermark`, `deleteWatermark`): a
 * watermark's position, opacity and width as the table and the dialog say them, the checkerboard behind its image,
 * and reading a chosen image file.
 */
import type { WatermarkPosition } from '@magpie/machines';

/** Each position in words (dam.yaml `WatermarkPosition`). */
const POSITION_TEXT: Readonly<Record<WatermarkPosition, string>> = {
  center: 'Centre',
  'top-left': 'Top left',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
  tile: 'Tiled',
};

/** Where a watermark goes, in words: "Centre", "Top left" … or "Tiled" (repeated over the whole image). */
export function watermarkPositionText(position: WatermarkPosition): string {
  return POSITION_TEXT[position] ?? position;
}

/** A watermark's opacity (percent, 1–100) as the table shows it: "40%". */
export function watermarkOpacityText(opacity: number): string {
  return `${opacity}%`;
}

/** A watermark's width (percent of the stamped image's width, 1–100) as the table shows it: "20% of the image". */
export function watermarkScaleText(scale: number): string {
  return `${scale}% of the image`;
}

/**
 * A checkerboard in the theme's colours (light and dark), behind watermark images so their transparent parts show;
 * `size` is the side of one square (px).
 */
export function checkerboard(size: number) {
  return {
    bgColor: 'bg',
    bgImage: 'repeating-conic-gradient({colors.bg.emphasized} 0% 25%, transparent 0% 50%)',
    bgSize: `${size * 2}px ${size * 2}px`,
  } as const;
}

/**
 * Reads a chosen file as a `data:` URL (`data:image/png;base64,…`), the form the DAM takes a watermark image in.
 * Rejects with the reader's error when the file cannot be read.
 */
export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
