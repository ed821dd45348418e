import { messages } from '@fitpost/contract';
import { Tour, type TourStepProps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { findTourTarget } from '@/lib/tour';
// Its own rule (.getting-started-tour) is there, whichever chunk arrives first.
import '../dashboard.css';

interface Stop {
  /** The sidebar entry it points at when the sidebar is on screen (centred otherwise: a phone). */
  path: string;
  title: string;
  text: string;
  link: { to: string; label: string };
}

/** What a new member does first: connect, pick from the library, queue it (issue 16). */
const stops: Stop[] = [
  {
    path: '/app/settings',
    title: '1. Connect your accounts',
    text: 'Link the social accounts FitPost should post to.',
    link: { to: '/app/settings?tab=social-platforms', label: 'Connect accounts' },
  },
  {
    path: '/app/content',
    title: '2. Pick a post from the library',
    text: 'Ready-made, on-brand posts from your organisation. Find one you like.',
    link: { to: '/app/content', label: `Open ${messages['page.library']}` },
  },
  {
    path: '/app/posts',
    title: '3. Add it to your queue',
    text: 'On its card choose Add to Queue: it goes out at your next free time, on the accounts you use. Your times are in System Settings; your posts are under Schedule a Post.',
    link: { to: '/app/settings?tab=system-settings', label: 'See my posting times' },
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

/** antd's Tour through the first three jobs; its own chunk, loaded only when the tour is due. */
export function SidebarTourPanel({ onDone }: { onDone: () => void }) {
  const steps: TourStepProps[] = stops.map((stop) => ({
    title: stop.title,
    description: description(stop, onDone),
    placement: 'right',
    // antd types the target as returning an element, but accepts null at run time (it then centres the
    // step) — which is what happens when the sidebar is not on screen (a phone's closed drawer).
    target: () => findTourTarget(stop.path) as HTMLElement,
  }));
  return <Tour open rootClassName="getting-started-tour" steps={steps} onClose={onDone} onFinish={onDone} />;
}
