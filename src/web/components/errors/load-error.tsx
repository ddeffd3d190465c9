/** A failed data load: a short message and a Retry button, never a crashed page. */
import { RotateCw } from '#web/components/ui/icons.tsx';
import { Button } from '#web/components/ui/button.tsx';

interface LoadErrorProps {
  message?: string;
  onRetry: () => void;
  retrying?: boolean;
}

export function LoadError({
  message = 'We couldn’t load our products just now. Please check your connection and try again.',
  onRetry,
  retrying = false,
}: LoadErrorProps) {
  return (
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-6 text-center">
      <p className="text-stone-800">{message}</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry} disabled={retrying}>
        <RotateCw aria-hidden="true" className="size-4" />
        {retrying ? 'Retrying…' : 'Retry'}
      </Button>
    </div>
  );
}
