/**
 * Every notification query starts with this key: one invalidation refreshes them all. It lives
 * here because other areas (a talkroom marks its new-message notices read) refresh the bell too.
 */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
