/** Any address the shop does not have. */
import { NotFound } from '#web/components/errors/not-found.tsx';

export default function NotFoundRoute() {
  return <NotFound />;
}
