/**
 * The dialog registry: the modal dialogs of spec §2 are opened by id from any
 * page — `useDialog().open('log-out')` — and rendered by one DialogProvider at the
 * app root. The app shell registers a (lazy) component per id; a dialog's code
 * is fetched only when it is first opened.
 *
 * A feature that owns a dialog declares the props it takes by augmenting
 * ModalPropsMap:
 *   declare module '../../components/ui/dialog-registry' {
 *     interface ModalPropsMap { 'invite-driver': { companyId: string } }
 *   }
 */
import {
  type ComponentType,
  type ReactNode,
  Suspense,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

/** The modal ids of spec §2. */
export const MODAL_IDS = [
  'delivery-confirm-create',
  'price-estimation-confirm-create',
  'warehouse-confirm-create',
  'approve-request-confirm',
  'invite-driver',
  'complete-talkroom',
  'log-out',
  'confirm-complete-delivery',
  'remove-driver-confirm',
  'confirm-cancel-delivery',
  'admin-toggle-active-driver',
  'admin-toggle-active-customer',
  'admin-delete-delivery-request',
  'admin-delete-warehouse-request',
  'delete-delivery-request-by-owner',
] as const;
export type ModalId = (typeof MODAL_IDS)[number];

/** Props each dialog takes besides the ones the registry passes; augment per dialog. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModalPropsMap {}

export type ModalProps<Id extends ModalId> = Id extends keyof ModalPropsMap ? ModalPropsMap[Id] : Record<never, never>;

/** What the registry passes to every dialog component. */
export interface RegisteredDialogProps {
  open: boolean;
  /** Radix `onOpenChange`: closing (Esc, overlay, ×) removes the dialog. */
  onOpenChange: (open: boolean) => void;
  close: () => void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry has its own props
export type DialogRegistry = Partial<Record<ModalId, ComponentType<any>>>;

interface DialogApi {
  open<Id extends ModalId>(
    id: Id,
    ...props: keyof ModalProps<Id> extends never ? [props?: ModalProps<Id>] : [props: ModalProps<Id>]
  ): void;
  close(): void;
  /** The id of the dialog that is open, if any. */
  openId: ModalId | null;
}

const DialogContext = createContext<DialogApi | null>(null);

interface OpenDialog {
  id: ModalId;
  props: object;
}

export function DialogProvider({ registry, children }: { registry: DialogRegistry; children: ReactNode }) {
  const [current, setCurrent] = useState<OpenDialog | null>(null);
  // A dialog opened by id has no Radix trigger to give focus back to: the control that opened it
  // gets it back when it closes (Escape, ×, a button), else focus fell to the page's body.
  const opener = useRef<HTMLElement | null>(null);
  const close = useCallback(() => setCurrent(null), []);
  const open = useCallback(
    (id: ModalId, props?: object) => {
      if (!registry[id]) throw new Error(`No dialog is registered for "${id}"`);
      if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
        opener.current = document.activeElement;
      }
      setCurrent({ id, props: props ?? {} });
    },
    [registry],
  );
  useEffect(() => {
    if (current || !opener.current) return;
    const control = opener.current;
    opener.current = null;
    // Not when the dialog's action moved focus on purpose (a page it navigated to) or removed the control.
    if (control.isConnected && (document.activeElement === document.body || document.activeElement === null)) {
      control.focus();
    }
  }, [current]);
  const api = useMemo(() => ({ open, close, openId: current?.id ?? null }) as DialogApi, [open, close, current]);
  const Component = current ? registry[current.id] : undefined;
  return (
    <DialogContext value={api}>
      {children}
      {current && Component && (
        <Suspense fallback={null}>
          <Component {...current.props} open onOpenChange={(next: boolean) => !next && close()} close={close} />
        </Suspense>
      )}
    </DialogContext>
  );
}

/** Opens and closes the registered dialogs by id. */
export function useDialog(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error('useDialog() needs a <DialogProvider> above it');
  return api;
}
