/** The header links per role (spec §2); each is a route the role may open (tested against route-access). */
import { type TRole, UI_TEXT } from '@logi/contract';

export interface NavItem {
  to: string;
  label: string;
}

const { nav } = UI_TEXT;

const signedIn = {
  notifications: { to: '/notifications', label: nav.notifications },
  myPage: { to: '/my-page', label: nav.myPage },
};

export const NAV_BY_ROLE: Record<TRole, readonly NavItem[]> = {
  GUEST: [
    { to: '/', label: nav.home },
    { to: '/started-guide', label: nav.guide },
  ],
  DRIVER: [
    { to: '/', label: nav.home },
    { to: '/shipping-requests/applied-items', label: nav.appliedItems },
    signedIn.notifications,
    signedIn.myPage,
  ],
  DRIVER_MANAGER: [
    { to: '/', label: nav.home },
    { to: '/shipping-requests/applied-items', label: nav.appliedItems },
    { to: '/manager/drivers', label: nav.managerDrivers },
    signedIn.notifications,
    signedIn.myPage,
  ],
  CUSTOMER: [
    { to: '/shipping-requests/my-items', label: nav.myItems },
    { to: '/shipping-requests/create', label: nav.createRequest },
    { to: '/', label: nav.home },
    signedIn.notifications,
    signedIn.myPage,
  ],
  ADMIN: [{ to: '/dashboard', label: nav.dashboard }],
};
