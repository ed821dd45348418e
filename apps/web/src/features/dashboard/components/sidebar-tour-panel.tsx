import { Tour, type TourStepProps } from 'antd';
import { findTourTarget } from '@/lib/tour';

const stops: { path: string; title: string; description: string }[] = [
  {
    path: '/app/dashboard',
    title: 'Recommended Posts',
    description: 'Ready-made posts from your organisation. Turn on Auto-Post and they publish themselves.',
  },
  { path: '/app/posts', title: 'Schedule a Post', description: 'Pick content and choose when it goes out.' },
  {
    path: '/app/calendar',
    title: 'Calendar',
    description: 'Everything you have scheduled, by day, week or month.',
  },
  { path: '/app/posts/post', title: 'Create New', description: 'Write your own post, with your own photo.' },
  {
    path: '/app/content',
    title: 'Browse Library',
    description: 'The whole content library, searchable by topic.',
  },
  { path: '/app/saved', title: 'My Favorites', description: 'Content you have saved for later.' },
  { path: '/app/stats', title: 'My Results', description: 'What you have posted and how it is doing.' },
  {
    path: '/app/settings',
    title: 'Account',
    description: 'Connect your social networks and set your defaults.',
  },
];

const steps: TourStepProps[] = stops.map((stop) => ({
  title: stop.title,
  description: stop.description,
  placement: 'right',
  // antd types the target as returning an element, but accepts null at run time (it then centres the
  // step) — which is what happens when the sidebar is a closed drawer on a narrow screen.
  target: () => findTourTarget(stop.path) as HTMLElement,
}));

/** antd's Tour over the sidebar items; its own chunk, loaded only when the tour is due. */
export function SidebarTourPanel({ onDone }: { onDone: () => void }) {
  return <Tour open steps={steps} onClose={onDone} onFinish={onDone} />;
}
