import { paginationMeta } from '@logi/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Pagination, pageItems } from './pagination';

describe('pagination', () => {
  it('shows the first, the last and the neighbours of the current page, with gaps', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, 'gap', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap', 9, 10]);
  });

  it('is driven by the list meta and reports the page chosen', async () => {
    const pages: number[] = [];
    const { rerender } = render(<Pagination meta={paginationMeta(1, 10, 35)} onPageChange={(p) => pages.push(p)} />);
    expect(screen.getByText('全35件')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '前のページ' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '1ページ' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: '次のページ' }));
    await userEvent.click(screen.getByRole('button', { name: '4ページ' }));
    expect(pages).toEqual([2, 4]);

    rerender(<Pagination meta={paginationMeta(4, 10, 35)} onPageChange={(p) => pages.push(p)} />);
    expect(screen.getByRole('button', { name: '次のページ' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '前のページ' }));
    expect(pages).toEqual([2, 4, 3]);
  });

  it('says when the server stopped counting, so the total reads as a lower bound', () => {
    const { rerender } = render(<Pagination meta={paginationMeta(1, 20, 1000, true)} onPageChange={() => {}} />);
    expect(screen.getByText('1,000件以上')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '50ページ' })).toBeInTheDocument();
    rerender(<Pagination meta={paginationMeta(1, 20, 1000)} onPageChange={() => {}} />);
    expect(screen.getByText('全1,000件')).toBeInTheDocument();
  });
});
