import { describe, expect, it } from 'vitest';
import { allergenTerms, nearWords, singular } from './search-words.ts';

describe('singular', () => {
  it.each([
    ['walnuts', 'walnut'],
    ['cherries', 'cherry'],
    ['peaches', 'peach'],
    ['tomatoes', 'tomato'],
    ['pistachios', 'pistachio'],
    ['hummus', 'hummus'],
    ['glass', 'glass'],
    ['figs', 'fig'],
    ['nuts', 'nut'],
    ['gas', 'gas'],
  ])('%s is %s', (word, expected) => {
    expect(singular(word)).toBe(expected);
  });
});

describe('nearWords', () => {
  const vocabulary = ['almonds', 'almond', 'cashews', 'walnuts', 'figs', 'nutty', 'nuts'];

  it('forgives one letter swapped, left out, added or changed in a word of five letters or more', () => {
    expect(nearWords('almnods', vocabulary)).toEqual(['almonds']);
    expect(nearWords('walnts', vocabulary)).toEqual(['walnuts']);
    expect(nearWords('wallnuts', vocabulary)).toEqual(['walnuts']);
    expect(nearWords('walnutz', vocabulary)).toEqual(['walnuts']);
  });

  it('forgives it in a word’s start, as a shopper types', () => {
    expect(nearWords('cashw', vocabulary)).toEqual(['cashews']);
  });

  it('forgives nothing in a shorter word, nor two typos, nor in numbers', () => {
    expect(nearWords('fgs', vocabulary)).toEqual([]);
    expect(nearWords('nutts', ['nuts', 'nutty'])).toEqual(['nuts', 'nutty']);
    expect(nearWords('nuuts', ['nut'])).toEqual([]);
    expect(nearWords('amldnos', vocabulary)).toEqual([]);
    expect(nearWords('12345', ['12346'])).toEqual([]);
  });

  it('never offers the word itself', () => {
    expect(nearWords('almonds', vocabulary)).toEqual(['almond']);
  });
});

describe('allergenTerms', () => {
  it('finds a declared allergen by the words shoppers use for it', () => {
    const terms = allergenTerms(['Sulphur dioxide and sulphites'], '');
    for (const word of ['sulphite', 'sulfite', 'so2', 'sulphur dioxide and sulphites']) expect(terms).toContain(word);
  });

  it('finds by the legal name what the ingredients name in everyday words', () => {
    expect(allergenTerms([], 'rolled oats, honey')).toContain('cereals containing gluten');
    expect(allergenTerms([], 'tamari soya sauce')).toContain('soy');
    expect(allergenTerms([], 'dates')).toBe('');
  });
});
