/**
 * Real photos made by sharp for upload tests: a camera-like JPEG with EXIF (make, copyright, GPS), a PNG, a GIF; and a
 * large 16-bit PNG made by hand, a small file that costs seconds to decode.
 */
import { constants, crc32, createDeflate } from 'node:zlib';
import sharp from 'sharp';

const colour = { r: 196, g: 128, b: 64 };

/** A JPEG as a phone makes one: EXIF with the camera, a copyright and where it was taken, and an orientation. */
export function jpegWithExif({ width = 1200, height = 900, orientation = 1 } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation })
    .withExif({
      IFD0: { Make: 'RoastCam', Model: 'Test 1', Copyright: 'A shopper' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 5/1 0/1' },
    })
    .toBuffer();
}

export function png({ width = 300, height = 200 } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { ...colour, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

export function webp({ width = 1000, height = 1000 } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .webp()
    .toBuffer();
}

export function gif({ width = 40, height = 30 } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .gif()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, checksum]);
}

/**
 * A valid RGB PNG of a black picture, 16 bits per sample unless `bits` says 8, written by hand: its rows of zeros
 * deflate (run-length) to almost nothing, so 10,000 × 10,000 pixels is a file of about 600 KB that takes sharp seconds
 * of CPU to decode — a decompression bomb (decision 048) — and it is made in well under a second, where sharp would
 * take ten.
 */
export async function largeBlankPng({
  width,
  height,
  bits = 16,
}: {
  width: number;
  height: number;
  bits?: 8 | 16;
}): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bits; // bits per sample
  header[9] = 2; // RGB
  // Each row: filter type 0, then three zero samples per pixel.
  const row = Buffer.alloc(1 + width * 3 * (bits / 8));
  const deflate = createDeflate({ level: 9, strategy: constants.Z_RLE });
  const compressed: Buffer[] = [];
  deflate.on('data', (part: Buffer) => compressed.push(part));
  const finished = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  for (let y = 0; y < height; y += 1) {
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await finished;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
