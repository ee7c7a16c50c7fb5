import { UI_TEXT } from '@logi/contract';
import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { Button } from '../components/ui/button';
import { useDialog } from '../components/ui/dialog-registry';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu';

/** The signed-in user's menu in the header: who is signed in, and ログアウト. */
export function UserMenu({ name, roleLabel }: { name: string; roleLabel: string }) {
  const dialog = useDialog();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        {/* The name starts with the text it shows (axe label-content-name-mismatch), then says what it opens. */}
        <Button variant="ghost" size="sm" aria-label={`${name} ${UI_TEXT.common.userMenu}`} className="max-w-56">
          <UserRound aria-hidden />
          <span className="truncate">{name}</span>
          <ChevronDown aria-hidden className="opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-56">
        <DropdownMenuLabel className="flex flex-col">
          <span className="truncate">{name}</span>
          <span className="text-xs font-normal text-muted-foreground">{roleLabel}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => dialog.open('log-out')}>
          <LogOut aria-hidden />
          {UI_TEXT.nav.logOut}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
