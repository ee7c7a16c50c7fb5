/**
 * The dialogs that can be opened by id (spec §2 modal ids). Each is fetched when
 * first opened, with the query provider (dialogs render at the root, above the
 * routes' providers). Screen helpers add their dialogs here.
 */
import { type ComponentType, lazy } from 'react';
import type { DialogRegistry } from '../components/ui/dialog-registry';

/** A registry entry: the named export of a module, wrapped in the query provider. */
function dialog<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => {
    const [module, provider] = await Promise.all([load(), import('../lib/query-provider')]);
    return { default: provider.withQueryClient(module[name] as ComponentType<object>) };
  });
}

// One loader per module: every import() call site carries its own list of chunks to preload.
const myItemsDialogs = () => import('../features/request-items/my-items/dialogs');
const candidatesDialogs = () => import('../features/candidates/dialogs');
const createDialogs = () => import('../features/request-items/create/confirm-dialogs');
const adminDialogs = () => import('../features/admin/dialogs');
const companyDriversDialogs = () => import('../features/company-drivers/dialogs');

export const dialogRegistry: DialogRegistry = {
  'log-out': dialog(() => import('./log-out-dialog'), 'LogOutDialog'),
  'complete-talkroom': dialog(() => import('../features/talkrooms/complete-talkroom-dialog'), 'CompleteTalkroomDialog'),
  'approve-request-confirm': dialog(candidatesDialogs, 'ApproveRequestDialog'),
  'confirm-cancel-delivery': dialog(myItemsDialogs, 'CancelRequestDialog'),
  'delete-delivery-request-by-owner': dialog(myItemsDialogs, 'DeleteRequestByOwnerDialog'),
  'confirm-complete-delivery': dialog(myItemsDialogs, 'CompleteDeliveryDialog'),
  'price-estimation-confirm-create': dialog(
    () => import('../features/request-items/detail/apply-confirm-dialog'),
    'ApplyConfirmDialog',
  ),
  'delivery-confirm-create': dialog(createDialogs, 'DeliveryConfirmCreateDialog'),
  'warehouse-confirm-create': dialog(createDialogs, 'WarehouseConfirmCreateDialog'),
  'admin-toggle-active-driver': dialog(adminDialogs, 'AdminToggleActiveDriverDialog'),
  'admin-toggle-active-customer': dialog(adminDialogs, 'AdminToggleActiveCustomerDialog'),
  'admin-delete-delivery-request': dialog(adminDialogs, 'AdminDeleteDeliveryRequestDialog'),
  'admin-delete-warehouse-request': dialog(adminDialogs, 'AdminDeleteWarehouseRequestDialog'),
  'invite-driver': dialog(companyDriversDialogs, 'InviteDriverDialog'),
  'remove-driver-confirm': dialog(companyDriversDialogs, 'RemoveDriverDialog'),
};
