/** The page width and padding shared by the storefront's screens. */
import type { ReactNode } from 'react';
import { clsx } from 'clsx';

export function PageContainer({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={clsx('mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:py-12', className)}>{children}</div>;
}

export function PageHeading({ children, description }: { children: ReactNode; description?: ReactNode }) {
  return (
    <div className="mb-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-roast-900 sm:text-4xl">{children}</h1>
      {description && <p className="mt-2 text-stone-600">{description}</p>}
    </div>
  );
}
