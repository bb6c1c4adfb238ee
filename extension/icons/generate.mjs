/**
 * Draws the prlens toolbar/store icons (a magnifying lens over a green/amber/red risk bar) as
 * PNGs at 16, 32, 48 and 128 px, with no image library: pixels are computed with anti-aliased
 * signed distances and encoded with node's zlib.
 * Why: stores and browsers need raster icons; generating them keeps the source reviewable.
 * Run: `node extension/icons/generate.mjs` (the PNGs are committed; build.sh only copies them).
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

// Shapes in a 0..1 unit square, as signed distance functions (negative inside).
const circle = (cx, cy, r) => (x, y) => Math.hypot(x - cx, y - cy) - r;
const ring = (cx, cy, r, w) => (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) - w / 2;
function segment(ax, ay, bx, by, w) {
  return (x, y) => {
    const px = x - ax, py = y - ay, dx = bx - ax, dy = by - ay;
    const t = Math.max(0, Math.min(1, (px * dx + py * dy) / (dx * dx + dy * dy)));
    return Math.hypot(px - t * dx, py - t * dy) - w / 2;
  };
}
const roundedSquare = (r) => (x, y) => {
  const qx = Math.abs(x - 0.5) - (0.5 - r), qy = Math.abs(y - 0.5) - (0.5 - r);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
};

// Layers painted in order: [shape, [r, g, b]]. GitHub-like palette.
const layers = [
  [roundedSquare(0.2), [36, 41, 47]], // canvas (fg default dark)
  [circle(0.42, 0.42, 0.25), [246, 248, 250]], // lens glass
  [segment(0.3, 0.5, 0.38, 0.5, 0.07), [31, 136, 61]], // risk bars inside the lens: green
  [segment(0.3, 0.41, 0.47, 0.41, 0.07), [191, 135, 0]], // amber
  [segment(0.3, 0.32, 0.55, 0.32, 0.07), [207, 34, 46]], // red
  [ring(0.42, 0.42, 0.25, 0.085), [9, 105, 218]], // lens rim (accent blue)
  [segment(0.6, 0.6, 0.8, 0.8, 0.12), [9, 105, 218]], // handle
];

/**
 * Transparent padding per side: the 128 px icon (install dialog, extensions page, store listing)
 * is 96 px of artwork inside 16 px of transparent margin, as the Chrome Web Store asks
 * ("Images": "the actual icon size should be 96x96 … an additional 16 pixels per side should be
 * transparent padding", developer.chrome.com/docs/webstore/images, read 2026-12). The toolbar
 * sizes use the whole square.
 */
export const PADDING = { 16: 0, 32: 0, 48: 0, 128: 16 };

function draw(size) {
  const rgba = Buffer.alloc(size * size * 4);
  const pad = PADDING[size] ?? 0;
  const art = size - 2 * pad;
  const samples = 4; // 4x4 supersampling per pixel
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (px - pad + (sx + 0.5) / samples) / art, y = (py - pad + (sy + 0.5) / samples) / art;
          let color = null;
          for (const [shape, rgb] of layers) if (shape(x, y) <= 0) color = rgb;
          if (color) { r += color[0]; g += color[1]; b += color[2]; a += 1; }
        }
      }
      const o = (py * size + px) * 4;
      if (a > 0) { rgba[o] = r / a; rgba[o + 1] = g / a; rgba[o + 2] = b / a; }
      rgba[o + 3] = Math.round((a / (samples * samples)) * 255);
    }
  }
  return encodePng(size, rgba);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) for (const size of [16, 32, 48, 128]) {
  const file = path.join(here, `icon-${size}.png`);
  fs.writeFileSync(file, draw(size));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
