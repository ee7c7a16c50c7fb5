/**
 * Words of the customer's requests: /shipping-requests/my-items, a request's detail,
 * its candidates and the confirmations the customer answers (spec §2, §4; ours where
 * the spec is silent). Success and error toasts are in messages.ts (spec §8).
 */
/** What the customer should do, or wait for, in each state (the detail page's "next step"). */
const DELIVERY_NEXT_STEP = {
  WAITING_APPROVE: {
    title: '候補者を承認してください',
    description: '応募したドライバーの中から1人を選んで承認すると、トークルームで打ち合わせができます。',
  },
  WAITING_APPROVE_NO_CANDIDATES: {
    title: '応募をお待ちください',
    description: 'ドライバーから応募が届くと通知でお知らせします。',
  },
  APPROVED: {
    title: 'トークルームで打ち合わせをしてください',
    description: '集荷の日時や荷物の詳細を確認し、打ち合わせが終わったら「打ち合わせ完了」を押してください。',
  },
  APPROVED_WAITING_DRIVER: {
    title: 'ドライバーの受領確認待ち',
    description: '打ち合わせ完了を登録しました。ドライバーが受領を確認すると集荷作業が始まります。',
  },
  IN_PROGRESS: {
    title: '集荷作業中',
    description: 'ドライバーが集荷・配送を行っています。配送が終わると完了報告が届きます。',
  },
  IN_PROGRESS_REPORTED: {
    title: '完了報告の確認待ち',
    description: 'ドライバーから完了報告が届きました。受領書・受取人の署名・配送画像を確認し、完了報告を承認してください。',
  },
  COMPLETED: {
    title: '配送が完了しました',
    description: 'ご利用ありがとうございました。',
  },
  CANCELLED: {
    title: 'この依頼はキャンセルされました',
    description: '応募者にはキャンセルをお知らせしました。',
  },
} as const;

const WAREHOUSE_NEXT_STEP = {
  WAITING_APPROVE: {
    title: '候補者を承認してください',
    description: '応募した事業者の中から1社を選んで承認すると、マッチングが完了します。',
  },
  WAITING_APPROVE_NO_CANDIDATES: {
    title: '応募をお待ちください',
    description: '事業者から応募が届くと通知でお知らせします。',
  },
  COMPLETED: {
    title: 'マッチングが完了しました',
    description: '承認した事業者と倉庫のご利用を進めてください。他の応募者には見送りをお知らせしました。',
  },
  CANCELLED: {
    title: 'この依頼はキャンセルされました',
    description: '応募者にはキャンセルをお知らせしました。',
  },
} as const;

export const MY_ITEMS_TEXT = {
  list: {
    title: '依頼一覧',
    description: '投稿した配送依頼・倉庫依頼の状況を確認できます。',
    tabs: { DELIVERY: '配送依頼', WAREHOUSE: '倉庫依頼' },
    statusFilter: 'ステータスで絞り込む',
    allStatuses: 'すべて',
    create: '依頼を作成',
    empty: 'まだ依頼がありません',
    emptyDescription: '配送や倉庫の依頼を投稿すると、ドライバーや事業者から応募が届きます。',
    emptyFiltered: '条件に合う依頼はありません',
    emptyFilteredDescription: 'ステータスの絞り込みを解除してお試しください。',
    clearFilter: '絞り込みを解除',
    candidates: (n: number) => `応募 ${n}件`,
  },
  detail: {
    title: '依頼の詳細',
    // open selection (decision 065)
    selectionClosed: {
      title: '選考期限で締め切られました',
      description:
        '期限までに応募者を承認しなかったため、依頼を締め切りました。応募者にはお知らせ済みです。同じ内容で再掲載できます。',
    },
    reposted: {
      title: '同じ内容で再掲載しました',
      description: '再掲載した依頼で、新しい応募をお待ちください。',
    },
    repost: '同じ内容で再掲載',
    openRepost: '再掲載した依頼を見る',
    backToList: '依頼一覧へ戻る',
    status: 'ステータス',
    nextStep: '次のステップ',
    candidatesHeading: '応募者',
    candidatesCount: (n: number) => `${n}件の応募`,
    noCandidates: 'まだ応募はありません',
    viewCandidates: '応募者を見る',
    receiver: '承認した応募者',
    openTalkroom: 'トークルームを開く',
    talkroomClosed: 'トークルームは終了しています（閲覧のみ）',
    actionsHeading: '操作',
    meetingComplete: '打ち合わせ完了',
    approveCompletion: '完了報告を承認',
    cancel: '依頼をキャンセル',
    delete: '依頼を削除',
    reportHeading: '完了報告',
    reportedAt: '報告日時',
    reportImages: {
      receiptImage: '受領書',
      recipientSignatureImage: '受取人の署名',
      deliveryImage: '配送画像',
    },
    reportImageMissing: '未提出',
    reportImageUnavailable: '画像を表示できません',
    notFound: '依頼が見つかりませんでした',
  },
  nextStep: { DELIVERY: DELIVERY_NEXT_STEP, WAREHOUSE: WAREHOUSE_NEXT_STEP },
  candidates: {
    title: '応募者一覧',
    description: '応募内容を確認し、依頼する相手を1人選んで承認してください。',
    backToDetail: '依頼の詳細へ戻る',
    backToList: '応募者一覧へ戻る',
    empty: 'まだ応募はありません',
    emptyDescription: '応募が届くと通知でお知らせします。',
    appliedAt: '応募日時',
    price: { ESTIMATION: '見積もり金額', FIXED: '固定価格', PER_UNIT: '単価' },
    noCompany: '会社情報なし',
    nameWithCompany: (name: string, company: string) => `${name}（${company}）`,
    viewDetail: '詳細を見る',
    approve: 'この応募者を承認',
    approved: '承認済みの応募者がいます',
    closed: 'この依頼は応募を締め切りました',
    detailTitle: '応募者の詳細',
    name: '氏名',
    company: '会社名',
    companyKana: '会社名（カナ）',
    phone: '電話番号',
    email: 'メールアドレス',
    note: '備考',
    lastMessage: '最新のメッセージ',
    attachmentsOnly: (n: number) => `添付ファイル ${n}件`,
    openTalkroom: 'トークルームで相談する',
  },
  approved: {
    title: { DELIVERY: '応募者を承認しました', WAREHOUSE: 'マッチングが完了しました' },
    description: {
      DELIVERY:
        'トークルームでドライバーと集荷の日時や荷物の詳細を打ち合わせてください。打ち合わせが終わったら、依頼の詳細から「打ち合わせ完了」を押してください。',
      WAREHOUSE: '承認した事業者と倉庫のご利用を進めてください。選ばれなかった応募者には見送りをお知らせしました。',
    },
    receiver: '承認した応募者',
    openTalkroom: 'トークルームを開く',
    viewTalkroom: 'トークルームの履歴を見る',
    toDetail: '依頼の詳細へ',
    toList: '依頼一覧へ',
  },
  dialogs: {
    approve: {
      title: 'この応募者を承認しますか？',
      description: {
        DELIVERY: '承認すると他の応募者は見送りとなり、承認した応募者とのトークルームで打ち合わせができます。',
        WAREHOUSE: '承認するとマッチングが完了し、他の応募者は見送りとなります。',
      },
      confirm: '承認する',
    },
    cancel: {
      title: '依頼をキャンセルしますか？',
      description: 'キャンセルすると応募者に通知され、元に戻すことはできません。',
      confirm: 'キャンセルする',
      keep: '戻る',
    },
    delete: {
      title: '依頼を削除しますか？',
      description: '削除した依頼は一覧に表示されなくなり、元に戻すことはできません。承認済み以降の配送依頼は削除できません。',
      confirm: '削除する',
    },
    complete: {
      title: '完了報告を承認しますか？',
      description: '受領書・受取人の署名・配送画像を確認のうえ承認してください。承認すると配送完了となります。',
      temperatureWarning: '基準を外れた温度が記録されています。荷物の状態をドライバーに確認してから承認してください。',
      confirm: '承認する',
    },
  },
} as const;
