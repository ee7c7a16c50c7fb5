import { UI_TEXT } from '@logi/contract';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** Spec §9: lists show 8 skeleton rows while loading. */
export const SKELETON_ROWS = 8;

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}

interface SkeletonRowsProps {
  rows?: number;
  className?: string;
  rowClassName?: string;
}

/** Placeholder rows for a list or table that is loading; announced as 読み込み中. */
export function SkeletonRows({ rows = SKELETON_ROWS, className, rowClassName }: SkeletonRowsProps) {
  return (
    <div role="status" aria-busy className={cn('flex flex-col gap-2', className)}>
      <span className="sr-only">{UI_TEXT.common.loading}</span>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} data-testid="skeleton-row" className={cn('h-12 w-full', rowClassName)} />
      ))}
    </div>
  );
}
