/**
 * Writing a message: text and/or up to 5 attachments (the contract's ZPostMessageBody).
 * The attachment field opens on demand so that the composer stays one line high on a
 * phone. Ctrl/⌘ + Enter sends; a plain Enter is a new line (and confirms the IME).
 */
import { type TPostMessageBody, ZPostMessageBody, talkroomRoutes } from '@logi/contract';
import { TALKROOM_TEXT } from '../../texts/talkroom';
import { useMutation } from '@tanstack/react-query';
import { Paperclip, SendHorizontal } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Form, FormInputFile, FormTextArea, useFormBusy, useZodForm } from '../../components/form';
import { Button } from '../../components/ui/button';
import { api } from '../../lib/api';

interface ComposerProps {
  requestItemId: string;
  talkroomId: string;
  /** After a message is sent, or refused (the room may have closed meanwhile). */
  onSettled: () => void;
}

function SendButton() {
  const busy = useFormBusy();
  return (
    <Button
      type="submit"
      size="icon"
      loading={busy}
      aria-label={TALKROOM_TEXT.composer.send}
      title={TALKROOM_TEXT.composer.shortcut}
      className="self-end"
    >
      {!busy && <SendHorizontal aria-hidden />}
    </Button>
  );
}

function AttachToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const fileIds = useWatch({ name: 'fileIds' }) as string[] | undefined;
  const count = fileIds?.length ?? 0;
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-expanded={open}
      aria-label={open ? TALKROOM_TEXT.composer.hideAttach : TALKROOM_TEXT.composer.attach}
      onClick={onToggle}
      className="relative self-end"
    >
      <Paperclip aria-hidden />
      {count > 0 && (
        <span className="absolute top-1 right-1 grid size-4 place-items-center rounded-full bg-primary text-[0.625rem] text-primary-foreground">
          {count}
        </span>
      )}
    </Button>
  );
}

export function Composer({ requestItemId, talkroomId, onSettled }: ComposerProps) {
  const empty = { talkroomId, content: '', fileIds: [] };
  const form = useZodForm(ZPostMessageBody, { defaultValues: empty });
  const [attaching, setAttaching] = useState(false);
  const send = useMutation({
    mutationFn: (body: TPostMessageBody) => api.call(talkroomRoutes.postMessage, { params: { requestItemId }, body }),
    onSuccess: () => {
      form.reset(empty);
      setAttaching(false);
    },
    onSettled,
  });

  const sendOnShortcut = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.currentTarget.closest('form')?.requestSubmit();
    }
  };

  return (
    <Form
      form={form}
      // A failure is already toasted (query client); the form keeps what was entered.
      onSubmit={(body) => send.mutateAsync(body).catch(() => undefined)}
      aria-label={TALKROOM_TEXT.composer.label}
      className="gap-y-2 border-t bg-card p-2 sm:p-3"
    >
      {/* onKeyDown on a wrapper: the Form passes no handlers to its <form>. */}
      <div className="col-span-12 flex flex-col gap-2" onKeyDown={sendOnShortcut}>
        {attaching && (
          <FormInputFile name="fileIds" label={TALKROOM_TEXT.composer.attachLabel} multiple filePath="talkrooms/messages" />
        )}
        <div className="flex items-end gap-1.5">
          <AttachToggle open={attaching} onToggle={() => setAttaching((v) => !v)} />
          <FormTextArea
            name="content"
            label={<span className="sr-only">{TALKROOM_TEXT.composer.label}</span>}
            placeholder={TALKROOM_TEXT.composer.placeholder}
            rows={1}
            className="min-w-0 flex-1 gap-0! [&_textarea]:max-h-40 [&_textarea]:min-h-10 [&_textarea]:resize-none [&_textarea]:field-sizing-content"
          />
          <SendButton />
        </div>
      </div>
    </Form>
  );
}
