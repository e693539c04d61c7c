/** Reading ZIPs back in tests (ZIP downloads, download processing). */
import yauzl from 'yauzl';

/** Every entry of a ZIP file or buffer, in order, with its bytes (yauzl, one entry at a time). */
export function readZip(source: Buffer | string): Promise<Array<{ name: string; bytes: Buffer }>> {
  return new Promise((resolve, reject) => {
    const opened = (error: Error | null, zip: yauzl.ZipFile) => {
      if (error) return reject(error);
      const entries: Array<{ name: string; bytes: Buffer }> = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.push({ name: entry.fileName, bytes: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    };
    if (typeof source === 'string') yauzl.open(source, { lazyEntries: true }, opened);
    else yauzl.fromBuffer(source, { lazyEntries: true }, opened);
  });
}

/** A ZIP's files, name → bytes. */
export async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Map((await readZip(bytes)).map(({ name, bytes: content }) => [name, content]));
}
