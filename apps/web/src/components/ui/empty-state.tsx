import { UI_TEXT } from '@logi/contract';
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface EmptyStateProps {
  title?: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** A call to action (a Button or link). */
  action?: ReactNode;
  className?: string;
  /** The title's element: h1 when the empty state is the whole page. */
  titleAs?: 'h1' | 'h2' | 'h3' | 'p';
}

export function EmptyState({
  title = UI_TEXT.common.empty,
  description,
  icon,
  action,
  className,
  titleAs: Title = 'p',
}: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center',
        className,
      )}
    >
      <span className="text-muted-foreground [&_svg]:size-10">{icon ?? <Inbox aria-hidden />}</span>
      <Title className="text-base font-medium">{title}</Title>
      {description && <div className="max-w-md text-sm text-muted-foreground">{description}</div>}
      {action}
    </div>
  );
}
