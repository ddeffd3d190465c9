/** Real photos made by sharp for upload tests: a camera-like JPEG with EXIF (make, copyright, GPS), a PNG, a GIF. */
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
