/** Shown while a screen's code or data is on its way. */
export function PageLoading() {
  return (
    <div role="status" className="flex items-center justify-center gap-3 px-4 py-24 text-stone-600">
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-cream-300 border-t-buy" />
      Loading…
    </div>
  );
}
