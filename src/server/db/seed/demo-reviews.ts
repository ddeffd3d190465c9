/**
 * SAMPLE DATA, NOT REAL CUSTOMERS: made-up reviews that fill the home page's carousel and /reviews on a demo or
 * development shop (DEMO_DATA, on by default only with the embedded database). The names, towns and texts were
 * written for this project; none is a real person's review. A live shop must not show them: presenting invented
 * reviews as customers' is unlawful in the UK, which is why they are never seeded into PostgreSQL unless
 * DEMO_DATA=1 says so, and never carry the 'Verified customer' badge.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../database.ts';
import { reviews } from '../schema.ts';

export interface DemoReview {
  name: string;
  location: string;
  rating: 3 | 4 | 5;
  message: string;
  /** How long before seeding the review is dated, so the list has a believable, fixed order. */
  daysAgo: number;
}

/** Newest first, as the API lists them. */
export const demoReviews: readonly DemoReview[] = [
  {
    name: 'Fiona MacLeod',
    location: 'Inverness',
    rating: 5,
    message:
      'The sea salt almonds arrived two days after I ordered and were gone in three. Crunchy, not too salty, and very well packed.',
    daysAgo: 2,
  },
  {
    name: 'Tom Pritchard',
    location: 'Cardiff',
    rating: 4,
    message:
      'Medjool dates are big, soft and sticky in the best way. Knocked a star off only because one pack was a little squashed in the post.',
    daysAgo: 6,
  },
  {
    name: 'Priya Shah',
    location: 'Leicester',
    rating: 5,
    message:
      'I bake with the pecan halves and walnut halves every week. Whole pieces, hardly any dust at the bottom of the bag, and a fair price per kilo.',
    daysAgo: 11,
  },
  {
    name: 'Gareth Jones',
    location: 'Swansea',
    rating: 3,
    message:
      'The pumpkin seeds taste good toasted on soup, but I prefer them a bit smaller. The 250g size was handy for trying them out.',
    daysAgo: 19,
  },
  {
    name: 'Hannah Clarke',
    location: 'York',
    rating: 4,
    message:
      'Soft dried apricots are a lunchbox favourite here. Lovely and plump, though a few were drier than the rest.',
    daysAgo: 27,
  },
  {
    name: 'Callum Reid',
    location: 'Belfast',
    rating: 5,
    message:
      'Roasted pistachios in shell, properly roasted rather than just warmed. The allergen list on the product page made ordering for my daughter easy.',
    daysAgo: 40,
  },
];

const DAY_MS = 24 * 60 * 60_000;

/**
 * Puts the sample reviews into an empty reviews table and answers how many (0 when there were reviews already).
 * Servers sharing a database call it one at a time, under the setup lock that `DatabaseHandle.prepare` holds.
 */
export async function seedDemoReviews(db: Database, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ count: sql<number>`count(*)::int` }).from(reviews);
    if ((existing?.count ?? 0) > 0) return 0;
    await tx.insert(reviews).values(
      demoReviews.map((review) => ({
        name: review.name,
        location: review.location,
        rating: review.rating,
        message: review.message,
        image: null,
        userId: null,
        verified: false,
        createdAt: new Date(now.getTime() - review.daysAgo * DAY_MS),
      })),
    );
    return demoReviews.length;
  });
}
