import { act, render, screen } from '@testing-library/react';
import { theme as antdTheme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { reducedMotionQuery } from '@/lib/media-query';
import { controllableMedia } from '@/test/media';
import { AntdTheme } from './antd-theme';

let media: ReturnType<typeof controllableMedia> | undefined;
afterEach(() => media?.restore());

describe('AntdTheme and reduced motion', () => {
  function MotionProbe() {
    const { token } = antdTheme.useToken();
    return <p>{token.motion ? 'animated' : 'still'}</p>;
  }
  const renderApp = () =>
    render(
      <AntdTheme>
        <MotionProbe />
      </AntdTheme>,
    );

  it("switches antd's animations off for a member whose system asks for less motion", () => {
    media = controllableMedia(new Set([reducedMotionQuery]));
    renderApp();
    expect(screen.getByText('still')).toBeInTheDocument();
  });

  it('keeps them otherwise, and follows the setting when it changes', () => {
    media = controllableMedia(new Set());
    renderApp();
    expect(screen.getByText('animated')).toBeInTheDocument();
    act(() => media?.flip(reducedMotionQuery, true));
    expect(screen.getByText('still')).toBeInTheDocument();
  });
});
