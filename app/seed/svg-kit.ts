// Drawing primitives for the garment illustrations: paths mirrored around the garment's centre line,
// colour mixing, and a Sketch that layers shaded fabric pieces, seams, stitches, buttons and folds.

/** The garment's centre line in drawing units (the drawing is 1000 × 1500 before framing). */
export const CX = 500;

/** A point as [offset from the centre line, y]; negative offsets are on the image's left. */
export type Pt = readonly [number, number];
/** One point: a line; two: a quadratic curve (control, end); three: a cubic curve (c1, c2, end). */
export type Seg = readonly Pt[];

const r1 = (n: number) => Math.round(n * 10) / 10;
const at = ([dx, y]: Pt, flip: boolean) => `${r1(CX + (flip ? -dx : dx))} ${r1(y)}`;
const command = (seg: Seg) => (seg.length === 1 ? "L" : seg.length === 2 ? "Q" : "C");

/** An open path; `flip` mirrors it to the other side of the centre line. */
export function open(start: Pt, segs: readonly Seg[], flip = false): string {
  return `M${at(start, flip)}${segs.map((seg) => `${command(seg)}${seg.map((p) => at(p, flip)).join(" ")}`).join("")}`;
}

export function closed(start: Pt, segs: readonly Seg[], flip = false): string {
  return `${open(start, segs, flip)}Z`;
}

/**
 * A closed shape symmetric around the centre line: `segs` trace the left half from `start` (on the centre
 * line) to a point on the centre line; the right half is that trace mirrored and reversed.
 */
export function symmetric(start: Pt, segs: readonly Seg[]): string {
  const ends: Pt[] = [start];
  for (const seg of segs) ends.push(seg.at(-1) ?? start);
  const back: Seg[] = [];
  for (let i = segs.length - 1; i >= 0; i--) {
    const seg = segs[i] ?? [];
    const from = ends[i] ?? start;
    const mirror = (p: Pt | undefined): Pt => [-(p ?? from)[0], (p ?? from)[1]];
    if (seg.length === 1) back.push([mirror(from)]);
    else if (seg.length === 2) back.push([mirror(seg[0]), mirror(from)]);
    else back.push([mirror(seg[1]), mirror(seg[0]), mirror(from)]);
  }
  return `${open(start, segs)}${back.map((seg) => `${command(seg)}${seg.map((p) => at(p, false)).join(" ")}`).join("")}Z`;
}

/** A coordinate pair as `closed`, `open` and `symmetric` write them. */
const PAIR = /(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g;

/** Mirrors a path written by `open`/`closed` to the other side of the centre line. */
export function mirrorPath(d: string): string {
  return d.replace(PAIR, (_m, x: string, y: string) => `${2 * CX - Number(x)} ${y}`);
}

/** Where the drawing lands in the image: device = drawing × scale + offset. */
export interface Placement {
  scale: number;
  x: number;
  y: number;
}

function placePath(d: string, p: Placement): string {
  return d.replace(
    PAIR,
    (_m, x: string, y: string) => `${r1(Number(x) * p.scale + p.x)} ${r1(Number(y) * p.scale + p.y)}`,
  );
}

// ------------------------------------------------------------------------------------------- colours

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = rgb(a);
  const [br, bg, bb] = rgb(b);
  const channel = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, "0");
  return `#${channel(ar, br)}${channel(ag, bg)}${channel(ab, bb)}`;
}

/** Relative luminance, 0 (black) to 1 (white). */
function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The tones one garment is drawn with, derived from its colour so dark and light cloth both show form. */
export interface Ink {
  base: string;
  light: string;
  dark: string;
  /** The garment's inside (seen through the neckline or an open front). */
  inside: string;
  line: string;
  stitch: string;
  button: string;
  /** The contrasting colour of a print. */
  print: string;
  /** How strongly creases show: dark strokes on pale cloth would look like dirt. */
  fold: number;
}

export function inkFor(hex: string): Ink {
  const lum = luminance(hex);
  const dark = lum < 0.06;
  const pale = lum > 0.6;
  return {
    base: hex,
    light: mix(hex, "#ffffff", dark ? 0.16 : pale ? 0.5 : 0.14),
    dark: mix(hex, "#000000", dark ? 0.35 : pale ? 0.13 : 0.3),
    inside: mix(hex, "#000000", dark ? 0.45 : pale ? 0.3 : 0.5),
    line: mix(hex, "#000000", dark ? 0.5 : pale ? 0.28 : 0.42),
    stitch: dark ? mix(hex, "#ffffff", 0.28) : mix(hex, "#000000", pale ? 0.25 : 0.35),
    button: pale ? "#5b4a3c" : dark ? mix(hex, "#ffffff", 0.22) : mix(hex, "#000000", 0.45),
    print: lum < 0.3 ? "#efe6d3" : pale ? "#283552" : "#f3ede2",
    fold: pale ? 0.4 : lum > 0.3 ? 0.7 : 1,
  };
}

// -------------------------------------------------------------------------------------------- sketch

/**
 * A stroke with feathered edges: concentric strokes that add up to `opacity` in the middle. Blur filters
 * would look the same but make rendering several times slower.
 */
export function softStroke(d: string, colour: string, width: number, opacity: number, layers = 4): string {
  const layer = 1 - (1 - opacity) ** (1 / layers);
  return Array.from({ length: layers }, (_, i) => width * (1 - i / layers))
    .map(
      (w) =>
        `<path d="${d}" fill="none" stroke="${colour}" stroke-opacity="${layer.toFixed(3)}" stroke-width="${w.toFixed(1)}" stroke-linecap="round" stroke-linejoin="round"/>`,
    )
    .join("");
}

export type Texture = "knit" | "twill" | "rib" | "smooth" | "cord";

export interface PieceOptions {
  texture?: Texture;
  /** Whether the garment's print covers this piece (trims usually stay plain). */
  print?: boolean;
  /** Lightens (> 0) or darkens (< 0) the piece, e.g. a lapel catching the light. */
  tone?: number;
  /** The shading gradient across the piece; "sheen" for satin and leather. */
  shading?: "shade" | "sheen";
}

/**
 * A fill with a pattern (texture or print). librsvg samples patterns very slowly under a scaling
 * transform, so these layers are written in device pixels (their patterns are built at device scale)
 * while everything else is drawn in drawing units inside a transformed group.
 */
interface PatternLayer {
  d: string;
  pattern: string;
}

/** Collects one garment's layers in drawing order; `Sketch.svg()` places them in the image. */
export class Sketch {
  private readonly parts: (string | PatternLayer)[] = [];
  private readonly clips: string[] = [];
  readonly outlines: string[] = [];

  constructor(
    readonly ink: Ink,
    readonly texture: Texture,
    readonly printed: boolean,
  ) {}

  piece(d: string, options: PieceOptions = {}): void {
    const texture = options.texture ?? this.texture;
    const layers: (string | PatternLayer)[] = [`<path d="${d}" fill="url(#${options.shading ?? "shade"})"/>`];
    if (this.printed && options.print !== false) layers.push({ d, pattern: "print" });
    if (options.tone) {
      const colour = options.tone > 0 ? "#fff" : "#000";
      layers.push(`<path d="${d}" fill="${colour}" fill-opacity="${Math.abs(options.tone)}"/>`);
    }
    if (texture !== "smooth") layers.push({ d, pattern: `tex-${texture}` });
    layers.push(`<path d="${d}" fill="url(#depth)"/>`);
    layers.push(
      `<path d="${d}" fill="none" stroke="${this.ink.line}" stroke-width="2.4" stroke-linejoin="round"/>`,
    );
    this.parts.push(...layers);
    this.outlines.push(d);
  }

  /** The garment's inside, seen through a neckline or an open front. */
  inside(d: string): void {
    this.parts.push(`<path d="${d}" fill="${this.ink.inside}"/>`);
    this.parts.push(`<path d="${d}" fill="url(#inner)"/>`);
    this.outlines.push(d);
  }

  /** A seam or edge: a dark line with a faint highlight beside it, so it reads as a fold of cloth. */
  seam(d: string, width = 2.4): void {
    this.parts.push(
      `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="0.22" stroke-width="${width + 1}" transform="translate(1.5 1.5)"/>`,
      `<path d="${d}" fill="none" stroke="${this.ink.line}" stroke-opacity="0.8" stroke-width="${width}" stroke-linecap="round"/>`,
    );
  }

  stitch(d: string, colour = this.ink.stitch, width = 2): void {
    this.parts.push(
      `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-dasharray="7 5" stroke-linecap="round" stroke-opacity="0.85"/>`,
    );
  }

  /** A soft shadow along an edge where one layer of cloth lies on another. */
  edgeShadow(d: string, width = 10, opacity = 0.28): void {
    this.parts.push(`<g clip-path="url(#${this.clip()})">${softStroke(d, "#000", width * 1.6, opacity)}</g>`);
  }

  button(x: number, y: number, r = 11, colour = this.ink.button): void {
    const px = CX + x;
    this.parts.push(
      `<circle cx="${px + 1.5}" cy="${y + 2.5}" r="${r}" fill="#000" fill-opacity="0.25"/>`,
      `<circle cx="${px}" cy="${y}" r="${r}" fill="${colour}"/>`,
      `<circle cx="${px}" cy="${y}" r="${r}" fill="url(#button)"/>`,
      `<circle cx="${px - r * 0.3}" cy="${y - r * 0.3}" r="${r * 0.14}" fill="#000" fill-opacity="0.45"/>`,
      `<circle cx="${px + r * 0.3}" cy="${y - r * 0.3}" r="${r * 0.14}" fill="#000" fill-opacity="0.45"/>`,
      `<circle cx="${px - r * 0.3}" cy="${y + r * 0.3}" r="${r * 0.14}" fill="#000" fill-opacity="0.45"/>`,
      `<circle cx="${px + r * 0.3}" cy="${y + r * 0.3}" r="${r * 0.14}" fill="#000" fill-opacity="0.45"/>`,
    );
  }

  /** A metal stud, rivet or snap. */
  stud(x: number, y: number, r = 6, metal = "#b8894a"): void {
    const px = CX + x;
    this.parts.push(
      `<circle cx="${px + 1}" cy="${y + 1.5}" r="${r}" fill="#000" fill-opacity="0.3"/>`,
      `<circle cx="${px}" cy="${y}" r="${r}" fill="${metal}"/>`,
      `<circle cx="${px}" cy="${y}" r="${r}" fill="url(#button)"/>`,
    );
  }

  /** A zip: a line of teeth with a pull at its top. */
  zip(d: string, pull: Pt, metal = "#9a9a9e"): void {
    this.parts.push(
      `<path d="${d}" fill="none" stroke="${this.ink.inside}" stroke-width="9"/>`,
      `<path d="${d}" fill="none" stroke="${metal}" stroke-width="7" stroke-dasharray="2.5 2.5"/>`,
    );
    const [dx, y] = pull;
    this.parts.push(
      `<rect x="${CX + dx - 7}" y="${y}" width="14" height="34" rx="4" fill="${metal}"/>`,
      `<rect x="${CX + dx - 7}" y="${y}" width="14" height="34" rx="4" fill="url(#button)"/>`,
      `<rect x="${CX + dx - 3}" y="${y + 18}" width="6" height="11" rx="2" fill="#000" fill-opacity="0.35"/>`,
    );
  }

  /** Soft creases: dark and light strokes with feathered edges, kept inside the garment. */
  folds(darks: readonly string[], lights: readonly string[] = [], width = 16, emphasis = 1): void {
    const strength = emphasis * this.ink.fold;
    const strokes = [
      ...darks.map((d) => softStroke(d, "#000", width * 1.8, 0.2 * strength)),
      ...lights.map((d) => softStroke(d, "#fff", width * 1.5, 0.16 * strength)),
    ];
    this.parts.push(`<g clip-path="url(#${this.clip()})">${strokes.join("")}</g>`);
  }

  /** Raw SVG for one-off details (labels, buckles); coordinates are absolute. */
  raw(svg: string): void {
    this.parts.push(svg);
  }

  /** Clips to everything drawn so far. */
  private clip(): string {
    const id = `clip${this.clips.length}`;
    this.clips.push(
      `<clipPath id="${id}">${this.outlines.map((d) => `<path d="${d}"/>`).join("")}</clipPath>`,
    );
    return id;
  }

  defs(): string {
    return this.clips.join("");
  }

  svg(placement: Placement): string {
    const group = `<g transform="matrix(${placement.scale} 0 0 ${placement.scale} ${placement.x} ${placement.y})">`;
    let svg = "";
    let run: string[] = [];
    for (const part of this.parts) {
      if (typeof part === "string") {
        run.push(part);
        continue;
      }
      if (run.length > 0) svg += `${group}${run.join("")}</g>`;
      run = [];
      svg += `<path d="${placePath(part.d, placement)}" fill="url(#${part.pattern})"/>`;
    }
    return run.length > 0 ? `${svg}${group}${run.join("")}</g>` : svg;
  }
}
