// The demo catalogue's source data, written per locale by hand so that generated names and texts read
// naturally. `catalogue.ts` combines it into products with a seeded PRNG; nothing here is random.
import type { Locale } from "../platform/i18n/locales";
import type { Silhouette } from "./garment-svg";

export type Localized = Readonly<Record<Locale, string>>;
export type Gender = "women" | "men";

// ---------------------------------------------------------------------------------------------- brands

/** Brand name and its weight in the assortment (the house brand carries most styles). */
export const brands: readonly (readonly [string, number])[] = [
  ["Loom & Label", 30],
  ["Noordzee", 12],
  ["Atelier Brume", 10],
  ["Sol y Lino", 10],
  ["Hollands Blauw", 10],
  ["Maison Calme", 9],
  ["Dune & Delta", 10],
  ["Studio Vent", 9],
];

// --------------------------------------------------------------------------------------------- colours

export type ColourCode =
  | "black"
  | "white"
  | "ecru"
  | "navy"
  | "camel"
  | "olive"
  | "burgundy"
  | "sage"
  | "rust"
  | "dusty-pink"
  | "denim-blue"
  | "grey-melange"
  | "chocolate"
  | "sky-blue";

export interface Colour {
  code: ColourCode;
  /** Three letters in SKUs. */
  sku: string;
  hex: string;
  name: Localized;
}

export const colours: Readonly<Record<ColourCode, Colour>> = {
  black: {
    code: "black",
    sku: "BLK",
    hex: "#1f1f21",
    name: { en: "Black", nl: "Zwart", fr: "Noir", es: "Negro" },
  },
  white: {
    code: "white",
    sku: "WHT",
    hex: "#f6f4ef",
    name: { en: "White", nl: "Wit", fr: "Blanc", es: "Blanco" },
  },
  ecru: {
    code: "ecru",
    sku: "ECR",
    hex: "#e6dcc6",
    name: { en: "Ecru", nl: "Ecru", fr: "Écru", es: "Crudo" },
  },
  navy: {
    code: "navy",
    sku: "NVY",
    hex: "#202c47",
    name: { en: "Navy", nl: "Marineblauw", fr: "Bleu marine", es: "Azul marino" },
  },
  camel: {
    code: "camel",
    sku: "CML",
    hex: "#b68a5c",
    name: { en: "Camel", nl: "Camel", fr: "Camel", es: "Camel" },
  },
  olive: {
    code: "olive",
    sku: "OLV",
    hex: "#5e6236",
    name: { en: "Olive", nl: "Olijfgroen", fr: "Vert olive", es: "Verde oliva" },
  },
  burgundy: {
    code: "burgundy",
    sku: "BDX",
    hex: "#6b1f2e",
    name: { en: "Burgundy", nl: "Bordeaux", fr: "Bordeaux", es: "Burdeos" },
  },
  sage: {
    code: "sage",
    sku: "SGE",
    hex: "#9fae95",
    name: { en: "Sage green", nl: "Saliegroen", fr: "Vert sauge", es: "Verde salvia" },
  },
  rust: {
    code: "rust",
    sku: "RST",
    hex: "#a34a2b",
    name: { en: "Rust", nl: "Roestbruin", fr: "Rouille", es: "Teja" },
  },
  "dusty-pink": {
    code: "dusty-pink",
    sku: "DPK",
    hex: "#d4a49e",
    name: { en: "Dusty pink", nl: "Oudroze", fr: "Vieux rose", es: "Rosa palo" },
  },
  "denim-blue": {
    code: "denim-blue",
    sku: "DNM",
    hex: "#45648b",
    name: { en: "Denim blue", nl: "Denimblauw", fr: "Bleu denim", es: "Azul vaquero" },
  },
  "grey-melange": {
    code: "grey-melange",
    sku: "GRM",
    hex: "#9c9d9f",
    name: { en: "Grey melange", nl: "Grijs gemêleerd", fr: "Gris chiné", es: "Gris jaspeado" },
  },
  chocolate: {
    code: "chocolate",
    sku: "CHO",
    hex: "#4b3025",
    name: { en: "Chocolate brown", nl: "Chocoladebruin", fr: "Chocolat", es: "Marrón chocolate" },
  },
  "sky-blue": {
    code: "sky-blue",
    sku: "SKY",
    hex: "#a9c8e4",
    name: { en: "Sky blue", nl: "Lichtblauw", fr: "Bleu ciel", es: "Azul cielo" },
  },
};

// ---------------------------------------------------------------------------------- attribute codes

export type FabricCode =
  | "cotton"
  | "linen"
  | "viscose"
  | "silk"
  | "wool"
  | "cashmere"
  | "jersey"
  | "denim"
  | "corduroy"
  | "faux-leather"
  | "polyester";
export type FitCode = "slim" | "regular" | "relaxed" | "oversized";
export type LengthCode =
  | "cropped"
  | "regular"
  | "long"
  | "mini"
  | "knee"
  | "midi"
  | "maxi"
  | "short"
  | "ankle"
  | "full";
export type PatternCode = "plain" | "striped" | "checked" | "floral" | "dotted";
export type OccasionCode = "casual" | "office" | "evening" | "holiday";

/** Why a product is "available soon" (ids the shop translates). */
export const availableSoonReasons = ["restocking", "in-production"] as const;

// -------------------------------------------------------------------------------------- compositions

type Fibre =
  | "cotton"
  | "organic-cotton"
  | "linen"
  | "viscose"
  | "silk"
  | "wool"
  | "lambswool"
  | "merino"
  | "cashmere"
  | "elastane"
  | "polyamide"
  | "polyurethane"
  | "recycled-polyester";

const fibres: Readonly<Record<Fibre, Localized>> = {
  cotton: { en: "cotton", nl: "katoen", fr: "coton", es: "algodón" },
  "organic-cotton": {
    en: "organic cotton",
    nl: "biologisch katoen",
    fr: "coton biologique",
    es: "algodón orgánico",
  },
  linen: { en: "linen", nl: "linnen", fr: "lin", es: "lino" },
  viscose: { en: "viscose", nl: "viscose", fr: "viscose", es: "viscosa" },
  silk: { en: "silk", nl: "zijde", fr: "soie", es: "seda" },
  wool: { en: "wool", nl: "wol", fr: "laine", es: "lana" },
  lambswool: { en: "lambswool", nl: "lamswol", fr: "laine d'agneau", es: "lana de cordero" },
  merino: { en: "merino wool", nl: "merinowol", fr: "laine mérinos", es: "lana merino" },
  cashmere: { en: "cashmere", nl: "kasjmier", fr: "cachemire", es: "cachemira" },
  elastane: { en: "elastane", nl: "elastaan", fr: "élasthanne", es: "elastano" },
  polyamide: { en: "polyamide", nl: "polyamide", fr: "polyamide", es: "poliamida" },
  polyurethane: { en: "polyurethane", nl: "polyurethaan", fr: "polyuréthane", es: "poliuretano" },
  "recycled-polyester": {
    en: "recycled polyester",
    nl: "gerecycled polyester",
    fr: "polyester recyclé",
    es: "poliéster reciclado",
  },
};

/** French and Spanish put a (non-breaking) space between the number and the percent sign. */
const percentSign: Localized = { en: "%", nl: "%", fr: "\u00a0%", es: "\u00a0%" };

export function composition(parts: readonly (readonly [number, Fibre])[], locale: Locale): string {
  return parts
    .map(([percent, fibre]) => `${percent}${percentSign[locale]} ${fibres[fibre][locale]}`)
    .join(", ");
}

// --------------------------------------------------------------------------------------------- care

type CareCode = "wash-30" | "gentle" | "wool" | "dry-clean" | "denim" | "wipe" | "padded";

export const care: Readonly<Record<CareCode, Localized>> = {
  "wash-30": {
    en: "Machine wash at 30 °C with similar colours. Do not tumble dry. Iron at medium heat.",
    nl: "Machinewas op 30 °C met gelijke kleuren. Niet in de droger. Strijken op middelhoge temperatuur.",
    fr: "Lavage en machine à 30 °C avec des couleurs similaires. Pas de sèche-linge. Repassage à température moyenne.",
    es: "Lavar a máquina a 30 °C con colores similares. No usar secadora. Planchar a temperatura media.",
  },
  gentle: {
    en: "Machine wash at 30 °C on a gentle cycle. Reshape while damp and dry flat. Iron on the reverse at low heat.",
    nl: "Machinewas op 30 °C, fijnwasprogramma. Vochtig in model trekken en liggend drogen. Binnenstebuiten strijken op lage temperatuur.",
    fr: "Lavage en machine à 30 °C, programme délicat. Remettre en forme encore humide et sécher à plat. Repasser sur l'envers à basse température.",
    es: "Lavar a máquina a 30 °C en programa delicado. Dar forma en húmedo y secar en plano. Planchar del revés a baja temperatura.",
  },
  wool: {
    en: "Hand wash cold or use the wool cycle. Dry flat, away from direct heat. Do not tumble dry.",
    nl: "Koud met de hand wassen of op het wolprogramma. Liggend drogen, uit de buurt van directe warmte. Niet in de droger.",
    fr: "Lavage à la main à froid ou programme laine. Sécher à plat, à l'abri de la chaleur directe. Pas de sèche-linge.",
    es: "Lavar a mano en frío o en programa de lana. Secar en plano, lejos de fuentes de calor. No usar secadora.",
  },
  "dry-clean": {
    en: "Dry clean only. Do not wash. Steam to refresh between wears.",
    nl: "Alleen chemisch reinigen. Niet wassen. Tussendoor opfrissen met stoom.",
    fr: "Nettoyage à sec uniquement. Ne pas laver. Rafraîchir à la vapeur entre deux ports.",
    es: "Solo limpieza en seco. No lavar. Refrescar con vapor entre usos.",
  },
  denim: {
    en: "Wash inside out at 30 °C with dark colours. Wash as little as possible to keep the colour. Do not tumble dry.",
    nl: "Binnenstebuiten wassen op 30 °C met donkere kleuren. Zo weinig mogelijk wassen om de kleur te behouden. Niet in de droger.",
    fr: "Laver sur l'envers à 30 °C avec des couleurs foncées. Laver le moins possible pour préserver la couleur. Pas de sèche-linge.",
    es: "Lavar del revés a 30 °C con colores oscuros. Lavar lo menos posible para conservar el color. No usar secadora.",
  },
  wipe: {
    en: "Do not wash. Wipe clean with a damp cloth. Store on a wide hanger.",
    nl: "Niet wassen. Reinigen met een vochtige doek. Bewaren op een brede hanger.",
    fr: "Ne pas laver. Nettoyer avec un chiffon humide. Ranger sur un cintre large.",
    es: "No lavar. Limpiar con un paño húmedo. Guardar en una percha ancha.",
  },
  padded: {
    en: "Machine wash at 30 °C on a gentle cycle. Tumble dry on low to restore the loft.",
    nl: "Machinewas op 30 °C, fijnwasprogramma. Op lage temperatuur in de droger om de vulling weer op te bollen.",
    fr: "Lavage en machine à 30 °C, programme délicat. Sèche-linge à basse température pour redonner du gonflant.",
    es: "Lavar a máquina a 30 °C en programa delicado. Secar en secadora a baja temperatura para recuperar el volumen.",
  },
};

// ----------------------------------------------------------------------------------------- materials

export type MaterialCode =
  | "cotton"
  | "cotton-stretch"
  | "organic-cotton"
  | "jersey"
  | "linen"
  | "viscose"
  | "silk"
  | "wool"
  | "lambswool"
  | "merino"
  | "cashmere"
  | "corduroy"
  | "denim"
  | "stretch-denim"
  | "faux-leather"
  | "gabardine"
  | "padding";

export interface Material {
  fabric: FabricCode;
  /**
   * The material's words in a product name: an adjective before the noun in English and Dutch ("Linen",
   * "Linnen"), a phrase after it in French and Spanish ("en lin", "de lino"). Empty when the garment
   * already says it (jeans are denim).
   */
  name: Localized;
  composition: readonly (readonly [number, Fibre])[];
  care: CareCode;
  /** Price relative to the garment's usual range. */
  priceFactor: number;
  /** The description's second sentence. */
  blurb: Localized;
}

const noName: Localized = { en: "", nl: "", fr: "", es: "" };

export const materials: Readonly<Record<MaterialCode, Material>> = {
  cotton: {
    fabric: "cotton",
    name: { en: "cotton", nl: "katoenen", fr: "en coton", es: "de algodón" },
    composition: [[100, "cotton"]],
    care: "wash-30",
    priceFactor: 1,
    blurb: {
      en: "Made from soft, breathable cotton that is comfortable all day long.",
      nl: "Gemaakt van zacht, ademend katoen dat de hele dag prettig draagt.",
      fr: "Confectionné dans un coton doux et respirant, agréable à porter toute la journée.",
      es: "Confeccionado en algodón suave y transpirable, cómodo durante todo el día.",
    },
  },
  "cotton-stretch": {
    fabric: "cotton",
    name: { en: "cotton", nl: "katoenen", fr: "en coton", es: "de algodón" },
    composition: [
      [98, "cotton"],
      [2, "elastane"],
    ],
    care: "wash-30",
    priceFactor: 1,
    blurb: {
      en: "The cotton twill has a touch of stretch, so it moves with you.",
      nl: "De katoenen keperstof heeft een vleugje stretch en beweegt makkelijk mee.",
      fr: "Le sergé de coton contient une touche de stretch pour plus d'aisance.",
      es: "La sarga de algodón lleva un toque elástico para mayor libertad de movimiento.",
    },
  },
  "organic-cotton": {
    fabric: "cotton",
    name: { en: "organic cotton", nl: "biologisch katoenen", fr: "en coton bio", es: "de algodón orgánico" },
    composition: [[100, "organic-cotton"]],
    care: "wash-30",
    priceFactor: 1.1,
    blurb: {
      en: "Made from organic cotton, grown without synthetic pesticides.",
      nl: "Gemaakt van biologisch katoen, geteeld zonder synthetische bestrijdingsmiddelen.",
      fr: "Confectionné en coton biologique, cultivé sans pesticides de synthèse.",
      es: "Confeccionado en algodón orgánico, cultivado sin pesticidas sintéticos.",
    },
  },
  jersey: {
    fabric: "jersey",
    name: { en: "jersey", nl: "jersey", fr: "en jersey", es: "de punto" },
    composition: [
      [95, "cotton"],
      [5, "elastane"],
    ],
    care: "wash-30",
    priceFactor: 1,
    blurb: {
      en: "Soft stretch jersey that keeps its shape wash after wash.",
      nl: "Zachte stretchjersey die was na was zijn vorm behoudt.",
      fr: "Un jersey stretch tout doux qui garde sa forme lavage après lavage.",
      es: "Punto elástico y suave que mantiene su forma lavado tras lavado.",
    },
  },
  linen: {
    fabric: "linen",
    name: { en: "linen", nl: "linnen", fr: "en lin", es: "de lino" },
    composition: [[100, "linen"]],
    care: "gentle",
    priceFactor: 1.15,
    blurb: {
      en: "Pure linen that stays cool on warm days and gets softer with every wash.",
      nl: "Puur linnen dat koel blijft op warme dagen en bij elke wasbeurt zachter wordt.",
      fr: "Du lin pur qui reste frais par temps chaud et s'adoucit à chaque lavage.",
      es: "Lino puro que se mantiene fresco en los días de calor y se suaviza con cada lavado.",
    },
  },
  viscose: {
    fabric: "viscose",
    name: { en: "viscose", nl: "viscose", fr: "en viscose", es: "de viscosa" },
    composition: [[100, "viscose"]],
    care: "gentle",
    priceFactor: 1,
    blurb: {
      en: "Fluid viscose with a soft drape and a subtle sheen.",
      nl: "Soepelvallende viscose met een zachte glans.",
      fr: "Une viscose fluide au tombé souple et à l'éclat subtil.",
      es: "Viscosa fluida con una caída suave y un brillo sutil.",
    },
  },
  silk: {
    fabric: "silk",
    name: { en: "silk", nl: "zijden", fr: "en soie", es: "de seda" },
    composition: [[100, "silk"]],
    care: "dry-clean",
    priceFactor: 1.7,
    blurb: {
      en: "Pure mulberry silk with a liquid drape and a soft lustre.",
      nl: "Pure moerbeizijde met een vloeiende val en een zachte glans.",
      fr: "Une soie de mûrier pure au tombé fluide et au lustre délicat.",
      es: "Seda de morera pura con una caída fluida y un brillo delicado.",
    },
  },
  wool: {
    fabric: "wool",
    name: { en: "wool", nl: "wollen", fr: "en laine", es: "de lana" },
    composition: [
      [80, "wool"],
      [20, "polyamide"],
    ],
    care: "dry-clean",
    priceFactor: 1.2,
    blurb: {
      en: "A dense wool blend that keeps out the cold and holds its shape.",
      nl: "Een dichte wolmix die de kou buiten houdt en mooi in vorm blijft.",
      fr: "Un mélange de laine dense qui protège du froid et garde sa tenue.",
      es: "Una mezcla de lana densa que protege del frío y mantiene la forma.",
    },
  },
  lambswool: {
    fabric: "wool",
    name: { en: "lambswool", nl: "lamswollen", fr: "en laine d'agneau", es: "de lana de cordero" },
    composition: [[100, "lambswool"]],
    care: "wool",
    priceFactor: 1.1,
    blurb: {
      en: "Knitted from soft lambswool that is warm without being heavy.",
      nl: "Gebreid van zachte lamswol die warm is zonder zwaar te voelen.",
      fr: "Tricoté dans une laine d'agneau douce, chaude sans être lourde.",
      es: "Tejido en suave lana de cordero, cálida sin resultar pesada.",
    },
  },
  merino: {
    fabric: "wool",
    name: { en: "merino", nl: "merinowollen", fr: "en laine mérinos", es: "de lana merino" },
    composition: [[100, "merino"]],
    care: "wool",
    priceFactor: 1.2,
    blurb: {
      en: "Extra-fine merino wool that regulates your temperature and never itches.",
      nl: "Extra fijne merinowol die je temperatuur reguleert en niet kriebelt.",
      fr: "Une laine mérinos extra-fine qui régule la température et ne gratte pas.",
      es: "Lana merino extrafina que regula la temperatura y no pica.",
    },
  },
  cashmere: {
    fabric: "cashmere",
    name: { en: "cashmere", nl: "kasjmieren", fr: "en cachemire", es: "de cachemira" },
    composition: [[100, "cashmere"]],
    care: "wool",
    priceFactor: 1.9,
    blurb: {
      en: "Pure cashmere, brushed for an incredibly soft, light feel.",
      nl: "Puur kasjmier, geborsteld voor een ongelooflijk zachte en lichte draagervaring.",
      fr: "Un cachemire pur, brossé pour un toucher incroyablement doux et léger.",
      es: "Cachemira pura, cepillada para un tacto increíblemente suave y ligero.",
    },
  },
  corduroy: {
    fabric: "corduroy",
    name: { en: "corduroy", nl: "ribfluwelen", fr: "en velours côtelé", es: "de pana" },
    composition: [[100, "cotton"]],
    care: "wash-30",
    priceFactor: 1.1,
    blurb: {
      en: "Soft needlecord corduroy with a velvety touch.",
      nl: "Zacht, fijn ribfluweel met een fluweelachtige touch.",
      fr: "Un velours côtelé fin, doux et velouté au toucher.",
      es: "Pana fina y suave con un tacto aterciopelado.",
    },
  },
  denim: {
    fabric: "denim",
    name: noName,
    composition: [[100, "cotton"]],
    care: "denim",
    priceFactor: 1,
    blurb: {
      en: "Rigid cotton denim that moulds to your shape and fades beautifully over time.",
      nl: "Stevig katoenen denim dat zich naar je lichaam vormt en mooi verkleurt na verloop van tijd.",
      fr: "Un denim de coton rigide qui se fait à votre silhouette et se patine joliment avec le temps.",
      es: "Denim rígido de algodón que se adapta a tu cuerpo y se desgasta con estilo con el tiempo.",
    },
  },
  "stretch-denim": {
    fabric: "denim",
    name: noName,
    composition: [
      [98, "cotton"],
      [2, "elastane"],
    ],
    care: "denim",
    priceFactor: 1,
    blurb: {
      en: "Comfortable stretch denim that keeps its shape all day.",
      nl: "Comfortabel stretchdenim dat de hele dag zijn vorm houdt.",
      fr: "Un denim stretch confortable qui garde sa forme toute la journée.",
      es: "Denim elástico y cómodo que mantiene su forma todo el día.",
    },
  },
  "faux-leather": {
    fabric: "faux-leather",
    name: { en: "faux leather", nl: "imitatieleren", fr: "en similicuir", es: "de polipiel" },
    composition: [[100, "polyurethane"]],
    care: "wipe",
    priceFactor: 1.1,
    blurb: {
      en: "Supple faux leather with a soft matt finish.",
      nl: "Soepel imitatieleer met een zachte, matte afwerking.",
      fr: "Un similicuir souple au fini mat.",
      es: "Polipiel flexible con un acabado mate.",
    },
  },
  gabardine: {
    fabric: "cotton",
    name: noName,
    composition: [[100, "cotton"]],
    care: "dry-clean",
    priceFactor: 1,
    blurb: {
      en: "Tightly woven cotton gabardine with a water-repellent finish against wind and showers.",
      nl: "Dicht geweven katoenen gabardine met een waterafstotende finish tegen wind en buien.",
      fr: "Une gabardine de coton au tissage serré, déperlante contre le vent et les averses.",
      es: "Gabardina de algodón de tejido cerrado con acabado repelente al agua contra el viento y los chubascos.",
    },
  },
  padding: {
    fabric: "polyester",
    name: noName,
    composition: [[100, "recycled-polyester"]],
    care: "padded",
    priceFactor: 1,
    blurb: {
      en: "Filled with recycled wadding that keeps you warm without the weight.",
      nl: "Gevuld met gerecyclede vulling die warm houdt zonder zwaar te zijn.",
      fr: "Garni d'un rembourrage recyclé qui tient chaud sans alourdir.",
      es: "Relleno de guata reciclada que abriga sin pesar.",
    },
  },
};

// ------------------------------------------------------------------------------------------ patterns

export interface Pattern {
  /**
   * The pattern's words in a product name. Dutch adjectives agree with the noun: without an article a
   * de-word takes "-e" ("gestreepte blouse") and a het-word does not ("gestreept overhemd").
   */
  en: string;
  nl: { de: string; het: string };
  fr: string;
  es: string;
  /** Ground colours the pattern is printed on (bounds the image pool). */
  grounds: readonly ColourCode[];
}

export const patterns: Readonly<Record<Exclude<PatternCode, "plain">, Pattern>> = {
  striped: {
    en: "striped",
    nl: { de: "gestreepte", het: "gestreept" },
    fr: "à rayures",
    es: "a rayas",
    grounds: ["navy", "ecru", "white", "black"],
  },
  checked: {
    en: "checked",
    nl: { de: "geruite", het: "geruit" },
    fr: "à carreaux",
    es: "a cuadros",
    grounds: ["camel", "navy", "burgundy", "olive"],
  },
  floral: {
    en: "floral",
    nl: { de: "gebloemde", het: "gebloemd" },
    fr: "à fleurs",
    es: "de flores",
    grounds: ["black", "navy", "sage", "dusty-pink", "ecru"],
  },
  dotted: {
    en: "polka-dot",
    nl: { de: "gestippelde", het: "gestippeld" },
    fr: "à pois",
    es: "de lunares",
    grounds: ["black", "navy", "burgundy"],
  },
};

// ---------------------------------------------------------------------------------------------- fits

/** The description's third sentence, with sizing advice. */
export const fitAdvice: Readonly<Record<FitCode, Localized>> = {
  slim: {
    en: "The slim fit follows the body; take your usual size.",
    nl: "De slim fit volgt de lijnen van het lichaam; kies je gebruikelijke maat.",
    fr: "La coupe ajustée épouse la silhouette ; prenez votre taille habituelle.",
    es: "El corte slim se ajusta al cuerpo; elige tu talla habitual.",
  },
  regular: {
    en: "A regular fit that is true to size.",
    nl: "Een normale pasvorm die valt zoals je gewend bent.",
    fr: "Une coupe classique qui taille normalement.",
    es: "Un corte regular que talla normal.",
  },
  relaxed: {
    en: "The relaxed fit leaves room to move; size down for a closer fit.",
    nl: "De losse pasvorm geeft bewegingsruimte; kies een maat kleiner voor een nauwere pasvorm.",
    fr: "La coupe décontractée laisse de l'aisance ; prenez une taille en dessous pour un effet plus ajusté.",
    es: "El corte holgado deja libertad de movimiento; elige una talla menos si lo prefieres más ajustado.",
  },
  oversized: {
    en: "Cut generously for an oversized look; take your usual size.",
    nl: "Ruim gesneden voor een oversized look; kies je gebruikelijke maat.",
    fr: "Une coupe ample pour un effet oversize ; prenez votre taille habituelle.",
    es: "Un corte amplio para un look oversize; elige tu talla habitual.",
  },
};

// ----------------------------------------------------------------------------------------- categories

export interface CategoryData {
  code: string;
  name: Localized;
  /** Lowercase ASCII, hyphenated, unique per locale across the whole tree. */
  slug: Localized;
  description?: Localized;
  children?: readonly CategoryData[];
}

export const categoryTree: readonly CategoryData[] = [
  {
    code: "women",
    name: { en: "Women", nl: "Dames", fr: "Femme", es: "Mujer" },
    slug: { en: "women", nl: "dames", fr: "femme", es: "mujer" },
    description: {
      en: "Dresses, knitwear, denim and coats for women, designed to be worn for years.",
      nl: "Jurken, truien, jeans en jassen voor dames, gemaakt om jarenlang te dragen.",
      fr: "Robes, mailles, denim et manteaux pour femme, pensés pour durer des années.",
      es: "Vestidos, punto, vaqueros y abrigos para mujer, pensados para durar años.",
    },
    children: [
      {
        code: "women-dresses",
        name: { en: "Dresses", nl: "Jurken", fr: "Robes", es: "Vestidos" },
        slug: { en: "women-dresses", nl: "dames-jurken", fr: "robes-femme", es: "vestidos-mujer" },
      },
      {
        code: "women-tops",
        name: { en: "Tops & T-shirts", nl: "Tops & T-shirts", fr: "Tops & T-shirts", es: "Tops y camisetas" },
        slug: {
          en: "women-tops-t-shirts",
          nl: "dames-tops-t-shirts",
          fr: "tops-t-shirts-femme",
          es: "tops-camisetas-mujer",
        },
      },
      {
        code: "women-shirts",
        name: { en: "Blouses & shirts", nl: "Blouses", fr: "Chemises & blouses", es: "Camisas y blusas" },
        slug: {
          en: "women-blouses-shirts",
          nl: "dames-blouses",
          fr: "chemises-blouses-femme",
          es: "camisas-blusas-mujer",
        },
      },
      {
        code: "women-knitwear",
        name: { en: "Knitwear", nl: "Truien & vesten", fr: "Pulls & gilets", es: "Punto" },
        slug: {
          en: "women-knitwear",
          nl: "dames-truien-vesten",
          fr: "pulls-gilets-femme",
          es: "punto-mujer",
        },
      },
      {
        code: "women-jeans",
        name: { en: "Jeans", nl: "Jeans", fr: "Jeans", es: "Vaqueros" },
        slug: { en: "women-jeans", nl: "dames-jeans", fr: "jeans-femme", es: "vaqueros-mujer" },
      },
      {
        code: "women-trousers",
        name: { en: "Trousers", nl: "Broeken", fr: "Pantalons", es: "Pantalones" },
        slug: { en: "women-trousers", nl: "dames-broeken", fr: "pantalons-femme", es: "pantalones-mujer" },
      },
      {
        code: "women-skirts",
        name: { en: "Skirts", nl: "Rokken", fr: "Jupes", es: "Faldas" },
        slug: { en: "women-skirts", nl: "dames-rokken", fr: "jupes-femme", es: "faldas-mujer" },
      },
      {
        code: "women-outerwear",
        name: {
          en: "Jackets & coats",
          nl: "Jassen & jacks",
          fr: "Vestes & manteaux",
          es: "Chaquetas y abrigos",
        },
        slug: {
          en: "women-jackets-coats",
          nl: "dames-jassen-jacks",
          fr: "vestes-manteaux-femme",
          es: "chaquetas-abrigos-mujer",
        },
      },
    ],
  },
  {
    code: "men",
    name: { en: "Men", nl: "Heren", fr: "Homme", es: "Hombre" },
    slug: { en: "men", nl: "heren", fr: "homme", es: "hombre" },
    description: {
      en: "Shirts, knitwear, denim and outerwear for men, made with honest materials.",
      nl: "Overhemden, truien, jeans en jassen voor heren, van eerlijke materialen.",
      fr: "Chemises, mailles, denim et vestes pour homme, dans des matières honnêtes.",
      es: "Camisas, punto, vaqueros y chaquetas para hombre, con materiales honestos.",
    },
    children: [
      {
        code: "men-tops",
        name: {
          en: "T-shirts & polos",
          nl: "T-shirts & polo's",
          fr: "T-shirts & polos",
          es: "Camisetas y polos",
        },
        slug: {
          en: "men-t-shirts-polos",
          nl: "heren-t-shirts-polos",
          fr: "t-shirts-polos-homme",
          es: "camisetas-polos-hombre",
        },
      },
      {
        code: "men-shirts",
        name: { en: "Shirts", nl: "Overhemden", fr: "Chemises", es: "Camisas" },
        slug: { en: "men-shirts", nl: "heren-overhemden", fr: "chemises-homme", es: "camisas-hombre" },
      },
      {
        code: "men-knitwear",
        name: { en: "Knitwear", nl: "Truien & vesten", fr: "Pulls & gilets", es: "Punto" },
        slug: { en: "men-knitwear", nl: "heren-truien-vesten", fr: "pulls-gilets-homme", es: "punto-hombre" },
      },
      {
        code: "men-jeans",
        name: { en: "Jeans", nl: "Jeans", fr: "Jeans", es: "Vaqueros" },
        slug: { en: "men-jeans", nl: "heren-jeans", fr: "jeans-homme", es: "vaqueros-hombre" },
      },
      {
        code: "men-trousers",
        name: { en: "Trousers", nl: "Broeken", fr: "Pantalons", es: "Pantalones" },
        slug: { en: "men-trousers", nl: "heren-broeken", fr: "pantalons-homme", es: "pantalones-hombre" },
      },
      {
        code: "men-shorts",
        name: { en: "Shorts", nl: "Korte broeken", fr: "Shorts & bermudas", es: "Bermudas y shorts" },
        slug: {
          en: "men-shorts",
          nl: "heren-korte-broeken",
          fr: "shorts-bermudas-homme",
          es: "bermudas-shorts-hombre",
        },
      },
      {
        code: "men-outerwear",
        name: {
          en: "Jackets & coats",
          nl: "Jassen & jacks",
          fr: "Vestes & manteaux",
          es: "Chaquetas y abrigos",
        },
        slug: {
          en: "men-jackets-coats",
          nl: "heren-jassen-jacks",
          fr: "vestes-manteaux-homme",
          es: "chaquetas-abrigos-hombre",
        },
      },
    ],
  },
];

// ------------------------------------------------------------------------------------------ garments

export type GarmentCode =
  | "dress"
  | "top"
  | "shirt"
  | "knit"
  | "jeans"
  | "trousers"
  | "shorts"
  | "skirt"
  | "outerwear";

export interface GarmentType {
  /** Leaf category per gender; the garment is not sold to a gender without one. */
  category: Partial<Record<Gender, string>>;
  sizes: Partial<Record<Gender, readonly string[]>>;
  /** The size the model wears in the photos. */
  modelSize: Partial<Record<Gender, string>>;
  /** Usual price range in whole euros. */
  price: readonly [number, number];
  colours: readonly ColourCode[];
  occasions: readonly OccasionCode[];
  /** Two or three letters in style codes. */
  sku: string;
}

const letterSizes = { women: ["XS", "S", "M", "L", "XL"], men: ["S", "M", "L", "XL", "XXL"] } as const;
const letterModel = { women: "S", men: "M" } as const;

export const garments: Readonly<Record<GarmentCode, GarmentType>> = {
  dress: {
    category: { women: "women-dresses" },
    sizes: { women: letterSizes.women },
    modelSize: { women: "S" },
    price: [40, 130],
    colours: ["black", "navy", "sage", "rust", "dusty-pink", "burgundy", "ecru", "olive"],
    occasions: ["casual", "evening", "holiday", "office"],
    sku: "DR",
  },
  top: {
    category: { women: "women-tops", men: "men-tops" },
    sizes: letterSizes,
    modelSize: letterModel,
    price: [15, 30],
    colours: ["white", "black", "ecru", "navy", "grey-melange", "sage", "sky-blue", "dusty-pink"],
    occasions: ["casual", "holiday"],
    sku: "TS",
  },
  shirt: {
    category: { women: "women-shirts", men: "men-shirts" },
    sizes: letterSizes,
    modelSize: letterModel,
    price: [30, 70],
    colours: ["white", "sky-blue", "ecru", "navy", "olive", "black"],
    occasions: ["office", "casual", "evening"],
    sku: "SH",
  },
  knit: {
    category: { women: "women-knitwear", men: "men-knitwear" },
    sizes: letterSizes,
    modelSize: letterModel,
    price: [40, 95],
    colours: ["ecru", "camel", "navy", "grey-melange", "burgundy", "olive", "chocolate", "black", "sage"],
    occasions: ["casual", "office"],
    sku: "KN",
  },
  jeans: {
    category: { women: "women-jeans", men: "men-jeans" },
    sizes: {
      women: ["W25", "W26", "W27", "W28", "W29", "W30", "W31", "W32"],
      men: ["W29", "W30", "W31", "W32", "W33", "W34", "W36"],
    },
    modelSize: { women: "W27", men: "W32" },
    price: [50, 100],
    colours: ["denim-blue", "sky-blue", "black", "ecru"],
    occasions: ["casual"],
    sku: "JN",
  },
  trousers: {
    category: { women: "women-trousers", men: "men-trousers" },
    sizes: { women: ["34", "36", "38", "40", "42", "44"], men: ["44", "46", "48", "50", "52", "54"] },
    modelSize: { women: "36", men: "48" },
    price: [40, 90],
    colours: ["black", "navy", "camel", "olive", "ecru", "chocolate", "grey-melange"],
    occasions: ["office", "casual"],
    sku: "TR",
  },
  shorts: {
    category: { men: "men-shorts" },
    sizes: { men: letterSizes.men },
    modelSize: { men: "M" },
    price: [25, 45],
    colours: ["ecru", "navy", "olive", "camel", "sky-blue"],
    occasions: ["casual", "holiday"],
    sku: "SO",
  },
  skirt: {
    category: { women: "women-skirts" },
    sizes: { women: letterSizes.women },
    modelSize: { women: "S" },
    price: [30, 80],
    colours: ["black", "camel", "burgundy", "sage", "rust", "navy", "dusty-pink"],
    occasions: ["casual", "office", "evening"],
    sku: "SK",
  },
  outerwear: {
    category: { women: "women-outerwear", men: "men-outerwear" },
    sizes: letterSizes,
    modelSize: letterModel,
    price: [70, 150],
    colours: ["black", "navy", "camel", "olive", "chocolate", "grey-melange"],
    occasions: ["casual", "office"],
    sku: "OW",
  },
};

// ----------------------------------------------------------------------------------------------- cuts

/**
 * A cut is a design of a garment ("wrap dress"). A product name is built from the cut, a material and a
 * pattern in each language's own word order: English and Dutch "adjective pattern material noun"
 * ("Oversized striped cotton T-shirt", "Oversized gestreept katoenen T-shirt"), French and Spanish
 * "noun adjective material pattern" ("T-shirt oversize en coton à rayures", "Camiseta oversize de
 * algodón a rayas").
 */
export interface Cut {
  code: string;
  garment: GarmentCode;
  genders: readonly Gender[];
  silhouette: Silhouette;
  noun: Localized;
  adjective?: Localized;
  /** Dutch het-word (for the pattern adjective's ending). */
  nlNeuter?: boolean;
  materials: readonly MaterialCode[];
  patterns?: readonly Exclude<PatternCode, "plain">[];
  /** Overrides the garment's colours. */
  colours?: readonly ColourCode[];
  /** Overrides the garment's price range (whole euros). */
  price?: readonly [number, number];
  fit: FitCode;
  length: LengthCode;
  /** The description's first sentence. */
  blurb: Localized;
}

const denimColours: readonly ColourCode[] = ["denim-blue", "sky-blue", "black", "ecru"];

export const cuts: readonly Cut[] = [
  // Dresses
  {
    code: "wrap-dress",
    garment: "dress",
    genders: ["women"],
    silhouette: "dress-wrap",
    noun: { en: "wrap dress", nl: "wikkeljurk", fr: "Robe portefeuille", es: "Vestido cruzado" },
    materials: ["linen", "viscose", "jersey", "silk"],
    patterns: ["floral", "dotted"],
    fit: "regular",
    length: "midi",
    blurb: {
      en: "A wrap dress with a tie waist and a softly flared midi skirt.",
      nl: "Een wikkeljurk met strikceintuur en een soepel uitlopende midirok.",
      fr: "Une robe portefeuille nouée à la taille, avec une jupe mi-longue légèrement évasée.",
      es: "Un vestido cruzado con lazada en la cintura y una falda midi con un ligero vuelo.",
    },
  },
  {
    code: "shirt-dress",
    garment: "dress",
    genders: ["women"],
    silhouette: "dress-shirt",
    noun: { en: "shirt dress", nl: "blousejurk", fr: "Robe chemise", es: "Vestido camisero" },
    materials: ["cotton", "linen", "viscose"],
    patterns: ["striped", "dotted"],
    fit: "regular",
    length: "midi",
    blurb: {
      en: "A buttoned shirt dress with a classic collar and a belt to define the waist.",
      nl: "Een doorgeknoopte blousejurk met klassieke kraag en een ceintuur die de taille accentueert.",
      fr: "Une robe chemise boutonnée, avec un col classique et une ceinture pour marquer la taille.",
      es: "Un vestido camisero abotonado con cuello clásico y cinturón para marcar la cintura.",
    },
  },
  {
    code: "slip-dress",
    garment: "dress",
    genders: ["women"],
    silhouette: "dress-slip",
    noun: { en: "slip dress", nl: "slipdress", fr: "Robe nuisette", es: "Vestido lencero" },
    materials: ["silk", "viscose"],
    patterns: ["dotted"],
    fit: "slim",
    length: "midi",
    blurb: {
      en: "A bias-cut slip dress with thin adjustable straps that skims the body.",
      nl: "Een schuin geknipte slipdress met dunne verstelbare bandjes die soepel langs het lichaam valt.",
      fr: "Une robe nuisette coupée dans le biais, à fines bretelles réglables, qui effleure la silhouette.",
      es: "Un vestido lencero cortado al bies, con tirantes finos ajustables, que se desliza sobre la figura.",
    },
  },
  {
    code: "maxi-dress",
    garment: "dress",
    genders: ["women"],
    silhouette: "dress-maxi",
    noun: { en: "maxi dress", nl: "maxi-jurk", fr: "Robe longue", es: "Vestido largo" },
    materials: ["linen", "viscose", "cotton"],
    patterns: ["floral", "striped"],
    fit: "relaxed",
    length: "maxi",
    blurb: {
      en: "An ankle-length maxi dress with flutter sleeves and a tiered skirt.",
      nl: "Een maxi-jurk tot op de enkels met vlindermouwtjes en een rok met volants.",
      fr: "Une robe longue jusqu'aux chevilles, à manches volantées et jupe à étages.",
      es: "Un vestido largo hasta los tobillos con mangas de volante y falda de capas.",
    },
  },
  {
    code: "mini-dress",
    garment: "dress",
    genders: ["women"],
    silhouette: "dress-mini",
    noun: { en: "mini dress", nl: "mini-jurk", fr: "Robe courte", es: "Vestido corto" },
    materials: ["cotton", "viscose", "corduroy"],
    patterns: ["dotted", "floral"],
    fit: "regular",
    length: "mini",
    blurb: {
      en: "A swingy mini dress with a square neckline and puff sleeves.",
      nl: "Een zwierige mini-jurk met vierkante hals en pofmouwtjes.",
      fr: "Une robe courte et virevoltante, à encolure carrée et manches bouffantes.",
      es: "Un vestido corto con vuelo, escote cuadrado y mangas abullonadas.",
    },
  },
  // Tops & T-shirts
  {
    code: "t-shirt",
    garment: "top",
    genders: ["women", "men"],
    silhouette: "tshirt",
    noun: { en: "T-shirt", nl: "T-shirt", fr: "T-shirt", es: "Camiseta" },
    nlNeuter: true,
    materials: ["cotton", "organic-cotton", "linen"],
    patterns: ["striped"],
    fit: "regular",
    length: "regular",
    blurb: {
      en: "A classic crew-neck T-shirt with short sleeves and a clean finish.",
      nl: "Een klassiek T-shirt met ronde hals, korte mouwen en een strakke afwerking.",
      fr: "Un T-shirt classique à col rond et manches courtes, aux finitions nettes.",
      es: "Una camiseta clásica de cuello redondo y manga corta con acabados impecables.",
    },
  },
  {
    code: "oversized-t-shirt",
    garment: "top",
    genders: ["women", "men"],
    silhouette: "tshirt",
    adjective: { en: "oversized", nl: "oversized", fr: "oversize", es: "oversize" },
    noun: { en: "T-shirt", nl: "T-shirt", fr: "T-shirt", es: "Camiseta" },
    nlNeuter: true,
    materials: ["cotton", "organic-cotton"],
    patterns: ["striped"],
    fit: "oversized",
    length: "regular",
    blurb: {
      en: "A boxy oversized T-shirt with dropped shoulders in a heavyweight cotton.",
      nl: "Een boxy oversized T-shirt met verlaagde schoudernaden in een stevige kwaliteit.",
      fr: "Un T-shirt oversize à la coupe carrée, aux épaules tombantes et à la matière épaisse.",
      es: "Una camiseta oversize de corte recto, con hombros caídos y un tejido grueso.",
    },
  },
  {
    code: "tank-top",
    garment: "top",
    genders: ["women"],
    silhouette: "tank",
    noun: { en: "tank top", nl: "tanktop", fr: "Débardeur", es: "Top de tirantes" },
    materials: ["cotton", "jersey", "linen"],
    fit: "slim",
    length: "regular",
    blurb: {
      en: "A fitted tank top with a scoop neck and wide straps, made for layering.",
      nl: "Een getailleerde tanktop met ronde hals en brede bandjes, ideaal om te combineren.",
      fr: "Un débardeur ajusté à encolure dégagée et larges bretelles, parfait à superposer.",
      es: "Un top de tirantes ajustado con escote redondo y tirantes anchos, ideal para combinar.",
    },
  },
  {
    code: "long-sleeve-t-shirt",
    garment: "top",
    genders: ["women", "men"],
    silhouette: "longsleeve",
    noun: {
      en: "long-sleeve T-shirt",
      nl: "longsleeve",
      fr: "T-shirt à manches longues",
      es: "Camiseta de manga larga",
    },
    materials: ["cotton", "organic-cotton", "jersey"],
    patterns: ["striped"],
    fit: "regular",
    length: "regular",
    blurb: {
      en: "A long-sleeve T-shirt with a crew neck and neat ribbed cuffs.",
      nl: "Een longsleeve met ronde hals en nette geribde boordjes.",
      fr: "Un T-shirt à manches longues, col rond et poignets côtelés.",
      es: "Una camiseta de manga larga con cuello redondo y puños de canalé.",
    },
  },
  {
    code: "polo",
    garment: "top",
    genders: ["men"],
    silhouette: "polo",
    noun: { en: "polo shirt", nl: "polo", fr: "Polo", es: "Polo" },
    materials: ["cotton", "organic-cotton"],
    price: [25, 40],
    fit: "regular",
    length: "regular",
    blurb: {
      en: "A piqué polo shirt with a ribbed collar and a three-button placket.",
      nl: "Een polo van piqué met geribde kraag en een knoopsluiting met drie knopen.",
      fr: "Un polo en maille piquée, avec col côtelé et patte de boutonnage à trois boutons.",
      es: "Un polo de punto piqué con cuello de canalé y tapeta de tres botones.",
    },
  },
  // Blouses & shirts
  {
    code: "blouse",
    garment: "shirt",
    genders: ["women"],
    silhouette: "blouse",
    noun: { en: "blouse", nl: "blouse", fr: "Blouse", es: "Blusa" },
    materials: ["viscose", "silk", "cotton", "linen"],
    patterns: ["floral", "dotted", "striped"],
    fit: "regular",
    length: "regular",
    blurb: {
      en: "A softly draped blouse with a relaxed collar and buttoned cuffs.",
      nl: "Een soepelvallende blouse met ontspannen kraag en manchetten met knoopjes.",
      fr: "Une blouse fluide à col souple et poignets boutonnés.",
      es: "Una blusa fluida con cuello suave y puños abotonados.",
    },
  },
  {
    code: "oversized-shirt",
    garment: "shirt",
    genders: ["women"],
    silhouette: "shirt",
    adjective: { en: "oversized", nl: "oversized", fr: "oversize", es: "oversize" },
    noun: { en: "shirt", nl: "blouse", fr: "Chemise", es: "Camisa" },
    materials: ["cotton", "linen"],
    patterns: ["striped"],
    fit: "oversized",
    length: "long",
    blurb: {
      en: "An oversized shirt with a chest pocket and a longer, curved hem.",
      nl: "Een oversized blouse met borstzak en een langere, afgeronde zoom.",
      fr: "Une chemise oversize avec poche poitrine et ourlet arrondi plus long.",
      es: "Una camisa oversize con bolsillo en el pecho y bajo redondeado más largo.",
    },
  },
  {
    code: "shirt",
    garment: "shirt",
    genders: ["men"],
    silhouette: "shirt",
    noun: { en: "shirt", nl: "overhemd", fr: "Chemise", es: "Camisa" },
    nlNeuter: true,
    materials: ["cotton", "linen"],
    patterns: ["striped", "checked"],
    fit: "regular",
    length: "regular",
    blurb: {
      en: "A crisp button-down shirt with a chest pocket and a curved hem.",
      nl: "Een fris overhemd met button-downkraag, borstzak en afgeronde zoom.",
      fr: "Une chemise nette à col boutonné, avec poche poitrine et ourlet arrondi.",
      es: "Una camisa impecable con cuello abotonado, bolsillo en el pecho y bajo redondeado.",
    },
  },
  {
    code: "slim-shirt",
    garment: "shirt",
    genders: ["men"],
    silhouette: "shirt",
    adjective: { en: "slim-fit", nl: "slim fit", fr: "ajustée", es: "entallada" },
    noun: { en: "shirt", nl: "overhemd", fr: "Chemise", es: "Camisa" },
    nlNeuter: true,
    materials: ["cotton"],
    patterns: ["striped", "checked"],
    fit: "slim",
    length: "regular",
    blurb: {
      en: "A slim-fit shirt with a cutaway collar, tailored to be worn tucked in.",
      nl: "Een slim fit overhemd met cutawaykraag, gemaakt om in de broek te dragen.",
      fr: "Une chemise ajustée à col italien, pensée pour être portée rentrée.",
      es: "Una camisa entallada con cuello italiano, pensada para llevar por dentro.",
    },
  },
  {
    code: "overshirt",
    garment: "shirt",
    genders: ["men"],
    silhouette: "overshirt",
    noun: { en: "overshirt", nl: "overshirt", fr: "Surchemise", es: "Sobrecamisa" },
    nlNeuter: true,
    materials: ["corduroy", "wool", "cotton"],
    patterns: ["checked"],
    colours: ["olive", "camel", "navy", "chocolate", "burgundy", "black"],
    price: [50, 90],
    fit: "relaxed",
    length: "regular",
    blurb: {
      en: "A sturdy overshirt with two flap pockets, to wear open over a T-shirt.",
      nl: "Een stevig overshirt met twee klepzakken, om open over een T-shirt te dragen.",
      fr: "Une surchemise robuste à deux poches à rabat, à porter ouverte sur un T-shirt.",
      es: "Una sobrecamisa resistente con dos bolsillos con solapa, para llevar abierta sobre una camiseta.",
    },
  },
  // Knitwear
  {
    code: "crew-neck-jumper",
    garment: "knit",
    genders: ["women", "men"],
    silhouette: "sweater",
    adjective: { en: "crew-neck", nl: "", fr: "col rond", es: "de cuello redondo" },
    noun: { en: "jumper", nl: "trui met ronde hals", fr: "Pull", es: "Jersey" },
    materials: ["merino", "lambswool", "cashmere", "cotton"],
    patterns: ["striped"],
    fit: "regular",
    length: "regular",
    blurb: {
      en: "A fine-knit crew-neck jumper with ribbed cuffs and hem.",
      nl: "Een fijngebreide trui met ronde hals en geribde boorden.",
      fr: "Un pull col rond en maille fine, avec bords côtes.",
      es: "Un jersey de punto fino con cuello redondo y remates de canalé.",
    },
  },
  {
    code: "oversized-jumper",
    garment: "knit",
    genders: ["women"],
    silhouette: "sweater",
    adjective: { en: "oversized", nl: "oversized", fr: "oversize", es: "oversize" },
    noun: { en: "jumper", nl: "trui", fr: "Pull", es: "Jersey" },
    materials: ["lambswool", "cotton"],
    fit: "oversized",
    length: "regular",
    blurb: {
      en: "A chunky oversized jumper with dropped shoulders and a cosy, textured knit.",
      nl: "Een grofgebreide oversized trui met verlaagde schouders en een behaaglijke structuur.",
      fr: "Un pull oversize en grosse maille, aux épaules tombantes et à la texture douillette.",
      es: "Un jersey oversize de punto grueso, con hombros caídos y una textura acogedora.",
    },
  },
  {
    code: "roll-neck",
    garment: "knit",
    genders: ["women", "men"],
    silhouette: "rollneck",
    adjective: { en: "roll-neck", nl: "", fr: "col roulé", es: "de cuello vuelto" },
    noun: { en: "jumper", nl: "coltrui", fr: "Pull", es: "Jersey" },
    materials: ["merino", "cashmere", "lambswool"],
    fit: "regular",
    length: "regular",
    blurb: {
      en: "A warm roll-neck jumper with a generous folded collar.",
      nl: "Een warme coltrui met een royale omgeslagen col.",
      fr: "Un pull chaud au col roulé généreux.",
      es: "Un jersey cálido con un amplio cuello vuelto.",
    },
  },
  {
    code: "cardigan",
    garment: "knit",
    genders: ["women", "men"],
    silhouette: "cardigan",
    noun: { en: "cardigan", nl: "vest", fr: "Gilet", es: "Cárdigan" },
    nlNeuter: true,
    materials: ["merino", "lambswool", "cotton", "cashmere"],
    fit: "relaxed",
    length: "regular",
    blurb: {
      en: "A V-neck cardigan with a buttoned front and ribbed trims.",
      nl: "Een vest met V-hals, knoopsluiting en geribde boorden.",
      fr: "Un gilet col V boutonné, aux finitions côtelées.",
      es: "Un cárdigan de cuello de pico con botones y remates de canalé.",
    },
  },
  {
    code: "v-neck-jumper",
    garment: "knit",
    genders: ["men"],
    silhouette: "vneck",
    adjective: { en: "V-neck", nl: "", fr: "col V", es: "de cuello de pico" },
    noun: { en: "jumper", nl: "trui met V-hals", fr: "Pull", es: "Jersey" },
    materials: ["merino", "cashmere", "cotton"],
    fit: "regular",
    length: "regular",
    blurb: {
      en: "A smart V-neck jumper in a fine gauge that layers easily over a shirt.",
      nl: "Een nette trui met V-hals in een fijne brei, makkelijk over een overhemd te dragen.",
      fr: "Un pull col V élégant en maille fine, facile à porter sur une chemise.",
      es: "Un elegante jersey de cuello de pico en punto fino, fácil de llevar sobre una camisa.",
    },
  },
  // Jeans
  {
    code: "straight-jeans",
    garment: "jeans",
    genders: ["women", "men"],
    silhouette: "jeans-straight",
    adjective: { en: "straight", nl: "straight fit", fr: "droit", es: "rectos" },
    noun: { en: "jeans", nl: "jeans", fr: "Jean", es: "Vaqueros" },
    materials: ["denim", "stretch-denim"],
    fit: "regular",
    length: "full",
    blurb: {
      en: "Five-pocket jeans with a straight leg and a mid-rise waist.",
      nl: "Five-pocket jeans met rechte pijpen en een middelhoge taille.",
      fr: "Un jean cinq poches à jambe droite et taille mi-haute.",
      es: "Unos vaqueros de cinco bolsillos con pernera recta y tiro medio.",
    },
  },
  {
    code: "slim-jeans",
    garment: "jeans",
    genders: ["women", "men"],
    silhouette: "jeans-slim",
    adjective: { en: "slim-fit", nl: "slim fit", fr: "slim", es: "slim" },
    noun: { en: "jeans", nl: "jeans", fr: "Jean", es: "Vaqueros" },
    materials: ["stretch-denim"],
    fit: "slim",
    length: "full",
    blurb: {
      en: "Slim-fit jeans, close-fitting from hip to ankle, with a little stretch for comfort.",
      nl: "Slim fit jeans die van heup tot enkel nauw aansluiten, met een beetje stretch voor comfort.",
      fr: "Un jean slim, ajusté de la hanche à la cheville, avec une touche de stretch pour le confort.",
      es: "Unos vaqueros slim, ajustados de la cadera al tobillo, con un toque elástico para mayor comodidad.",
    },
  },
  {
    code: "wide-leg-jeans",
    garment: "jeans",
    genders: ["women"],
    silhouette: "jeans-wide",
    adjective: { en: "wide-leg", nl: "wide leg", fr: "large", es: "de pernera ancha" },
    noun: { en: "jeans", nl: "jeans", fr: "Jean", es: "Vaqueros" },
    materials: ["denim"],
    fit: "relaxed",
    length: "full",
    blurb: {
      en: "High-waisted jeans with a wide leg that falls all the way to the floor.",
      nl: "Jeans met hoge taille en wijde pijpen die tot op de grond vallen.",
      fr: "Un jean taille haute à jambe large qui tombe jusqu'au sol.",
      es: "Unos vaqueros de tiro alto con pernera ancha que cae hasta el suelo.",
    },
  },
  {
    code: "mom-jeans",
    garment: "jeans",
    genders: ["women"],
    silhouette: "jeans-tapered",
    noun: { en: "mom jeans", nl: "mom jeans", fr: "Jean mom", es: "Vaqueros mom" },
    materials: ["denim"],
    fit: "relaxed",
    length: "ankle",
    blurb: {
      en: "High-rise mom jeans with a relaxed hip and a tapered, ankle-length leg.",
      nl: "Mom jeans met hoge taille, ruime heupen en taps toelopende pijpen tot de enkel.",
      fr: "Un jean mom taille haute, ample aux hanches, à jambe fuselée qui s'arrête à la cheville.",
      es: "Unos vaqueros mom de tiro alto, holgados en la cadera y con pernera estrecha hasta el tobillo.",
    },
  },
  {
    code: "tapered-jeans",
    garment: "jeans",
    genders: ["men"],
    silhouette: "jeans-tapered",
    adjective: { en: "tapered", nl: "tapered", fr: "fuselé", es: "tapered" },
    noun: { en: "jeans", nl: "jeans", fr: "Jean", es: "Vaqueros" },
    materials: ["denim", "stretch-denim"],
    fit: "regular",
    length: "full",
    blurb: {
      en: "Tapered jeans with room through the thigh and a narrower leg opening.",
      nl: "Tapered jeans met ruimte in het bovenbeen en een smallere pijpopening.",
      fr: "Un jean fuselé, aisé aux cuisses et resserré en bas de jambe.",
      es: "Unos vaqueros tapered con holgura en el muslo y un bajo más estrecho.",
    },
  },
  // Trousers
  {
    code: "wide-leg-trousers",
    garment: "trousers",
    genders: ["women"],
    silhouette: "trousers-wide",
    adjective: { en: "wide-leg", nl: "wijde", fr: "large", es: "ancho" },
    noun: { en: "trousers", nl: "broek", fr: "Pantalon", es: "Pantalón" },
    materials: ["linen", "viscose", "wool"],
    fit: "relaxed",
    length: "full",
    blurb: {
      en: "High-waisted wide-leg trousers with front pleats and side pockets.",
      nl: "Een wijde broek met hoge taille, bandplooien en steekzakken.",
      fr: "Un pantalon large taille haute, à pinces et poches latérales.",
      es: "Un pantalón ancho de tiro alto con pinzas y bolsillos laterales.",
    },
  },
  {
    code: "tailored-trousers",
    garment: "trousers",
    genders: ["women", "men"],
    silhouette: "trousers",
    adjective: { en: "tailored", nl: "", fr: "tailleur", es: "de vestir" },
    noun: { en: "trousers", nl: "pantalon", fr: "Pantalon", es: "Pantalón" },
    materials: ["wool", "cotton-stretch", "viscose"],
    patterns: ["checked"],
    fit: "regular",
    length: "full",
    blurb: {
      en: "Tailored trousers with pressed creases and a hook-and-bar fastening.",
      nl: "Een nette pantalon met persplooien en een haaksluiting.",
      fr: "Un pantalon tailleur à plis marqués, fermé par une agrafe.",
      es: "Un pantalón de vestir con raya marcada y cierre de corchete.",
    },
  },
  {
    code: "chinos",
    garment: "trousers",
    genders: ["men"],
    silhouette: "trousers",
    noun: { en: "chinos", nl: "chino", fr: "Chino", es: "Chinos" },
    materials: ["cotton-stretch"],
    fit: "slim",
    length: "full",
    blurb: {
      en: "Everyday chinos with slanted front pockets and a slightly tapered leg.",
      nl: "Een chino voor elke dag met schuine steekzakken en licht taps toelopende pijpen.",
      fr: "Un chino de tous les jours avec poches italiennes et jambe légèrement fuselée.",
      es: "Unos chinos para el día a día con bolsillos al bies y pernera ligeramente estrecha.",
    },
  },
  {
    code: "cargo-trousers",
    garment: "trousers",
    genders: ["women", "men"],
    silhouette: "trousers-cargo",
    noun: { en: "cargo trousers", nl: "cargobroek", fr: "Pantalon cargo", es: "Pantalón cargo" },
    materials: ["cotton", "cotton-stretch"],
    fit: "relaxed",
    length: "full",
    blurb: {
      en: "Relaxed cargo trousers with patch pockets on the legs and an elasticated back waist.",
      nl: "Een losvallende cargobroek met opgestikte zakken op de pijpen en een elastische achtertaille.",
      fr: "Un pantalon cargo décontracté, avec poches plaquées sur les jambes et dos de taille élastiqué.",
      es: "Un pantalón cargo holgado con bolsillos de parche en las perneras y cintura elástica en la espalda.",
    },
  },
  {
    code: "shorts",
    garment: "shorts",
    genders: ["men"],
    silhouette: "shorts",
    noun: { en: "shorts", nl: "short", fr: "Short", es: "Bermudas" },
    materials: ["linen", "cotton"],
    fit: "regular",
    length: "short",
    blurb: {
      en: "Knee-length shorts with turn-up hems and a drawstring waist.",
      nl: "Een short tot net boven de knie met omgeslagen zomen en een trekkoord in de taille.",
      fr: "Un short qui s'arrête au genou, avec revers et taille à cordon.",
      es: "Unas bermudas a la altura de la rodilla con bajos vueltos y cintura con cordón.",
    },
  },
  // Skirts
  {
    code: "midi-skirt",
    garment: "skirt",
    genders: ["women"],
    silhouette: "skirt-midi",
    noun: { en: "midi skirt", nl: "midirok", fr: "Jupe mi-longue", es: "Falda midi" },
    materials: ["viscose", "linen", "silk"],
    patterns: ["floral", "dotted"],
    fit: "regular",
    length: "midi",
    blurb: {
      en: "A flowing midi skirt with a smooth waistband and a concealed side zip.",
      nl: "Een soepele midirok met gladde tailleband en een verborgen rits opzij.",
      fr: "Une jupe mi-longue fluide, à ceinture plate et zip invisible sur le côté.",
      es: "Una falda midi fluida con cinturilla lisa y cremallera invisible en el lateral.",
    },
  },
  {
    code: "pleated-skirt",
    garment: "skirt",
    genders: ["women"],
    silhouette: "skirt-pleated",
    noun: { en: "pleated skirt", nl: "plissérok", fr: "Jupe plissée", es: "Falda plisada" },
    materials: ["viscose", "wool"],
    patterns: ["checked"],
    fit: "regular",
    length: "midi",
    blurb: {
      en: "A pleated midi skirt that swings with every step.",
      nl: "Een plissérok tot over de knie die bij elke stap meebeweegt.",
      fr: "Une jupe plissée mi-longue qui virevolte à chaque pas.",
      es: "Una falda plisada midi que se mueve con cada paso.",
    },
  },
  {
    code: "mini-skirt",
    garment: "skirt",
    genders: ["women"],
    silhouette: "skirt-mini",
    noun: { en: "mini skirt", nl: "minirok", fr: "Minijupe", es: "Minifalda" },
    materials: ["faux-leather", "corduroy"],
    colours: ["black", "chocolate", "burgundy", "camel"],
    fit: "slim",
    length: "mini",
    blurb: {
      en: "An A-line mini skirt with a high waist and a buttoned front.",
      nl: "Een A-lijn minirok met hoge taille en knoopsluiting aan de voorkant.",
      fr: "Une minijupe trapèze taille haute, boutonnée sur le devant.",
      es: "Una minifalda evasé de tiro alto con botones delanteros.",
    },
  },
  // Jackets & coats
  {
    code: "coat",
    garment: "outerwear",
    genders: ["women", "men"],
    silhouette: "coat",
    noun: { en: "coat", nl: "jas", fr: "Manteau", es: "Abrigo" },
    materials: ["wool", "cashmere"],
    patterns: ["checked"],
    price: [120, 230],
    fit: "regular",
    length: "long",
    blurb: {
      en: "A single-breasted coat with notch lapels and flap pockets, cut to below the knee.",
      nl: "Een enkelrijige jas met reverskraag en klepzakken, tot net onder de knie.",
      fr: "Un manteau droit à revers crantés et poches à rabat, qui descend sous le genou.",
      es: "Un abrigo de botonadura sencilla con solapas de muesca y bolsillos con tapeta, por debajo de la rodilla.",
    },
  },
  {
    code: "double-breasted-coat",
    garment: "outerwear",
    genders: ["women", "men"],
    silhouette: "coat-double",
    adjective: { en: "double-breasted", nl: "dubbelrijige", fr: "croisé", es: "cruzado" },
    noun: { en: "coat", nl: "jas", fr: "Manteau", es: "Abrigo" },
    materials: ["wool"],
    price: [130, 250],
    fit: "relaxed",
    length: "long",
    blurb: {
      en: "A double-breasted coat with wide lapels and a relaxed, slightly oversized fit.",
      nl: "Een dubbelrijige jas met brede revers en een ruime, licht oversized pasvorm.",
      fr: "Un manteau croisé à larges revers, à la coupe ample légèrement oversize.",
      es: "Un abrigo cruzado con solapas anchas y un corte amplio, ligeramente oversize.",
    },
  },
  {
    code: "trench-coat",
    garment: "outerwear",
    genders: ["women", "men"],
    silhouette: "trench",
    noun: { en: "trench coat", nl: "trenchcoat", fr: "Trench", es: "Gabardina" },
    materials: ["gabardine"],
    colours: ["camel", "black", "navy", "olive"],
    price: [110, 190],
    fit: "regular",
    length: "long",
    blurb: {
      en: "A classic double-breasted trench coat with a storm flap, epaulettes and a tie belt.",
      nl: "Een klassieke dubbelrijige trenchcoat met stormflap, epauletten en strikceintuur.",
      fr: "Un trench croisé classique avec empiècement tempête, pattes d'épaule et ceinture à nouer.",
      es: "Una gabardina cruzada clásica con canesú, charreteras y cinturón para anudar.",
    },
  },
  {
    code: "puffer-jacket",
    garment: "outerwear",
    genders: ["women", "men"],
    silhouette: "puffer",
    noun: { en: "puffer jacket", nl: "pufferjas", fr: "Doudoune", es: "Chaqueta acolchada" },
    materials: ["padding"],
    colours: ["black", "navy", "olive", "ecru", "chocolate"],
    price: [90, 170],
    fit: "regular",
    length: "regular",
    blurb: {
      en: "A quilted puffer jacket with a stand-up collar and a two-way zip.",
      nl: "Een gewatteerde pufferjas met opstaande kraag en tweewegrits.",
      fr: "Une doudoune matelassée à col montant et zip double sens.",
      es: "Una chaqueta acolchada con cuello alto y cremallera de doble cursor.",
    },
  },
  {
    code: "denim-jacket",
    garment: "outerwear",
    genders: ["women", "men"],
    silhouette: "denim-jacket",
    noun: { en: "denim jacket", nl: "spijkerjack", fr: "Veste en jean", es: "Cazadora vaquera" },
    nlNeuter: true,
    materials: ["denim"],
    colours: denimColours,
    price: [60, 100],
    fit: "regular",
    length: "cropped",
    blurb: {
      en: "A classic denim jacket with flap chest pockets and buttoned cuffs.",
      nl: "Een klassiek spijkerjack met klepzakken op de borst en knoopmanchetten.",
      fr: "Une veste en jean classique, avec poches poitrine à rabat et poignets boutonnés.",
      es: "Una cazadora vaquera clásica con bolsillos de solapa en el pecho y puños abotonados.",
    },
  },
  {
    code: "blazer",
    garment: "outerwear",
    genders: ["women", "men"],
    silhouette: "blazer",
    noun: { en: "blazer", nl: "blazer", fr: "Blazer", es: "Blazer" },
    materials: ["wool", "linen", "cotton-stretch"],
    patterns: ["checked"],
    price: [80, 160],
    fit: "regular",
    length: "regular",
    blurb: {
      en: "A tailored single-button blazer with notch lapels and flap pockets.",
      nl: "Een getailleerde blazer met één knoop, reverskraag en klepzakken.",
      fr: "Un blazer ajusté à un bouton, avec revers crantés et poches à rabat.",
      es: "Una blazer entallada de un botón, con solapas de muesca y bolsillos con tapeta.",
    },
  },
  {
    code: "biker-jacket",
    garment: "outerwear",
    genders: ["women", "men"],
    silhouette: "biker",
    noun: { en: "biker jacket", nl: "bikerjack", fr: "Veste motard", es: "Cazadora biker" },
    nlNeuter: true,
    materials: ["faux-leather"],
    colours: ["black", "chocolate", "burgundy"],
    price: [80, 140],
    fit: "slim",
    length: "cropped",
    blurb: {
      en: "A biker jacket with an asymmetric zip, wide lapels and zipped pockets.",
      nl: "Een bikerjack met asymmetrische rits, brede revers en ritszakken.",
      fr: "Une veste motard à zip asymétrique, larges revers et poches zippées.",
      es: "Una cazadora biker con cremallera asimétrica, solapas anchas y bolsillos con cremallera.",
    },
  },
];

// ----------------------------------------------------------------------------------------- assortment

/** How often each garment is drawn for a new style, per gender. */
export const garmentWeights: Readonly<Record<Gender, readonly (readonly [GarmentCode, number])[]>> = {
  women: [
    ["dress", 16],
    ["top", 16],
    ["shirt", 10],
    ["knit", 12],
    ["jeans", 10],
    ["trousers", 10],
    ["skirt", 8],
    ["outerwear", 10],
  ],
  men: [
    ["top", 18],
    ["shirt", 14],
    ["knit", 14],
    ["jeans", 14],
    ["trousers", 14],
    ["shorts", 8],
    ["outerwear", 14],
  ],
};

/** Shop-the-look sets: garments that are styled together in one photo shoot. */
export const lookTemplates: Readonly<Record<Gender, readonly (readonly GarmentCode[])[]>> = {
  women: [
    ["dress", "outerwear"],
    ["top", "jeans", "outerwear"],
    ["shirt", "skirt"],
    ["knit", "trousers", "outerwear"],
    ["top", "skirt", "knit"],
    ["shirt", "jeans"],
    ["top", "trousers", "knit", "outerwear"],
  ],
  men: [
    ["top", "jeans", "outerwear"],
    ["shirt", "trousers"],
    ["knit", "jeans"],
    ["top", "shorts"],
    ["shirt", "trousers", "outerwear"],
    ["top", "knit", "trousers", "outerwear"],
  ],
};

/** The model wearing the sample, per gender: heights in cm the photos were taken with. */
export const modelHeights: Readonly<Record<Gender, readonly number[]>> = {
  women: [172, 174, 175, 176, 178, 179],
  men: [183, 184, 186, 187, 188, 190],
};

export function modelInfo(gender: Gender, height: number, size: string, locale: Locale): string {
  switch (locale) {
    case "en":
      return `Model is ${height} cm and wears size ${size}`;
    case "nl":
      return `Model is ${height} cm en draagt maat ${size}`;
    case "fr":
      return `Le mannequin mesure ${height} cm et porte la taille ${size}`;
    case "es":
      return `${gender === "women" ? "La modelo" : "El modelo"} mide ${height} cm y lleva la talla ${size}`;
  }
}
