/** The talkroom of a request and its messages (/shipping-requests/detail/{id}/talkrooms/{talkroomId}). The router lazy-loads this module as one chunk. */
import { ComingSoonPage } from '../../../components/ui/coming-soon';

export const TalkroomPage = ComingSoonPage;
export const TalkroomMessagesPage = ComingSoonPage;
