// Renders the app icons in public/icons from icon.svg (run after changing it; the PNGs are committed).
import path from "node:path";
import sharp from "sharp";

const folder = path.resolve(import.meta.dirname, "../public/icons");
const source = path.join(folder, "icon.svg");
const sizes = [
  { name: "icon-192.png", size: 192, padding: 0 },
  { name: "icon-512.png", size: 512, padding: 0 },
  { name: "icon-maskable-512.png", size: 512, padding: 56 },
  { name: "apple-touch-icon.png", size: 180, padding: 0 },
];

for (const { name, size, padding } of sizes) {
  const inner = size - padding * 2;
  const art = await sharp(source, { density: 300 }).resize(inner, inner).png().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: "#1f1b16" } })
    .composite([{ input: art, left: padding, top: padding }])
    .png()
    .toFile(path.join(folder, name));
  console.log(name);
}
