import { mediaMessages } from '@fitpost/contract';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { UnsupportedImageError } from './errors.js';
import { createImagePool, processImage, sniffImageFormat, type ProcessedImage } from './image.js';

const solid = (width: number, height: number, background: string, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background } });

describe('sniffImageFormat', () => {
  it('knows the accepted formats by their first bytes', async () => {
    const base = solid(8, 8, '#336699');
    expect(sniffImageFormat(await base.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageFormat(await base.clone().png().toBuffer())).toBe('png');
    expect(sniffImageFormat(await base.clone().webp().toBuffer())).toBe('webp');
    expect(sniffImageFormat(await base.clone().gif().toBuffer())).toBe('gif');
    expect(sniffImageFormat(await base.clone().avif().toBuffer())).toBe('avif');
  });

  it('knows nothing else, whatever it claims to be', async () => {
    expect(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageFormat(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(sniffImageFormat(await solid(8, 8, '#336699').tiff().toBuffer())).toBeNull();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeNull();
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8]))).toBeNull();
  });
});

describe('processImage', () => {
  it('re-encodes WebP and AVIF as JPEG', async () => {
    for (const format of ['webp', 'avif'] as const) {
      const input = await solid(320, 240, '#228833').toFormat(format).toBuffer();
      const out = await processImage(input);
      expect(out).toMatchObject({ mimeType: 'image/jpeg', width: 320, height: 240 });
      expect((await sharp(out.data).metadata()).format).toBe('jpeg');
    }
  });

  it('keeps the first frame of an animated GIF', async () => {
    const red = await solid(300, 300, '#ff0000').png().toBuffer();
    const blue = await solid(300, 300, '#0000ff').png().toBuffer();
    const gif = await sharp([red, blue], { join: { animated: true } })
      .gif({ delay: [100, 100] })
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const out = await processImage(gif);
    expect(out).toMatchObject({ mimeType: 'image/jpeg', width: 300, height: 300 });
    const { dominant } = await sharp(out.data).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.b).toBeLessThan(50);
  });

  it('stores a PNG whose alpha channel is opaque everywhere as JPEG', async () => {
    const input = await solid(300, 300, '#ff8800ff', 4).png().toBuffer();
    expect((await sharp(input).metadata()).hasAlpha).toBe(true);
    expect((await processImage(input)).mimeType).toBe('image/jpeg');
  });

  it('converts to sRGB and drops the ICC profile', async () => {
    const input = await solid(300, 300, '#4477aa').withIccProfile('p3').jpeg().toBuffer();
    expect((await sharp(input).metadata()).hasProfile).toBe(true);
    const meta = await sharp((await processImage(input)).data).metadata();
    expect(meta.hasProfile).toBe(false);
    expect(meta.space).toBe('srgb');
  });

  it('scales down to 4,096 px on the long side, never up', async () => {
    const big = await processImage(await solid(6000, 1500, '#123456').png().toBuffer());
    expect([big.width, big.height]).toEqual([4096, 1024]);
    const small = await processImage(await solid(250, 200, '#123456').png().toBuffer());
    expect([small.width, small.height]).toEqual([250, 200]);
  });

  it('refuses SVG (which sharp could read) by its content', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400"/></svg>',
    );
    await expect(processImage(svg)).rejects.toBeInstanceOf(UnsupportedImageError);
  });

  it('refuses a file whose magic number and real content disagree', async () => {
    // A GIF signature in front of PNG data: sharp's reading of the header must agree with it.
    const png = await solid(300, 300, '#000000').png().toBuffer();
    const forged = Buffer.concat([Buffer.from('GIF89a'), png.subarray(6)]);
    await expect(processImage(forged)).rejects.toMatchObject({
      status: 400,
      message: mediaMessages.unreadable,
    });
  });
});

describe('createImagePool', () => {
  it('decodes at most `concurrency` images at once; the others wait their turn', async () => {
    const started: Buffer[] = [];
    const finish: (() => void)[] = [];
    const decode = (bytes: Buffer) => {
      started.push(bytes);
      return new Promise<ProcessedImage>((resolve) => {
        finish.push(() => resolve({ data: bytes, mimeType: 'image/jpeg', width: 1, height: 1, sha256: '' }));
      });
    };
    const pool = createImagePool(2, decode);
    const uploads = [1, 2, 3, 4, 5].map((n) => pool.process(Buffer.from([n])));
    await vi.waitFor(() => expect(started).toHaveLength(2));
    expect(pool.load()).toEqual({ active: 2, waiting: 3 });

    finish.shift()?.();
    await vi.waitFor(() => expect(started).toHaveLength(3));
    expect(pool.load()).toEqual({ active: 2, waiting: 2 });

    while (finish.length > 0 || started.length < 5) {
      finish.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const done = await Promise.all(uploads);
    expect(done.map((image) => image.data[0])).toEqual([1, 2, 3, 4, 5]);
    expect(pool.load()).toEqual({ active: 0, waiting: 0 });
  });

  it('runs the real re-encoding by default', async () => {
    const out = await createImagePool(1).process(await solid(320, 240, '#228833').png().toBuffer());
    expect(out).toMatchObject({ mimeType: 'image/jpeg', width: 320, height: 240 });
  });
});
