import { UI_TEXT } from '@logi/contract';
import { useEffect } from 'react';
import { Toaster as SonnerToaster, toast } from 'sonner';
import { attachToastImplementation } from '../../lib/toast';

/** sonner's Toaster; once it listens (its effect runs before this one), queued toasts are shown. */
export default function ToasterOutlet() {
  useEffect(() => attachToastImplementation(toast), []);
  return (
    <SonnerToaster
      position="top-center"
      richColors
      closeButton
      customAriaLabel={UI_TEXT.common.toastRegion}
      toastOptions={{ style: { fontFamily: 'var(--font-sans)' }, closeButtonAriaLabel: UI_TEXT.common.close }}
    />
  );
}
