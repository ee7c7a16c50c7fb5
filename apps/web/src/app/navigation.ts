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

/** 実運送体制管理簿 (decisions 066, 084): kept by the shipper and the carrier company; a driver has none. */
const carrierRegister = { to: '/carrier-register', label: nav.carrierRegister };

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
    carrierRegister,
    signedIn.notifications,
    signedIn.myPage,
  ],
  CUSTOMER: [
    { to: '/shipping-requests/my-items', label: nav.myItems },
    { to: '/shipping-requests/create', label: nav.createRequest },
    { to: '/', label: nav.home },
    carrierRegister,
    signedIn.notifications,
    signedIn.myPage,
  ],
  ADMIN: [{ to: '/dashboard', label: nav.dashboard }],
};
