/** Words of the waiting and loading time: the carrier's buttons per stop and the customer's monthly report (decision 061). */
export const STOP_TIMES_TEXT = {
  heading: '荷待ち・荷役時間',
  description:
    '各地点で到着・荷役開始・荷役終了・出発をタップして記録します。電波がなくても記録され、つながったときに送信されます。',
  readOnlyDescription: '運送会社が記録した各地点の到着・荷役・出発の時刻です。',
  waiting: '荷待ち',
  loading: '荷役',
  minutes: (n: number) => `${n}分`,
  notYet: '—',
  overLimit: '2時間超',
  waitingCharge: '待機料金',
  waitingChargeTotal: '待機料金の合計',
  waitingChargeRule: (ratePer30Min: string) => `運送条件書の待機料金: 到着から30分を超えた待機に30分ごと ${ratePer30Min}`,
  pending: (n: number) => `未送信 ${n}件（通信が回復すると送信します）`,
  recordedAt: (event: string, time: string) => `${event} ${time}`,
  dropped: (event: string, message: string) => `${event}の記録は送信できませんでした: ${message}`,
  report: {
    title: '荷待ち・荷役時間レポート',
    description:
      '到着が指定の月（日本時間）にある地点を、集荷先・配達先ごとにまとめています。荷待ちと荷役の合計が2時間を超えた地点を表示します。',
    month: '対象月',
    empty: 'この月の記録はありません。',
    stops: (n: number) => `${n}地点`,
    overLimitCount: (n: number) => `2時間超 ${n}件`,
    averageWaiting: '平均荷待ち',
    averageLoading: '平均荷役',
    chartLabel: '地点別の平均荷待ち・荷役時間（分）',
    baggage: '荷物',
    arrivedAt: '到着',
    openReport: '荷待ち・荷役時間レポート',
  },
} as const;
