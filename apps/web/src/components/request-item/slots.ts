import type { ComponentType } from 'react';

/**
 * The stop-times feature's panel (a delivery's stops with their waiting and loading times), which
 * app/ gives to the detail pages of other features: a feature never imports another.
 */
export type StopTimesSlot = ComponentType<{ requestItemId: string; editable: boolean }>;
