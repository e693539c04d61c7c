import { describe, expect, it } from 'vitest';
import type { Asset, Preview } from '@magpie/api-types';
import { assetTitle, fieldValues, fileFacts, metadataRows, originalRenditionHref, pickPreview, previewSrcSet } from './assetFields.ts';

const preview = (size: number, square = false): Preview => ({ size, width: size, height: size / 2, square, href: `/p/${size}${square ? 'q' : ''}` });

describe('metadata rows', () => {
  const asset = {
    filename: 'Bush-dog.jpg',
    metadata: {
      '5': { value: 'A bush dog' },
      '25': { value: ['dog', ' ', 'zoo'] },
      '120': { value: '' },
      '55': { value: '2008-05-30T15:56:01' },
      '80': { value: ['Ada', 'Bob'] },
    },
  };

  it('lists fields with values in view order', () => {
    expect(metadataRows(asset)).toEqual([
      { id: '5', label: 'Title', kind: 'text', values: ['A bush dog'] },
      { id: '25', label: 'Keywords', kind: 'tags', values: ['dog', 'zoo'] },
      { id: '80', label: 'Byline', kind: 'text', values: ['Ada, Bob'] },
      { id: '55', label: 'Created', kind: 'date', values: ['2008-05-30 15:56'] },
    ]);
  });

  it('uses the title, else the file name', () => {
    expect(assetTitle(asset)).toBe('A bush dog');
    expect(assetTitle({ filename: 'x.jpg', metadata: {} })).toBe('x.jpg');
    expect(fieldValues({ metadata: {} }, '5')).toEqual([]);
  });

  it('lists the file facts', () => {
    const facts = fileFacts({
      filename: 'a.jpg',
      filesize: 2048,
      doctype: 'image',
      attributes: { imageattributes: { pixelwidth: 10, pixelheight: 20, resolution: 72, colorspace: 'rgb', flipmirror: 0, rotation: 0 } },
    } as Pick<Asset, 'filename' | 'filesize' | 'doctype' | 'attributes'>);
    expect(facts).toEqual([
      { label: 'File name', value: 'a.jpg' },
      { label: 'File size', value: '2 KB' },
      { label: 'Pixel size', value: '10 × 20 px' },
      { label: 'Document type', value: 'image' },
    ]);
  });
});

describe('previews', () => {
  const previews = [preview(100, true), preview(200), preview(400), preview(800), preview(1600)];

  it('picks the smallest large-enough preview', () => {
    expect(pickPreview(previews, 200)?.size).toBe(200);
    expect(pickPreview(previews, 200, 2)?.size).toBe(400);
    expect(pickPreview(previews, 800)?.size).toBe(800);
    expect(pickPreview(previews, 800, 2)?.size).toBe(1600);
    expect(pickPreview(previews, 5000)?.size).toBe(1600);
    expect(pickPreview([preview(100, true)], 200)?.square).toBe(true);
    expect(pickPreview([], 200)).toBeUndefined();
    expect(pickPreview(undefined, 200)).toBeUndefined();
  });

  it('offers 1x and 2x', () => {
    expect(previewSrcSet(previews, 200)).toBe('/p/200 1x, /p/400 2x');
    expect(previewSrcSet([preview(200)], 200)).toBeUndefined();
  });

  it('finds the original rendition', () => {
    const rendition = (original: boolean, href: string) =>
      ({ original, href, default: original, display_name: '', width: 0, height: 0, profile: '', sizeFixed: false }) as Asset['renditions'][number];
    expect(originalRenditionHref({ renditions: [rendition(false, '/r/x'), rendition(true, '/r/ORIGINAL')] })).toBe('/r/ORIGINAL');
    expect(originalRenditionHref({ renditions: [] })).toBeUndefined();
  });
});

describe('media facts (issue 16)', () => {
  it('lists duration, frame rate, codecs and audio of a movie', () => {
    const facts = fileFacts({
      filename: 'clip.mov',
      filesize: 1_048_576,
      doctype: 'movie',
      attributes: {
        imageattributes: { pixelwidth: 568, pixelheight: 320, resolution: 72, colorspace: 'rgb', flipmirror: 0, rotation: 90 },
        videoattributes: { duration: 4.0016, frameRate: 29.9875, videoCodec: 'avc1', audioCodec: 'mp4a', audioSampleRate: 44100, audioChannels: 1 },
      },
    } as Pick<Asset, 'filename' | 'filesize' | 'doctype' | 'attributes'>);
    expect(facts.slice(4)).toEqual([
      { label: 'Duration', value: '0:04' },
      { label: 'Frame rate', value: '29.99 fps' },
      { label: 'Video codec', value: 'avc1' },
      { label: 'Audio', value: 'mp4a, 44.1 kHz, mono' },
    ]);
  });

  it('lists the pages of a document and the audio of a sound file', () => {
    const pdf = fileFacts({ filename: 'a.pdf', filesize: 10, doctype: 'document', attributes: { documentattributes: { pageCount: 4 } } } as Pick<
      Asset,
      'filename' | 'filesize' | 'doctype' | 'attributes'
    >);
    expect(pdf.at(-1)).toEqual({ label: 'Pages', value: '4' });
    const sound = fileFacts({
      filename: 'a.m4a',
      filesize: 10,
      doctype: 'audio',
      attributes: { audioattributes: { duration: 3725, audioCodec: 'alac', audioChannels: 2 } },
    } as Pick<Asset, 'filename' | 'filesize' | 'doctype' | 'attributes'>);
    // No pixel size for a sound file: its facts follow the document type.
    expect(sound.slice(3)).toEqual([
      { label: 'Duration', value: '1:02:05' },
      { label: 'Audio', value: 'alac, stereo' },
    ]);
  });
});
