import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address';

describe('EmailAddress', () => {
  it('shows the whole address, free to wrap before the @ rather than inside a word', () => {
    render(<EmailAddress email="customer@demo.example.jp" />);
    const address = screen.getByText('customer@demo.example.jp');
    // The only planned break: <wbr> between the local part and @domain.
    expect(address.innerHTML).toBe('customer<wbr>@demo.example.jp');
  });

  it('shows a value without an @ as it is', () => {
    render(<EmailAddress email="no-at-sign" />);
    expect(screen.getByText('no-at-sign').innerHTML).toBe('no-at-sign');
  });
});
