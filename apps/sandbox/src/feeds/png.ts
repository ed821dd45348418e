import { crc32, deflateSync } from 'node:zlib';

/** A picture as RGB rows, drawn by the caller one pixel at a time. */
export interface Canvas {
  width: number;
  height: number;
  pixels: Uint8Array;
}

export type Rgb = readonly [number, number, number];

export function createCanvas(width: number, height: number): Canvas {
  return { width, height, pixels: new Uint8Array(width * height * 3) };
}

export function setPixel(canvas: Canvas, x: number, y: number, [r, g, b]: Rgb): void {
  if (x < 0 || y < 0 || x >= canvas.width || y >= canvas.height) return;
  const offset = (y * canvas.width + x) * 3;
  canvas.pixels[offset] = r;
  canvas.pixels[offset + 1] = g;
  canvas.pixels[offset + 2] = b;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Encodes a canvas as an 8-bit RGB PNG; each row uses the Sub filter, which suits flat shapes and gradients. */
export function encodePng(canvas: Canvas): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(canvas.width, 0);
  header.writeUInt32BE(canvas.height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const stride = canvas.width * 3;
  const raw = Buffer.alloc((stride + 1) * canvas.height);
  for (let y = 0; y < canvas.height; y += 1) {
    const row = y * (stride + 1);
    raw[row] = 1; // Sub: each byte minus the same channel of the pixel to its left
    for (let i = 0; i < stride; i += 1) {
      const value = canvas.pixels[y * stride + i] ?? 0;
      const left = i >= 3 ? (canvas.pixels[y * stride + i - 3] ?? 0) : 0;
      raw[row + 1 + i] = (value - left) & 0xff;
    }
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
