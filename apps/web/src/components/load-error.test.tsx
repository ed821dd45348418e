import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { LoadError } from './load-error';

describe('LoadError', () => {
  it('says what could not be loaded and why (the call error text), and retries on Retry', async () => {
    const onRetry = vi.fn();
    render(
      <LoadError
        what="Your posts"
        error={new ApiError({ status: 503, code: 'http_error', text: 'Service unavailable' })}
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your posts could not be loaded.');
    expect(alert).toHaveTextContent('Service unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("shows the spec's 'error' for anything that is not a call error, and no Retry without onRetry", () => {
    render(<LoadError what="The library" error={new TypeError('boom')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The library could not be loaded.error');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
