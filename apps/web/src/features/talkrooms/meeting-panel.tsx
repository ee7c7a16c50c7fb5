/** Where the meeting-complete step stands for both parties, and the viewer's button when it is theirs to press. */
import { TALKROOM_TEXT } from '../../texts/talkroom';
import { CheckCircle2, Circle } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useDialog } from '../../components/ui/dialog-registry';
import { cn } from '../../lib/cn';
import type { MeetingParty, MeetingState } from './meeting';

const T = TALKROOM_TEXT.meeting;

function Party({ label, done }: { label: string; done: boolean }) {
  return (
    <li className="flex items-center justify-between gap-2 text-sm">
      <span>{label}</span>
      <span className={cn('flex items-center gap-1 font-medium', done ? 'text-success' : 'text-muted-foreground')}>
        {done ? <CheckCircle2 aria-hidden className="size-4" /> : <Circle aria-hidden className="size-4" />}
        {done ? T.done : T.pending}
      </span>
    </li>
  );
}

interface MeetingButtonProps {
  variant: MeetingParty;
  requestItemId: string;
  talkroomId: string;
  size?: 'sm' | 'default';
  className?: string;
}

/** Opens the complete-talkroom dialog in the viewer's variant. */
export function MeetingButton({ variant, requestItemId, talkroomId, size = 'default', className }: MeetingButtonProps) {
  const dialog = useDialog();
  return (
    <Button
      size={size}
      className={className}
      onClick={() => dialog.open('complete-talkroom', { variant, requestItemId, talkroomId })}
    >
      {T.complete}
    </Button>
  );
}

interface MeetingPanelProps {
  state: MeetingState;
  requestItemId: string;
  talkroomId: string;
}

export function MeetingPanel({ state, requestItemId, talkroomId }: MeetingPanelProps) {
  const both = state.customerDone && state.driverDone;
  const variant = state.viewerMayComplete;
  return (
    <section aria-label={T.heading} className="flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-xs">
      <h2 className="text-base font-bold">{T.heading}</h2>
      <ul className="flex flex-col gap-1.5 rounded-md bg-muted/60 px-3 py-2">
        <Party label={T.customer} done={state.customerDone} />
        <Party label={T.driver} done={state.driverDone} />
      </ul>
      <p className="text-sm text-muted-foreground">{both ? T.bothDone : variant ? T.description : T.waitingOther}</p>
      {/* Below lg the panel follows the conversation: the button is in the room's heading row instead. */}
      {variant && (
        <MeetingButton
          variant={variant}
          requestItemId={requestItemId}
          talkroomId={talkroomId}
          className="hidden! lg:inline-flex!"
        />
      )}
    </section>
  );
}
