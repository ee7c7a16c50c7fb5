import { type TPaginationMeta, UI_TEXT } from '@logi/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from './button';

/**
 * The page numbers to show: the first, the last, and up to `siblings` either side of
 * the current page; 'gap' marks skipped runs (rendered as …).
 */
export function pageItems(current: number, pageCount: number, siblings = 1): (number | 'gap')[] {
  const pages = new Set<number>([1, pageCount]);
  for (let p = current - siblings; p <= current + siblings; p++) if (p >= 1 && p <= pageCount) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev === 2) items.push(prev + 1);
    else if (prev !== undefined && p - prev > 2) items.push('gap');
    items.push(p);
  });
  return items;
}

interface PaginationProps {
  /** The `meta` of a `{ meta, data }` list response. */
  meta: TPaginationMeta;
  onPageChange: (page: number) => void;
  className?: string;
  /** Show 全N件 beside the pages. */
  showTotal?: boolean;
}

export function Pagination({ meta, onPageChange, className, showTotal = true }: PaginationProps) {
  const { currentPage, pageCount, previousPage, nextPage, totalCount } = meta;
  return (
    <nav aria-label={UI_TEXT.common.pagination} className={cn('flex flex-wrap items-center justify-center gap-2', className)}>
      {showTotal && (
        <span className="mr-2 text-sm text-muted-foreground">
          {meta.totalCountIsLowerBound ? UI_TEXT.common.totalCountAtLeast(totalCount) : UI_TEXT.common.totalCount(totalCount)}
        </span>
      )}
      <Button
        variant="outline"
        size="icon"
        aria-label={UI_TEXT.common.previousPage}
        disabled={meta.isFirstPage || previousPage === null}
        onClick={() => previousPage !== null && onPageChange(previousPage)}
      >
        <ChevronLeft aria-hidden />
      </Button>
      <ul className="flex items-center gap-1">
        {pageItems(currentPage, pageCount).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden className="px-1 text-muted-foreground">
              …
            </li>
          ) : (
            <li key={item}>
              <Button
                variant={item === currentPage ? 'default' : 'ghost'}
                size="icon"
                aria-label={UI_TEXT.common.page(item)}
                aria-current={item === currentPage ? 'page' : undefined}
                onClick={() => item !== currentPage && onPageChange(item)}
              >
                {item}
              </Button>
            </li>
          ),
        )}
      </ul>
      <Button
        variant="outline"
        size="icon"
        aria-label={UI_TEXT.common.nextPage}
        disabled={meta.isLastPage || nextPage === null}
        onClick={() => nextPage !== null && onPageChange(nextPage)}
      >
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
