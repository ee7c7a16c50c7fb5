/**
 * The site header: product name, the links of the user's role, sign-in / sign-up
 * for guests and the user menu (ログアウト) for signed-in users. Below the md
 * breakpoint the links fold into a menu button.
 */
import { Role, UI_TEXT } from '@logi/contract';
import { Menu, Truck, X } from 'lucide-react';
import { Suspense, lazy, useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '../components/ui/button';
import { useDialog } from '../components/ui/dialog-registry';
import { cn } from '../lib/cn';
import { useAuth } from '../lib/auth-store';
import { useHydrated } from '../lib/hydrated';
import { NAV_BY_ROLE } from './navigation';

// The dropdown (and its positioning code) is fetched only for signed-in users.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
// The bell brings TanStack Query and the realtime stream: likewise only for signed-in users.
const NotificationBell = lazy(() => import('../features/notifications/notification-bell'));

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors hover:bg-accent hover:text-accent-foreground',
    isActive ? 'text-primary' : 'text-foreground',
  );

export function Header() {
  const { isSignedIn, role, user } = useAuth();
  const items = NAV_BY_ROLE[role];
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const dialog = useDialog();
  // The bell and the menu come with the app: a page the server painted for a signed-in visitor
  // (decision 075) shows the name until then, as it does while their code loads.
  const hydrated = useHydrated();
  const userName = <span className="hidden text-sm lg:inline">{user.name}</span>;

  // A link followed from the mobile menu closes it.
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:h-16">
        <Link to="/" className="mr-4 flex items-center gap-2 rounded-md font-bold text-primary">
          <Truck aria-hidden className="size-6" />
          <span className="text-base sm:text-lg">{UI_TEXT.productName}</span>
        </Link>

        <nav aria-label={UI_TEXT.common.mainNavigation} className="hidden flex-1 items-center gap-1 lg:flex">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === '/'} className={linkClasses}>
              {item.label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-2">
          {isSignedIn && role !== 'ADMIN' && hydrated && (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          )}
          {isSignedIn ? (
            hydrated ? (
              <Suspense fallback={userName}>
                <div className="hidden lg:block">
                  <UserMenu name={user.name} roleLabel={Role.labels[role]} />
                </div>
              </Suspense>
            ) : (
              userName
            )
          ) : (
            <div className="hidden items-center gap-2 sm:flex">
              <Button asChild variant="ghost" size="sm">
                <Link to="/sign-in">{UI_TEXT.nav.signIn}</Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/sign-up">{UI_TEXT.nav.signUp}</Link>
              </Button>
            </div>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? UI_TEXT.common.closeMenu : UI_TEXT.common.openMenu}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
          </Button>
        </div>
      </div>

      <div id={menuId} hidden={!menuOpen} className="border-t bg-card lg:hidden">
        <nav aria-label={UI_TEXT.common.mainNavigation} className="mx-auto flex max-w-6xl flex-col gap-1 p-2">
          {isSignedIn && (
            <p className="px-3 py-2 text-sm text-muted-foreground">
              <span className="person-name">{user.name}</span>（{Role.labels[role]}）
            </p>
          )}
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === '/'} className={linkClasses}>
              {item.label}
            </NavLink>
          ))}
          {isSignedIn ? (
            <button
              type="button"
              className="rounded-md px-3 py-2 text-left text-sm font-medium text-destructive hover:bg-accent"
              onClick={() => {
                setMenuOpen(false);
                dialog.open('log-out');
              }}
            >
              {UI_TEXT.nav.logOut}
            </button>
          ) : (
            <>
              <NavLink to="/sign-in" className={linkClasses}>
                {UI_TEXT.nav.signIn}
              </NavLink>
              <NavLink to="/sign-up" className={linkClasses}>
                {UI_TEXT.nav.signUp}
              </NavLink>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
