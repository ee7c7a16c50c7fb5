import { useEffect } from 'react';
import { Toaster as SonnerToaster, toast } from 'sonner';
import { attachToastImplementation } from '../../lib/toast';

/** sonner's Toaster; once it listens (its effect runs before this one), queued toasts are shown. */
export default function ToasterOutlet() {
  useEffect(() => attachToastImplementation(toast), []);
  return (
    <SonnerToaster position="top-center" richColors closeButton toastOptions={{ style: { fontFamily: 'var(--font-sans)' } }} />
  );
}
