import { describe, expect, it } from 'vitest';
import { formatDuration, formatFileSize, formatMetadataDate, formatPixelSize } from './format.ts';

describe('formatFileSize', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [999, '999 bytes'],
    [1023, '1023 bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [38_087, '37.2 KB'],
    [1_048_576, '1 MB'],
    [12 * 1_048_576, '12 MB'],
    [1_286_767, '1.23 MB'],
    [250 * 1_048_576, '250 MB'],
    [1_099_511_627_776, '1 TB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it('shows a dash for nonsense', () => {
    expect(formatFileSize(-1)).toBe('—');
    expect(formatFileSize(Number.NaN)).toBe('—');
  });
});

describe('formatPixelSize', () => {
  it('formats known sizes only', () => {
    expect(formatPixelSize(2000, 1000)).toBe('2000 × 1000 px');
    expect(formatPixelSize(0, 1000)).toBeUndefined();
    expect(formatPixelSize(null, 10)).toBeUndefined();
  });
});

describe('formatMetadataDate', () => {
  it('keeps dates and shortens date-times', () => {
    expect(formatMetadataDate('1999-12-31')).toBe('1999-12-31');
    expect(formatMetadataDate('2008-05-30T15:56:01')).toBe('2008-05-30 15:56');
    expect(formatMetadataDate('2008-05-30T15:56:01Z')).toBe('2008-05-30 15:56');
    expect(formatMetadataDate('2008-05-30T15:56:01+02:00')).toBe('2008-05-30 13:56');
    expect(formatMetadataDate('sometime')).toBe('sometime');
  });
});

describe('formatDuration', () => {
  it('reads minutes and seconds, hours when there are any, tenths under a second', () => {
    expect([0, 0.171, 4.0016, 59.6, 754, 3725, -3, Number.NaN].map(formatDuration)).toEqual(['0:00', '0:00.2', '0:04', '1:00', '12:34', '1:02:05', '0:00', '0:00']);
  });
});
