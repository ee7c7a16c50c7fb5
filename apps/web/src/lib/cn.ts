import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names (clsx). Deliberately no tailwind-merge: it would add ~8 KB
 * gzip to every page's first load (the sign-in budget is 150 KB). A className
 * given to a component therefore does not remove the component's own utilities:
 * use the component's props (variant, size) for what they cover, and mark a real
 * override important — `className="h-8!"` — so that it wins whatever the CSS order.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
