/** Words of the carrier's requests: the applied-items list, its detail and the delivery report. */
import type { TCandidateStatus } from '@logi/contract';

/** Where the caller stands on a request it applied to (ours: the spec names no wording). */
export type TCandidacy = TCandidateStatus | 'CANCELLED';

export const APPLIED_ITEMS_TEXT = {
  title: '応募した案件',
  description: '応募した依頼の選考状況と、承認された依頼の進み具合を確認できます。',
  typeTabs: { all: 'すべて', DELIVERY: '配送', WAREHOUSE: '倉庫' },
  typeFilter: '依頼の種類',
  statusFilter: '依頼の状況',
  allStatuses: 'すべての状況',
  empty: '応募した依頼はありません。',
  emptyFiltered: 'この条件に当てはまる応募はありません。',
  emptyHint: '案件を探して、見積もりの提示や固定価格での応募をしてみましょう。',
  emptyFilteredHint: '依頼の種類や状況の条件を変えてお試しください。',
  findRequests: '案件を探す',
  clearFilters: '条件をクリア',
  candidacy: {
    APPLIED: '選考中',
    APPROVED: '承認されました',
    NOT_CHOSEN: '選ばれませんでした',
    WITHDRAWN: '応募を取り下げました',
    CANCELLED: '依頼がキャンセルされました',
  } satisfies Record<TCandidacy, string>,
  candidacyHint: {
    APPLIED: '荷主様が応募者を選んでいます。結果は通知でお知らせします。',
    APPROVED: 'あなたが選ばれました。',
    NOT_CHOSEN: 'この依頼は、今回は別の方に決定しました。またのご応募をお待ちしております。',
    WITHDRAWN: 'この応募は取り下げられました。',
    CANCELLED: 'この依頼は荷主様によりキャンセルされました。',
  } satisfies Record<TCandidacy, string>,
  yourPrice: 'あなたの応募価格',
  appliedAt: '応募日時',
  openDetail: '詳細を見る',
  // the detail page
  detailTitle: '応募した案件の詳細',
  backToList: '応募した案件へ戻る',
  candidacyHeading: 'あなたの応募',
  nextStepHeading: '次にすること',
  nextStep: {
    meeting: 'トークルームで荷主様と集荷の打ち合わせを行い、済んだら「打ち合わせ完了」を押してください。',
    waitingCustomer: '打ち合わせ完了を登録しました。荷主様の打ち合わせ完了をお待ちください。',
    report: '集荷作業中です。配送が終わったら、受領書・受取人の署名・配送画像の3点で完了報告をしてください。',
    /** A 冷蔵・冷凍 load's report also holds the two temperature readings (decision 064). */
    reportColdChain:
      '集荷作業中です。配送が終わったら、受領書・受取人の署名・配送画像と集荷時・配達時の温度の5点で完了報告をしてください。',
    awaitingApproval: '完了報告を送信しました。荷主様の承認をお待ちください。',
    completed: '配送が完了しました。お疲れさまでした。',
    driverAssigned: '担当ドライバーが荷主様との打ち合わせ、受領確認と完了報告を行います。進み具合はこの画面で確認できます。',
    warehouseMatched: 'マッチングが完了しました。荷主様とのご利用開始の調整は、これまでのトークルームの内容をご確認ください。',
  },
  openTalkroom: 'トークルームを開く',
  viewTalkroom: 'トークルームを見る',
  meetingComplete: '打ち合わせ完了',
  openReport: '完了報告へ進む',
  viewReport: '完了報告を見る',
  // the report page
  report: {
    title: '配送完了報告',
    description: '受領書・受取人の署名・配送画像の3点をアップロードして送信してください。分けて送信することもできます。',
    descriptionColdChain:
      '受領書・受取人の署名・配送画像の3点と、集荷時・配達時の温度の2点、あわせて5点を送信してください。分けて送信することもできます。',
    backToDetail: '依頼の詳細へ戻る',
    slots: {
      receiptImageId: '受領書',
      recipientSignatureImageId: '受取人の署名',
      deliveryImageId: '配送画像',
    },
    present: '提出済み',
    missing: '未提出',
    replaceHint: '承認されるまでは、選び直して送信すると差し替えられます。',
    submit: '完了報告を送信',
    progress: (n: number, total: number) => `${n} / ${total} 点提出済み`,
    complete: 'すべて提出済みです。荷主様の承認をお待ちください。',
    temperatureDescription:
      '冷蔵・冷凍の配送です。集荷時と配達時に荷室の温度を測って記録してください。データロガーの記録があれば添付してください。',
    logFileOptional: 'データロガーの記録（任意・PDF、CSV、Excel）',
    approved: '荷主様が完了報告を承認しました。配送は完了です。',
    notYet: '完了報告は、打ち合わせが完了して集荷作業中になってから送信できます。',
    noImage: 'まだ提出されていません。',
    openImage: (name: string) => `${name}の画像を開く`,
    customerNote: '内容を確認したら、依頼の詳細ページから完了報告を承認してください。',
    toMyItem: '依頼の詳細へ',
  },
} as const;
