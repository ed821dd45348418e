import { messages } from '@fitpost/contract';
import { Tour, type TourStepProps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { findTourTarget } from '@/lib/tour';
// Its own rule (.getting-started-tour) is there, whichever chunk arrives first.
import '../dashboard.css';

/** What the member has already done, so the tour skips it (issue 26). */
export interface TourProgress {
  connected: boolean;
  posted: boolean;
}

interface Stop {
  /** The sidebar entry it points at when the sidebar is on screen (centred otherwise: a phone). */
  path: string;
  title: string;
  text: string;
  link: { to: string; label: string };
  done: (progress: TourProgress) => boolean;
}

/** What a new member does first: connect, pick from the library, queue it (issue 16). */
const stops: Stop[] = [
  {
    path: '/app/settings',
    title: 'Connect your accounts',
    text: 'Link the social accounts FitPost should post to.',
    link: { to: '/app/settings?tab=social-platforms', label: 'Connect accounts' },
    done: (progress) => progress.connected,
  },
  {
    path: '/app/content',
    title: 'Pick a post from the library',
    text: 'Ready-made, on-brand posts from your organization. Find one you like.',
    link: { to: '/app/content', label: `Open ${messages['page.library']}` },
    done: (progress) => progress.posted,
  },
  {
    path: '/app/posts',
    title: 'Add it to your queue',
    text: 'On its card choose Add to Queue: it goes out at your next free time, on the accounts you use. Your times are in System Settings; your posts are under Schedule a Post.',
    link: { to: '/app/settings?tab=system-settings', label: 'See my posting times' },
    done: (progress) => progress.posted,
  },
];

function description(stop: Stop, onDone: () => void): ReactNode {
  return (
    <>
      <p>{stop.text}</p>
      <Link to={stop.link.to} onClick={onDone}>
        {stop.link.label}
      </Link>
    </>
  );
}

/** The steps still to do, in order; none when the member has done them all. */
export function tourStops(progress: TourProgress): Stop[] {
  return stops.filter((stop) => !stop.done(progress));
}

/**
 * antd's Tour through the jobs still to do; its own chunk, loaded only when the tour is due. No
 * mask: the navigation stays usable beside it, and its ✕ closes it for good in one click.
 */
export function SidebarTourPanel({ progress, onDone }: { progress: TourProgress; onDone: () => void }) {
  const steps: TourStepProps[] = tourStops(progress).map((stop, i) => ({
    title: `${i + 1}. ${stop.title}`,
    description: description(stop, onDone),
    placement: 'right',
    // antd types the target as returning an element, but accepts null at run time (it then centres the
    // step) — which is what happens when the sidebar is not on screen (a phone's closed drawer).
    target: () => findTourTarget(stop.path) as HTMLElement,
  }));
  if (steps.length === 0) return null;
  return (
    <Tour
      open
      mask={false}
      // Its (invisible) mask layer would still catch every click while a step has no target (a phone).
      styles={{ mask: { pointerEvents: 'none' } }}
      rootClassName="getting-started-tour"
      steps={steps}
      onClose={onDone}
      onFinish={onDone}
    />
  );
}
