/** Small building blocks of the detail body: a titled section and a label/value list. */
import { REQUEST_ITEM_TEXT as T } from '@logi/contract';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export function DetailSection({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn('flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-xs sm:p-5', className)} aria-label={title}>
      <h2 className="text-base font-bold">{title}</h2>
      {children}
    </section>
  );
}

export type Fact = [label: string, value: ReactNode];

/** Label / value pairs; values that are null or undefined are left out. */
export function FactList({ facts }: { facts: readonly Fact[] }) {
  return (
    // On a phone each label stands above its value, which then has the card's whole width: a
    // company name or an address in a 7rem-narrowed column broke inside its words.
    <dl className="-mt-1.5 grid grid-cols-1 gap-x-4 gap-y-0.5 text-sm sm:mt-0 sm:grid-cols-[9rem_1fr] sm:gap-y-2">
      {facts
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="pt-1.5 text-xs text-muted-foreground sm:pt-0 sm:text-sm">{label}</dt>
            <dd className="min-w-0">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** Stands in for a value the server masked (isHidden): its sample is never shown as if real. */
export function HiddenValue() {
  return (
    <span className="inline-flex items-center gap-1 text-muted-foreground" data-testid="hidden-value">
      <Lock aria-hidden className="size-3.5 shrink-0" />
      {T.hiddenValue}
    </span>
  );
}
