/**
 * Request items (spec §3, §5, §7): creation bodies, list queries and the shapes
 * returned, one module each under request-items/. Named Z<Name> for the schema and
 * T<Name> for its type.
 */
export { REQUEST_ITEM_RULES, optionalCharge } from './request-items/fields';
export * from './request-items/create';
export * from './request-items/queries';
export * from './request-items/item-parts';
export * from './request-items/item';
export * from './request-items/transport-conditions';
