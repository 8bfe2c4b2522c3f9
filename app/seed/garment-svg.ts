// Product photos drawn as SVG: a "ghost mannequin" garment in the product's colour on a warm studio
// backdrop. Each silhouette is a parameterised outline (top, dress, trousers, skirt, outerwear) with its
// shading, trims and folds; `garmentSvg` frames it in a 2:3 portrait, whole (front) or close up (detail).
import {
  CX,
  closed,
  type Ink,
  inkFor,
  mirrorPath,
  mix,
  open,
  type Pt,
  type Seg,
  Sketch,
  softStroke,
  symmetric,
  type Texture,
} from "./svg-kit";

export type Silhouette =
  | "tshirt"
  | "longsleeve"
  | "tank"
  | "polo"
  | "shirt"
  | "blouse"
  | "overshirt"
  | "sweater"
  | "rollneck"
  | "cardigan"
  | "vneck"
  | "dress-wrap"
  | "dress-shirt"
  | "dress-slip"
  | "dress-maxi"
  | "dress-mini"
  | "jeans-straight"
  | "jeans-slim"
  | "jeans-wide"
  | "jeans-tapered"
  | "trousers"
  | "trousers-wide"
  | "trousers-cargo"
  | "shorts"
  | "skirt-midi"
  | "skirt-pleated"
  | "skirt-mini"
  | "coat"
  | "coat-double"
  | "trench"
  | "puffer"
  | "denim-jacket"
  | "blazer"
  | "biker";

export type Print = "plain" | "striped" | "checked" | "floral" | "dotted";
export type View = "front" | "detail";

export const WIDTH = 1000;
export const HEIGHT = 1500;

/** What a drawing reports for framing: its extent and the area the detail view zooms into. */
interface Drawn {
  top: number;
  bottom: number;
  halfWidth: number;
  /** Centre of the detail crop and its width, in drawing units. */
  focus: { dx: number; y: number; width: number };
}

const DENIM_THREAD = "#d49a4e";

const lerp = (a: number, b: number, t: number) => a + (b - a) * t;

// ---------------------------------------------------------------------------------------------- tops

type Neck = "crew" | "scoop" | "v" | "collar" | "polo" | "roll" | "cardigan" | "none";

interface TopOptions {
  sleeve: "none" | "short" | "long";
  neck: Neck;
  neckHalf?: number;
  shoulder?: number;
  body?: number;
  hem?: number;
  dropShoulder?: boolean;
  shirtHem?: boolean;
  rib?: boolean;
  placket?: boolean;
  chestPockets?: 0 | 1 | 2;
  cuffs?: "rib" | "shirt" | "none";
}

const NECK_TOP = 250;

function neckDepth(neck: Neck): number {
  const depths: Record<Neck, number> = {
    crew: 72,
    scoop: 150,
    v: 190,
    collar: 80,
    polo: 70,
    roll: 40,
    cardigan: 250,
    none: 40,
  };
  return depths[neck];
}

interface Torso {
  neckHalf: number;
  neckBottom: number;
  shoulder: Pt;
  armpit: Pt;
  hem: number;
  body: number;
}

function torsoOf(o: TopOptions): Torso {
  const shoulderHalf = o.shoulder ?? (o.dropShoulder ? 212 : 172);
  const body = o.body ?? (o.dropShoulder ? 200 : 176);
  return {
    neckHalf: o.neckHalf ?? (o.neck === "scoop" ? 100 : 80),
    neckBottom: NECK_TOP + neckDepth(o.neck),
    shoulder: [-shoulderHalf, o.dropShoulder ? 300 : 282],
    armpit: [-body, o.dropShoulder ? 500 : 468],
    hem: o.hem ?? 780,
    body,
  };
}

/** Where a long sleeve's cuff starts: near the hem on tops, at the wrist on long coats. */
function cuffTopOf(t: Torso): number {
  return Math.min(t.hem - 90, 740);
}

function torsoPath(t: Torso, o: TopOptions): string {
  const [sx, sy] = t.shoulder;
  const [ax, ay] = t.armpit;
  const nw = t.neckHalf;
  const nb = t.neckBottom;
  const neckline = necklineToSide(nw, nb, o.neck === "v" || o.neck === "cardigan");
  const armhole: Seg =
    o.sleeve === "none"
      ? [
          [sx + 4, sy + 120],
          [ax + 30, ay - 40],
          [ax, ay],
        ]
      : [
          [sx - 4, sy + 80],
          [ax, ay - 70],
          [ax, ay],
        ];
  const sideEnd = o.shirtHem ? t.hem - 45 : t.hem;
  const hem: Seg = o.shirtHem
    ? [
        [ax + 10, t.hem + 8],
        [-80, t.hem + 40],
        [0, t.hem + 40],
      ]
    : [
        [ax * 0.5, t.hem + 8],
        [0, t.hem + 8],
      ];
  return symmetric(
    [0, nb],
    [
      neckline,
      [
        [(sx - nw) / 2, NECK_TOP + (sy - NECK_TOP) * 0.4],
        [sx, sy],
      ],
      armhole,
      [
        [ax - 3, ay + 200],
        [ax - 6, sideEnd - 200],
        [ax - 6, sideEnd],
      ],
      hem,
    ],
  );
}

/** Left sleeve outline and its cuff band (if any); draw mirrored for the right. */
function sleevePaths(t: Torso, o: TopOptions): { sleeve: string; cuff?: string } {
  const [sx, sy] = t.shoulder;
  const [ax, ay] = t.armpit;
  const armhole: Seg = [
    [ax + 14, ay - 70],
    [sx + 18, sy + 60],
    [sx, sy],
  ];
  if (o.sleeve === "short") {
    const outer: Pt = o.dropShoulder ? [sx - 72, sy + 215] : [sx - 92, sy + 190];
    const inner: Pt = o.dropShoulder ? [sx - 2, sy + 240] : [sx - 24, sy + 228];
    return {
      sleeve: closed(t.shoulder, [
        [[sx - 40, sy + 25], [sx - 75, sy + 100], outer],
        [inner],
        [[ax + 1, ay - 4]],
        armhole,
      ]),
    };
  }
  const cuffTop = cuffTopOf(t);
  const outerTop: Pt = [sx - 90, cuffTop];
  const innerTop: Pt = [sx - 20, cuffTop + 8];
  const mid = (sy + cuffTop) / 2;
  const sleeve = closed(t.shoulder, [
    [[sx - 35, sy + 40], [sx - 74, mid], outerTop],
    [innerTop],
    [
      [sx - 12, mid + 100],
      [ax - 4, mid],
      [ax + 1, ay],
    ],
    armhole,
  ]);
  if (o.cuffs === "none") return { sleeve };
  const cuff = closed(outerTop, [[[sx - 94, cuffTop + 72]], [[sx - 22, cuffTop + 80]], [innerTop]]);
  return { sleeve, cuff };
}

function drawSleeves(s: Sketch, t: Torso, o: TopOptions): void {
  if (o.sleeve === "none") return;
  const { sleeve, cuff } = sleevePaths(t, o);
  const [sx] = t.shoulder;
  for (const flip of [false, true]) {
    const d = flip ? mirrorPath(sleeve) : sleeve;
    s.piece(d);
    if (cuff)
      s.piece(flip ? mirrorPath(cuff) : cuff, {
        texture: o.cuffs === "rib" ? "rib" : undefined,
        print: false,
      });
    if (o.cuffs === "shirt") s.button(flip ? -(sx - 56) : sx - 56, cuffTopOf(t) + 42, 7);
  }
  const elbow = (flip: boolean, y: number) =>
    open(
      [sx - 62, y],
      [
        [
          [sx - 42, y + 15],
          [sx - 20, y + 10],
        ],
      ],
      flip,
    );
  const crease = (flip: boolean) =>
    open(
      [sx - 10, 360],
      [
        [
          [sx - 36, 430],
          [sx - 46, 500],
        ],
      ],
      flip,
    );
  const elbowY = (t.shoulder[1] + cuffTopOf(t)) / 2 + 40;
  if (o.sleeve === "long")
    s.folds([elbow(false, elbowY), elbow(true, elbowY)], [crease(false), crease(true)], 14);
  if (o.sleeve === "short") {
    const hem = (flip: boolean) =>
      open([sx - 86, t.shoulder[1] + 168], [[[sx - 28, t.shoulder[1] + 204]]], flip);
    s.stitch(hem(false));
    s.stitch(hem(true));
  }
}

/** The front neckline from the centre front up to the left neck point (a V is straight, a crew curved). */
function necklineToSide(nw: number, nb: number, straight: boolean): Seg {
  return straight
    ? [[-nw, NECK_TOP]]
    : [
        [-nw * 0.6, nb],
        [-nw, NECK_TOP + (nb - NECK_TOP) * 0.5],
        [-nw, NECK_TOP],
      ];
}

/** The inside of the garment seen through a neckline: between the back neckline and the front one. */
function neckOpening(nw: number, nb: number, straight: boolean): string {
  const down: Seg = straight
    ? [[0, nb]]
    : [
        [nw, NECK_TOP + (nb - NECK_TOP) * 0.5],
        [nw * 0.6, nb],
        [0, nb],
      ];
  return closed(
    [-nw, NECK_TOP],
    [
      [
        [0, NECK_TOP + 26],
        [nw, NECK_TOP],
      ],
      down,
      necklineToSide(nw, nb, straight),
    ],
  );
}

function crewNeck(s: Sketch, t: Torso, o: TopOptions): void {
  const nw = t.neckHalf;
  const nb = t.neckBottom;
  const straight = o.neck === "v";
  const width = o.neck === "scoop" ? 14 : 20;
  s.inside(neckOpening(nw, nb, straight));
  s.raw(label(NECK_TOP + 30));
  const backBand = closed(
    [-nw - 3, NECK_TOP - 4],
    [
      [
        [0, NECK_TOP + 6],
        [nw + 3, NECK_TOP - 4],
      ],
      [[nw, NECK_TOP]],
      [
        [0, NECK_TOP + 26],
        [-nw, NECK_TOP],
      ],
    ],
  );
  s.piece(backBand, { texture: "rib", print: false, tone: -0.06 });
  const inner: Seg = straight
    ? [[0, nb + width * 1.4]]
    : [
        [-nw + width, NECK_TOP + (nb - NECK_TOP) * 0.55],
        [-nw * 0.55, nb + width],
        [0, nb + width],
      ];
  s.piece(
    symmetric([0, nb], [necklineToSide(nw, nb, straight), [[-nw + width * 0.8, NECK_TOP + 2]], inner]),
    {
      texture: "rib",
      print: false,
    },
  );
}

/** The brand label inside the back neck. */
function label(y: number): string {
  return `<rect x="${CX - 20}" y="${y}" width="40" height="24" rx="2" fill="#f1ebe0"/><rect x="${CX - 12}" y="${y + 7}" width="24" height="3" fill="#6d5f52"/><rect x="${CX - 8}" y="${y + 14}" width="16" height="2" fill="#6d5f52"/>`;
}

function shirtCollar(
  s: Sketch,
  t: Torso,
  options: { spread?: number; rib?: boolean; small?: boolean } = {},
): void {
  const nw = t.neckHalf;
  const v = NECK_TOP + (options.small ? 62 : 80);
  const point = options.small ? 110 : 150;
  const spread = options.spread ?? 0;
  s.inside(
    closed(
      [-nw + 2, NECK_TOP + 12],
      [
        [
          [0, NECK_TOP + 24],
          [nw - 2, NECK_TOP + 12],
        ],
        [[0, v]],
      ],
    ),
  );
  s.raw(label(NECK_TOP + 24));
  const stand = closed(
    [-nw - 8, NECK_TOP - 8],
    [
      [
        [0, NECK_TOP - 4],
        [nw + 8, NECK_TOP - 8],
      ],
      [[nw - 2, NECK_TOP + 12]],
      [
        [0, NECK_TOP + 24],
        [-nw + 2, NECK_TOP + 12],
      ],
    ],
  );
  const texture: Texture | undefined = options.rib ? "rib" : undefined;
  s.piece(stand, { tone: -0.08, texture });
  for (const flip of [false, true]) {
    const tip: Pt = [-nw + 12 - spread, NECK_TOP + point];
    const leaf = closed(
      [-nw - 10, NECK_TOP - 8],
      [
        [[-nw - 28 - spread * 0.5, NECK_TOP + 60], [-nw - 6 - spread, NECK_TOP + point - 20], tip],
        [[-6, v]],
        [
          [-nw * 0.55, NECK_TOP + 30],
          [-nw - 10, NECK_TOP - 8],
        ],
      ],
      flip,
    );
    s.edgeShadow(open(tip, [[[-6, v + 4]]], flip), 12, 0.35);
    s.piece(leaf, { tone: 0.05, texture });
    s.stitch(
      open(
        [-nw - 14, NECK_TOP + 4],
        [
          [
            [-nw - 24 - spread * 0.5, NECK_TOP + 60],
            [-nw + 6 - spread, NECK_TOP + point - 14],
          ],
        ],
        flip,
      ),
    );
  }
}

function placket(s: Sketch, from: number, to: number, spacing = 100): void {
  s.piece(closed([-17, from], [[[17, from]], [[17, to]], [[-17, to]]]), { tone: 0.03 });
  s.stitch(open([-12, from], [[[-12, to]]]));
  s.stitch(open([12, from], [[[12, to]]]));
  for (let y = from + 28; y < to - 40; y += spacing) s.button(0, y, 8.5);
}

function chestPocket(s: Sketch, dx: number, y: number, flap: boolean): void {
  const w = 100;
  s.piece(closed([dx, y], [[[dx + w, y]], [[dx + w, y + 110]], [[dx + w / 2, y + 126]], [[dx, y + 110]]]), {
    tone: 0.02,
  });
  s.stitch(
    open(
      [dx + 6, y + 4],
      [[[dx + 6, y + 106]], [[dx + w / 2, y + 120]], [[dx + w - 6, y + 106]], [[dx + w - 6, y + 4]]],
    ),
  );
  if (flap) {
    s.edgeShadow(open([dx, y + 38], [[[dx + w / 2, y + 54]], [[dx + w, y + 38]]]), 8, 0.35);
    s.piece(
      closed(
        [dx - 4, y - 6],
        [[[dx + w + 4, y - 6]], [[dx + w + 4, y + 36]], [[dx + w / 2, y + 52]], [[dx - 4, y + 36]]],
      ),
      { tone: 0.04 },
    );
    s.button(dx + w / 2, y + 34, 7);
  }
}

function drawTop(s: Sketch, o: TopOptions): Drawn {
  const t = torsoOf(o);
  const [sx] = t.shoulder;
  const [ax, ay] = t.armpit;
  if (o.neck === "roll") rollNeck(s, t);
  s.piece(torsoPath(t, o));
  if (o.rib) {
    const band = symmetric(
      [0, t.hem - 66],
      [
        [[ax - 5, t.hem - 66]],
        [[ax - 6, t.hem]],
        [
          [ax * 0.5, t.hem + 8],
          [0, t.hem + 8],
        ],
      ],
    );
    s.piece(band, { texture: "rib", print: false });
  } else if (!o.shirtHem) {
    s.stitch(
      open(
        [ax - 4, t.hem - 18],
        [
          [
            [0, t.hem - 12],
            [-ax + 4, t.hem - 18],
          ],
        ],
      ),
    );
  }
  s.folds(
    [
      open(
        [ax + 8, ay + 30],
        [
          [
            [ax + 50, ay + 110],
            [ax + 90, ay + 150],
          ],
        ],
      ),
      open(
        [-ax - 8, ay + 30],
        [
          [
            [-ax - 50, ay + 110],
            [-ax - 90, ay + 150],
          ],
        ],
      ),
      open(
        [-60, t.hem - 160],
        [
          [
            [-72, t.hem - 80],
            [-68, t.hem],
          ],
        ],
      ),
      open(
        [90, t.hem - 190],
        [
          [
            [98, t.hem - 90],
            [85, t.hem],
          ],
        ],
      ),
    ],
    [
      open(
        [ax + 50, ay + 10],
        [
          [
            [ax + 90, ay + 90],
            [ax + 120, ay + 140],
          ],
        ],
      ),
      open(
        [20, t.hem - 220],
        [
          [
            [25, t.hem - 110],
            [15, t.hem],
          ],
        ],
      ),
    ],
    18,
  );
  drawSleeves(s, t, o);
  if (o.neck === "crew" || o.neck === "v" || o.neck === "scoop") crewNeck(s, t, o);
  if (o.neck === "collar") shirtCollar(s, t, { spread: o.chestPockets === 2 ? 10 : 0 });
  if (o.neck === "polo") {
    shirtCollar(s, t, { rib: true, small: true });
    placket(s, NECK_TOP + 62, NECK_TOP + 220, 75);
  }
  if (o.neck === "cardigan") cardiganFront(s, t);
  if (o.placket) placket(s, NECK_TOP + 80, o.shirtHem ? t.hem + 30 : t.hem);
  if (o.chestPockets === 1) chestPocket(s, 40, 420, false);
  if (o.chestPockets === 2) {
    chestPocket(s, 36, 410, true);
    chestPocket(s, -136, 410, true);
  }
  return {
    top: o.neck === "roll" ? NECK_TOP - 90 : NECK_TOP - 10,
    bottom: t.hem + 40,
    halfWidth: -sx + 110,
    focus: { dx: 0, y: NECK_TOP + 160, width: 420 },
  };
}

function rollNeck(s: Sketch, t: Torso): void {
  const nw = t.neckHalf + 8;
  const top = NECK_TOP - 85;
  s.piece(
    symmetric(
      [0, top],
      [
        [[-nw + 6, top]],
        [
          [-nw - 4, top + 4],
          [-nw - 6, top + 20],
        ],
        [[-nw - 8, NECK_TOP + 30]],
        [
          [-nw + 20, NECK_TOP + 62],
          [0, NECK_TOP + 62],
        ],
      ],
    ),
    { texture: "rib", print: false },
  );
  s.inside(
    `M${CX - nw + 8} ${top + 4}Q${CX} ${top + 26} ${CX + nw - 8} ${top + 4}Q${CX} ${top - 8} ${CX - nw + 8} ${top + 4}Z`,
  );
  s.seam(
    open(
      [-nw - 6, top + 48],
      [
        [
          [0, top + 64],
          [nw + 6, top + 48],
        ],
      ],
    ),
    2,
  );
  s.folds(
    [
      open(
        [-nw + 10, top + 60],
        [
          [
            [0, top + 76],
            [nw - 10, top + 60],
          ],
        ],
      ),
    ],
    [],
    14,
  );
}

function cardiganFront(s: Sketch, t: Torso): void {
  const nw = t.neckHalf;
  const v = t.neckBottom;
  s.inside(
    closed(
      [-nw, NECK_TOP],
      [
        [
          [0, NECK_TOP + 26],
          [nw, NECK_TOP],
        ],
        [[0, v]],
      ],
    ),
  );
  s.raw(label(NECK_TOP + 30));
  for (const flip of [false, true]) {
    s.piece(
      closed(
        [-nw, NECK_TOP],
        [[[-nw + 30, NECK_TOP + 4]], [[2, v + 20]], [[2, t.hem - 60]], [[-28, t.hem - 60]], [[-28, v + 30]]],
        flip,
      ),
      { texture: "rib", print: false },
    );
  }
  s.piece(
    closed(
      [-nw - 2, NECK_TOP - 4],
      [
        [
          [0, NECK_TOP + 6],
          [nw + 2, NECK_TOP - 4],
        ],
        [[nw, NECK_TOP]],
        [
          [0, NECK_TOP + 26],
          [-nw, NECK_TOP],
        ],
      ],
    ),
    { texture: "rib", print: false, tone: -0.06 },
  );
  for (let y = v + 40; y < t.hem - 60; y += 80) s.button(-12, y, 9);
}

// ------------------------------------------------------------------------------------------- dresses

interface DressOptions {
  neck: "wrap" | "collar" | "square" | "straight" | "round";
  sleeve: "strap" | "short" | "flutter" | "puff";
  waist: number;
  hem: number;
  flare: number;
  belt?: "tie" | "buckle";
  buttons?: boolean;
  tiers?: readonly number[];
  satin?: boolean;
}

function drawDress(s: Sketch, o: DressOptions): Drawn {
  const nt = o.sleeve === "strap" ? 330 : 262;
  const nw = o.neck === "square" ? 92 : o.sleeve === "strap" ? 140 : 82;
  const nb = {
    wrap: nt + 210,
    collar: nt + 80,
    square: nt + 90,
    straight: nt + 22,
    round: nt + 70,
  }[o.neck];
  const shoulder: Pt = o.sleeve === "strap" ? [-140, nt] : [-150, 278];
  const pit: Pt = [-150, 440];
  const w = o.waist;
  const neckSeg: Seg =
    o.neck === "square"
      ? [[-nw, nb]]
      : o.neck === "straight"
        ? [
            [-nw * 0.5, nb],
            [-nw, nt],
          ]
        : o.neck === "round" || o.neck === "collar"
          ? [
              [-nw * 0.6, nb],
              [-nw, nt + (nb - nt) * 0.5],
              [-nw, nt],
            ]
          : [
              [-nw * 0.3, nb - (nb - nt) * 0.6],
              [-nw, nt],
            ];
  const neckToShoulder: Seg[] =
    o.sleeve === "strap"
      ? []
      : o.neck === "square"
        ? [[[-nw, nt]], [[-(nw + 150) / 2, nt + 6], shoulder]]
        : [[[-(nw + 150) / 2, nt + 6], shoulder]];
  const armhole: Seg =
    o.sleeve === "strap"
      ? [
          [-150, nt + 40],
          [-152, 400],
          [-150, 440],
        ]
      : [[-154, 340], [-151, 400], pit];
  const outline = symmetric(
    [0, nb],
    [
      neckSeg,
      ...neckToShoulder,
      armhole,
      [
        [-150, 510],
        [-116, w - 60],
        [-114, w],
      ],
      [
        [-122, w + 110],
        [-o.flare + 40, o.hem - 260],
        [-o.flare, o.hem],
      ],
      [
        [-o.flare * 0.78, o.hem + 26],
        [-o.flare * 0.55, o.hem + 10],
      ],
      [
        [-o.flare * 0.28, o.hem + 32],
        [0, o.hem + 16],
      ],
    ],
  );
  if (o.sleeve === "strap") {
    for (const flip of [false, true]) {
      const back = open(
        [-84, nt - 96],
        [
          [
            [-68, nt - 96],
            [-64, nt - 50],
            [-66, nt - 4],
          ],
        ],
        flip,
      );
      const front = open(
        [-100, nt + 6],
        [
          [
            [-106, nt - 50],
            [-98, nt - 96],
            [-84, nt - 96],
          ],
        ],
        flip,
      );
      s.raw(`<path d="${back}" fill="none" stroke="${s.ink.line}" stroke-width="11"/>`);
      s.raw(`<path d="${back}" fill="none" stroke="${s.ink.inside}" stroke-width="7"/>`);
      s.raw(
        `<path d="${front}" fill="none" stroke="${s.ink.line}" stroke-width="13" stroke-linecap="round"/>`,
      );
      s.raw(
        `<path d="${front}" fill="none" stroke="${s.ink.base}" stroke-width="9" stroke-linecap="round"/>`,
      );
    }
  }
  if (o.neck !== "collar" && o.sleeve !== "strap") {
    s.inside(
      `M${CX - nw} ${nt}Q${CX} ${nt + 30} ${CX + nw} ${nt}${o.neck === "square" ? `L${CX + nw} ${nb}L${CX - nw} ${nb}` : `L${CX} ${nb}`}Z`,
    );
    s.raw(label(nt + 28));
  }
  if (o.sleeve === "strap")
    s.inside(`M${CX - nw} ${nt}Q${CX} ${nt - 24} ${CX + nw} ${nt}Q${CX} ${nb} ${CX - nw} ${nt}Z`);
  s.piece(outline, { shading: o.satin ? "sheen" : "shade" });
  dressSkirtFolds(s, o);
  if (o.tiers) {
    for (const y of o.tiers) {
      const half = 114 + (o.flare - 114) * ((y - w) / (o.hem - w));
      s.seam(
        open(
          [-half, y],
          [
            [
              [0, y + 22],
              [half, y],
            ],
          ],
        ),
      );
      const gathers = Array.from({ length: 9 }, (_, i) => {
        const x = -half + ((i + 0.5) * 2 * half) / 9;
        return open([x, y + 14], [[[x + 4, y + 60]]]);
      });
      s.folds(gathers, [], 8);
    }
  }
  s.seam(
    open(
      [-114, w],
      [
        [
          [0, w + 14],
          [114, w],
        ],
      ],
    ),
    2,
  );
  dressSleeves(s, o, shoulder, pit);
  if (o.neck === "collar") {
    shirtCollar(s, { neckHalf: nw, neckBottom: nb, shoulder, armpit: pit, hem: o.hem, body: 150 });
  }
  if (o.neck === "wrap") {
    s.edgeShadow(
      open(
        [nw, nt],
        [
          [
            [40, nt + 150],
            [-60, w - 60],
            [-114, w - 4],
          ],
        ],
      ),
      14,
      0.32,
    );
    s.seam(
      open(
        [nw, nt],
        [
          [
            [40, nt + 150],
            [-60, w - 60],
            [-114, w - 4],
          ],
        ],
      ),
    );
    s.edgeShadow(
      open(
        [-100, w + 20],
        [
          [
            [-110, w + 200],
            [-o.flare * 0.4, o.hem - 200],
            [-o.flare * 0.42, o.hem + 22],
          ],
        ],
      ),
      14,
      0.3,
    );
    s.seam(
      open(
        [-100, w + 20],
        [
          [
            [-110, w + 200],
            [-o.flare * 0.4, o.hem - 200],
            [-o.flare * 0.42, o.hem + 22],
          ],
        ],
      ),
    );
  }
  if (o.buttons) placket(s, nb, o.hem + 10, 105);
  if (o.belt) belt(s, w, 114, o.belt);
  const focusY = o.neck === "wrap" ? w - 60 : o.neck === "collar" ? nt + 140 : nt + 150;
  return {
    top: o.sleeve === "strap" ? nt - 100 : nt - 10,
    bottom: o.hem + 40,
    halfWidth: Math.max(o.flare + 10, 250),
    focus: { dx: 0, y: focusY, width: 430 },
  };
}

function dressSkirtFolds(s: Sketch, o: { waist: number; hem: number; flare: number }): void {
  const count = 7;
  const darks: string[] = [];
  const lights: string[] = [];
  for (let i = 0; i < count; i++) {
    const u = (i + 0.5) / count - 0.5;
    const top: Pt = [u * 200, o.waist + 30];
    const bottom: Pt = [u * o.flare * 1.9, o.hem + 20];
    const path = open(top, [[[u * 220, o.waist + 200], [u * o.flare * 1.6, o.hem - 200], bottom]]);
    (i % 2 === 0 ? darks : lights).push(path);
  }
  s.folds(darks, lights, 26, 1.1);
}

function dressSleeves(s: Sketch, o: DressOptions, shoulder: Pt, pit: Pt): void {
  if (o.sleeve === "strap") return;
  const [sx, sy] = shoulder;
  const [px, py] = pit;
  const shapes: Record<Exclude<DressOptions["sleeve"], "strap">, string> = {
    short: closed(shoulder, [
      [
        [sx - 40, sy + 30],
        [sx - 80, sy + 100],
        [sx - 92, sy + 165],
      ],
      [[sx - 30, sy + 195]],
      [[px + 1, py - 4]],
      [[px + 12, py - 70], [sx + 16, sy + 60], shoulder],
    ]),
    flutter: closed(shoulder, [
      [
        [sx - 50, sy + 30],
        [sx - 100, sy + 110],
        [sx - 118, sy + 170],
      ],
      [
        [sx - 100, sy + 190],
        [sx - 80, sy + 178],
      ],
      [
        [sx - 60, sy + 205],
        [sx - 40, sy + 190],
      ],
      [
        [sx - 20, sy + 212],
        [px + 2, py - 6],
      ],
      [[px + 12, py - 70], [sx + 16, sy + 60], shoulder],
    ]),
    puff: closed(shoulder, [
      [
        [sx - 30, sy - 40],
        [sx - 120, sy - 10],
        [sx - 110, sy + 110],
      ],
      [
        [sx - 100, sy + 150],
        [sx - 70, sy + 160],
      ],
      [[px + 2, py - 8]],
      [[px + 12, py - 70], [sx + 16, sy + 60], shoulder],
    ]),
  };
  const d = shapes[o.sleeve];
  s.piece(d);
  s.piece(mirrorPath(d));
  if (o.sleeve === "puff") {
    for (const flip of [false, true]) {
      s.folds(
        [
          open(
            [sx - 20, sy + 10],
            [
              [
                [sx - 60, sy + 40],
                [sx - 80, sy + 120],
              ],
            ],
            flip,
          ),
          open(
            [sx - 50, sy - 10],
            [
              [
                [sx - 90, sy + 40],
                [sx - 95, sy + 110],
              ],
            ],
            flip,
          ),
        ],
        [],
        8,
      );
      s.piece(
        closed(
          [sx - 112, sy + 118],
          [[[sx - 66, sy + 172]], [[sx - 58, sy + 156]], [[sx - 102, sy + 104]]],
          flip,
        ),
        { print: false, tone: -0.05 },
      );
    }
  }
}

function belt(s: Sketch, y: number, half: number, kind: "tie" | "buckle"): void {
  s.piece(
    closed(
      [-half - 4, y - 18],
      [
        [
          [0, y - 8],
          [half + 4, y - 18],
        ],
        [[half + 4, y + 16]],
        [
          [0, y + 28],
          [-half - 4, y + 16],
        ],
      ],
    ),
    { tone: 0.03 },
  );
  if (kind === "buckle") {
    s.raw(
      `<rect x="${CX - 26}" y="${y - 20}" width="52" height="44" rx="6" fill="none" stroke="#b89a64" stroke-width="7"/><rect x="${CX - 26}" y="${y - 20}" width="52" height="44" rx="6" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="2"/>`,
    );
    return;
  }
  const x = -70;
  for (const tail of [
    closed(
      [x - 6, y + 8],
      [
        [
          [x - 30, y + 120],
          [x - 40, y + 260],
        ],
        [[x - 18, y + 268]],
        [
          [x - 12, y + 130],
          [x + 6, y + 12],
        ],
      ],
    ),
    closed(
      [x + 4, y + 8],
      [
        [
          [x + 10, y + 110],
          [x + 30, y + 230],
        ],
        [[x + 50, y + 224]],
        [
          [x + 30, y + 110],
          [x + 16, y + 8],
        ],
      ],
    ),
  ]) {
    s.piece(tail, { tone: 0.02 });
  }
  s.piece(
    `M${CX + x} ${y}Q${CX + x - 70} ${y - 60} ${CX + x - 80} ${y - 10}Q${CX + x - 70} ${y + 40} ${CX + x} ${y}Z`,
    { tone: 0.04 },
  );
  s.piece(
    `M${CX + x} ${y}Q${CX + x + 70} ${y - 60} ${CX + x + 80} ${y - 10}Q${CX + x + 70} ${y + 40} ${CX + x} ${y}Z`,
    { tone: 0.04 },
  );
  s.piece(closed([x - 14, y - 16], [[[x + 14, y - 16]], [[x + 14, y + 16]], [[x - 14, y + 16]]]), {
    tone: -0.03,
  });
}

// ------------------------------------------------------------------------------------------- bottoms

interface BottomOptions {
  top?: number;
  hip?: number;
  crotch?: number;
  hem: number;
  /** Offsets of the leg's outer and inner edge at the hem. */
  outer: number;
  inner: number;
  thigh?: number;
  denim?: boolean;
  crease?: boolean;
  cargo?: boolean;
  pleats?: boolean;
  turnUp?: boolean;
  drawstring?: boolean;
}

function drawBottoms(s: Sketch, o: BottomOptions): Drawn {
  const top = o.top ?? 215;
  const hip = o.hip ?? 178;
  const crotch = o.crotch ?? 480;
  const band = top + 56;
  const thigh = o.thigh ?? hip + 2;
  const outline = symmetric(
    [0, top],
    [
      [[-hip + 4, top]],
      [[-hip, band]],
      [
        [-hip - 5, top + 130],
        [-thigh, top + 230],
      ],
      [
        [-thigh + 6, lerp(top + 230, o.hem, 0.35)],
        [-o.outer - 2, lerp(top + 230, o.hem, 0.7)],
        [-o.outer, o.hem],
      ],
      [
        [-(o.outer + o.inner) / 2, o.hem + 10],
        [-o.inner, o.hem + 4],
      ],
      [
        [-o.inner + 4, lerp(crotch, o.hem, 0.6)],
        [-22, lerp(crotch, o.hem, 0.12)],
        [-6, crotch + 6],
      ],
      [[0, crotch]],
    ],
  );
  s.piece(outline);
  const legCentre = (o.outer + o.inner) / 2;
  if (o.denim) {
    const fade = (dx: number, cy: number, rx: number, ry: number) =>
      `<ellipse cx="${CX + dx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#wash)"/>`;
    s.raw(
      `<g clip-path="url(#fade)">${fade(-95, crotch + 130, 80, 250)}${fade(95, crotch + 130, 80, 250)}${fade(-legCentre, (o.hem + crotch) / 2 + 60, 50, 140)}${fade(legCentre, (o.hem + crotch) / 2 + 60, 50, 140)}</g>`,
    );
    s.folds(
      [],
      [-1, 1].flatMap((side) =>
        [0, 1, 2].map((i) =>
          open(
            [side * 30, crotch - 20 + i * 26],
            [
              [
                [side * 70, crotch - 30 + i * 30],
                [side * 120, crotch - 60 + i * 34],
              ],
            ],
          ),
        ),
      ),
      8,
      0.9,
    );
  }
  s.folds(
    [-1, 1].flatMap((side) => [
      open(
        [side * (o.inner + 20), o.hem - 60],
        [
          [
            [side * (legCentre + 10), o.hem - 100],
            [side * (o.outer - 20), o.hem - 50],
          ],
        ],
      ),
      open(
        [side * 40, crotch + 30],
        [
          [
            [side * 90, crotch + 150],
            [side * (legCentre + 10), crotch + 320],
          ],
        ],
      ),
    ]),
    [-1, 1].map((side) =>
      open(
        [side * (legCentre - 10), crotch + 100],
        [
          [
            [side * legCentre, o.hem - 200],
            [side * legCentre, o.hem - 20],
          ],
        ],
      ),
    ),
    20,
  );
  const waistband = symmetric(
    [0, top],
    [
      [[-hip + 4, top]],
      [[-hip, band]],
      [
        [-hip * 0.5, band + 3],
        [0, band + 3],
      ],
    ],
  );
  s.piece(waistband, { tone: 0.02 });
  const thread = o.denim ? DENIM_THREAD : undefined;
  s.stitch(
    open(
      [-hip + 6, band - 8],
      [
        [
          [0, band - 5],
          [hip - 6, band - 8],
        ],
      ],
    ),
    thread,
  );
  s.stitch(open([-hip + 6, top + 8], [[[hip - 6, top + 8]]]), thread);
  for (const x of [-hip + 34, -hip * 0.42, hip * 0.42, hip - 34]) {
    s.piece(closed([x - 8, top - 4], [[[x + 8, top - 4]], [[x + 8, band + 10]], [[x - 8, band + 10]]]), {
      tone: 0.04,
      print: false,
    });
  }
  s.seam(
    open(
      [0, band + 2],
      [
        [[0, crotch - 40]],
        [
          [-2, crotch],
          [-6, crotch + 6],
        ],
      ],
    ),
  );
  s.stitch(
    open(
      [34, band + 4],
      [
        [[34, crotch - 90]],
        [
          [34, crotch - 40],
          [4, crotch - 26],
        ],
      ],
    ),
    thread,
  );
  if (o.denim) jeansPockets(s, hip, band);
  else slantPockets(s, hip, band);
  if (o.crease) {
    for (const side of [-1, 1])
      s.seam(open([side * (hip * 0.5), band + 20], [[[side * legCentre, o.hem - 10]]]), 1.6);
  }
  if (o.pleats) {
    for (const side of [-1, 1]) {
      for (const x of [hip * 0.42, hip * 0.6])
        s.folds(
          [
            open(
              [side * x, band + 4],
              [
                [
                  [side * (x + 4), band + 90],
                  [side * (x + 2), band + 170],
                ],
              ],
            ),
          ],
          [],
          8,
        );
    }
  }
  if (o.cargo) cargoPockets(s, o.inner, thigh, crotch + 170);
  if (o.turnUp) {
    for (const flip of [false, true]) {
      s.edgeShadow(open([-o.outer, o.hem - 62], [[[-o.inner, o.hem - 58]]], flip), 10, 0.35);
      s.piece(
        closed(
          [-o.outer - 6, o.hem - 64],
          [
            [[-o.inner + 4, o.hem - 60]],
            [[-o.inner, o.hem + 4]],
            [
              [-(o.outer + o.inner) / 2, o.hem + 12],
              [-o.outer, o.hem],
            ],
          ],
          flip,
        ),
        { tone: 0.04 },
      );
    }
  } else {
    for (const flip of [false, true])
      s.stitch(
        open(
          [-o.outer + 4, o.hem - 22],
          [
            [
              [-(o.outer + o.inner) / 2, o.hem - 14],
              [-o.inner - 2, o.hem - 18],
            ],
          ],
          flip,
        ),
        thread,
      );
  }
  if (o.drawstring) {
    for (const side of [-1, 1]) {
      s.raw(
        `<circle cx="${CX + side * 22}" cy="${top + 30}" r="6" fill="${s.ink.inside}" stroke="#b0a890" stroke-width="2"/>`,
      );
      s.raw(
        `<path d="${open(
          [side * 22, top + 30],
          [
            [
              [side * 30, top + 110],
              [side * 18, top + 190],
            ],
          ],
        )}" fill="none" stroke="${mix(s.ink.base, "#ffffff", 0.5)}" stroke-width="6" stroke-linecap="round"/>`,
      );
    }
  }
  s.button(o.denim ? 0 : 4, top + 28, o.denim ? 11 : 9, o.denim ? "#a9865a" : s.ink.button);
  return {
    top: top - 10,
    bottom: o.hem + 20,
    halfWidth: Math.max(hip + 20, o.outer + 10),
    focus: { dx: -hip * 0.35, y: top + 170, width: 400 },
  };
}

function jeansPockets(s: Sketch, hip: number, band: number): void {
  for (const flip of [false, true]) {
    const edge = open(
      [-hip + 72, band],
      [
        [
          [-hip + 66, band + 100],
          [-hip + 20, band + 130],
          [-hip + 2, band + 132],
        ],
      ],
      flip,
    );
    s.edgeShadow(edge, 12, 0.4);
    s.seam(edge, 2);
    s.stitch(
      open(
        [-hip + 82, band],
        [
          [
            [-hip + 76, band + 112],
            [-hip + 24, band + 142],
            [-hip + 4, band + 143],
          ],
        ],
        flip,
      ),
      DENIM_THREAD,
    );
    s.stud(flip ? hip - 74 : -hip + 74, band + 6);
  }
  s.piece(
    closed(
      [-hip + 24, band + 6],
      [[[-hip + 66, band + 6]], [[-hip + 64, band + 70]], [[-hip + 26, band + 74]]],
    ),
    { tone: 0.03 },
  );
  s.stitch(open([-hip + 28, band + 16], [[[-hip + 62, band + 16]]]), DENIM_THREAD);
}

function slantPockets(s: Sketch, hip: number, band: number): void {
  for (const flip of [false, true]) {
    const edge = open([-hip + 60, band], [[[-hip + 2, band + 150]]], flip);
    s.edgeShadow(edge, 10, 0.35);
    s.seam(edge, 2);
  }
}

function cargoPockets(s: Sketch, inner: number, thigh: number, y: number): void {
  const x = -thigh + 14;
  const w = Math.min(120, thigh - inner - 20);
  for (const flip of [false, true]) {
    s.piece(closed([x, y], [[[x + w, y]], [[x + w, y + 160]], [[x, y + 160]]], flip), { tone: 0.03 });
    s.stitch(open([x + 6, y + 6], [[[x + 6, y + 154]], [[x + w - 6, y + 154]], [[x + w - 6, y + 6]]], flip));
    s.edgeShadow(open([x, y + 40], [[[x + w, y + 40]]], flip), 8, 0.35);
    s.piece(
      closed([x - 4, y - 14], [[[x + w + 4, y - 14]], [[x + w + 4, y + 38]], [[x - 4, y + 38]]], flip),
      { tone: 0.05 },
    );
    s.button(flip ? -(x + w / 2) : x + w / 2, y + 20, 7);
  }
}

// --------------------------------------------------------------------------------------------- skirts

interface SkirtOptions {
  hem: number;
  flare: number;
  pleats?: number;
  buttons?: boolean;
  sheen?: boolean;
}

function drawSkirt(s: Sketch, o: SkirtOptions): Drawn {
  const top = 300;
  const waist = 128;
  const band = top + 50;
  const hemSegs: Seg[] = [];
  if (o.pleats) {
    const n = o.pleats / 2;
    for (let i = 1; i <= n; i++) {
      const x = -o.flare + (o.flare * i) / n;
      hemSegs.push([[x - o.flare / n / 2, o.hem + (i % 2 ? 16 : 4)]], [[x, o.hem + (i % 2 ? 6 : 14)]]);
    }
  } else {
    hemSegs.push(
      [
        [-o.flare * 0.75, o.hem + 26],
        [-o.flare * 0.5, o.hem + 10],
      ],
      [
        [-o.flare * 0.25, o.hem + 30],
        [0, o.hem + 16],
      ],
    );
  }
  s.piece(
    symmetric(
      [0, top],
      [
        [[-waist, top]],
        [[-waist - 2, band]],
        [
          [-waist - 30, band + 130],
          [-o.flare + 20, o.hem - 140],
          [-o.flare, o.hem],
        ],
        ...hemSegs,
      ],
    ),
    { shading: o.sheen ? "sheen" : "shade" },
  );
  if (o.pleats) {
    const n = o.pleats;
    const shades: string[] = [];
    for (let i = 0; i < n; i++) {
      const u0 = i / n - 0.5;
      const u1 = (i + 1) / n - 0.5;
      const d = closed(
        [u0 * 2 * waist, band],
        [[[u1 * 2 * waist, band]], [[u1 * 2 * o.flare, o.hem + 12]], [[u0 * 2 * o.flare, o.hem + 12]]],
      );
      shades.push(`<path d="${d}" fill="${i % 2 ? "#000" : "#fff"}" fill-opacity="${i % 2 ? 0.1 : 0.07}"/>`);
    }
    s.raw(`<g clip-path="url(#fade)">${shades.join("")}</g>`);
    for (let i = 1; i < n; i++) {
      const u = i / n - 0.5;
      s.seam(open([u * 2 * waist, band], [[[u * 2 * o.flare, o.hem + 10]]]), 1.2);
    }
  } else {
    dressSkirtFolds(s, { waist: band, hem: o.hem, flare: o.flare });
  }
  s.piece(symmetric([0, top], [[[-waist, top]], [[-waist - 2, band]], [[0, band + 4]]]), { tone: 0.03 });
  s.stitch(open([-waist + 4, band - 8], [[[waist - 4, band - 8]]]));
  if (o.buttons) {
    s.seam(open([0, band], [[[0, o.hem + 16]]]), 2);
    for (let y = band + 60; y < o.hem - 30; y += 90) s.button(-14, y, 10);
    s.button(0, top + 25, 10);
  }
  return {
    top: top - 10,
    bottom: o.hem + 30,
    halfWidth: Math.max(o.flare + 20, 250),
    focus: { dx: -40, y: band + 120, width: 400 },
  };
}

// ----------------------------------------------------------------------------------------- outerwear

interface OuterOptions {
  hem: number;
  lapel: "notch" | "wide" | "none";
  collar?: "stand" | "point";
  closure: "single" | "double" | "zip" | "asym" | "placket";
  belt?: boolean;
  epaulettes?: boolean;
  stormFlap?: boolean;
  pockets: "flap" | "chest" | "none";
  quilted?: boolean;
  waistband?: boolean;
  thread?: string;
  breakY?: number;
}

function drawOuter(s: Sketch, o: OuterOptions): Drawn {
  const top: TopOptions = {
    sleeve: "long",
    neck: "none",
    shoulder: 188,
    body: 190,
    hem: o.hem,
    neckHalf: 84,
    cuffs: o.quilted ? "rib" : o.collar === "point" ? "shirt" : "none",
  };
  const t = torsoOf(top);
  const [ax, ay] = t.armpit;
  const flare = o.hem > 1100 ? 30 : 6;
  const body = symmetric(
    [0, NECK_TOP + 20],
    [
      [
        [-50, NECK_TOP + 20],
        [-84, NECK_TOP],
      ],
      [[-130, NECK_TOP + 14], t.shoulder],
      [
        [t.shoulder[0] - 4, 360],
        [ax, ay - 70],
        [ax, ay],
      ],
      [
        [ax - 6, 800],
        [ax - flare, o.hem - 200],
        [ax - flare, o.hem],
      ],
      [
        [(ax - flare) * 0.5, o.hem + 8],
        [0, o.hem + 8],
      ],
    ],
  );
  s.piece(body);
  if (o.quilted) quilting(s, ax - flare, o.hem);
  s.folds(
    [
      open(
        [ax + 10, ay + 40],
        [
          [
            [ax + 60, ay + 160],
            [-60, ay + 240],
          ],
        ],
      ),
      open(
        [-ax - 10, ay + 40],
        [
          [
            [-ax - 60, ay + 160],
            [60, ay + 240],
          ],
        ],
      ),
    ],
    [
      open(
        [-90, 560],
        [
          [
            [-100, 800],
            [-95, o.hem - 20],
          ],
        ],
      ),
      open(
        [95, 560],
        [
          [
            [105, 800],
            [100, o.hem - 20],
          ],
        ],
      ),
    ],
    22,
  );
  drawSleeves(s, t, top);
  if (o.quilted) {
    for (const flip of [false, true]) {
      for (let y = 380; y < cuffTopOf(t); y += 86)
        s.seam(
          open(
            [t.shoulder[0] - 40 - (y - 400) * 0.1, y],
            [[[t.shoulder[0] + 30 - (y - 400) * 0.02, y + 14]]],
            flip,
          ),
          1.6,
        );
    }
  }
  const breakY = o.breakY ?? 560;
  if (o.stormFlap) {
    s.edgeShadow(open([-186, 452], [[[-90, 446]]]), 10, 0.35);
    s.piece(closed([-88, NECK_TOP + 6], [[[-176, 282]], [[-186, 450]], [[-90, 446]]]), { tone: 0.04 });
    s.button(-164, 420, 9);
  }
  if (o.lapel !== "none") lapels(s, breakY, o.lapel === "wide", o.closure === "double" ? 70 : 0);
  if (o.collar === "stand") {
    s.inside(
      `M${CX - 88} ${NECK_TOP - 50}Q${CX} ${NECK_TOP - 30} ${CX + 88} ${NECK_TOP - 50}Q${CX} ${NECK_TOP - 70} ${CX - 88} ${NECK_TOP - 50}Z`,
    );
    s.piece(
      symmetric(
        [0, NECK_TOP - 40],
        [
          [[-88, NECK_TOP - 50]],
          [[-96, NECK_TOP + 30]],
          [
            [-40, NECK_TOP + 54],
            [0, NECK_TOP + 54],
          ],
        ],
      ),
      { print: false },
    );
  }
  if (o.collar === "point") shirtCollar(s, { ...t, neckHalf: 84 }, { spread: 20 });
  if (o.closure === "single") {
    s.edgeShadow(open([8, breakY], [[[8, o.hem + 6]]]), 12, 0.3);
    s.seam(open([8, breakY], [[[8, o.hem + 6]]]));
    for (let y = breakY + 20; y < o.hem - 100; y += 150) s.button(-22, y, 13);
  }
  if (o.closure === "double") {
    s.edgeShadow(open([70, breakY], [[[72, o.hem + 6]]]), 12, 0.3);
    s.seam(open([70, breakY], [[[72, o.hem + 6]]]));
    for (let i = 0; i < 3; i++) {
      s.button(-48, breakY + 30 + i * 120, 13);
      s.button(40, breakY + 30 + i * 120, 13);
    }
  }
  if (o.closure === "zip") s.zip(open([0, NECK_TOP - 38], [[[0, o.hem + 6]]]), [0, NECK_TOP - 34]);
  if (o.closure === "placket") placket(s, NECK_TOP + 80, o.hem - 40, 95);
  if (o.closure === "asym") {
    s.zip(
      open(
        [-60, NECK_TOP + 180],
        [
          [
            [50, 470],
            [60, 560],
          ],
          [[60, o.hem + 6]],
        ],
      ),
      [-60, NECK_TOP + 180],
    );
    for (const flip of [false, true]) {
      s.zip(open([-150, o.hem - 80], [[[-80, o.hem - 190]]], flip), [-80, o.hem - 190]);
    }
  }
  if (o.epaulettes) {
    for (const flip of [false, true]) {
      s.piece(closed([-100, 262], [[[-190, 290]], [[-188, 322]], [[-98, 292]]], flip), { tone: 0.04 });
      s.button(flip ? 120 : -120, 290, 7);
    }
  }
  const pocketY = Math.min(o.hem - 150, 640);
  if (o.pockets === "flap") {
    for (const flip of [false, true]) {
      s.edgeShadow(open([-175, pocketY + 52], [[[-55, pocketY + 52]]], flip), 10, 0.35);
      s.piece(
        closed([-178, pocketY], [[[-52, pocketY]], [[-54, pocketY + 52]], [[-176, pocketY + 52]]], flip),
        { tone: 0.04 },
      );
      s.stitch(open([-172, pocketY + 46], [[[-60, pocketY + 46]]], flip), o.thread);
    }
  }
  if (o.pockets === "chest") {
    chestPocket(s, 40, 420, true);
    chestPocket(s, -140, 420, true);
    for (const flip of [false, true])
      s.seam(
        open(
          [-184, 390],
          [
            [
              [-90, 400],
              [0, 404],
            ],
          ],
          flip,
        ),
        2,
      );
    for (const flip of [false, true])
      s.stitch(
        open(
          [-184, 398],
          [
            [
              [-90, 408],
              [0, 412],
            ],
          ],
          flip,
        ),
        o.thread,
      );
  }
  if (o.belt) belt(s, 560, -ax + 4, "buckle");
  if (o.waistband) {
    s.piece(symmetric([0, o.hem - 60], [[[ax, o.hem - 62]], [[ax - 2, o.hem + 6]], [[0, o.hem + 8]]]), {
      tone: 0.03,
    });
    s.stitch(open([ax + 2, o.hem - 50], [[[-ax - 2, o.hem - 50]]]), o.thread);
    for (const side of [-1, 1]) s.button(side * (-ax - 50), o.hem - 26, 9, "#a9865a");
  }
  return {
    top: o.collar === "stand" ? NECK_TOP - 80 : NECK_TOP - 20,
    bottom: o.hem + 30,
    halfWidth: 300,
    focus: { dx: -40, y: breakY - 100, width: 440 },
  };
}

function lapels(s: Sketch, breakY: number, wide: boolean, overlap: number): void {
  const nw = 84;
  const peak: Pt = [-nw - (wide ? 58 : 40), NECK_TOP + 118];
  s.inside(
    closed(
      [-nw + 10, NECK_TOP],
      [
        [
          [0, NECK_TOP + 20],
          [nw - 10, NECK_TOP],
        ],
        [[overlap, breakY]],
      ],
    ),
  );
  s.raw(label(NECK_TOP + 24));
  s.piece(
    closed(
      [-nw - 4, NECK_TOP - 14],
      [
        [
          [0, NECK_TOP - 6],
          [nw + 4, NECK_TOP - 14],
        ],
        [[nw - 10, NECK_TOP + 8]],
        [
          [0, NECK_TOP + 20],
          [-nw + 10, NECK_TOP + 8],
        ],
      ],
    ),
    { tone: -0.04 },
  );
  for (const flip of [false, true]) {
    const breakPoint: Pt = [flip ? -overlap : overlap, breakY];
    const edge: Seg = [[peak[0] + 8, lerp(peak[1], breakY, 0.45)], breakPoint];
    const lapel = closed(
      [-nw + 4, NECK_TOP - 12],
      [
        [[-nw - 24, NECK_TOP + 8]],
        [
          [-nw - 30, NECK_TOP + 60],
          [-nw - 10, NECK_TOP + 100],
        ],
        [[-nw - 16, NECK_TOP + 110]],
        [peak],
        edge,
        [
          [-nw + 26, NECK_TOP + 150],
          [-nw + 10, NECK_TOP + 8],
        ],
      ],
      flip,
    );
    s.edgeShadow(open(peak, [edge], flip), 14, 0.35);
    s.piece(lapel, { tone: 0.06 });
    s.seam(open([-nw - 10, NECK_TOP + 100], [[[-nw - 16, NECK_TOP + 110]], [peak]], flip), 2);
  }
}

function quilting(s: Sketch, half: number, hem: number): void {
  const channels: string[] = [];
  for (let y = 360; y < hem - 20; y += 86) {
    s.seam(
      open(
        [half, y],
        [
          [
            [0, y + 14],
            [-half, y],
          ],
        ],
      ),
      1.8,
    );
    channels.push(`<rect x="${CX + half}" y="${y}" width="${-2 * half}" height="86" fill="url(#puff)"/>`);
  }
  s.raw(`<g clip-path="url(#fade)">${channels.join("")}</g>`);
}

// ---------------------------------------------------------------------------------------------- registry

interface SilhouetteSpec {
  texture: Texture;
  /** Prints run vertically on shirts and long dresses, horizontally elsewhere. */
  verticalPrint?: boolean;
  draw(s: Sketch): Drawn;
}

const specs: Record<Silhouette, SilhouetteSpec> = {
  tshirt: { texture: "smooth", draw: (s) => drawTop(s, { sleeve: "short", neck: "crew" }) },
  longsleeve: { texture: "smooth", draw: (s) => drawTop(s, { sleeve: "long", neck: "crew", cuffs: "rib" }) },
  tank: {
    texture: "smooth",
    draw: (s) =>
      drawTop(s, { sleeve: "none", neck: "scoop", neckHalf: 88, shoulder: 126, body: 162, hem: 760 }),
  },
  polo: { texture: "knit", draw: (s) => drawTop(s, { sleeve: "short", neck: "polo", hem: 790 }) },
  shirt: {
    texture: "smooth",
    verticalPrint: true,
    draw: (s) =>
      drawTop(s, {
        sleeve: "long",
        neck: "collar",
        shirtHem: true,
        placket: true,
        chestPockets: 1,
        cuffs: "shirt",
        hem: 830,
      }),
  },
  blouse: {
    texture: "smooth",
    verticalPrint: true,
    draw: (s) =>
      drawTop(s, {
        sleeve: "long",
        neck: "collar",
        shirtHem: true,
        placket: true,
        cuffs: "shirt",
        body: 170,
        hem: 800,
      }),
  },
  overshirt: {
    texture: "cord",
    draw: (s) =>
      drawTop(s, {
        sleeve: "long",
        neck: "collar",
        placket: true,
        chestPockets: 2,
        cuffs: "shirt",
        body: 186,
        shoulder: 180,
        hem: 820,
      }),
  },
  sweater: {
    texture: "knit",
    draw: (s) =>
      drawTop(s, { sleeve: "long", neck: "crew", rib: true, cuffs: "rib", dropShoulder: true, hem: 770 }),
  },
  rollneck: {
    texture: "knit",
    draw: (s) => drawTop(s, { sleeve: "long", neck: "roll", rib: true, cuffs: "rib", hem: 770 }),
  },
  cardigan: {
    texture: "knit",
    draw: (s) => drawTop(s, { sleeve: "long", neck: "cardigan", rib: true, cuffs: "rib", hem: 790 }),
  },
  vneck: {
    texture: "knit",
    draw: (s) => drawTop(s, { sleeve: "long", neck: "v", rib: true, cuffs: "rib", hem: 770 }),
  },
  "dress-wrap": {
    texture: "smooth",
    draw: (s) =>
      drawDress(s, { neck: "wrap", sleeve: "short", waist: 560, hem: 1080, flare: 280, belt: "tie" }),
  },
  "dress-shirt": {
    texture: "smooth",
    verticalPrint: true,
    draw: (s) =>
      drawDress(s, {
        neck: "collar",
        sleeve: "short",
        waist: 570,
        hem: 1090,
        flare: 250,
        buttons: true,
        belt: "buckle",
      }),
  },
  "dress-slip": {
    texture: "smooth",
    draw: (s) =>
      drawDress(s, { neck: "straight", sleeve: "strap", waist: 570, hem: 1130, flare: 200, satin: true }),
  },
  "dress-maxi": {
    texture: "smooth",
    verticalPrint: true,
    draw: (s) =>
      drawDress(s, {
        neck: "round",
        sleeve: "flutter",
        waist: 560,
        hem: 1240,
        flare: 310,
        tiers: [790, 1010],
      }),
  },
  "dress-mini": {
    texture: "smooth",
    draw: (s) => drawDress(s, { neck: "square", sleeve: "puff", waist: 550, hem: 880, flare: 215 }),
  },
  "jeans-straight": {
    texture: "twill",
    draw: (s) => drawBottoms(s, { hem: 1200, outer: 172, inner: 40, denim: true }),
  },
  "jeans-slim": {
    texture: "twill",
    draw: (s) => drawBottoms(s, { hem: 1200, outer: 142, inner: 60, thigh: 172, denim: true }),
  },
  "jeans-wide": {
    texture: "twill",
    draw: (s) => drawBottoms(s, { top: 195, crotch: 490, hem: 1230, outer: 250, inner: 12, denim: true }),
  },
  "jeans-tapered": {
    texture: "twill",
    draw: (s) =>
      drawBottoms(s, { top: 195, crotch: 490, hem: 1150, outer: 150, inner: 56, thigh: 186, denim: true }),
  },
  trousers: {
    texture: "smooth",
    draw: (s) => drawBottoms(s, { hem: 1210, outer: 170, inner: 40, crease: true }),
  },
  "trousers-wide": {
    texture: "smooth",
    draw: (s) =>
      drawBottoms(s, { top: 195, crotch: 490, hem: 1240, outer: 255, inner: 10, crease: true, pleats: true }),
  },
  "trousers-cargo": {
    texture: "twill",
    draw: (s) => drawBottoms(s, { hem: 1200, outer: 180, inner: 34, thigh: 186, cargo: true }),
  },
  shorts: {
    texture: "smooth",
    draw: (s) =>
      drawBottoms(s, { hem: 700, outer: 212, inner: 10, crotch: 470, turnUp: true, drawstring: true }),
  },
  "skirt-midi": { texture: "smooth", draw: (s) => drawSkirt(s, { hem: 840, flare: 240 }) },
  "skirt-pleated": {
    texture: "smooth",
    draw: (s) => drawSkirt(s, { hem: 810, flare: 250, pleats: 18, sheen: true }),
  },
  "skirt-mini": {
    texture: "smooth",
    draw: (s) => drawSkirt(s, { hem: 610, flare: 195, buttons: true, sheen: true }),
  },
  coat: {
    texture: "smooth",
    draw: (s) => drawOuter(s, { hem: 960, lapel: "notch", closure: "single", pockets: "flap", breakY: 500 }),
  },
  "coat-double": {
    texture: "smooth",
    draw: (s) => drawOuter(s, { hem: 960, lapel: "wide", closure: "double", pockets: "flap", breakY: 490 }),
  },
  trench: {
    texture: "twill",
    draw: (s) =>
      drawOuter(s, {
        hem: 980,
        lapel: "wide",
        closure: "double",
        pockets: "none",
        belt: true,
        epaulettes: true,
        stormFlap: true,
        breakY: 470,
      }),
  },
  puffer: {
    texture: "smooth",
    draw: (s) =>
      drawOuter(s, {
        hem: 730,
        lapel: "none",
        collar: "stand",
        closure: "zip",
        pockets: "none",
        quilted: true,
      }),
  },
  "denim-jacket": {
    texture: "twill",
    draw: (s) =>
      drawOuter(s, {
        hem: 690,
        lapel: "none",
        collar: "point",
        closure: "placket",
        pockets: "chest",
        waistband: true,
        thread: DENIM_THREAD,
      }),
  },
  blazer: {
    texture: "smooth",
    draw: (s) => drawOuter(s, { hem: 800, lapel: "notch", closure: "single", pockets: "flap", breakY: 540 }),
  },
  biker: {
    texture: "smooth",
    draw: (s) =>
      drawOuter(s, {
        hem: 680,
        lapel: "wide",
        closure: "asym",
        pockets: "none",
        waistband: true,
        breakY: 430,
      }),
  },
};

export const silhouettes = Object.keys(specs) as Silhouette[];

// ------------------------------------------------------------------------------------------ document

/** The print's tile: its size and content in drawing units (undefined for plain cloth). */
function printTile(kind: Print, ink: Ink, verticalStripes: boolean): readonly [number, string] | undefined {
  const c = ink.print;
  const leaf = mix(c, "#6e7b4c", 0.6);
  const ochre = mix(c, "#d9a441", 0.5);
  switch (kind) {
    case "plain":
      return undefined;
    case "striped":
      return verticalStripes
        ? [30, `<rect width="7" height="30" fill="${c}" fill-opacity="0.9"/>`]
        : [46, `<rect width="46" height="15" fill="${c}" fill-opacity="0.92"/>`];
    case "checked":
      return [
        64,
        `<rect width="64" height="22" fill="${c}" fill-opacity="0.35"/><rect width="22" height="64" fill="${c}" fill-opacity="0.35"/><rect width="22" height="22" fill="${c}" fill-opacity="0.3"/><rect y="42" width="64" height="3" fill="${ink.dark}" fill-opacity="0.6"/><rect x="42" width="3" height="64" fill="${ink.dark}" fill-opacity="0.6"/>`,
      ];
    case "dotted":
      return [
        52,
        `<circle cx="13" cy="13" r="6.5" fill="${c}"/><circle cx="39" cy="39" r="6.5" fill="${c}"/>`,
      ];
    case "floral":
      return [
        130,
        `${flower(30, 34, 15, c)}${flower(96, 92, 12, c)}${flower(92, 22, 8, ochre)}${flower(24, 104, 9, ochre)}<ellipse cx="60" cy="64" rx="12" ry="5" transform="rotate(-35 60 64)" fill="${leaf}"/><ellipse cx="120" cy="58" rx="10" ry="4" transform="rotate(25 120 58)" fill="${leaf}"/>`,
      ];
  }
}

function flower(x: number, y: number, r: number, colour: string): string {
  const petals = [0, 72, 144, 216, 288]
    .map(
      (a) =>
        `<ellipse cx="${x}" cy="${y - r * 0.6}" rx="${r * 0.42}" ry="${r * 0.62}" transform="rotate(${a} ${x} ${y})" fill="${colour}"/>`,
    )
    .join("");
  return `${petals}<circle cx="${x}" cy="${y}" r="${r * 0.28}" fill="#d9a441"/>`;
}

/**
 * A pattern tile in device pixels: `content` is drawn for a `size` × `size` tile in drawing units and
 * scaled to a whole number of pixels (see PatternLayer in svg-kit.ts for why).
 */
function devicePattern(id: string, size: number, scale: number, content: string): string {
  const pixels = Math.max(2, Math.round(size * scale));
  return `<pattern id="${id}" width="${pixels}" height="${pixels}" patternUnits="userSpaceOnUse"><g transform="scale(${(pixels / size).toFixed(5)})">${content}</g></pattern>`;
}

/** A small motif repeated `count` × `count` times in one tile: many tiny tiles render slowly. */
function repeated(unit: number, count: number, draw: (x: number, y: number) => string): string {
  let content = "";
  for (let i = 0; i < count; i++) for (let j = 0; j < count; j++) content += draw(i * unit, j * unit);
  return content;
}

function strokes(layers: readonly { d: string; colour: string; opacity: number; width: number }[]): string {
  return layers
    .map(
      (l) =>
        `<path d="${l.d}" fill="none" stroke="${l.colour}" stroke-opacity="${l.opacity}" stroke-width="${l.width}"/>`,
    )
    .join("");
}

function lines(size: number, step: number, line: (offset: number) => string): string {
  let d = "";
  for (let offset = -size; offset <= 2 * size; offset += step) d += line(offset);
  return d;
}

const TILE = 96;

const vertical = (size: number, step: number, x: number) =>
  lines(size, step, (o) => (o >= 0 && o < size ? `M${o + x} 0V${size}` : ""));

/** Cloth textures as [id, tile size, content] in drawing units. */
const TEXTURES: readonly (readonly [string, number, string])[] = [
  [
    "tex-knit",
    TILE,
    repeated(
      12,
      8,
      (x, y) =>
        `<path d="M${x + 1} ${y}L${x + 6} ${y + 12}M${x + 11} ${y}L${x + 6} ${y + 12}" stroke="#000" stroke-opacity="0.16" stroke-width="2.4" fill="none"/>`,
    ),
  ],
  [
    "tex-twill",
    TILE,
    strokes([
      { d: lines(TILE, 8, (o) => `M${o} ${TILE}L${o + TILE} 0`), colour: "#fff", opacity: 0.14, width: 2.2 },
      {
        d: lines(TILE, 8, (o) => `M${o - 4} ${TILE}L${o + TILE - 4} 0`),
        colour: "#000",
        opacity: 0.08,
        width: 1.4,
      },
    ]),
  ],
  [
    "tex-rib",
    90,
    strokes([
      { d: vertical(90, 9, 1.75), colour: "#000", opacity: 0.16, width: 3.5 },
      { d: vertical(90, 9, 6), colour: "#fff", opacity: 0.08, width: 2 },
    ]),
  ],
  [
    "tex-cord",
    90,
    strokes([
      { d: vertical(90, 10, 2), colour: "#000", opacity: 0.13, width: 4 },
      { d: vertical(90, 10, 7), colour: "#fff", opacity: 0.1, width: 2 },
    ]),
  ],
];

/** Gradients and textures shared by every piece, in the garment's colours. */
function textures(ink: Ink, scale: number): string {
  return [
    ...TEXTURES.map(([id, size, content]) => devicePattern(id, size, scale, content)),
    `<linearGradient id="puff" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="0.4" stop-color="#fff" stop-opacity="0.12"/><stop offset="0.7" stop-color="#fff" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></linearGradient>`,
    `<radialGradient id="button" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></radialGradient>`,
    `<radialGradient id="wash"><stop offset="0" stop-color="#fff" stop-opacity="0.2"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="inner" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.25"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>`,
    `<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${ink.dark}"/><stop offset="0.2" stop-color="${ink.base}"/><stop offset="0.45" stop-color="${ink.light}"/><stop offset="0.7" stop-color="${ink.base}"/><stop offset="1" stop-color="${ink.dark}"/></linearGradient>`,
    `<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="0.15"><stop offset="0" stop-color="${ink.dark}"/><stop offset="0.25" stop-color="${ink.base}"/><stop offset="0.36" stop-color="${mix(ink.light, "#ffffff", 0.25)}"/><stop offset="0.46" stop-color="${ink.base}"/><stop offset="0.62" stop-color="${ink.light}"/><stop offset="0.8" stop-color="${ink.base}"/><stop offset="1" stop-color="${ink.dark}"/></linearGradient>`,
    `<linearGradient id="depth" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.07"/><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></linearGradient>`,
  ].join("");
}

const STUDIO = [
  `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3efe9"/><stop offset="0.78" stop-color="#ebe4da"/><stop offset="1" stop-color="#ddd3c6"/></linearGradient>`,
  `<radialGradient id="light" gradientUnits="userSpaceOnUse" cx="500" cy="570" r="975"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
  `<radialGradient id="floor" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#5b4a3a" stop-opacity="0.32"/><stop offset="1" stop-color="#5b4a3a" stop-opacity="0"/></radialGradient>`,
].join("");

/** The complete SVG document for one garment, colour, print and view (1000 × 1500). */
export function garmentSvg(silhouette: Silhouette, hex: string, print: Print, view: View): string {
  const spec = specs[silhouette];
  const ink = inkFor(hex);
  const sketch = new Sketch(ink, spec.texture, print !== "plain");
  const drawn = spec.draw(sketch);
  // Framing: the garment fills the portrait; the detail view zooms the studio shot into `focus`.
  const scale = Math.min(1150 / (drawn.bottom - drawn.top), 830 / (2 * drawn.halfWidth), 1.5);
  const tx = CX - CX * scale;
  const ty = 720 - ((drawn.top + drawn.bottom) / 2) * scale;
  let zoom = 1;
  let origin = { x: 0, y: 0 };
  if (view === "detail") {
    const width = drawn.focus.width * scale;
    zoom = WIDTH / width;
    origin = {
      x: (CX + drawn.focus.dx) * scale + tx - width / 2,
      y: drawn.focus.y * scale + ty - width * 0.75,
    };
  }
  const placement = { scale: scale * zoom, x: (tx - origin.x) * zoom, y: (ty - origin.y) * zoom };
  const studio = `matrix(${zoom} 0 0 ${zoom} ${-origin.x * zoom} ${-origin.y * zoom})`;
  const floorY = drawn.bottom * scale + ty + 30;
  const outline = sketch.outlines.join("");
  const tile = printTile(print, ink, spec.verticalPrint === true);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    "<defs>",
    STUDIO,
    textures(ink, placement.scale),
    tile ? devicePattern("print", tile[0], placement.scale, tile[1]) : "",
    `<clipPath id="fade"><path d="${outline}"/></clipPath>`,
    sketch.defs(),
    "</defs>",
    `<g transform="${studio}">`,
    `<rect x="-500" y="-500" width="${WIDTH + 1000}" height="${HEIGHT + 1000}" fill="url(#wall)"/>`,
    `<rect x="-500" y="-500" width="${WIDTH + 1000}" height="${HEIGHT + 1000}" fill="url(#light)"/>`,
    `<ellipse cx="${CX}" cy="${floorY.toFixed(1)}" rx="${(drawn.halfWidth * scale * 1.05).toFixed(1)}" ry="42" fill="url(#floor)"/>`,
    "</g>",
    `<g transform="matrix(${placement.scale} 0 0 ${placement.scale} ${placement.x + 6 * placement.scale} ${placement.y + 16 * placement.scale})">`,
    softStroke(outline, "#4a3a2c", 64, 0.15, 6),
    "</g>",
    sketch.svg(placement),
    "</svg>",
  ].join("");
}
