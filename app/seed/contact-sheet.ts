// Renders garment illustrations side by side into one PNG, to look at while tuning the drawings:
//   npx tsx app/seed/contact-sheet.ts /tmp/sheet.png tshirt:navy shirt:white:striped jeans-straight:denim-blue:plain:detail
import sharp, { type OverlayOptions } from "sharp";
import { type ColourCode, colours } from "./catalogue-data";
import { garmentSvg, type Print, type Silhouette, silhouettes, type View } from "./garment-svg";

const TILE = 300;

async function tile(spec: string): Promise<OverlayOptions> {
  const [silhouette, colour = "navy", print = "plain", view = "front"] = spec.split(":");
  if (!silhouettes.includes(silhouette as Silhouette)) throw new Error(`unknown silhouette ${silhouette}`);
  const hex = colours[colour as ColourCode]?.hex ?? colour;
  const svg = garmentSvg(silhouette as Silhouette, hex, print as Print, view as View);
  const input = await sharp(Buffer.from(svg)).resize(TILE).png().toBuffer();
  return { input };
}

const [out = "/tmp/contact-sheet.png", ...specs] = process.argv.slice(2);
const tiles = await Promise.all(specs.map(tile));
const columns = Math.min(tiles.length, 6);
const rows = Math.ceil(tiles.length / columns);
await sharp({
  create: { width: columns * TILE, height: rows * TILE * 1.5, channels: 3, background: "#ffffff" },
})
  .composite(
    tiles.map((t, i) => ({ ...t, left: (i % columns) * TILE, top: Math.floor(i / columns) * TILE * 1.5 })),
  )
  .png()
  .toFile(out);
console.log(out);
