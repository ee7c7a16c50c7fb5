import { DASHBOARD_TEXT } from '../../texts/dashboard';
import { ChevronsRight } from 'lucide-react';
import { type ComponentProps, type UIEvent, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

/** Whether the box hides columns to its left and to its right. */
function hiddenSides(box: HTMLElement): { left: boolean; right: boolean } {
  return { left: box.scrollLeft > 1, right: box.scrollLeft + box.clientWidth < box.scrollWidth - 1 };
}

/**
 * A table that scrolls sideways inside its own box when it is wider than the screen. Columns out
 * of view are shown to be there (issue 43 item 23: with the sidebar open, 登録日 was cut to
 * 「2026年11月」 and ステータス hidden with no sign of either): a shade on the side that hides
 * some and, while the right one does, a hint under the table. The box then takes keyboard focus,
 * so the arrow keys scroll it.
 */
export function Table({ className, 'aria-label': label, ...props }: ComponentProps<'table'>) {
  const box = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState({ left: false, right: false });
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setHidden(hiddenSides(element));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  const scrolls = hidden.left || hidden.right;
  return (
    <div className="flex flex-col gap-1">
      <div className="relative">
        <div
          ref={box}
          onScroll={(e: UIEvent<HTMLDivElement>) => setHidden(hiddenSides(e.currentTarget))}
          className="w-full overflow-x-auto rounded-lg border bg-card"
          data-scrolls={scrolls || undefined}
          {...(scrolls
            ? { tabIndex: 0, role: 'region', 'aria-label': label ? DASHBOARD_TEXT.list.scrollRegion(label) : undefined }
            : {})}
        >
          <table aria-label={label} className={cn('w-full caption-bottom border-collapse text-sm', className)} {...props} />
        </div>
        {hidden.left && (
          <div
            aria-hidden
            className="pointer-events-none absolute inset-y-px left-px w-8 rounded-l-lg bg-gradient-to-r from-foreground/15 to-transparent"
          />
        )}
        {hidden.right && (
          <div
            aria-hidden
            className="pointer-events-none absolute inset-y-px right-px w-8 rounded-r-lg bg-gradient-to-l from-foreground/15 to-transparent"
          />
        )}
      </div>
      {hidden.right && (
        <p className="flex items-center justify-end gap-1 text-xs text-muted-foreground" data-testid="scroll-hint">
          {DASHBOARD_TEXT.list.scrollHint}
          <ChevronsRight aria-hidden className="size-3.5" />
        </p>
      )}
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('bg-muted [&_tr]:border-b', className)} {...props} />;
}
export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr className={cn('border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-accent', className)} {...props} />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn('h-10 whitespace-nowrap px-3 text-left align-middle font-medium text-muted-foreground', className)}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-3 align-middle', className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-3 text-sm text-muted-foreground', className)} {...props} />;
}
