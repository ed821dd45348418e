import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createJpegVariants } from './jpeg-variants.js';

const png = (background: string) =>
  sharp({ create: { width: 64, height: 64, channels: 4, background } })
    .png()
    .toBuffer();

describe('createJpegVariants', () => {
  it('converts an image once for concurrent and later requests', async () => {
    const variants = createJpegVariants({ maxBytes: 10 * 1024 * 1024 });
    const source = await png('#ff000080');
    let reads = 0;
    const stored = () => {
      reads += 1;
      return Promise.resolve(source);
    };
    const all = await Promise.all(Array.from({ length: 5 }, () => variants.get('a', stored)));
    const later = await variants.get('a', stored);
    expect(reads).toBe(1);
    expect(all.every((jpeg) => jpeg === later)).toBe(true);
    expect((await sharp(later).metadata()).format).toBe('jpeg');
  });

  it('drops the least recently used rendition past its byte budget', async () => {
    const first = await createJpegVariants({ maxBytes: 1 << 20 }).get('x', () => png('#00ff0080'));
    // Room for two renditions, not three.
    const variants = createJpegVariants({ maxBytes: first.length * 2 + 10 });
    const reads: string[] = [];
    const source = (key: string) => () => {
      reads.push(key);
      return png('#00ff0080');
    };
    await variants.get('a', source('a'));
    await variants.get('b', source('b'));
    await variants.get('a', source('a')); // a is now the most recently used
    await variants.get('c', source('c')); // evicts b
    await variants.get('a', source('a'));
    await variants.get('b', source('b'));
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
  });
});
