import { UI_TEXT } from '@logi/contract';
import { useEffect } from 'react';
import { Toaster as SonnerToaster, toast } from 'sonner';
import { attachToastImplementation } from '../../lib/toast';
import { useAnyBottomActions, useAnyDialog } from './bottom-actions';

/**
 * Below the sticky header (h-14 on a phone, h-16 from sm), with room for the close button that
 * pokes out of a toast's corner: the header's links and bell stay clickable.
 */
const BELOW_HEADER = { top: '4.75rem' };
const BELOW_HEADER_ON_PHONE = { top: '4.25rem' };
/** A dialog covers the header: toasts sit in the band a dialog leaves free at the top (dialog.tsx). */
const ABOVE_DIALOG = { top: '0.5rem' };

/**
 * sonner's Toaster; once it listens (its effect runs before this one), queued toasts are shown.
 * Toasts sit at the bottom (right on a desktop, full width on a phone), away from the sticky
 * header whose menus (the bell's panel, the account menu) open downwards from the top; while a
 * dialog or a form is shown they move to the top, below the header, away from its actions at the
 * bottom (decision 023).
 */
export default function ToasterOutlet() {
  useEffect(() => attachToastImplementation(toast), []);
  const actionsAtBottom = useAnyBottomActions();
  const dialogOpen = useAnyDialog();
  return (
    <SonnerToaster
      position={actionsAtBottom ? 'top-center' : 'bottom-right'}
      offset={dialogOpen ? ABOVE_DIALOG : BELOW_HEADER}
      mobileOffset={dialogOpen ? ABOVE_DIALOG : BELOW_HEADER_ON_PHONE}
      richColors
      closeButton
      customAriaLabel={UI_TEXT.common.toastRegion}
      toastOptions={{ style: { fontFamily: 'var(--font-sans)' }, closeButtonAriaLabel: UI_TEXT.common.close }}
    />
  );
}
