/** /about: who Roast & Co. are, what they aim for, and the people behind the roaster. */
import { Link } from 'react-router';
import { Flame, Leaf, Truck } from 'lucide-react';
import { SHOP_NAME } from '#shared/constants';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { PageMeta } from '#web/components/layout/page-meta.tsx';

const VALUES = [
  {
    Icon: Flame,
    title: 'Roasted in small batches',
    text: 'Every batch is dry roasted in our East London unit and packed within days, never months.',
  },
  {
    Icon: Leaf,
    title: 'Sourced with care',
    text: 'We import from growers we know by name, and we choose quality over the lowest price.',
  },
  {
    Icon: Truck,
    title: 'At your door in 3-5 days',
    text: 'Orders are packed by hand and delivered across the UK in three to five business days.',
  },
] as const;

const TEAM = [
  { name: 'Priya Raman', role: 'Founder and head roaster', initials: 'PR', colour: 'bg-amber-100 text-amber-900' },
  { name: 'Tom Whitaker', role: 'Sourcing and quality', initials: 'TW', colour: 'bg-lime-100 text-lime-900' },
  { name: 'Aisha Okafor', role: 'Customer care', initials: 'AO', colour: 'bg-rose-100 text-rose-900' },
  { name: 'Daniel Kowalski', role: 'Packing and delivery', initials: 'DK', colour: 'bg-teal-100 text-teal-900' },
] as const;

export default function AboutRoute() {
  return (
    <PageContainer>
      <PageMeta
        title={`About Us | ${SHOP_NAME}`}
        description="Roast & Co. is a small roastery in East London: nuts, dry fruits and seeds from growers we know, roasted in small batches and delivered across the UK."
      />

      <section className="grid gap-8 lg:grid-cols-[3fr_2fr] lg:items-center">
        <div>
          <p className="text-sm font-bold tracking-widest text-roast-600 uppercase">About us</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-roast-900 sm:text-4xl">
            A small London roastery with a big love of nuts
          </h1>
          <div className="mt-5 space-y-4 text-lg leading-relaxed text-stone-700">
            <p>
              {SHOP_NAME} began in 2019 with one drum roaster, a borrowed railway arch and a simple idea: nuts, dry
              fruits and seeds taste far better when they are roasted close to the people who eat them.
            </p>
            <p>
              Today we roast from a small unit on Roastery Lane in East London. We still taste every batch, still pack
              by hand, and still answer the phone ourselves.
            </p>
          </div>
        </div>
        <ul role="list" className="grid gap-4">
          {VALUES.map(({ Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-200">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-cream-100 text-roast-700">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h2 className="font-bold text-roast-900">{title}</h2>
                <p className="mt-1 text-sm text-stone-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="vision-heading"
        className="mt-16 rounded-3xl bg-roast-900 px-6 py-10 text-cream-100 sm:px-10"
      >
        <h2 id="vision-heading" className="text-2xl font-extrabold text-white sm:text-3xl">
          Our Vision
        </h2>
        <p className="mt-4 max-w-3xl text-lg leading-relaxed">
          We want every cupboard in the country to hold a jar of something honest: nuts, fruits and seeds that are
          fresh, fairly sourced and clearly labelled, allergens and all. Good snacks should not need a long list of
          ingredients, and they should not have to travel for months to reach you.
        </p>
      </section>

      <section aria-labelledby="team-heading" className="mt-16">
        <h2 id="team-heading" className="text-2xl font-extrabold text-roast-900 sm:text-3xl">
          Our Team
        </h2>
        <ul role="list" className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {TEAM.map((member) => (
            <li key={member.name} className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-cream-200">
              <span
                aria-hidden="true"
                className={`mx-auto flex size-20 items-center justify-center rounded-full text-2xl font-extrabold ${member.colour}`}
              >
                {member.initials}
              </span>
              <h3 className="mt-4 font-bold text-roast-900">{member.name}</h3>
              <p className="text-sm text-stone-600">{member.role}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-16 text-center">
        <Link to={paths.products.getHref()} className={buttonStyles({ variant: 'buy', size: 'lg' })}>
          Shop our products
        </Link>
      </div>
    </PageContainer>
  );
}
