import { UI_TEXT } from '@logi/contract';
import { Construction } from 'lucide-react';
import { EmptyState } from './empty-state';

/** Stand-in for a page that is not built yet. */
export function ComingSoonPage() {
  return <EmptyState className="my-8" icon={<Construction aria-hidden />} title={UI_TEXT.comingSoon} />;
}
