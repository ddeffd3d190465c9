import type { Allergen } from '#shared/allergens';

/**
 * The food information a UK shop selling at a distance must show before purchase (FIR 1169/2011 art. 14, as retained):
 * ingredients, precautionary allergens, nutrition per 100 g, origin and storage, for each launch product (issue 18).
 * The name and net quantity are the product's own name and weights in catalog.ts. 'May contain' replaces the guess
 * read from each description (decision 062) and says the same as that description's 'also handles' sentence.
 *
 * NOTE: these are typical values written for the shop from published composition data for each kind of food, with
 * energy worked out from the macronutrients using the Regulation's Annex XIV factors (fat 37 kJ / 9 kcal, carbohydrate
 * and protein 17 kJ / 4 kcal, fibre 8 kJ / 2 kcal per gram). They are not laboratory analyses of our stock: check them
 * against each supplier's specification before they are relied on.
 */

/** Per 100 g, as the UK nutrition declaration lists it: energy in kJ and kcal (whole numbers), the rest in grams with one decimal (salt two decimals allowed). */
export interface Nutrition {
  energyKj: number;
  energyKcal: number;
  fat: number;
  saturates: number;
  carbohydrate: number;
  sugars: number;
  fibre: number;
  protein: number;
  salt: number;
}

export interface FoodInformation {
  /** The ingredients list as a UK label writes it, in descending order of weight, with the QUID percentage of the characterising ingredient, e.g. 'Cashew nuts (97%), sunflower oil, sea salt'. Allergenic ingredients named by their usual name (e.g. 'almonds', 'sesame seeds', 'sulphur dioxide') so a renderer can emphasise them. */
  ingredients: string;
  /** Allergens the product may carry from the kitchen (precautionary), never one it contains. */
  mayContain: Allergen[];
  nutrition: Nutrition;
  /** Country of origin of the main ingredient, e.g. 'Vietnam' or 'Turkey'. */
  origin: string;
  /** Storage and use-after-opening instructions as a label gives them. */
  storage: string;
}

/** The launch catalog's food information, by product id. */
export const foodInformation: Record<string, FoodInformation> = {
  'roasted-cashew-nuts': {
    ingredients: 'Cashew nuts (99%), sea salt',
    mayContain: ['Peanuts', 'Sesame'],
    nutrition: {
      energyKj: 2455,
      energyKcal: 592,
      fat: 46.0,
      saturates: 8.6,
      carbohydrate: 24.5,
      sugars: 5.4,
      fibre: 3.4,
      protein: 18.2,
      salt: 0.8,
    },
    origin: 'Vietnam',
    storage: 'Store sealed in a cool, dry cupboard. Once opened, eat within 4 weeks.',
  },
  'sea-salt-roasted-almonds': {
    ingredients: 'Almonds (99%), sea salt',
    mayContain: ['Peanuts', 'Sesame'],
    nutrition: {
      energyKj: 2515,
      energyKcal: 609,
      fat: 52.5,
      saturates: 4.0,
      carbohydrate: 6.5,
      sugars: 4.5,
      fibre: 11.0,
      protein: 22.0,
      salt: 0.9,
    },
    origin: 'United States',
    storage: 'Store in a cool, dry place. Once opened, reseal and eat within 4 weeks.',
  },
  'walnut-halves': {
    ingredients: 'Walnuts',
    mayContain: [],
    nutrition: {
      energyKj: 2809,
      energyKcal: 681,
      fat: 66.0,
      saturates: 6.4,
      carbohydrate: 3.3,
      sugars: 2.6,
      fibre: 6.5,
      protein: 15.2,
      salt: 0.01,
    },
    origin: 'Chile',
    storage:
      'Store in a cool, dry place away from direct sunlight. Once opened, keep in an airtight container in the fridge and use within 6 weeks.',
  },
  // NOTE: sold in the shell; the nutrition is per 100 g of kernels (the edible part), as in-shell labels usually give it.
  'roasted-pistachios-in-shell': {
    ingredients: 'Pistachio nuts (99%), sea salt',
    mayContain: ['Peanuts', 'Sesame'],
    nutrition: {
      energyKj: 2430,
      energyKcal: 587,
      fat: 46.0,
      saturates: 5.8,
      carbohydrate: 17.0,
      sugars: 7.4,
      fibre: 10.3,
      protein: 21.0,
      salt: 0.9,
    },
    origin: 'United States',
    storage: 'Store in a cool, dry place. Once opened, reseal and eat within 4 weeks.',
  },
  'roasted-hazelnuts': {
    ingredients: 'Hazelnuts',
    mayContain: ['Peanuts', 'Sesame'],
    nutrition: {
      energyKj: 2787,
      energyKcal: 676,
      fat: 63.5,
      saturates: 4.6,
      carbohydrate: 6.5,
      sugars: 4.3,
      fibre: 9.0,
      protein: 15.0,
      salt: 0.01,
    },
    origin: 'Turkey',
    storage: 'Store in a cool, dry place. Once opened, reseal and eat within 4 weeks.',
  },
  'pecan-halves': {
    ingredients: 'Pecan nuts',
    mayContain: [],
    nutrition: {
      energyKj: 2974,
      energyKcal: 722,
      fat: 72.0,
      saturates: 6.2,
      carbohydrate: 4.5,
      sugars: 4.0,
      fibre: 9.6,
      protein: 9.2,
      salt: 0.01,
    },
    origin: 'United States',
    storage: 'Store in an airtight container somewhere cool and dark. Once opened, use within 6 weeks.',
  },
  'brazil-nuts': {
    ingredients: 'Brazil nuts',
    mayContain: [],
    nutrition: {
      energyKj: 2854,
      energyKcal: 692,
      fat: 67.0,
      saturates: 15.5,
      carbohydrate: 4.2,
      sugars: 2.3,
      fibre: 7.5,
      protein: 14.3,
      salt: 0.01,
    },
    origin: 'Bolivia',
    storage: 'Store sealed in a cool, dry place away from strong smells. Once opened, use within 4 weeks.',
  },
  'roasted-macadamia-nuts': {
    ingredients: 'Macadamia nuts (99.5%), sea salt',
    mayContain: ['Peanuts', 'Sesame'],
    nutrition: {
      energyKj: 3106,
      energyKcal: 754,
      fat: 76.0,
      saturates: 12.0,
      carbohydrate: 5.5,
      sugars: 4.6,
      fibre: 8.0,
      protein: 8.0,
      salt: 0.4,
    },
    origin: 'Australia',
    storage: 'Store in a cool, dry place. Once opened, reseal and eat within 4 weeks.',
  },
  'honey-roasted-peanuts': {
    ingredients: 'Peanuts (82%), sugar, honey (5%), sunflower oil, sea salt',
    mayContain: ['Tree nuts', 'Sesame'],
    nutrition: {
      energyKj: 2397,
      energyKcal: 577,
      fat: 43.0,
      saturates: 7.0,
      carbohydrate: 22.0,
      sugars: 15.5,
      fibre: 6.2,
      protein: 22.5,
      salt: 0.95,
    },
    origin: 'Argentina',
    storage: 'Store in a cool, dry place. Once opened, reseal to keep them crisp and eat within 2 weeks.',
  },
  'jumbo-flame-raisins': {
    ingredients: 'Raisins (99.5%), sunflower oil',
    mayContain: [],
    nutrition: {
      energyKj: 1264,
      energyKcal: 298,
      fat: 0.5,
      saturates: 0.1,
      carbohydrate: 69.0,
      sugars: 62.0,
      fibre: 3.7,
      protein: 2.5,
      salt: 0.03,
    },
    origin: 'Chile',
    storage: 'Store sealed in a cool, dry place. Once opened, reseal and eat within 4 weeks.',
  },
  'golden-sultanas': {
    ingredients: 'Sultanas, preservative: sulphur dioxide',
    mayContain: [],
    nutrition: {
      energyKj: 1258,
      energyKcal: 297,
      fat: 0.4,
      saturates: 0.1,
      carbohydrate: 69.0,
      sugars: 64.0,
      fibre: 3.5,
      protein: 2.5,
      salt: 0.05,
    },
    origin: 'Turkey',
    storage: 'Store in a cool, dry place. Once opened, reseal and eat within 4 weeks.',
  },
  'soft-dried-apricots': {
    ingredients: 'Apricots, preservative: sulphur dioxide',
    mayContain: [],
    nutrition: {
      energyKj: 977,
      energyKcal: 231,
      fat: 0.5,
      saturates: 0.1,
      carbohydrate: 50.0,
      sugars: 42.0,
      fibre: 6.3,
      protein: 3.4,
      salt: 0.03,
    },
    origin: 'Turkey',
    storage: 'Store in a cool, dry place. Once opened, reseal and eat within 4 weeks.',
  },
  'turkish-dried-figs': {
    ingredients: 'Figs',
    mayContain: [],
    nutrition: {
      energyKj: 1074,
      energyKcal: 254,
      fat: 1.0,
      saturates: 0.2,
      carbohydrate: 53.0,
      sugars: 48.0,
      fibre: 10.0,
      protein: 3.3,
      salt: 0.03,
    },
    origin: 'Turkey',
    storage:
      'Store in a cool, dry place. Once opened, reseal and eat within 4 weeks. A white bloom of natural fruit sugar may form on the skin; it is harmless.',
  },
  // NOTE: sold with their stones; the nutrition is per 100 g of the fruit without stones (the edible part).
  'medjool-dates': {
    ingredients: 'Medjool dates',
    mayContain: [],
    nutrition: {
      energyKj: 1248,
      energyKcal: 294,
      fat: 0.2,
      saturates: 0.0,
      carbohydrate: 68.0,
      sugars: 66.0,
      fibre: 6.7,
      protein: 1.8,
      salt: 0.01,
    },
    origin: 'Jordan',
    storage: 'Store in a cool, dry place. Once opened, keep in the fridge and eat within 4 weeks.',
  },
  'dried-cranberries': {
    ingredients: 'Cranberries (60%), cane sugar, sunflower oil',
    mayContain: [],
    nutrition: {
      energyKj: 1422,
      energyKcal: 336,
      fat: 1.3,
      saturates: 0.1,
      carbohydrate: 78.0,
      sugars: 66.0,
      fibre: 5.5,
      protein: 0.2,
      salt: 0.01,
    },
    origin: 'Canada',
    storage: 'Store in a cool, dry place. Once opened, reseal and eat within 4 weeks.',
  },
  'dried-mango-slices': {
    ingredients: 'Mango, preservative: sulphur dioxide',
    mayContain: [],
    nutrition: {
      energyKj: 1323,
      energyKcal: 312,
      fat: 1.0,
      saturates: 0.3,
      carbohydrate: 70.0,
      sugars: 63.0,
      fibre: 6.5,
      protein: 2.6,
      salt: 0.05,
    },
    origin: 'Philippines',
    storage: 'Store in a cool, dry place. Once opened, reseal and eat within 2 weeks.',
  },
  'soft-pitted-prunes': {
    ingredients: 'Prunes',
    mayContain: [],
    nutrition: {
      energyKj: 911,
      energyKcal: 215,
      fat: 0.4,
      saturates: 0.1,
      carbohydrate: 47.0,
      sugars: 30.0,
      fibre: 7.0,
      protein: 2.4,
      salt: 0.02,
    },
    origin: 'France',
    storage:
      'Store in a cool, dry place. Once opened, keep in an airtight container in the fridge and eat within 2 weeks.',
  },
  'roasted-pumpkin-seeds': {
    ingredients: 'Pumpkin seeds (99%), sea salt',
    mayContain: ['Peanuts', 'Tree nuts', 'Sesame'],
    nutrition: {
      energyKj: 2416,
      energyKcal: 583,
      fat: 47.0,
      saturates: 8.5,
      carbohydrate: 5.0,
      sugars: 1.4,
      fibre: 6.0,
      protein: 32.0,
      salt: 0.7,
    },
    origin: 'Austria',
    storage: 'Store in a cool, dry place. Once opened, reseal and eat within 4 weeks.',
  },
  'tamari-roasted-sunflower-seeds': {
    ingredients: 'Sunflower seeds (93%), tamari soya sauce (7%) (water, soya beans, sea salt)',
    mayContain: ['Peanuts', 'Tree nuts', 'Sesame'],
    nutrition: {
      energyKj: 2513,
      energyKcal: 607,
      fat: 50.0,
      saturates: 5.0,
      carbohydrate: 12.0,
      sugars: 3.0,
      fibre: 8.5,
      protein: 23.0,
      salt: 1.05,
    },
    origin: 'Bulgaria',
    storage: 'Store in a cool, dry place. Once opened, reseal and eat within 4 weeks.',
  },
  'chia-seeds': {
    ingredients: 'Chia seeds',
    mayContain: [],
    nutrition: {
      energyKj: 1823,
      energyKcal: 442,
      fat: 30.7,
      saturates: 3.3,
      carbohydrate: 7.7,
      sugars: 0.5,
      fibre: 34.4,
      protein: 16.5,
      salt: 0.04,
    },
    origin: 'Bolivia',
    storage: 'Store in a cool, dry place. Once opened, reseal and use within 3 months.',
  },
  'golden-linseed': {
    ingredients: 'Golden linseed',
    mayContain: [],
    nutrition: {
      energyKj: 2118,
      energyKcal: 514,
      fat: 42.2,
      saturates: 3.7,
      carbohydrate: 1.6,
      sugars: 1.5,
      fibre: 27.3,
      protein: 18.3,
      salt: 0.08,
    },
    origin: 'Canada',
    storage:
      'Store sealed somewhere cool and dark. Once opened, use within 2 months; once ground, keep in the fridge and use within a week.',
  },
  'hulled-white-sesame-seeds': {
    ingredients: 'Sesame seeds',
    mayContain: [],
    nutrition: {
      energyKj: 2643,
      energyKcal: 640,
      fat: 58.0,
      saturates: 8.2,
      carbohydrate: 3.5,
      sugars: 0.5,
      fibre: 10.0,
      protein: 21.0,
      salt: 0.1,
    },
    origin: 'Ethiopia',
    storage: 'Store sealed in a cool, dry place. Once opened, use within 2 months.',
  },
  'pine-nuts': {
    ingredients: 'Pine nuts',
    mayContain: ['Peanuts', 'Tree nuts', 'Sesame'],
    nutrition: {
      energyKj: 2953,
      energyKcal: 715,
      fat: 68.4,
      saturates: 4.9,
      carbohydrate: 9.4,
      sugars: 3.6,
      fibre: 3.7,
      protein: 13.7,
      salt: 0.01,
    },
    origin: 'China',
    storage:
      'Store in a cool, dry place. Once opened, keep in an airtight container in the fridge and use within 4 weeks.',
  },
  'hulled-hemp-seeds': {
    ingredients: 'Hulled hemp seeds',
    mayContain: [],
    nutrition: {
      energyKj: 2455,
      energyKcal: 592,
      fat: 48.8,
      saturates: 4.6,
      carbohydrate: 4.7,
      sugars: 1.5,
      fibre: 4.0,
      protein: 31.6,
      salt: 0.01,
    },
    origin: 'Canada',
    storage: 'Store in a cool, dry place. Once opened, keep in the fridge and use within 6 weeks.',
  },
  // NOTE: the description names no origins for the mix; the main ingredient is taken to be our Austrian pumpkin seeds.
  'four-seed-mix': {
    ingredients: 'Pumpkin seeds (35%), sunflower seeds (30%), golden linseed (20%), sesame seeds (15%)',
    mayContain: [],
    nutrition: {
      energyKj: 2433,
      energyKcal: 589,
      fat: 49.7,
      saturates: 6.4,
      carbohydrate: 5.9,
      sugars: 1.6,
      fibre: 11.6,
      protein: 23.6,
      salt: 0.04,
    },
    origin: 'Austria',
    storage: 'Store sealed in a cool, dry place. Once opened, use within 4 weeks.',
  },
};
