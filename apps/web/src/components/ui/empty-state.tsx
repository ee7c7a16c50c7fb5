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
}

export function EmptyState({ title = UI_TEXT.common.empty, description, icon, action, className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center', className)}>
      <span className="text-muted-foreground [&_svg]:size-10">{icon ?? <Inbox aria-hidden />}</span>
      <p className="font-medium">{title}</p>
      {description && <div className="max-w-md text-sm text-muted-foreground">{description}</div>}
      {action}
    </div>
  );
}
