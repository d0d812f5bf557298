import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Debian's poppler-utils (`pdftotext`, `pdftoppm`). */
export const hasPoppler = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** The text of each page of a PDF, whitespace folded to single spaces (a wrapped title reads whole). */
export function pdfPages(file: string): string[] {
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return text.split('\f').map((p) => p.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

export interface PageImage {
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel, rows top to bottom. */
  rgb: Buffer;
}

/** Every page of a PDF as pixels at 96 dpi, so a CSS pixel is an image pixel. */
export function pdfImages(file: string, dpi = 96): PageImage[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'cadence-pdf-'));
  execFileSync('pdftoppm', ['-r', String(dpi), file, path.join(dir, 'page')]);
  return readdirSync(dir).filter((f) => f.endsWith('.ppm')).sort().map((f) => readPpm(readFileSync(path.join(dir, f))));
}

/** A binary PPM (P6, maxval 255): the header is four whitespace-separated fields. */
function readPpm(buf: Buffer): PageImage {
  const fields: string[] = [];
  let i = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(buf[i]!))) i++;
    let s = '';
    while (!/\s/.test(String.fromCharCode(buf[i]!))) s += String.fromCharCode(buf[i++]!);
    fields.push(s);
  }
  if (fields[0] !== 'P6' || fields[3] !== '255') throw new Error(`not a P6 PPM: ${fields.join(' ')}`);
  return { width: Number(fields[1]), height: Number(fields[2]), rgb: buf.subarray(i + 1) };
}

const near = (v: number, want: number) => Math.abs(v - want) <= 3;

/**
 * The vertical runs of coloured pixels (bars: channel colours are saturated, text and rules are
 * grey) below the first table head band of a page (`head`, its background colour): each run is
 * one bar, as [top, height] in pixels. A bar cut by a page break shows as a run shorter than a bar.
 */
export function barRuns(page: PageImage, head: [number, number, number], minSaturation = 40): Array<[number, number]> {
  const { width, height, rgb } = page;
  const px = (x: number, y: number) => {
    const o = (y * width + x) * 3;
    return [rgb[o]!, rgb[o + 1]!, rgb[o + 2]!] as const;
  };
  let start = 0;
  let inHead = false;
  for (let y = 0; y < height; y++) {
    let count = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = px(x, y);
      if (near(r, head[0]) && near(g, head[1]) && near(b, head[2])) count++;
    }
    const isHead = count > width / 2;
    if (isHead) inHead = true;
    else if (inHead) {
      start = y;
      break;
    }
  }
  if (!inHead) return [];
  const runs: Array<[number, number]> = [];
  let top = -1;
  for (let y = start; y <= height; y++) {
    let coloured = false;
    for (let x = 0; y < height && x < width && !coloured; x++) {
      const [r, g, b] = px(x, y);
      coloured = Math.max(r, g, b) - Math.min(r, g, b) >= minSaturation;
    }
    if (coloured && top < 0) top = y;
    if (!coloured && top >= 0) {
      runs.push([top, y - top]);
      top = -1;
    }
  }
  return runs;
}
