import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SkeletonRows } from './skeleton';

describe('skeleton rows', () => {
  it('shows 8 rows by default (spec §9) and says it is loading', () => {
    render(<SkeletonRows />);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(8);
    expect(screen.getByRole('status')).toHaveTextContent('読み込み中');
  });

  it('takes another count', () => {
    render(<SkeletonRows rows={3} />);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(3);
  });
});
