/**
 * Demo vehicle photos, drawn by code at seed time (no downloads, no image files in the repository): a studio-style
 * side view of the vehicle's body style in its exterior colour, on a soft backdrop with a floor shadow, encoded as a
 * PNG of the marketplace card's 16:10 shape. The seed uploads each one to the deal-images bucket under the key a real
 * upload ends with (shared/uploads/keys.ts `dealImageKey`), so the web serves it like any vehicle photo.
 *
 * A tiny rasteriser: polygons (curves flattened, corners rounded by Chaikin's cut) filled with exact horizontal and
 * 4x vertical coverage, composited with alpha, optionally clipped to another shape's coverage. Deterministic: the
 * same style and colour give the same bytes.
 */
import { deflateSync } from 'node:zlib';

export const PHOTO_WIDTH = 640;
export const PHOTO_HEIGHT = 400;

export type BodyStyle = 'sedan' | 'fastback' | 'suv' | 'truck';

type Point = readonly [number, number];
type Rgb = readonly [number, number, number];

const W = PHOTO_WIDTH;
const H = PHOTO_HEIGHT;
const SUBSAMPLES = 4;

/** Coverage (0-1) of a polygon per pixel, non-zero winding, and the box of pixels it may touch. */
interface Coverage {
  cover: Float32Array;
  box: { top: number; bottom: number; left: number; right: number };
}

function coverage(polygon: readonly Point[]): Coverage {
  const cover = new Float32Array(W * H);
  const count = polygon.length;
  // Crossings of one sub-scanline, kept sorted by x as they are found (a polygon crosses a line a few times).
  const xs = new Float64Array(count);
  const directions = new Int8Array(count);
  const top = Math.max(0, Math.floor(Math.min(...polygon.map(([, y]) => y))));
  const bottom = Math.min(H - 1, Math.ceil(Math.max(...polygon.map(([, y]) => y))));
  for (let row = top; row <= bottom; row++) {
    for (let sub = 0; sub < SUBSAMPLES; sub++) {
      const y = row + (sub + 0.5) / SUBSAMPLES;
      let found = 0;
      for (let edge = 0; edge < count; edge++) {
        const [x0, y0] = polygon[edge]!;
        const [x1, y1] = polygon[(edge + 1) % count]!;
        if (y0 === y1 || y < Math.min(y0, y1) || y >= Math.max(y0, y1)) continue;
        const x = x0 + ((y - y0) / (y1 - y0)) * (x1 - x0);
        let at = found++;
        for (; at > 0 && xs[at - 1]! > x; at--) {
          xs[at] = xs[at - 1]!;
          directions[at] = directions[at - 1]!;
        }
        xs[at] = x;
        directions[at] = y1 > y0 ? 1 : -1;
      }
      let winding = 0;
      for (let index = 0; index < found - 1; index++) {
        winding += directions[index]!;
        if (winding !== 0) addSpan(cover, row, xs[index]!, xs[index + 1]!);
      }
    }
  }
  const left = Math.max(0, Math.floor(Math.min(...polygon.map(([x]) => x))));
  const right = Math.min(W - 1, Math.ceil(Math.max(...polygon.map(([x]) => x))));
  return { cover, box: { top, bottom, left, right } };
}

/** Adds 1/SUBSAMPLES of the span [from, to) to a row, partial pixels at the ends by the fraction covered. */
function addSpan(cover: Float32Array, row: number, from: number, to: number): void {
  const start = Math.max(0, from);
  const end = Math.min(W, to);
  if (end <= start) return;
  const weight = 1 / SUBSAMPLES;
  const first = Math.floor(start);
  const last = Math.min(W - 1, Math.floor(end));
  const offset = row * W;
  if (first === last) {
    cover[offset + first]! += (end - start) * weight;
    return;
  }
  cover[offset + first]! += (first + 1 - start) * weight;
  for (let x = first + 1; x < last; x++) cover[offset + x]! += weight;
  if (last < W) cover[offset + last]! += (end - last) * weight;
}

class Canvas {
  readonly pixels = new Float32Array(W * H * 3);

  /** Paints a colour (0-255 channels) over the pixels a coverage covers, times `opacity` and an optional clip. */
  paint({ cover, box }: Coverage, colour: Rgb | ((x: number, y: number) => Rgb), opacity = 1, clip?: Float32Array): void {
    for (let y = box.top; y <= box.bottom; y++) {
      for (let x = box.left; x <= box.right; x++) {
        const index = y * W + x;
        let alpha = Math.min(1, cover[index]!) * opacity;
        if (clip) alpha *= Math.min(1, clip[index]!);
        if (alpha <= 0) continue;
        const [r, g, b] = typeof colour === 'function' ? colour(x, y) : colour;
        const at = index * 3;
        this.pixels[at] = this.pixels[at]! * (1 - alpha) + r * alpha;
        this.pixels[at + 1] = this.pixels[at + 1]! * (1 - alpha) + g * alpha;
        this.pixels[at + 2] = this.pixels[at + 2]! * (1 - alpha) + b * alpha;
      }
    }
  }

  /** Fills a polygon; answers its coverage, to clip later shapes to it. */
  fill(polygon: readonly Point[], colour: Rgb | ((x: number, y: number) => Rgb), opacity = 1, clip?: Float32Array): Float32Array {
    const shape = coverage(polygon);
    this.paint(shape, colour, opacity, clip);
    return shape.cover;
  }

  png(): Uint8Array {
    const bytes = Uint8ClampedArray.from(this.pixels);
    const raw = Buffer.alloc((W * 3 + 1) * H);
    for (let y = 0; y < H; y++) {
      const rowStart = y * (W * 3 + 1);
      raw[rowStart] = 1; // the Sub filter: flat colours compress to almost nothing
      for (let x = 0; x < W * 3; x++) {
        const at = y * W * 3 + x;
        raw[rowStart + 1 + x] = (bytes[at]! - (x >= 3 ? bytes[at - 3]! : 0) + 256) & 0xff;
      }
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(W, 0);
    header.writeUInt32BE(H, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no interlace
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

// ---- Shapes ----

/** Chaikin's corner cutting, `passes` times: a polygon with rounded corners. */
function smooth(polygon: readonly Point[], passes = 2): Point[] {
  let points = [...polygon];
  for (let pass = 0; pass < passes; pass++) {
    points = points.flatMap((point, index) => {
      const next = points[(index + 1) % points.length]!;
      return [
        [point[0] * 0.75 + next[0] * 0.25, point[1] * 0.75 + next[1] * 0.25],
        [point[0] * 0.25 + next[0] * 0.75, point[1] * 0.25 + next[1] * 0.75],
      ] as Point[];
    });
  }
  return points;
}

function ellipse(cx: number, cy: number, rx: number, ry: number, segments = 96): Point[] {
  return Array.from({ length: segments }, (_, index) => {
    const angle = (index / segments) * Math.PI * 2;
    return [cx + rx * Math.cos(angle), cy + ry * Math.sin(angle)] as Point;
  });
}

const circle = (cx: number, cy: number, r: number) => ellipse(cx, cy, r, r);

/** The upper half of a circle from its right end to its left one (a wheel arch, walked rear to front). */
function arch(cx: number, cy: number, r: number): Point[] {
  return Array.from({ length: 25 }, (_, index) => {
    const angle = (index / 24) * Math.PI;
    return [cx + r * Math.cos(angle), cy - r * Math.sin(angle)] as Point;
  });
}

/** A quadrilateral band between two lines, for pillars, door seams and trim. */
const quad = (a: Point, b: Point, c: Point, d: Point): Point[] => [a, b, c, d];

interface Profile {
  body: Point[];
  windows: Point[][];
  wheels: { x: number; y: number; r: number }[];
  /** Front and rear lamps. */
  headlight: Point[];
  taillight: Point[];
  /** Door seams (x positions between the belt line and the rocker) and the belt line's height. */
  seams: number[];
  beltY: number;
  bottomY: number;
  groundY: number;
  /** Where the mirror sits (the windshield's foot). */
  mirror: Point;
}

/** A side view facing left. All figures are in pixels of the 640x400 photo. */
function profile(style: BodyStyle): Profile {
  if (style === 'truck') {
    const [groundY, r, front, rear] = [338, 46, 150, 478];
    const bottomY = groundY - 26;
    const beltY = 196;
    const body = smooth([
      [70, bottomY - 4],
      [56, 262],
      [58, 206],
      [80, 190],
      [210, 184],
      [262, 118],
      [372, 114],
      [382, 196],
      [392, 196],
      [394, 178],
      [596, 176],
      [600, 236],
      [598, bottomY - 4],
      ...arch(rear, groundY - r, r + 9).map(([x, y]) => [x, Math.min(y, bottomY)] as Point),
      ...arch(front, groundY - r, r + 9).map(([x, y]) => [x, Math.min(y, bottomY)] as Point),
    ]);
    return {
      body,
      windows: [
        smooth(
          [
            [226, beltY - 4],
            [268, 128],
            [304, 126],
            [304, beltY - 4],
          ],
          1,
        ),
        smooth(
          [
            [314, beltY - 4],
            [314, 126],
            [362, 124],
            [368, beltY - 4],
          ],
          1,
        ),
      ],
      wheels: [
        { x: front, y: groundY - r, r },
        { x: rear, y: groundY - r, r },
      ],
      headlight: smooth(
        [
          [62, 204],
          [92, 198],
          [92, 220],
          [62, 224],
        ],
        1,
      ),
      taillight: smooth(
        [
          [588, 184],
          [598, 184],
          [598, 224],
          [588, 224],
        ],
        1,
      ),
      seams: [306, 378],
      beltY,
      bottomY,
      groundY,
      mirror: [228, 180],
    };
  }
  const suv = style === 'suv';
  const fastback = style === 'fastback';
  const [groundY, r] = suv ? [336, 44] : [334, 40];
  const [front, rear] = suv ? [160, 474] : [164, 470];
  const bottomY = groundY - (suv ? 24 : 22);
  const hoodY = suv ? 196 : 218;
  const beltY = suv ? 200 : 222;
  const roofY = suv ? 124 : 152;
  const cowl: Point = suv ? [226, 194] : [232, 216];
  const roofFront = suv ? 290 : 300;
  const roofRear = suv ? 500 : fastback ? 400 : 420;
  const deck: Point = suv ? [572, 186] : fastback ? [548, 206] : [512, 210];
  const tailY = suv ? 192 : 214;
  const body = smooth([
    [72, bottomY - 2],
    [58, bottomY - 30],
    [60, hoodY + 22],
    [76, hoodY + 6],
    [110, hoodY],
    cowl,
    [roofFront, roofY],
    [roofRear, roofY + 2],
    deck,
    [584, tailY],
    [590, tailY + 34],
    [588, bottomY - 2],
    ...arch(rear, groundY - r, r + 8).map(([x, y]) => [x, Math.min(y, bottomY)] as Point),
    ...arch(front, groundY - r, r + 8).map(([x, y]) => [x, Math.min(y, bottomY)] as Point),
  ]);
  const pillar = suv ? 392 : 372;
  const windowTop = roofY + 9;
  const windows = [
    smooth(
      [
        [cowl[0] + 16, beltY - 3],
        [roofFront + 6, windowTop],
        [pillar - 6, windowTop],
        [pillar - 6, beltY - 3],
      ],
      1,
    ),
    smooth(
      suv
        ? [
            [pillar + 6, beltY - 3],
            [pillar + 6, windowTop],
            [roofRear - 14, windowTop + 1],
            [deck[0] - 14, beltY - 3],
          ]
        : [
            [pillar + 6, beltY - 3],
            [pillar + 6, windowTop],
            [roofRear - 12, windowTop + 1],
            [deck[0] - 26, beltY - 3],
          ],
      1,
    ),
  ];
  return {
    body,
    windows,
    wheels: [
      { x: front, y: groundY - r, r },
      { x: rear, y: groundY - r, r },
    ],
    headlight: smooth(
      [
        [68, hoodY + 14],
        [106, hoodY + 8],
        [102, hoodY + 20],
        [70, hoodY + 26],
      ],
      1,
    ),
    taillight: smooth(
      [
        [574, tailY + 4],
        [588, tailY + 6],
        [588, tailY + 24],
        [572, tailY + 22],
      ],
      1,
    ),
    seams: [cowl[0] + 12, pillar, suv ? 500 : 470],
    beltY,
    bottomY,
    groundY,
    mirror: [cowl[0] + 8, cowl[1] - 10],
  };
}

// ---- Colour ----

const mix = (a: Rgb, b: Rgb, amount: number): Rgb =>
  [a[0] + (b[0] - a[0]) * amount, a[1] + (b[1] - a[1]) * amount, a[2] + (b[2] - a[2]) * amount] as const;
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

export function hexColour(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** The PNG of a vehicle of `style` in `colour` (a #rrggbb exterior colour). */
export function renderVehiclePhoto(style: BodyStyle, colour: string): Uint8Array {
  const paint = hexColour(colour);
  const canvas = new Canvas();
  const shape = profile(style);
  const horizon = shape.groundY - 40;

  // Backdrop: a soft studio wall fading into the floor.
  const wallTop: Rgb = [232, 236, 241];
  const wallBottom: Rgb = [212, 218, 226];
  const floor: Rgb = [198, 205, 214];
  canvas.fill(
    [
      [0, 0],
      [W, 0],
      [W, H],
      [0, H],
    ],
    (_x, y) => (y < horizon ? mix(wallTop, wallBottom, y / horizon) : mix(wallBottom, floor, Math.min(1, (y - horizon) / 60))),
  );
  // Floor shadow, soft-edged from stacked ellipses.
  for (const [grow, opacity] of [
    [36, 0.05],
    [20, 0.08],
    [6, 0.14],
  ] as const) {
    canvas.fill(ellipse(W / 2 + 2, shape.groundY, 236 + grow, 8 + grow / 4), BLACK, opacity);
  }

  // Wheel wells, then the body over them.
  for (const wheel of shape.wheels) {
    canvas.fill(
      [...arch(wheel.x, wheel.y, wheel.r + 7), [wheel.x - wheel.r - 7, wheel.y + 6], [wheel.x + wheel.r + 7, wheel.y + 6]],
      [22, 24, 28],
    );
  }
  const lit = mix(paint, WHITE, 0.22);
  const shaded = mix(paint, BLACK, 0.35);
  const bodyCover = canvas.fill(shape.body, (_x, y) =>
    y < shape.beltY
      ? mix(lit, paint, Math.min(1, (y - 110) / (shape.beltY - 110)))
      : mix(paint, shaded, Math.min(1, (y - shape.beltY) / (shape.bottomY - shape.beltY))),
  );
  // Shoulder highlight and a darker rocker, both clipped to the body.
  canvas.fill(
    quad([40, shape.beltY + 10], [W - 40, shape.beltY + 6], [W - 40, shape.beltY + 12], [40, shape.beltY + 16]),
    mix(paint, WHITE, 0.45),
    0.55,
    bodyCover,
  );
  canvas.fill(
    quad([40, shape.bottomY - 16], [W - 40, shape.bottomY - 16], [W - 40, H], [40, H]),
    mix(paint, BLACK, 0.5),
    0.55,
    bodyCover,
  );
  // Door seams.
  for (const x of shape.seams) {
    canvas.fill(
      quad([x, shape.beltY], [x + 1.4, shape.beltY], [x + 3.4, shape.bottomY - 14], [x + 2, shape.bottomY - 14]),
      BLACK,
      0.28,
      bodyCover,
    );
  }
  // Glass with a sky reflection.
  const glassTop: Rgb = [58, 72, 88];
  const glassBottom: Rgb = [24, 30, 38];
  for (const window of shape.windows) {
    const windowCover = canvas.fill(window, (_x, y) => mix(glassTop, glassBottom, Math.max(0, Math.min(1, (y - 110) / 100))));
    canvas.fill(quad([180, 260], [330, 100], [372, 100], [222, 260]), WHITE, 0.12, windowCover);
  }
  // Mirror, door handles, lamps.
  const [mx, my] = shape.mirror;
  canvas.fill(
    smooth(
      [
        [mx - 6, my + 8],
        [mx + 8, my - 4],
        [mx + 22, my - 2],
        [mx + 20, my + 10],
      ],
      1,
    ),
    shaded,
  );
  for (const x of shape.seams.slice(0, -1)) {
    canvas.fill(
      smooth(
        quad([x + 52, shape.beltY + 20], [x + 74, shape.beltY + 20], [x + 74, shape.beltY + 25], [x + 52, shape.beltY + 25]),
        1,
      ),
      mix(paint, BLACK, 0.45),
      0.7,
    );
  }
  canvas.fill(shape.headlight, [246, 244, 236]);
  canvas.fill(shape.taillight, [178, 28, 36]);

  // Wheels: tyre, rim with five spokes, hub.
  for (const { x, y, r } of shape.wheels) {
    canvas.fill(circle(x, y, r), [26, 27, 30]);
    const rimCover = canvas.fill(circle(x, y, r * 0.68), (_px, py) =>
      mix([214, 218, 224], [150, 156, 164], (py - (y - r)) / (2 * r)),
    );
    canvas.fill(circle(x, y, r * 0.6), [62, 66, 72], 1, rimCover);
    for (let spoke = 0; spoke < 5; spoke++) {
      const angle = (spoke / 5) * Math.PI * 2 - Math.PI / 2;
      const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
      const width = r * 0.09;
      canvas.fill(
        quad(
          [x - sin * width, y + cos * width],
          [x + cos * r * 0.64 - sin * width * 1.8, y + sin * r * 0.64 + cos * width * 1.8],
          [x + cos * r * 0.64 + sin * width * 1.8, y + sin * r * 0.64 - cos * width * 1.8],
          [x + sin * width, y - cos * width],
        ),
        [196, 201, 208],
      );
    }
    canvas.fill(circle(x, y, r * 0.14), [120, 126, 134]);
  }
  return canvas.png();
}
