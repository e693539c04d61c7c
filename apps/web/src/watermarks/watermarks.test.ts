import { describe, expect, it } from 'vitest';
import { ApiError } from '@magpie/api-types/client';
import { DEFAULT_ERROR_MESSAGE, WATERMARK_POSITIONS } from '@magpie/machines';
import { refusedDeleteText } from '../api/requestErrors.ts';
import { watermarkOpacityText, watermarkPositionText, watermarkScaleText } from './watermarks.ts';

describe('watermark words', () => {
  it('says every position in words, and "Tiled" for tile', () => {
    expect(WATERMARK_POSITIONS.map(watermarkPositionText)).toEqual(['Centre', 'Top left', 'Top right', 'Bottom left', 'Bottom right', 'Tiled']);
  });

  it('gives the opacity and the width in percent', () => {
    expect(watermarkOpacityText(40)).toBe('40%');
    expect(watermarkScaleText(100)).toBe('100% of the image');
  });
});

describe('a refused delete', () => {
  it('shows the DAM message of 409 WatermarkInUse, which names the archive', () => {
    const message = '“Photos” uses “Logo”. Choose another watermark, or none, for that archive first.';
    expect(refusedDeleteText(new ApiError(409, { value: 'WatermarkInUse', heading: 'Watermark in use', message }))).toBe(message);
  });

  it('falls back to the load error text', () => {
    expect(refusedDeleteText(new ApiError(409, undefined))).toBe(DEFAULT_ERROR_MESSAGE);
    expect(refusedDeleteText(new ApiError(404, { value: 'NotFound', heading: 'Not found', message: 'The watermark does not exist.' }))).toBe('Not found');
    expect(refusedDeleteText(new TypeError('Failed to fetch'))).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
