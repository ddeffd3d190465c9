/** UK unit pricing: the price per kilogram of a weight, as food sold by weight must show. */
import { clsx } from 'clsx';
import { formatPence, poundsToPence, pricePerKgPence } from '#shared/money';
import type { Weight } from '#shared/schemas/product';

export function formatPricePerKg(weight: Weight): string {
  return `${formatPence(pricePerKgPence(poundsToPence(weight.price), weight.grams))} per kg`;
}

export function PricePerKg({ weight, className }: { weight: Weight; className?: string }) {
  return <span className={clsx('text-sm text-stone-600 tabular-nums', className)}>{formatPricePerKg(weight)}</span>;
}
