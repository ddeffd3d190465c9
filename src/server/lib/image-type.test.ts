import { describe, expect, it } from 'vitest';
import { detectPhotoType } from './image-type.ts';

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(
    values.flatMap((value) => (typeof value === 'string' ? [...value].map((c) => c.charCodeAt(0)) : [value])),
  );

describe('detectPhotoType', () => {
  it('knows JPEG, PNG and WebP by their first bytes', () => {
    expect(detectPhotoType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF'))).toBe('image/jpeg');
    expect(detectPhotoType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 'IHDR'))).toBe('image/png');
    expect(detectPhotoType(bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
  });

  it.each([
    ['a GIF', bytes('GIF89a', 1, 0, 1, 0)],
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['text', bytes('hello, this is not a photo')],
    ['a WAV (RIFF but not WEBP)', bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt ')],
    ['a truncated PNG signature', bytes(0x89, 'PNG', 0x0d, 0x0a)],
    ['two bytes of JPEG', bytes(0xff, 0xd8)],
    ['nothing', bytes()],
  ])('refuses %s', (_label, content) => {
    expect(detectPhotoType(content)).toBeUndefined();
  });
});
