/**
 * The log-out confirmation (modal id `log-out`): revokes the session on the
 * server, clears the credentials whatever the server answers, toasts
 * ログアウトしました。 and closes. The route guard then moves the user off a
 * page a guest may not see.
 */
import { SUCCESS_MESSAGES, UI_TEXT, authRoutes } from '@logi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import type { RegisteredDialogProps } from '../components/ui/dialog-registry';
import { api } from '../lib/api';
import { authStore } from '../lib/auth-store';
import { toast } from '../lib/toast';

export function LogOutDialog({ open, onOpenChange, close }: RegisteredDialogProps) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  async function logOut() {
    setPending(true);
    try {
      await api.call(authRoutes.logout, undefined, { redirectOnSessionEnd: false });
    } catch {
      // Signed out locally all the same; the server session expires on its own.
    }
    authStore.signOut();
    queryClient.clear();
    toast.success(SUCCESS_MESSAGES.loggedOut);
    close();
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{UI_TEXT.logOut.title}</DialogTitle>
          <DialogDescription>{UI_TEXT.logOut.description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={pending}>
            {UI_TEXT.common.cancel}
          </Button>
          <Button variant="destructive" onClick={logOut} loading={pending}>
            {UI_TEXT.logOut.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
