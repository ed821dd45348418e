import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { controllableMedia } from '@/test/media';
import { useMediaQuery } from './media-query';

let media: ReturnType<typeof controllableMedia> | undefined;
afterEach(() => media?.restore());

describe('useMediaQuery', () => {
  it('answers the query and follows it as it changes', () => {
    media = controllableMedia(new Set());
    function Probe() {
      return <p>{useMediaQuery('(max-width: 767.98px)') ? 'phone' : 'wide'}</p>;
    }
    render(<Probe />);
    expect(screen.getByText('wide')).toBeInTheDocument();
    act(() => media?.flip('(max-width: 767.98px)', true));
    expect(screen.getByText('phone')).toBeInTheDocument();
  });
});
