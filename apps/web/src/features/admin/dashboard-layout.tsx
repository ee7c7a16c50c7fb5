/**
 * The admin dashboard frame (spec §2, §9): a sidebar grouped into case, account
 * and notification management with a logout item; it collapses to icons
 * (3rem; open 16rem), remembers that in a cookie for 7 days, toggles with
 * Ctrl/Cmd+B, and below 768px becomes a slide-in panel (18rem). The title bar
 * names the page: its list label, the detail title deeper than 3 segments, or
 * 通知登録（送信） under notifications/create.
 */
import { UI_TEXT } from '@logi/contract';
import {
  Bell,
  BookOpenCheck,
  Fuel,
  ClipboardList,
  History,
  LayoutDashboard,
  ListChecks,
  LogOut,
  PanelLeft,
  ReceiptText,
  Settings,
  Truck,
  Users,
  Warehouse,
  BadgeCheck,
  MessageSquareWarning,
} from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { useDialog } from '../../components/ui/dialog-registry';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '../../components/ui/tooltip';
import { cn } from '../../lib/cn';
import { readCookie, writeCookie } from '../../lib/cookies';

export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
const MOBILE_QUERY = '(max-width: 767px)';

const D = UI_TEXT.dashboard;

interface SidebarLink {
  to: string;
  label: string;
  icon: ReactNode;
}

const GROUPS: { label: string; links: SidebarLink[] }[] = [
  {
    label: D.home,
    links: [{ to: '/dashboard', label: D.overview, icon: <LayoutDashboard aria-hidden /> }],
  },
  {
    label: D.caseManagement,
    links: [
      { to: '/dashboard/deliveries', label: D.deliveries, icon: <ClipboardList aria-hidden /> },
      { to: '/dashboard/warehouses', label: D.warehouses, icon: <Warehouse aria-hidden /> },
      { to: '/dashboard/carrier-register', label: D.carrierRegister, icon: <BookOpenCheck aria-hidden /> },
      { to: '/dashboard/invoices', label: D.invoices, icon: <ReceiptText aria-hidden /> },
    ],
  },
  {
    label: D.accountManagement,
    links: [
      { to: '/dashboard/drivers', label: D.drivers, icon: <Truck aria-hidden /> },
      { to: '/dashboard/customers', label: D.customers, icon: <Users aria-hidden /> },
      { to: '/dashboard/carrier-verifications', label: D.carrierVerifications, icon: <BadgeCheck aria-hidden /> },
      { to: '/dashboard/reviews', label: D.reviews, icon: <MessageSquareWarning aria-hidden /> },
    ],
  },
  {
    label: D.notificationManagement,
    links: [{ to: '/dashboard/notifications', label: D.notifications, icon: <Bell aria-hidden /> }],
  },
  {
    label: D.settings,
    links: [
      { to: '/dashboard/audit-log', label: D.auditLog, icon: <History aria-hidden /> },
      { to: '/dashboard/fuel-prices', label: D.fuelPrices, icon: <Fuel aria-hidden /> },
      { to: '/dashboard/jobs', label: D.jobs, icon: <ListChecks aria-hidden /> },
      { to: '/dashboard/settings', label: D.settings, icon: <Settings aria-hidden /> },
    ],
  },
];

/** The title of a dashboard page from its path (spec §2 "Page titles"). */
export function dashboardTitle(pathname: string): string {
  const path = pathname.replace(/\/+$/, '');
  if (/^\/dashboard\/notifications\/create(\/|$)/.test(path)) return D.notificationCreate;
  // '/dashboard/drivers/:id'.split('/') has 4 parts: "more than 3 segments" is a detail page.
  if (path.split('/').length > 3) return D.detail;
  if (path === '/dashboard/settings') return D.settings;
  return GROUPS.flatMap((g) => g.links).find((l) => l.to === path)?.label ?? D.title;
}

function useIsMobile() {
  const [mobile, setMobile] = useState(() => window.matchMedia?.(MOBILE_QUERY).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(MOBILE_QUERY);
    if (!query) return;
    const onChange = () => setMobile(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return mobile;
}

export function DashboardLayout() {
  const isMobile = useIsMobile();
  const [expanded, setExpandedState] = useState(() => readCookie(SIDEBAR_COOKIE) !== 'false');
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  const dialog = useDialog();

  const setExpanded = useCallback((next: boolean) => {
    setExpandedState(next);
    writeCookie(SIDEBAR_COOKIE, String(next), { path: '/', maxAgeSeconds: SIDEBAR_COOKIE_MAX_AGE_SECONDS, sameSite: 'Lax' });
  }, []);
  const toggle = useCallback(
    () => (isMobile ? setMobileOpen((open) => !open) : setExpanded(!expanded)),
    [isMobile, expanded, setExpanded],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === 'b' && (e.metaKey || e.ctrlKey)) {
        e.preventDefault();
        toggle();
      }
      if (e.key === 'Escape') setMobileOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);
  useEffect(() => setMobileOpen(false), [pathname]);

  const iconsOnly = !isMobile && !expanded;
  const title = dashboardTitle(pathname);

  const item = (label: string, icon: ReactNode, content: (className: string) => ReactNode) => {
    const className = cn(
      'flex h-10 w-full items-center gap-3 rounded-md text-sm text-sidebar-foreground transition-colors hover:bg-sidebar-accent [&_svg]:size-5 [&_svg]:shrink-0',
      iconsOnly ? 'justify-center' : 'px-3',
    );
    if (!iconsOnly) return content(className);
    return (
      <Tooltip>
        <TooltipTrigger asChild>{content(className)}</TooltipTrigger>
        <TooltipContent side="right">{label}</TooltipContent>
      </Tooltip>
    );
  };

  return (
    <TooltipProvider>
      <div className="flex min-h-dvh bg-background">
        {isMobile && mobileOpen && (
          <div aria-hidden className="fixed inset-0 z-40 bg-black/50" onClick={() => setMobileOpen(false)} />
        )}
        <aside
          aria-label={D.title}
          data-state={iconsOnly ? 'collapsed' : 'expanded'}
          hidden={isMobile && !mobileOpen}
          className={cn(
            'flex shrink-0 flex-col bg-sidebar text-sidebar-foreground transition-[width] duration-200',
            isMobile ? 'fixed inset-y-0 left-0 z-50 w-[18rem] shadow-xl' : 'sticky top-0 h-dvh',
            !isMobile && (iconsOnly ? 'w-12' : 'w-64'),
          )}
        >
          <div className={cn('flex h-14 items-center gap-2 font-bold', iconsOnly ? 'justify-center' : 'px-3')}>
            <Truck aria-hidden className="size-5 shrink-0" />
            {!iconsOnly && <span className="truncate">{UI_TEXT.productName}</span>}
          </div>
          <nav className="flex flex-1 flex-col gap-4 overflow-y-auto px-2 py-2">
            {GROUPS.map((group) => (
              <div key={group.label} className="flex flex-col gap-1">
                {!iconsOnly && <p className="px-3 text-xs font-semibold text-sidebar-foreground/70">{group.label}</p>}
                {group.links.map((link) => (
                  <div key={link.to}>
                    {item(link.label, link.icon, (className) => (
                      <NavLink
                        to={link.to}
                        end={link.to === '/dashboard'}
                        aria-label={iconsOnly ? link.label : undefined}
                        className={({ isActive }) => cn(className, isActive && 'bg-sidebar-accent font-semibold')}
                      >
                        {link.icon}
                        {!iconsOnly && <span className="truncate">{link.label}</span>}
                      </NavLink>
                    ))}
                  </div>
                ))}
              </div>
            ))}
          </nav>
          <div className="border-t border-sidebar-accent px-2 py-2">
            {item(UI_TEXT.nav.logOut, <LogOut aria-hidden />, (className) => (
              <button
                type="button"
                aria-label={iconsOnly ? UI_TEXT.nav.logOut : undefined}
                className={className}
                onClick={() => dialog.open('log-out')}
              >
                <LogOut aria-hidden />
                {!iconsOnly && <span>{UI_TEXT.nav.logOut}</span>}
              </button>
            ))}
          </div>
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-card px-4">
            <Button
              variant="ghost"
              size="icon"
              aria-label={D.toggleSidebar}
              aria-expanded={isMobile ? mobileOpen : expanded}
              onClick={toggle}
            >
              <PanelLeft aria-hidden />
            </Button>
            <h1 className="truncate text-lg font-bold">{title}</h1>
          </header>
          <main id="main" className="flex-1 p-4 sm:p-6">
            <Outlet />
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
