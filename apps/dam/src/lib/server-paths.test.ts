import { describe, expect, it } from 'vitest';
import { REDACTED_PATH, withoutServerPaths } from './server-paths.ts';

describe('withoutServerPaths', () => {
  it('names known paths with their words, longest first, and hides any other absolute path', () => {
    const message = "ENOENT: no such file or directory, open '/srv/magpie/files/tmp/uploads/abc/0.part'";
    expect(withoutServerPaths(message)).toBe(`ENOENT: no such file or directory, open '${REDACTED_PATH}'`);
    expect(
      withoutServerPaths('Cannot read /data/files/tmp/x/assembled.ingest: EACCES', [
        ['/data/files/tmp/x/assembled', '"a.jpg"'],
        ['/data/files/tmp/x/assembled.ingest', '"a.jpg"'],
      ]),
    ).toBe('Cannot read "a.jpg": EACCES');
    expect(withoutServerPaths('No preview for /tmp/magpie-dam-test-1/files/x: the file: bad seek to 12', [['/tmp/magpie-dam-test-1/files/x', 'the file']])).toBe(
      'No preview for the file: the file: bad seek to 12',
    );
    expect(withoutServerPaths('see file:///home/ada/secret.txt (line 3)')).toBe(`see file:${REDACTED_PATH} (line 3)`);
    expect(withoutServerPaths('in /tmp')).toBe(`in ${REDACTED_PATH}`);
  });

  it('keeps what only looks like a path: media types, fractions, tag groups, units', () => {
    for (const text of ['image/jpeg', 'Text/EXIF chunk(s) found after PNG IDAT', 'ratio 1/2', '12 KB/s', 'a / b', 'and/or', '2024/05/01']) {
      expect(withoutServerPaths(text)).toBe(text);
    }
  });
});
