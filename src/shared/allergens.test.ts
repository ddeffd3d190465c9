import { describe, expect, it } from 'vitest';
import { mayContainAllergens } from '#shared/allergens';

const kitchen = 'Packed in our London kitchen, which also handles peanuts, tree nuts and sesame.';

describe('mayContainAllergens', () => {
  it('names what the kitchen also handles, leaving out what the product declares', () => {
    expect(mayContainAllergens({ description: `Cashews. ${kitchen}`, allergens: ['Tree nuts'] })).toEqual([
      'Peanuts',
      'Sesame',
    ]);
    expect(mayContainAllergens({ description: `Seeds. ${kitchen}`, allergens: [] })).toEqual([
      'Peanuts',
      'Tree nuts',
      'Sesame',
    ]);
  });

  it('reads a "may contain" sentence and only the clause after it', () => {
    expect(
      mayContainAllergens({
        description: 'Contains soya. May contain milk and wheat. Great with eggs.',
        allergens: [],
      }),
    ).toEqual(['Milk', 'Cereals containing gluten']);
  });

  it('finds nothing where the description says nothing of the kind', () => {
    expect(
      mayContainAllergens({ description: 'Pine nuts, mild and creamy. Contains sesame oil.', allergens: [] }),
    ).toEqual([]);
  });
});
