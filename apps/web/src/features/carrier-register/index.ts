/** 実運送体制管理簿: its own chunk. */
export { CarrierRegisterPage } from './carrier-register-page';
