/**
 * One of the owner's list screens as the admin layout's outlet shows it: its title ('Audit | Admin | Roast & Co.'),
 * its heading, and the screen, with what goes above the heading (the dashboard) if any.
 */
import type { ComponentType } from 'react';
import { SHOP_NAME } from '#shared/constants';
import { PageHeading } from '#web/components/layout/page-container.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';

interface AdminScreenProps {
  /** The heading, and the title's first part. */
  title: string;
  description: string;
  Screen: ComponentType;
  Above?: ComponentType;
}

export function adminScreen({ title, description, Screen, Above }: AdminScreenProps): ComponentType {
  return function AdminScreen() {
    return (
      <>
        <PageMeta title={`${title} | Admin | ${SHOP_NAME}`} description={description} />
        {Above && <Above />}
        <PageHeading>{title}</PageHeading>
        <Screen />
      </>
    );
  };
}
