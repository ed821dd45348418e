// The floor of `npm run bench web`: React alone drawing the signed-in dashboard's first screen
// (header, sidebar, three cards with buttons) with plain CSS. Built from the project, so it uses
// the project's React; what the app's screens cost beyond this page is FitPost's own start-up work.
// Plain `createElement` (no JSX), so the page needs no transform of its own.
import { createElement as h, StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import './floor.css';

const nav = ['Dashboard', 'Calendar', 'Schedule a Post', 'Browse Library', 'My Favorites', 'Settings'];
const cards = [
  { title: 'Five-minute core finisher', text: 'A quick plank circuit your clients can do anywhere.' },
  { title: 'Meal prep for busy weeks', text: 'Three make-ahead lunches with 30 g of protein each.' },
  { title: 'Why rest days matter', text: 'Recovery is when the muscle grows: plan it like a workout.' },
];

function Card({ title, text }) {
  const [scheduled, setScheduled] = useState(false);
  return h(
    'article',
    { className: 'card' },
    h('h2', null, title),
    h('p', null, text),
    h(
      'div',
      { className: 'card-actions' },
      h(
        'button',
        { type: 'button', onClick: () => setScheduled(true) },
        scheduled ? 'Scheduled' : 'Schedule',
      ),
      h('button', { type: 'button', className: 'secondary' }, 'Preview'),
    ),
  );
}

function Dashboard() {
  return h(
    'div',
    { className: 'shell' },
    h(
      'header',
      { className: 'header' },
      h('button', { type: 'button', 'aria-label': 'Open navigation', className: 'toggle' }, '☰'),
      h('a', { href: '#main', className: 'logo' }, 'FitPost'),
      h('span', { className: 'spacer' }),
      h('span', { className: 'member' }, 'Casey Coach'),
    ),
    h(
      'div',
      { className: 'body' },
      h(
        'nav',
        { 'aria-label': 'Main', className: 'sider' },
        h(
          'ul',
          null,
          nav.map((item) => h('li', { key: item }, h('a', { href: '#main' }, item))),
        ),
      ),
      h(
        'main',
        { id: 'main', className: 'content' },
        h('h1', null, 'Recommended Posts'),
        h(
          'section',
          { className: 'cards', 'aria-label': 'Recommended for You' },
          cards.map((card) => h(Card, { key: card.title, ...card })),
        ),
      ),
    ),
  );
}

/* global document */
createRoot(document.getElementById('root')).render(h(StrictMode, null, h(Dashboard)));
