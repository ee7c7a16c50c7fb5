import { UI_TEXT } from '@logi/contract';
import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

interface SpinnerProps {
  className?: string;
  /** Read by screen readers; omit when a surrounding element already says it is busy. */
  label?: string | null;
}

/** A rotating indicator; announced as 読み込み中 unless `label={null}`. */
export function Spinner({ className, label = UI_TEXT.common.loading }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <LoaderCircle aria-hidden className={cn('size-4 animate-spin', className)} />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}
