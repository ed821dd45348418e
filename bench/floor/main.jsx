// The floor of `npm run bench web`: React alone drawing the signed-in dashboard's first screen
// (header, sidebar, three cards with buttons) with plain CSS. Built from the project, so it uses
// the project's React; what the app's screens cost beyond this page is FitPost's own start-up work.
import { StrictMode, useState } from 'react';
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
  return (
    <article className="card">
      <h2>{title}</h2>
      <p>{text}</p>
      <div className="card-actions">
        <button type="button" onClick={() => setScheduled(true)}>
          {scheduled ? 'Scheduled' : 'Schedule'}
        </button>
        <button type="button" className="secondary">
          Preview
        </button>
      </div>
    </article>
  );
}

function Dashboard() {
  return (
    <div className="shell">
      <header className="header">
        <button type="button" aria-label="Open navigation" className="toggle">
          ☰
        </button>
        <a href="#main" className="logo">
          FitPost
        </a>
        <span className="spacer" />
        <span className="member">Casey Coach</span>
      </header>
      <div className="body">
        <nav aria-label="Main" className="sider">
          <ul>
            {nav.map((item) => (
              <li key={item}>
                <a href="#main">{item}</a>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="content">
          <h1>Recommended Posts</h1>
          <section className="cards" aria-label="Recommended for You">
            {cards.map((card) => (
              <Card key={card.title} {...card} />
            ))}
          </section>
        </main>
      </div>
    </div>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <Dashboard />
  </StrictMode>,
);
