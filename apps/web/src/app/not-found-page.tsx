import { UI_TEXT } from '@logi/contract';
import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { useAuth } from '../lib/auth-store';
import { HOME_BY_ROLE } from '../lib/landing-paths';

export function NotFoundPage() {
  const role = useAuth((s) => s.role);
  return (
    <EmptyState
      titleAs="h1"
      className="my-8"
      icon={<SearchX aria-hidden />}
      title={UI_TEXT.notFound.title}
      description={UI_TEXT.notFound.description}
      action={
        <Button asChild>
          <Link to={HOME_BY_ROLE[role]}>{UI_TEXT.common.toHome}</Link>
        </Button>
      }
    />
  );
}
