/** Buttons, and the same looks for links that act as buttons (e.g. BUY NOW leading to a product). */
import type { ButtonHTMLAttributes, Ref } from 'react';
import { clsx } from 'clsx';

export type ButtonVariant = 'buy' | 'primary' | 'secondary' | 'ghost' | 'overlay';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50';

const variants: Record<ButtonVariant, string> = {
  // The shop's buy button: teal, darker green on hover (white text passes AA on both).
  buy: 'bg-buy text-white shadow-sm hover:bg-buy-hover active:bg-buy-hover',
  primary: 'bg-roast-800 text-white shadow-sm hover:bg-roast-900',
  secondary: 'border border-stone-300 bg-white text-stone-800 hover:border-stone-400 hover:bg-cream-100',
  ghost: 'text-stone-700 hover:bg-cream-200 hover:text-stone-900',
  overlay: 'bg-white/90 text-stone-800 shadow-md ring-1 ring-stone-200 backdrop-blur hover:bg-white',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base tracking-wide',
  icon: 'size-11 rounded-full p-0',
};

export function buttonStyles({
  variant = 'primary',
  size = 'md',
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}): string {
  return clsx(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonStyles({ variant, size, className })} {...props} />;
}
