/**
 * The root route's component: the dialog registry, the guard's re-run when the
 * auth state changes, a fresh session user on load, the navigation progress bar
 * and scroll restoration. Layouts (site, dashboard) render below it.
 */
import { UI_TEXT, authRoutes } from '@logi/contract';
import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation, useRevalidator } from 'react-router';
import { DialogProvider } from '../components/ui/dialog-registry';
import { SkeletonRows } from '../components/ui/skeleton';
import { Spinner } from '../components/ui/spinner';
import { authStore, useAuth } from '../lib/auth-store';
import { api } from '../lib/api';
import { dialogRegistry } from './dialogs';
import { SiteLayout } from './site-layout';

/** Runs the route guard again when who the user is changes (sign-in, sign-out, intent code). */
function useGuardOnAuthChange() {
  const key = useAuth((s) => `${s.isSignedIn}|${s.role}|${s.user.intentCode ?? ''}`);
  const revalidator = useRevalidator();
  const last = useRef(key);
  useEffect(() => {
    if (last.current === key) return;
    last.current = key;
    void revalidator.revalidate();
  }, [key, revalidator]);
}

/** Another tab may have signed in or out: re-read the cookie when this tab comes back. */
function useSyncAcrossTabs() {
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') authStore.restore();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
}

/**
 * The stored user may be stale (intent code after a failed renewal, a new name):
 * refresh it from the server once per sign-in. A plain call, not a query: the
 * shell does not load TanStack Query.
 */
function useFreshSessionUser() {
  const userId = useAuth((s) => (s.isSignedIn ? s.user.id : null));
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    api
      .call(authRoutes.session, undefined, { signal: controller.signal })
      .then((user) => {
        if (authStore.getState().user.id === user.id) authStore.setUser(user);
      })
      .catch(() => {
        // Offline or signed out meanwhile: the stored copy stays; a 401 ends the session itself.
      });
    return () => controller.abort();
  }, [userId]);
}

function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  return (
    <div
      aria-hidden
      className={`fixed inset-x-0 top-0 z-[60] h-0.5 origin-left bg-primary transition-transform duration-500 ${busy ? 'scale-x-75' : 'scale-x-0'}`}
    />
  );
}

export function RootLayout() {
  useGuardOnAuthChange();
  useSyncAcrossTabs();
  useFreshSessionUser();
  return (
    <DialogProvider registry={dialogRegistry}>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </DialogProvider>
  );
}

/**
 * Shown while the first route's code loads: the page's frame at once (header, footer) with
 * skeleton rows where the page will be, so a slow first load never shows a blank page. The
 * dashboard has its own frame, in its chunk: a spinner there.
 */
export function RouteLoading() {
  const { pathname } = useLocation();
  if (pathname === '/dashboard' || pathname.startsWith('/dashboard/')) {
    return (
      <div className="flex min-h-dvh items-center justify-center text-muted-foreground">
        <Spinner className="size-8" label={UI_TEXT.common.loading} />
      </div>
    );
  }
  return (
    <DialogProvider registry={dialogRegistry}>
      <SiteLayout>
        <SkeletonRows rows={4} className="mx-auto w-full max-w-3xl" rowClassName="h-16" />
      </SiteLayout>
    </DialogProvider>
  );
}
