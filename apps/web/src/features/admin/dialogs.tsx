/**
 * The admin's confirmations (spec §2 modal ids): admin-toggle-active-driver,
 * admin-toggle-active-customer, admin-delete-delivery-request and
 * admin-delete-warehouse-request. Each makes its call, toasts the outcome, and a delete
 * returns to its list (spec §2 "Navigation after actions").
 */
import { SUCCESS_MESSAGES, type TAccountStatus } from '@logi/contract';
import { DASHBOARD_TEXT } from '../../texts/dashboard';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import type { RegisteredDialogProps } from '../../components/ui/dialog-registry';
import { toast } from '../../lib/toast';
import { useAdminDelete, useToggleStatus } from './queries';

interface ToggleProps {
  accountId: string;
  name: string;
  status: TAccountStatus;
  isManager: boolean;
}
interface DeleteProps {
  requestItemId: string;
}

declare module '../../components/ui/dialog-registry' {
  interface ModalPropsMap {
    'admin-toggle-active-driver': ToggleProps;
    'admin-toggle-active-customer': ToggleProps;
    'admin-delete-delivery-request': DeleteProps;
    'admin-delete-warehouse-request': DeleteProps;
  }
}

const T = DASHBOARD_TEXT.dialogs;

function ToggleDialog({
  accountId,
  name,
  status,
  isManager,
  kind,
  ...dialog
}: RegisteredDialogProps & ToggleProps & { kind: 'driver' | 'customer' }) {
  const toggle = useToggleStatus();
  const suspend = status === 'ACTIVE';
  const titles = kind === 'customer' ? T.toggleCustomer : T.toggleDriver;
  const confirm = () =>
    toggle.mutate(accountId, {
      onSuccess: ({ message }) => {
        toast.success(message);
        dialog.close();
      },
      onError: () => dialog.close(),
    });
  return (
    <ConfirmDialog
      {...dialog}
      title={suspend ? titles.suspendTitle : titles.activateTitle}
      description={suspend ? T.toggleDriver.suspendDescription : T.toggleDriver.activateDescription}
      confirmLabel={suspend ? DASHBOARD_TEXT.account.suspend : DASHBOARD_TEXT.account.activate}
      tone={suspend ? 'destructive' : 'default'}
      pending={toggle.isPending}
      onConfirm={confirm}
    >
      <p className="rounded-md bg-muted px-3 py-2 text-sm font-medium">{name}</p>
      {isManager && <p className="text-sm text-destructive">{T.toggleDriver.managerNote}</p>}
    </ConfirmDialog>
  );
}

export const AdminToggleActiveDriverDialog = (props: RegisteredDialogProps & ToggleProps) => (
  <ToggleDialog {...props} kind="driver" />
);
export const AdminToggleActiveCustomerDialog = (props: RegisteredDialogProps & ToggleProps) => (
  <ToggleDialog {...props} kind="customer" />
);

function DeleteDialog({
  requestItemId,
  kind,
  ...dialog
}: RegisteredDialogProps & DeleteProps & { kind: 'delivery' | 'warehouse' }) {
  const remove = useAdminDelete();
  const navigate = useNavigate();
  const text = kind === 'delivery' ? T.deleteDelivery : T.deleteWarehouse;
  const confirm = () =>
    remove.mutate(requestItemId, {
      onSuccess: ({ message }) => {
        toast.success(message || (kind === 'delivery' ? SUCCESS_MESSAGES.deliveryDeleted : SUCCESS_MESSAGES.requestDeleted));
        dialog.close();
        void navigate(kind === 'delivery' ? '/dashboard/deliveries' : '/dashboard/warehouses');
      },
      // The server's reason is toasted by the query client.
      onError: () => dialog.close(),
    });
  return (
    <ConfirmDialog
      {...dialog}
      title={text.title}
      description={text.description}
      confirmLabel={T.confirmDelete}
      tone="destructive"
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}

export const AdminDeleteDeliveryRequestDialog = (props: RegisteredDialogProps & DeleteProps) => (
  <DeleteDialog {...props} kind="delivery" />
);
export const AdminDeleteWarehouseRequestDialog = (props: RegisteredDialogProps & DeleteProps) => (
  <DeleteDialog {...props} kind="warehouse" />
);
