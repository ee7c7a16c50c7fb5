/**
 * The conversation as bubbles, oldest at the top: the caller's own on the right, the other
 * party's on the left; a day line when the date changes; the sender's name and role over
 * the first bubble of each run; the time (and 既読 on one's own, once the other side has
 * opened the room) under each.
 */
import { Role, type TMessage } from '@logi/contract';
import { TALKROOM_TEXT } from '../../texts/talkroom';
import { Fragment } from 'react';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';
import { formatDate, formatMonthDayWeekday, formatTime } from '../../lib/format';
import { Attachments } from './attachments';

function Bubble({ message, own, showSender }: { message: TMessage; own: boolean; showSender: boolean }) {
  const { senderInfo } = message;
  return (
    <li data-testid="message" data-own={own} className={cn('flex flex-col gap-1', own ? 'items-end' : 'items-start')}>
      {showSender && (
        <p className={cn('flex items-center gap-1.5 px-1 text-xs', own && 'flex-row-reverse')}>
          <span className="person-name font-medium">{own ? TALKROOM_TEXT.you : senderInfo.name}</span>
          <Badge variant="muted" className="px-1.5! py-0! text-[0.6875rem]!">
            {Role.labels[senderInfo.role]}
          </Badge>
        </p>
      )}
      <div className={cn('flex max-w-[85%] items-end gap-1.5 sm:max-w-[70%]', own && 'flex-row-reverse')}>
        <div className="flex min-w-0 flex-col gap-1.5">
          {message.content && (
            <p
              className={cn(
                'rounded-2xl px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap',
                own ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
              )}
            >
              {message.content}
            </p>
          )}
          {message.files.length > 0 && <Attachments files={message.files} own={own} />}
        </div>
        <span className="flex shrink-0 flex-col text-[0.6875rem] leading-tight text-muted-foreground">
          {own && message.isRead && <span>{TALKROOM_TEXT.read}</span>}
          <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
        </span>
      </div>
    </li>
  );
}

/** `messages` oldest first. */
export function MessageList({ messages, viewerId }: { messages: readonly TMessage[]; viewerId: string }) {
  return (
    <ol className="flex flex-col gap-3">
      {messages.map((message, i) => {
        const previous = messages[i - 1];
        const newDay = !previous || formatDate(previous.createdAt) !== formatDate(message.createdAt);
        const showSender = newDay || previous?.senderId !== message.senderId;
        return (
          <Fragment key={message.id}>
            {newDay && (
              <li className="flex items-center gap-3 py-1 text-xs text-muted-foreground">
                <span className="h-px flex-1 bg-border" />
                {formatMonthDayWeekday(message.createdAt)}
                <span className="h-px flex-1 bg-border" />
              </li>
            )}
            <Bubble message={message} own={message.senderId === viewerId} showSender={showSender} />
          </Fragment>
        );
      })}
    </ol>
  );
}
