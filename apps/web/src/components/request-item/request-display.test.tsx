import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { PriceDisplay, RequestDetailBody, RequestRow, TransportStops } from '.';
import { deliveryRequest } from '../../test/request-item.fixture';
import { figureOf, share, standardFare } from '../../test/standard-fare.fixture';

beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});

describe('TransportStops', () => {
  it('shows the stops in route order with 集荷, 経由1 … 配達, their time ranges and addresses', () => {
    const item = deliveryRequest();
    // the server's order is by position, whatever order the array arrives in
    render(<TransportStops stops={[...item.deliveryItem!.transports].reverse()} />);
    const stops = screen.getAllByTestId('transport-stop');
    expect(stops.map((s) => within(s).getByTestId('stop-label').textContent)).toEqual(['集荷', '経由1', '配達']);
    expect(stops[0]).toHaveTextContent('2026年12月01日 09:00〜12:00');
    expect(stops[0]).toHaveTextContent('〒100-0001東京都千代田区千代田1-1');
    expect(stops[2]).toHaveTextContent('2026年12月02日 09:00〜10:30');
    expect(stops[2]).toHaveTextContent('神奈川県横浜市西区高島1-1');
    expect(stops[2]).toHaveTextContent('不要');
  });

  it('writes both dates when a window spans midnight', () => {
    const [first] = deliveryRequest().deliveryItem!.transports;
    render(<TransportStops stops={[{ ...first!, timeTo: '2026-12-02T06:00:00.000+09:00' }]} />);
    expect(screen.getByTestId('transport-stop')).toHaveTextContent('2026年12月01日 09:00〜2026年12月02日 06:00');
  });
});

describe('PriceDisplay', () => {
  it('shows a fixed price in yen, a unit price and an open estimation', () => {
    const { rerender } = render(<PriceDisplay price={{ priceType: 'FIXED', price: 35000 }} withType />);
    expect(screen.getByTestId('price')).toHaveTextContent('固定価格35,000円');
    rerender(<PriceDisplay price={{ priceType: 'PER_UNIT', price: 1200 }} />);
    expect(screen.getByTestId('price')).toHaveTextContent('単価 1,200円／個');
    // With the type shown above it, 単価 is said once, and the unit with the amount.
    rerender(<PriceDisplay price={{ priceType: 'PER_UNIT', price: 1200 }} withType />);
    expect(screen.getByTestId('price')).toHaveTextContent(/^単価1,200円／個$/);
    // With the type asked for, an estimation still reads 見積もり受付中 alone (not 見積もり twice).
    rerender(<PriceDisplay price={{ priceType: 'ESTIMATION', price: null }} withType />);
    expect(screen.getByTestId('price')).toHaveTextContent(/^見積もり受付中$/);
  });
});

describe('RequestRow and RequestDetailBody', () => {
  it("an estimation request shows the agreed amount once the caller's bid is approved, 見積もり受付中 before", () => {
    const estimation = { priceType: 'ESTIMATION', price: null } as const;
    const bid = { id: 'c1', price: 38000, createdAt: '2026-11-20T09:00:00.000+09:00' };
    const approved = deliveryRequest(1, { price: estimation, status: 'APPROVED', candidate: { ...bid, status: 'APPROVED' } });
    const { unmount } = render(
      <MemoryRouter>
        <RequestRow item={approved} to="/x" showStatus />
        <RequestDetailBody item={approved} />
      </MemoryRouter>,
    );
    for (const price of screen.getAllByTestId('price')) expect(price).toHaveTextContent(/^合意金額38,000円$/);
    unmount();

    const open = deliveryRequest(1, { price: estimation, candidate: { ...bid, status: 'APPLIED' } });
    render(
      <MemoryRouter>
        <RequestRow item={open} to="/x" showStatus />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('price')).toHaveTextContent(/^見積もり受付中$/);
  });

  it('a request closed at its selection deadline reads closed only: no キャンセル, 集荷日が近い or 見積もり受付中', () => {
    const closed = deliveryRequest(1, {
      status: 'CANCELLED',
      selectionDeadline: '2026-11-30T18:00:00.000+09:00',
      selectionClosedAt: '2026-11-30T18:00:20.000+09:00',
      price: { priceType: 'ESTIMATION', price: null },
      isNearDate: true,
      isNewArrival: true,
    });
    render(
      <MemoryRouter>
        <RequestRow item={closed} to="/x" showStatus />
        <RequestDetailBody item={closed} />
      </MemoryRouter>,
    );
    for (const badge of screen.getAllByTestId('status-badge')) expect(badge).toHaveTextContent(/^選考期限で締切$/);
    expect(screen.getAllByTestId('status-badge')).toHaveLength(2);
    for (const gone of ['キャンセル', '集荷日が近い', '新着', '見積もり受付中']) {
      expect(screen.queryByText(gone), gone).not.toBeInTheDocument();
    }
    for (const price of screen.getAllByTestId('price')) expect(price).toHaveTextContent(/^見積もり$/);
  });

  it('a row says 応募済み once: not beside the badge of the application it carries', () => {
    const bid = { id: 'c1', price: 38000, status: 'APPLIED', createdAt: '2026-11-20T09:00:00.000+09:00' } as const;
    const { rerender } = render(
      <MemoryRouter>
        <RequestRow item={deliveryRequest(1, { isApplied: true })} to="/x" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('request-row')).toHaveTextContent('応募済み');
    rerender(
      <MemoryRouter>
        <RequestRow item={deliveryRequest(1, { isApplied: true, candidate: bid })} to="/x" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('request-row')).not.toHaveTextContent('応募済み');
  });

  it('a row names the route, the status and the facts a carrier scans for', () => {
    render(
      <MemoryRouter>
        <RequestRow item={deliveryRequest()} to="/shipping-requests/detail/x" showStatus />
      </MemoryRouter>,
    );
    const row = screen.getByTestId('request-row');
    expect(row).toHaveAttribute('href', '/shipping-requests/detail/x');
    expect(row).toHaveTextContent('東京都千代田区 → 神奈川県横浜市西区');
    expect(row).toHaveTextContent('承認待ち');
    expect(row).toHaveTextContent('新着');
    expect(row).toHaveTextContent('集荷 12/01(火) 09:00〜12:00・4t・冷蔵・冷凍食品1・1,250kg');
  });

  it('the detail shows every field; masked contact details read 承認後に表示されます, never as data', () => {
    const item = deliveryRequest(1, {
      customer: {
        id: 'c',
        companyName: '株式会社サンプル',
        customerName: '山田 太郎',
        address: '東京都千代田区千代田1-1',
        phone: '0000000000',
        email: 'sample@example.com',
        invoice: 'T0000000000000',
      },
    });
    render(<RequestDetailBody item={item} />);
    expect(screen.getByRole('heading', { level: 1, name: '東京都千代田区 → 神奈川県横浜市西区' })).toBeInTheDocument();
    expect(screen.getByText('荷主の連絡先・メッセージ・番地は、依頼が承認された後に表示されます。')).toBeInTheDocument();
    const basics = screen.getByRole('region', { name: '依頼内容' });
    for (const text of ['4t', '冷蔵', '冷凍食品1', '段ボール', '12.5kg', '1,250kg', '100個', '60サイズ']) {
      expect(within(basics).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByTestId('request-message')).toHaveTextContent(/^承認後に表示されます$/);
    const customer = screen.getByRole('region', { name: '荷主情報' });
    expect(within(customer).getAllByTestId('hidden-value')).toHaveLength(6);
    // The stops keep the area a carrier bids on; the sample block, contact and phone read as hidden.
    const [pickup] = screen.getAllByTestId('transport-stop');
    expect(pickup).toHaveTextContent('東京都千代田区千代田');
    expect(within(pickup!).getAllByTestId('hidden-value')).toHaveLength(3);
    for (const sample of ['株式会社サンプル', '山田 太郎', 'sample@example.com', '0000000000', 'T0000000000000', '1-1']) {
      expect(document.body).not.toHaveTextContent(sample);
    }
    expect(screen.getByText(/^掲載日/)).toHaveTextContent('掲載日 2026年11月20日 09:00');
  });

  it('the parties see the real contact details as they are', () => {
    const customer = {
      id: 'c',
      companyName: '株式会社青空物流',
      customerName: '佐藤 花子',
      address: '東京都港区芝公園4-2-8',
      phone: '0312345678',
      email: 'hanako@example.jp',
      invoice: null,
    };
    render(<RequestDetailBody item={deliveryRequest(1, { isHidden: false, message: '午前中に伺います。', customer })} />);
    expect(screen.queryByTestId('hidden-value')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: '荷主情報' })).toHaveTextContent('株式会社青空物流');
    expect(screen.getByTestId('request-message')).toHaveTextContent('午前中に伺います。');
    expect(screen.getAllByTestId('transport-stop')[0]).toHaveTextContent('0000000000');
  });

  it('a warehouse shows its area in 坪 and its unit price', () => {
    const item = deliveryRequest(2, {
      type: 'WAREHOUSE',
      price: { priceType: 'PER_UNIT', price: 8000 },
      isHidden: false,
      message: null,
      deliveryItem: null,
      warehouseItem: {
        id: 'w',
        roomTemperatureRange: 'ROOM',
        status: 'WAITING_APPROVE',
        requestAmount: 20,
        acreage: 50.5,
        location: {
          postalCode: '3300854',
          prefecture: '埼玉県',
          city: 'さいたま市大宮区',
          town: '桜木町',
          block: '2-3',
          building: '倉庫棟',
        },
        vehicleTypes: ['TEN_T_TRUCK', 'COOL_TRUCK'],
        images: [{ id: 'img1', fileUrl: '/files/img1' }],
        isAllowCancel: true,
      },
      images: [{ id: 'img1', fileUrl: '/files/img1' }],
    });
    render(<RequestDetailBody item={item} />);
    // The one uploaded image once, though the server lists it on the request and its warehouse.
    expect(within(screen.getByRole('region', { name: '画像' })).getAllByRole('img')).toHaveLength(1);
    const warehouse = screen.getByRole('region', { name: '倉庫の情報' });
    expect(warehouse).toHaveTextContent('〒330-0854 埼玉県さいたま市大宮区桜木町2-3 倉庫棟');
    expect(warehouse).toHaveTextContent('50.5坪');
    expect(warehouse).toHaveTextContent('10t、冷蔵冷凍車');
    // The price with its amount, not the bare type 単価.
    expect(warehouse).toHaveTextContent('価格単価 8,000円／個');
    expect(screen.getByTestId('status-badge')).toHaveTextContent('マッチング前');
    expect(screen.getByTestId('price')).toHaveTextContent(/^単価8,000円／個$/);
    expect(screen.queryByText(/承認された後に表示されます/)).not.toBeInTheDocument();
  });
});

describe('the standard fare on a row', () => {
  it('shows the standard fare (税抜, 推定) beside the price, or that the job has none, and the carrier’s bid share', () => {
    const fare = standardFare();
    const bid = { id: 'b', price: 87000, status: 'APPLIED', createdAt: '2026-11-20T09:00:00.000+09:00' } as const;
    const { rerender } = render(
      <MemoryRouter>
        <RequestRow
          item={deliveryRequest(1, { standardFare: figureOf(fare), candidate: { ...bid, standardFare: share(87, 87000) } })}
          to="/x"
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('standard-fare')).toHaveTextContent('標準的運賃 100,000円（税抜）推定距離');
    expect(screen.getByTestId('fare-share')).toHaveTextContent('標準的運賃の87%');
    rerender(
      <MemoryRouter>
        <RequestRow item={deliveryRequest(1, { standardFare: { covered: false, message: '軽車両は対象外' } })} to="/x" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('standard-fare')).toHaveTextContent('標準的運賃の対象外');
    expect(screen.getByTestId('standard-fare')).toHaveAttribute('title', '軽車両は対象外');
    expect(screen.queryByTestId('fare-share')).not.toBeInTheDocument();
  });
});
