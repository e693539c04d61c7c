/**
 * Display formatting for sizes and dates. Units: bytes in, px in.
 */

const BYTE_UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * A file size for people: `0 bytes`, `1 byte`, `999 bytes`, `1.5 KB`, `12 MB`, `1.02 GB` (binary multiples of
 * 1024, as FotoWeb's file-size search criteria, spec 02 §5: "1,048,576 bytes per MB"). Three significant digits at
 * most; negative or non-finite input shows as `—`.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${Math.round(bytes)} bytes`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  const fixed = value.toFixed(digits);
  const text = digits === 0 ? fixed : fixed.replace(/\.?0+$/, '');
  return `${text} ${BYTE_UNITS[unit]}`;
}

/** `2000 × 1000 px`, or undefined when either side is unknown or not positive. */
export function formatPixelSize(width: number | null | undefined, height: number | null | undefined): string | undefined {
  if (typeof width !== 'number' || typeof height !== 'number' || width <= 0 || height <= 0) return undefined;
  return `${width} × ${height} px`;
}

/**
 * A metadata date for display. `YYYY-MM-DD` stays as is; an ISO 8601 date-time shows as `YYYY-MM-DD HH:mm` (spec 02
 * §9 client date display) in UTC, so the same asset reads the same everywhere; anything else is shown unchanged.
 */
export function formatMetadataDate(value: string): string {
  const trimmed = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return trimmed;
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(trimmed);
  if (match) {
    const date = new Date(trimmed);
    if (!Number.isNaN(date.getTime()) && /(Z|[+-]\d{2}:?\d{2})$/.test(trimmed)) {
      return date.toISOString().slice(0, 16).replace('T', ' ');
    }
    return `${match[1]} ${match[2]}`;
  }
  return trimmed;
}

/** Expiry date display format DD MMM YYYY (spec 03 §9), in UTC. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const month = date.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  return `${String(date.getUTCDate()).padStart(2, '0')} ${month} ${date.getUTCFullYear()}`;
}

/**
 * A play time for people: `0:05`, `12:34`, `1:02:03` (hours only when there are any), rounded to the second; clips
 * shorter than a second read in tenths (`0:00.2`) so they do not read `0:00`.
 * @param seconds - duration in s (negative or non-finite values give `0:00`).
 */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  if (total > 0 && total < 0.95) return `0:00.${Math.max(1, Math.round(total * 10))}`;
  const whole = Math.round(total);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `${h > 0 ? `${h}:${String(m).padStart(2, '0')}` : String(m)}:${String(s).padStart(2, '0')}`;
}
