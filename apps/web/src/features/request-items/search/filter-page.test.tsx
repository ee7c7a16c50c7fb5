import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FilterPage } from './filter-page';

describe('filter page', () => {
  it('adapts to the request type: 配送 hides the warehouse filters, 倉庫 the route', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/shipping-requests/filter']}>
        <FilterPage />
      </MemoryRouter>,
    );
    const quick = () => within(screen.getByRole('group', { name: /^特徴/ }));
    expect(quick().getByRole('checkbox', { name: '倉庫' })).toBeInTheDocument();
    expect(screen.getByText('倉庫の所在地')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '配送' }));
    expect(quick().queryByRole('checkbox', { name: '倉庫' })).not.toBeInTheDocument();
    expect(screen.queryByText('倉庫の所在地')).not.toBeInTheDocument();
    expect(screen.getByText('集荷地')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '倉庫' }));
    expect(screen.getByText('倉庫の所在地')).toBeInTheDocument();
    expect(screen.queryByText('集荷地')).not.toBeInTheDocument();
    expect(screen.queryByText('経路')).not.toBeInTheDocument();
  });
});
