import { describe, expect, it } from 'vitest';
import { META_DESCRIPTION_MAX, metaDescription } from './meta-description.ts';

describe('metaDescription', () => {
  it('keeps a short text whole, its spaces tidied', () => {
    expect(metaDescription('  Crunchy   roasted\nalmonds. ')).toBe('Crunchy roasted almonds.');
  });

  it('keeps the whole sentences that fit', () => {
    const first = 'Plump whole cashews from Vietnam, slow-roasted in small batches until golden.';
    const second = 'Buttery, gently sweet and satisfyingly crunchy.';
    const third = 'Keep sealed in a cool, dry cupboard and enjoy within four weeks of opening, by the handful.';
    const description = metaDescription(`${first} ${second} ${third}`);
    expect(description).toBe(`${first} ${second}`);
    expect(description.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
  });

  it('cuts a first sentence too long to fit at a word, with an ellipsis', () => {
    const long = `${'Golden roasted cashews, '.repeat(10)}done.`;
    const description = metaDescription(long);
    expect(description.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
    expect(description).toMatch(/^Golden roasted cashews, .*(Golden|roasted|cashews)…$/);
    expect(long.startsWith(description.slice(0, -1))).toBe(true);
  });
});
