/** Words of the talkroom screens and the complete-talkroom (meeting complete) dialog. */

/** The talkroom of a request (spec §2, §3 Talkroom/Message; ours where the spec is silent). */
export const TALKROOM_TEXT = {
  title: 'トークルーム',
  conversation: 'メッセージ',
  partnerLabel: 'お取引の相手',
  customerFallback: '荷主様',
  requestSummary: '依頼の概要',
  openRequest: '依頼の詳細を見る',
  openConversation: 'メッセージを全画面で開く',
  backToRoom: 'トークルームへ戻る',
  empty: 'まだメッセージはありません。',
  emptyHint: '集荷の日時や荷物の受け渡し方法など、取引の打ち合わせをしましょう。',
  loadOlder: '以前のメッセージを読み込む',
  you: 'あなた',
  read: '既読',
  attachments: '添付ファイル',
  openImage: (name: string) => `${name}を開く`,
  download: (name: string) => `${name}をダウンロード`,
  inactive: 'このトークルームは終了しました。メッセージの閲覧のみできます。',
  notFound: 'トークルームが見つかりませんでした。',
  reconnecting: '自動更新が一時的に止まっています。10秒ごとに最新のメッセージを確認しています。',
  composer: {
    label: 'メッセージ',
    placeholder: 'メッセージを入力',
    shortcut: 'Ctrl + Enter で送信',
    attach: 'ファイルを添付',
    hideAttach: '添付を閉じる',
    attachLabel: '添付ファイル',
    send: '送信',
  },
  meeting: {
    heading: '打ち合わせ',
    customer: '荷主',
    driver: 'ドライバー',
    done: '完了',
    pending: '未完了',
    complete: '打ち合わせ完了',
    description:
      '打ち合わせが済んだら、荷主・ドライバーの双方が「打ち合わせ完了」を押してください。両方がそろうと集荷作業中になります。',
    waitingOther: '相手の打ち合わせ完了を待っています。',
    bothDone: '打ち合わせが完了しました。',
  },
} as const;

/** The complete-talkroom dialog (spec §2 modal id), in its driver and customer variants. */
export const COMPLETE_TALKROOM_TEXT = {
  driver: {
    title: '打ち合わせを完了しますか？',
    description: '荷主様との打ち合わせが済み、荷物の受け取りについて合意したことを確認します。',
    note: '荷主様も打ち合わせ完了を押すと、依頼は「集荷作業中」になり、配送完了報告ができるようになります。',
    confirm: '打ち合わせ完了',
  },
  customer: {
    title: '打ち合わせを完了しますか？',
    description: 'ドライバーとの打ち合わせが済んだことを確認します。',
    note: 'ドライバーも打ち合わせ完了を押すと、依頼は「集荷作業中」になります。トークルームは配送完了まで引き続き利用できます（遅れや温度の確認など）。',
    confirm: '打ち合わせ完了',
  },
} as const;
