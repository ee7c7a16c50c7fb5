/**
 * The talkroom as its two parties meet it: the real app shell, routes, query client and event
 * stream, over HTTP to a local server answering like the API, whose stream the test pushes on.
 */
import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CUSTOMER, DRIVER, carrierApi, delivery, fakeApi, message, talkroomOf } from '../../test/carrier-api.fixture';
import { openApp, serveApi, signIn, until } from '../../test/test-kit';

const api = serveApi(carrierApi);

function signInAs(user: typeof DRIVER) {
  fakeApi.reset();
  signIn(user);
}

const roomPath = (item: { id: string; talkroom: { id: string } | null }) =>
  `/shipping-requests/detail/${item.id}/talkrooms/${item.talkroom!.id}`;

describe('talkroom', () => {
  beforeEach(() => signInAs(DRIVER));

  // The first test of the file also waits for the lazy route chunks to compile (60 s).
  it('shows a message the other party sends as soon as the stream tells of it, without a reload', async () => {
    const item = delivery(1);
    const room = talkroomOf(item);
    fakeApi.items = [item];
    fakeApi.talkrooms = [room];
    fakeApi.messages = [message(1, CUSTOMER, 'お世話になります。', room.id)];
    const router = openApp(roomPath(item));

    const log = await screen.findByRole('log', { name: 'メッセージ' });
    expect(await within(log).findByText('お世話になります。')).toBeInTheDocument();
    expect(within(log).getByText('鈴木 美咲')).toBeInTheDocument();
    expect(within(log).getByText('荷主')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'メッセージ' })).toBeInTheDocument();
    // The driver has not confirmed the meeting yet: the action is theirs.
    // (in the heading row on a phone, in the panel from lg: CSS shows one of them at each width)
    expect(screen.getAllByRole('button', { name: '打ち合わせ完了' })).toHaveLength(2);

    await until(() => api.streams.length > 0);
    const next = message(2, CUSTOMER, '明日9時に伺えますか？', room.id);
    fakeApi.messages.push(next);
    act(() =>
      api.push('talkroom-message', 50, {
        requestItemId: item.id,
        talkroomId: room.id,
        message: {
          id: next.id,
          talkroomId: room.id,
          senderId: CUSTOMER.id,
          content: next.content,
          fileIds: [],
          createdAt: next.createdAt,
        },
      }),
    );
    expect(await within(log).findByText('明日9時に伺えますか？')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(roomPath(item));
  }, 60_000);

  it('is read-only with a notice once the talkroom is closed', async () => {
    const item = delivery(2, { status: 'IN_PROGRESS' });
    item.talkroom = { ...item.talkroom!, isActive: false };
    const room = talkroomOf(item, {
      isActive: false,
      customerMeetingCompletedAt: '2026-11-20T11:00:00.000+09:00',
      driverMeetingCompletedAt: '2026-11-20T10:30:00.000+09:00',
    });
    fakeApi.items = [item];
    fakeApi.talkrooms = [room];
    fakeApi.messages = [message(1, DRIVER, '承知しました。', room.id)];
    openApp(roomPath(item));

    expect(await screen.findByText('このトークルームは終了しました。メッセージの閲覧のみできます。')).toBeInTheDocument();
    expect(within(screen.getByRole('log')).getByText('承知しました。')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'メッセージ' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '送信' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '打ち合わせ完了' })).not.toBeInTheDocument();
    expect(screen.getByText('打ち合わせが完了しました。')).toBeInTheDocument();
  });
});
