/** A picture's size as its header states it, read without decoding a pixel: checked before anything is decoded. */
import sharp from 'sharp';

export async function statedSize(bytes: Buffer): Promise<{ width: number; height: number } | undefined> {
  try {
    // limitInputPixels off: only the header is read here, and an over-size one must be measured to be refused.
    const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}
