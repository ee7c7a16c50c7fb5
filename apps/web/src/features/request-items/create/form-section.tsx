/** A titled part of a long create form: its own heading and a 12-column grid for its fields. */
import { useId, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

interface FormSectionProps {
  title: string;
  description?: ReactNode;
  /** Buttons beside the heading (e.g. add a stop). */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function FormSection({ title, description, actions, className, children }: FormSectionProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn('col-span-12 flex flex-col gap-4 rounded-lg border bg-card p-4 shadow-xs sm:p-6', className)}
    >
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="text-base font-bold sm:text-lg">
            {title}
          </h2>
          {actions}
        </div>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      <div className="grid grid-cols-12 gap-x-4 gap-y-5">{children}</div>
    </section>
  );
}
