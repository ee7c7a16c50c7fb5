/** The root of every request-item query key: one invalidation refreshes every list and detail. */
export const REQUEST_ITEMS_KEY = ['request-items'] as const;
