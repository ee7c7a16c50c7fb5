/** 実運送体制管理簿 (issue 16 item 2, decision 066). */
import { def } from './route-def';
import { ZCarrierRegister, ZCarrierRegisterQuery } from '../schemas/carrier-register';

const READERS = ['CUSTOMER', 'DRIVER_MANAGER', 'ADMIN'] as const;

export const carrierRegisterRoutes = {
  register: def({
    method: 'GET',
    path: '/carrier-register',
    summary: '実運送体制管理簿（1.5t以上の配送、月ごと。荷主・ドライバー管理者は自社分、管理者は全件）',
    access: [...READERS],
    query: ZCarrierRegisterQuery,
    response: ZCarrierRegister,
  }),
} as const;
