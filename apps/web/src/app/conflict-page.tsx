import { UI_TEXT } from '@logi/contract';
import { Ban } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../components/ui/button';
import { useDialog } from '../components/ui/dialog-registry';
import { EmptyState } from '../components/ui/empty-state';
import { useAuth } from '../lib/auth-store';
import { HOME_BY_ROLE } from '../lib/landing-paths';

/** Where a signed-in user lands after opening a guest-only page (spec §2). */
export function ConflictPage() {
  const { role, isSignedIn } = useAuth();
  const dialog = useDialog();
  return (
    <EmptyState
      titleAs="h1"
      className="my-8"
      icon={<Ban aria-hidden />}
      title={UI_TEXT.conflict.title}
      description={UI_TEXT.conflict.description}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to={HOME_BY_ROLE[role]}>{UI_TEXT.common.toHome}</Link>
          </Button>
          {isSignedIn && (
            <Button variant="outline" onClick={() => dialog.open('log-out')}>
              {UI_TEXT.nav.logOut}
            </Button>
          )}
        </div>
      }
    />
  );
}
