import { networkNames } from '@fitpost/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountPicture } from './account-picture';
import { NetworkIcons, NetworkLabel } from './network-icon';

describe('NetworkLabel', () => {
  it('writes the contract’s name of the network beside a logo screen readers skip', () => {
    const { container } = render(<NetworkLabel network="linkedin" />);
    expect(container).toHaveTextContent(networkNames.linkedin);
    const logo = container.querySelector('.network-icon');
    expect(logo).toHaveClass('network-icon-linkedin');
    expect(logo).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('NetworkIcons', () => {
  it('draws one logo per network, hidden from screen readers', () => {
    const { container } = render(<NetworkIcons networks={['x', 'facebook']} />);
    expect(container.querySelectorAll('.network-icon-x, .network-icon-facebook')).toHaveLength(2);
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('AccountPicture', () => {
  it('is decorative unless given a text alternative', () => {
    render(<AccountPicture name="Zoë" pictureUrl="https://example.com/zoe.png" />);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('is announced with its text alternative when it has a picture', () => {
    render(
      <AccountPicture name="Zoë" pictureUrl="https://example.com/zoe.png" alt="Profile picture of Zoë" />,
    );
    expect(screen.getByRole('img', { name: 'Profile picture of Zoë' })).toHaveAttribute(
      'src',
      'https://example.com/zoe.png',
    );
  });

  it('shows the initial, hidden from screen readers, when there is no picture', () => {
    const { container } = render(<AccountPicture name=" zoë" pictureUrl="" alt="Profile picture of Zoë" />);
    expect(container).toHaveTextContent('Z');
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });
});
