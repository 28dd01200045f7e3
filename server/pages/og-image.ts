// The picture WhatsApp and Facebook show for a product link: a 1200×630 JPEG (their recommended size; WebP
// previews are not shown by every client), the product photo centred on white, well under 300 KB.
import sharp from "sharp";

const OG_WIDTH = 1200;
const OG_HEIGHT = 630;

export async function renderOgImage(photo: Uint8Array): Promise<Buffer> {
  const fitted = await sharp(photo)
    .resize({ width: OG_WIDTH, height: OG_HEIGHT, fit: "contain", background: "#ffffff" })
    .flatten({ background: "#ffffff" })
    .toBuffer();
  return sharp(fitted).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}
