import { UI_TEXT } from '@logi/contract';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Header } from './header';

/**
 * Header and content column of every page outside the admin dashboard (360–1440 px).
 * `children` stand in for the route while its code loads (RouteLoading).
 */
export function SiteLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-card px-4 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        {UI_TEXT.common.skipToContent}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none sm:px-6 sm:py-8">
        {children ?? <Outlet />}
      </main>
      <footer className="border-t py-6 text-center text-xs text-muted-foreground">© {UI_TEXT.productName}</footer>
    </div>
  );
}
