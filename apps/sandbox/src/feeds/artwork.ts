import { createCanvas, encodePng, setPixel, type Canvas, type Rgb } from './png.js';

export type Theme = 'strength' | 'nutrition' | 'recovery';

/** Item pictures have the 1.91:1 shape social networks crop link previews to. */
export const IMAGE_WIDTH = 600;
export const IMAGE_HEIGHT = 314;

/** Distinct pictures per theme; items beyond that reuse them, so the cache stays small. */
export const VARIANTS = 12;

const PALETTES: Record<Theme, readonly (readonly [Rgb, Rgb])[]> = {
  strength: [
    [
      [11, 110, 79],
      [8, 48, 38],
    ],
    [
      [29, 78, 216],
      [15, 23, 42],
    ],
    [
      [180, 35, 24],
      [69, 10, 10],
    ],
  ],
  nutrition: [
    [
      [161, 92, 7],
      [120, 53, 15],
    ],
    [
      [77, 124, 15],
      [26, 46, 5],
    ],
    [
      [190, 24, 93],
      [80, 7, 36],
    ],
  ],
  recovery: [
    [
      [14, 116, 144],
      [8, 47, 73],
    ],
    [
      [126, 34, 206],
      [46, 16, 101],
    ],
    [
      [67, 56, 202],
      [30, 27, 75],
    ],
  ],
};

const WHITE: Rgb = [255, 255, 255];

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  const channel = (i: 0 | 1 | 2) => Math.round(a[i] + (b[i] - a[i]) * t);
  return [channel(0), channel(1), channel(2)];
}

/** A region of the picture: a bounding box to scan and a test for the pixels inside it. */
interface Shape {
  box: readonly [left: number, top: number, right: number, bottom: number];
  inside: (x: number, y: number) => boolean;
}

/** Fills every pixel of `shape` with `colour`, blended at `alpha` over what is there. */
function fill(canvas: Canvas, colour: Rgb, alpha: number, shape: Shape): void {
  const [left, top, right, bottom] = shape.box;
  const { pixels, width } = canvas;
  for (let y = Math.max(0, Math.floor(top)); y <= Math.min(canvas.height - 1, Math.ceil(bottom)); y += 1) {
    for (let x = Math.max(0, Math.floor(left)); x <= Math.min(width - 1, Math.ceil(right)); x += 1) {
      if (!shape.inside(x, y)) continue;
      const offset = (y * width + x) * 3;
      for (let channel = 0; channel < 3; channel += 1) {
        const under = pixels[offset + channel] ?? 0;
        pixels[offset + channel] = Math.round(under + ((colour[channel] ?? 0) - under) * alpha);
      }
    }
  }
}

const rect = (left: number, top: number, width: number, height: number): Shape => ({
  box: [left, top, left + width, top + height],
  inside: (x, y) => x >= left && x < left + width && y >= top && y < top + height,
});
const ellipse = (cx: number, cy: number, rx: number, ry: number): Shape => ({
  box: [cx - rx, cy - ry, cx + rx, cy + ry],
  inside: (x, y) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1,
});
const circle = (cx: number, cy: number, r: number): Shape => ellipse(cx, cy, r, r);
const union = (a: Shape, b: Shape): Shape => ({
  box: [
    Math.min(a.box[0], b.box[0]),
    Math.min(a.box[1], b.box[1]),
    Math.max(a.box[2], b.box[2]),
    Math.max(a.box[3], b.box[3]),
  ],
  inside: (x, y) => a.inside(x, y) || b.inside(x, y),
});
const minus = (a: Shape, b: Shape): Shape => ({
  box: a.box,
  inside: (x, y) => a.inside(x, y) && !b.inside(x, y),
});

/** A small deterministic generator, so the same variant always draws the same picture. */
function random(seed: number): () => number {
  let state = seed * 2654435761 + 1;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function drawIcon(canvas: Canvas, theme: Theme): void {
  const cx = canvas.width / 2;
  const cy = canvas.height / 2;
  if (theme === 'strength') {
    // A barbell: the bar, then two plates and a collar on each side.
    fill(canvas, WHITE, 1, rect(cx - 170, cy - 6, 340, 12));
    for (const side of [-1, 1]) {
      fill(canvas, WHITE, 1, rect(cx + side * 120 - 14, cy - 70, 28, 140));
      fill(canvas, WHITE, 1, rect(cx + side * 150 - 10, cy - 50, 20, 100));
      fill(canvas, WHITE, 1, rect(cx + side * 95 - 5, cy - 18, 10, 36));
    }
  } else if (theme === 'nutrition') {
    // An apple: two overlapping lobes, a stem and a leaf.
    fill(canvas, WHITE, 1, union(circle(cx - 28, cy + 10, 62), circle(cx + 28, cy + 10, 62)));
    fill(canvas, WHITE, 1, rect(cx - 4, cy - 80, 8, 40));
    fill(canvas, WHITE, 1, ellipse(cx + 30, cy - 66, 28, 12));
  } else {
    // A crescent moon and a few stars: rest and sleep.
    fill(canvas, WHITE, 1, minus(circle(cx - 20, cy, 80), circle(cx + 20, cy - 22, 70)));
    for (const [sx, sy, r] of [
      [cx + 90, cy - 60, 7],
      [cx + 130, cy + 10, 5],
      [cx + 70, cy + 60, 4],
    ] as const) {
      fill(canvas, WHITE, 1, circle(sx, sy, r));
    }
  }
}

/** An item picture for a theme: a diagonal gradient, soft circles placed by `variant`, the theme's icon. */
export function drawItemImage(theme: Theme, variant: number): Buffer {
  const canvas = createCanvas(IMAGE_WIDTH, IMAGE_HEIGHT);
  const palettes = PALETTES[theme];
  const [from, to] = palettes[variant % palettes.length] ?? [WHITE, WHITE];
  const span = IMAGE_WIDTH + IMAGE_HEIGHT;
  // Colours along the diagonal, worked out once: every pixel on the same x + y line shares one.
  const steps = Array.from({ length: span }, (_, i) => mix(from, to, i / span));
  for (let y = 0; y < IMAGE_HEIGHT; y += 1) {
    for (let x = 0; x < IMAGE_WIDTH; x += 1) setPixel(canvas, x, y, steps[x + y] ?? from);
  }
  const next = random(variant + theme.length * 101);
  for (let i = 0; i < 5; i += 1) {
    const r = 20 + next() * 70;
    fill(canvas, WHITE, 0.12, circle(next() * IMAGE_WIDTH, next() * IMAGE_HEIGHT, r));
  }
  drawIcon(canvas, theme);
  return encodePng(canvas);
}
