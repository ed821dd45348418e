import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  linkedInConnection as linkedInAccount,
  makeConnection,
  xConnection as xAccount,
} from '@/test/fixtures';
import type { Graphic } from '@/components/graphic-upload/graphic';
import { NetworkPreviews } from './network-previews';

const instagramAccount = makeConnection({
  id: '44444444-4444-4444-8444-444444444444',
  network: 'instagram',
  accountName: 'Casey Coach Fitness',
  handle: 'casey_coach_fitness',
  pictureUrl: '',
});

const facebookPage = makeConnection({
  id: '12121212-1212-4212-8212-121212121212',
  network: 'facebook',
  accountName: 'Casey Coach Fitness',
  pictureUrl: '',
});
const graphic = (width: number, height: number): Graphic => ({
  mediaId: 'f0f0f0f0-f0f0-4f0f-8f0f-f0f0f0f0f0f0',
  url: 'http://localhost/media/f0.jpg',
  altText: 'A kettlebell on a gym floor',
  owned: true,
  width,
  height,
});

function preview(name: string): HTMLElement {
  return screen.getByRole('article', { name: new RegExp(`^${name} preview`) });
}

const sentence = 'Strength training builds muscle, protects joints and keeps you moving for decades. ';
const long = sentence.repeat(8).trim(); // about 670 characters

describe('per-network previews', () => {
  it('cuts long text where each network does, with its own "see more"', async () => {
    const user = userEvent.setup();
    render(
      <NetworkPreviews
        connections={[xAccount, linkedInAccount, facebookPage, instagramAccount]}
        body={long}
        link=""
        graphic={graphic(1080, 1080)}
        when="now"
      />,
    );

    // X shows every character of a post (it cannot be longer than 280 once accepted).
    expect(within(preview('X')).getByText(long)).toBeInTheDocument();

    const linkedIn = preview('LinkedIn');
    expect(within(linkedIn).getByRole('button', { name: 'see more' })).toBeInTheDocument();
    const shownOnLinkedIn = linkedIn.querySelector('.preview-text')?.textContent ?? '';
    expect(shownOnLinkedIn.endsWith('…see more')).toBe(true);
    expect(shownOnLinkedIn.length).toBeLessThanOrEqual(210 + '…see more'.length);
    await user.click(within(linkedIn).getByRole('button', { name: 'see more' }));
    expect(within(linkedIn).getByText(long)).toBeInTheDocument();

    const facebook = preview('Facebook Page');
    expect(facebook.querySelector('.preview-text')?.textContent).toMatch(/… See more$/);

    const instagram = preview('Instagram');
    const caption = instagram.querySelector('.preview-text')?.textContent ?? '';
    expect(caption.startsWith('casey_coach_fitness ')).toBe(true);
    expect(caption).toMatch(/… more$/);
    expect(caption.length).toBeLessThanOrEqual('casey_coach_fitness '.length + 125 + '… more'.length);
  });

  it('frames the image as each feed does: X crops to 16:9, Instagram keeps 4:5 to 1.91:1 and warns outside it', () => {
    render(
      <NetworkPreviews
        connections={[xAccount, instagramAccount]}
        body="Kettlebell basics"
        link=""
        graphic={graphic(600, 1800)}
        when="now"
      />,
    );
    const ratio = (name: string) =>
      preview(name).querySelector<HTMLElement>('.preview-image')?.dataset.ratio ?? '';
    expect(ratio('X')).toBe('1.778');
    expect(ratio('Instagram')).toBe('0.800');
    expect(within(preview('Instagram')).getByText(/this one is 1:3 and may be refused/)).toBeInTheDocument();
    expect(
      within(preview('X')).getByRole('img', { name: 'A kettlebell on a gym floor' }),
    ).toBeInTheDocument();
  });

  it('shortens links on X, shows a link card on Facebook, and asks for an image on Instagram', () => {
    const link = 'https://www.fitpro.example.com/programmes/kettlebell-basics';
    render(
      <NetworkPreviews
        connections={[xAccount, facebookPage, instagramAccount]}
        body="New programme"
        link={link}
        graphic={null}
        when="Jul 4"
      />,
    );
    expect(within(preview('X')).getByText('fitpro.example.com/prog…')).toBeInTheDocument();
    expect(within(preview('X')).getByText('· Jul 4')).toBeInTheDocument();
    expect(within(preview('Facebook Page')).getByText('FITPRO.EXAMPLE.COM')).toBeInTheDocument();
    expect(within(preview('Facebook Page')).getByText('New programme')).toBeInTheDocument();
    expect(within(preview('Instagram')).getByText('Instagram needs an image')).toBeInTheDocument();
  });

  it('invites choosing a network when none is chosen', () => {
    render(<NetworkPreviews connections={[]} body="" link="" graphic={null} when="now" />);
    expect(
      screen.getByText('Choose a social network to see how your post will look there.'),
    ).toBeInTheDocument();
  });
});
