/** Words of the notifications area: the header bell, its panel and the notification pages. */

/** Interface text of the notification bell, panel and pages (spec §2, §7; ours where the spec is silent). */
export const NOTIFICATION_UI_TEXT = {
  bell: '通知',
  bellUnread: '通知（未読あり）',
  panelTitle: '通知',
  seeAll: 'すべての通知を見る',
  loadMore: 'もっと見る',
  empty: '通知はありません。',
  unread: '未読',
  pageTitle: '通知一覧',
  eventTab: '案件通知',
  systemTab: 'お知らせ',
  detailTitle: '通知詳細',
  attachments: '添付ファイル',
  openLink: '関連ページを開く',
  backToList: '通知一覧へ戻る',
  connection: {
    connecting: '接続しています…',
    connected: '接続中',
    reconnecting: '再接続中…',
  },
} as const;
