/** The talkroom of a request and its messages (/shipping-requests/detail/{id}/talkrooms/{talkroomId}). The router lazy-loads this module as one chunk. */
export { TalkroomPage, TalkroomMessagesPage } from './talkroom-pages';
