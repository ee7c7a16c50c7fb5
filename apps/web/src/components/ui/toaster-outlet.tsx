import { UI_TEXT } from '@logi/contract';
import { useEffect } from 'react';
import { Toaster as SonnerToaster, toast } from 'sonner';
import { attachToastImplementation } from '../../lib/toast';
import { useAnyDialogOpen } from './open-dialogs';

/**
 * sonner's Toaster; once it listens (its effect runs before this one), queued toasts are shown.
 * Toasts sit at the bottom (right on a desktop, full width on a phone), away from the sticky
 * header whose menus (the bell's panel, the account menu) open downwards from the top; while a
 * dialog is open they move to the top, away from its actions (decision 023).
 */
export default function ToasterOutlet() {
  useEffect(() => attachToastImplementation(toast), []);
  const dialogOpen = useAnyDialogOpen();
  return (
    <SonnerToaster
      position={dialogOpen ? 'top-center' : 'bottom-right'}
      richColors
      closeButton
      customAriaLabel={UI_TEXT.common.toastRegion}
      toastOptions={{ style: { fontFamily: 'var(--font-sans)' }, closeButtonAriaLabel: UI_TEXT.common.close }}
    />
  );
}
